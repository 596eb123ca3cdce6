import { addDays, businessToday } from '../../core/calendar';
import { coreErrors } from '../../core/errors';
import { roleAtLeast, type Membership } from '../../core/memberships';
import { getCompanyRules } from '../companies';
import { findEmployeeByUser, listEmployees } from '../employees';
import { leaveYearOf } from './accrual';
import { balanceFigures } from './ledger-rules';
import { hireDateOf } from './people';
import * as repo from './repo';
import type { LeaveBalance, LeaveEntry, LedgerQuery } from './schemas';

/** GET /leave-balances and GET /leave-entries: employees read their own, managers anyone's. */

/** The employee whose ledger the caller may read: their own, or (managers) the one asked, or everyone (null). */
async function whose(member: Membership, asked: string | undefined): Promise<string | null> {
  if (roleAtLeast(member.role, 'manager')) return asked ?? null;
  const own = member.employeeId ?? (await findEmployeeByUser(member.companyId, member.uid))?.id ?? null;
  if (!own) throw coreErrors.INSUFFICIENT_ROLE('The caller has no employee record in this company: no leave to show');
  if (asked && asked !== own)
    throw coreErrors.INSUFFICIENT_ROLE("Employees read their own leave; managers and owners read everyone's");
  return own;
}

const byTime = (a: LeaveEntry, b: LeaveEntry) =>
  a.date.localeCompare(b.date) || a.createdAt - b.createdAt || a.id.localeCompare(b.id);

export async function listEntries({ member, query }: { member: Membership; query: LedgerQuery }) {
  const employeeId = await whose(member, query.employeeId);
  const rows = employeeId
    ? await repo.employeeEntries(member.companyId, employeeId)
    : await repo.companyEntries(member.companyId);
  return rows.filter((e) => !query.policyId || e.policyId === query.policyId).sort(byTime);
}

export async function listBalances({
  member,
  query,
}: {
  member: Membership;
  query: LedgerQuery;
}): Promise<LeaveBalance[]> {
  const employeeId = await whose(member, query.employeeId);
  return balancesOn(member.companyId, { employeeId, policyId: query.policyId, date: query.date });
}

/** The balances of every employee (or one) and policy (or one) on a date (default: the business today). */
export async function balancesOn(
  companyId: string,
  asked: { employeeId?: string | null; policyId?: string; date?: string },
): Promise<LeaveBalance[]> {
  const { employeeId = null } = asked;
  // a company without leave policies has no balance: one query (the payroll report asks every period)
  const policies = await repo.listPolicies(companyId);
  if (!policies.length) return [];
  const [rules, employees, entries] = await Promise.all([
    getCompanyRules({ companyId }),
    listEmployees(companyId),
    employeeId ? repo.employeeEntries(companyId, employeeId) : repo.companyEntries(companyId),
  ]);
  const cal = { timezone: rules.profile.timezone, dayChangeTime: rules.settings.dayChangeTime };
  const on = asked.date ?? businessToday(cal.timezone, cal.dayChangeTime);
  const people = employees.filter((e) =>
    employeeId ? e.id === employeeId : !e.archived || entries.some((x) => x.employeeId === e.id),
  );
  const out: LeaveBalance[] = [];
  for (const e of people) {
    const hire = hireDateOf(e, cal);
    for (const p of policies) {
      if (asked.policyId && p.id !== asked.policyId) continue;
      const mine = entries.filter((x) => x.employeeId === e.id && x.policyId === p.id && x.date <= on);
      if (p.archived && !mine.length) continue;
      const year = leaveYearOf(on, p.yearStart, hire);
      out.push({
        employeeId: e.id,
        policyId: p.id,
        policyName: p.name,
        kind: p.kind,
        year,
        usableFrom: hire ? addDays(hire, p.waitingDays) : null,
        ...balanceFigures(mine, year.start),
      });
    }
  }
  return out.sort((a, b) => a.employeeId.localeCompare(b.employeeId) || a.policyId.localeCompare(b.policyId));
}
