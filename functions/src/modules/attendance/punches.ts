/** Reading punches: a range, one punch, its audit trail. */
import { coreErrors } from '../../core/errors';
import { roleAtLeast, type Membership } from '../../core/memberships';
import { byTime, checkRange, ownEmployeeId, punchNotFound } from './punch-rules';
import * as repo from './repo';
import type { ListPunchesQuery, PunchState, PunchView } from './schemas';

export interface ListPunchesInput {
  companyId: string;
  startDate: string;
  endDate: string;
  employeeId?: string;
  positionId?: string;
  state?: PunchState;
}

/** Punches of a business-date range, sorted by date, clock-in, employee. */
export async function listPunches(f: ListPunchesInput): Promise<PunchView[]> {
  checkRange(f.startDate, f.endDate);
  const punches = await repo.listRange({
    companyId: f.companyId,
    from: f.startDate,
    to: f.endDate,
    employeeId: f.employeeId,
    positionId: f.positionId,
    state: f.state,
  });
  return punches.sort(byTime);
}

/** Which employee a member may read: managers anyone (or everyone), employees only themselves. */
export function readableEmployee(member: Membership, employeeId: string | undefined): string | undefined {
  if (roleAtLeast(member.role, 'manager')) return employeeId;
  const own = ownEmployeeId(member);
  if (employeeId && employeeId !== own)
    throw coreErrors.INSUFFICIENT_ROLE("Employees read only their own punches and timesheet; managers read everyone's");
  return own;
}

export function listPunchesFor({ member, query }: { member: Membership; query: ListPunchesQuery }) {
  return listPunches({ ...query, companyId: member.companyId, employeeId: readableEmployee(member, query.employeeId) });
}

export async function getPunch({ member, punchId }: { member: Membership; punchId: string }): Promise<PunchView> {
  const punch = repo.punchFromSnapshot(await repo.punchRef(member.companyId, punchId).get());
  if (!punch) throw punchNotFound();
  if (!roleAtLeast(member.role, 'manager') && punch.employeeId !== member.employeeId) throw punchNotFound();
  return punch;
}

export async function punchAudit({ companyId, punchId }: { companyId: string; punchId: string }) {
  const entries = await repo.listAudit(companyId, punchId);
  if (entries.length === 0 && !(await repo.punchRef(companyId, punchId).get()).exists) throw punchNotFound();
  return entries;
}
