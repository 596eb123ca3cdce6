import { businessToday, payPeriodOf } from '../../core/calendar';
import { requireCompany } from '../../core/firestore';
import { getCompanyRules } from '../companies';
import { employeeFromSnapshot, employeeRef } from '../employees';
import { payrollErrors } from './errors';
import * as repo from './repo';
import type { PayElement, PayElementBody, PayrollSettings } from './schemas';

/**
 * Records a bonus or other pay element (owners and managers). It is paid in the period holding
 * its `date`, which must be open: a closed period's pay is never rewritten (an element owed for
 * work of a closed period is dated in an open one, its earned span reaching back).
 */
export async function recordPayElement({
  companyId,
  uid,
  body,
  settings,
}: {
  companyId: string;
  uid: string;
  body: PayElementBody;
  settings: PayrollSettings;
}): Promise<PayElement> {
  await requireCompany(companyId);
  const [rules, employee] = await Promise.all([
    getCompanyRules({ companyId }),
    employeeRef(companyId, body.employeeId).get().then(employeeFromSnapshot),
  ]);
  if (!employee) throw payrollErrors.PAY_ELEMENT_EMPLOYEE_NOT_FOUND(`No employee ${body.employeeId} in the company`);
  const period = payPeriodOf(
    body.date,
    { payrollStartingDay: rules.profile.payrollStartingDay },
    settings.payFrequency,
    settings.anchorDate,
  );
  const stored = await repo.readPeriod(companyId, period.start);
  if (stored?.status === 'closed')
    throw payrollErrors.PAY_ELEMENT_PERIOD_CLOSED(
      `${body.date} is in the closed period ${period.start} to ${period.end}; date the element in an open period (today is ${businessToday(rules.profile.timezone, rules.settings.dayChangeTime)})`,
    );
  const doc = { ...body, createdAt: Date.now(), createdBy: uid };
  const ref = repo.payElementsCollection(companyId).doc();
  await ref.set(doc);
  return { id: ref.id, ...doc };
}
