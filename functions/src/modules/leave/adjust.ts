import { businessToday } from '../../core/calendar';
import { runExclusive } from '../../core/exclusive';
import { lockKeys } from '../../core/locks';
import { getCompanyRules } from '../companies';
import { employeeFromSnapshot, employeeRef } from '../employees';
import { leaveYearOf } from './accrual';
import { leaveErrors } from './errors';
import { hireDateOf } from './people';
import * as repo from './repo';
import type { AdjustmentBody, LeaveEntry } from './schemas';

/** POST /leave-adjustments: a manager's entry with its reason and author; the balance is the sum, so nothing else changes. */
export async function adjust({
  companyId,
  uid,
  body,
}: {
  companyId: string;
  uid: string;
  body: AdjustmentBody;
}): Promise<LeaveEntry> {
  const [rules, policySnap, employee] = await Promise.all([
    getCompanyRules({ companyId }),
    repo.policyRef(companyId, body.policyId).get(),
    employeeRef(companyId, body.employeeId).get().then(employeeFromSnapshot),
  ]);
  const policy = repo.policyFromSnapshot(policySnap);
  if (!policy) throw leaveErrors.LEAVE_POLICY_NOT_FOUND(`No leave policy ${body.policyId} in the company`);
  if (!employee) throw leaveErrors.LEAVE_EMPLOYEE_NOT_FOUND(`No employee ${body.employeeId} in the company`);
  const cal = { timezone: rules.profile.timezone, dayChangeTime: rules.settings.dayChangeTime };
  const date = body.date ?? businessToday(cal.timezone, cal.dayChangeTime);
  const year = leaveYearOf(date, policy.yearStart, hireDateOf(employee, cal));
  return runExclusive([lockKeys.leave(companyId, body.employeeId)], async () => {
    const ref = repo.entriesCollection(companyId).doc();
    const entry: LeaveEntry = {
      id: ref.id,
      companyId,
      employeeId: body.employeeId,
      policyId: body.policyId,
      kind: 'adjustment',
      minutes: body.minutes,
      year: year.start,
      date,
      days: 0,
      source: { punchIds: [], removedPunchIds: [], periods: [], requestId: null },
      reason: body.reason,
      by: uid,
      createdAt: Date.now(),
    };
    return { result: entry, write: (t) => t.set(ref, repo.entryToDoc(entry)) };
  });
}
