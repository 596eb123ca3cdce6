import { approveMany, listPunches } from '../../../src/modules/attendance';
import type { DemoCompany } from '../types';
import { closePeriod, listPeriods } from '../../../src/modules/payroll/service';

/**
 * Demo payroll: default settings (biweekly, FLSA overtime) and the last ended pay period closed,
 * from the punches the attendance seeder wrote (it runs before): the owner approves the period's
 * pending punches, as a manager would before payroll, then closes it, so its report is frozen and
 * the exports have something to export.
 */
export async function seed(company: DemoCompany): Promise<string> {
  const { companyId } = company;
  const [, last] = await listPeriods({ companyId, count: 2 });
  const dates = { startDate: last.startDate, endDate: last.endDate };
  const pending = await listPunches({ companyId, ...dates, state: 'pending' });
  if (pending.length)
    await approveMany({
      companyId,
      uid: company.ownerUid,
      approver: { role: 'owner', employeeId: null },
      punchIds: pending.map((p) => p.id),
    });
  try {
    await closePeriod({ companyId, startDate: last.startDate, uid: company.ownerUid });
    return `pay period ${last.startDate} to ${last.endDate} closed (${pending.length} pending punches approved first)`;
  } catch (err) {
    return `pay period ${last.startDate} to ${last.endDate} left open (${(err as Error).message})`;
  }
}
