import { requireDateRange } from '../../core/calendar';
import type { Membership } from '../../core/memberships';
import { requireTipsVisible } from './distribute';
import * as repo from './repo';
import { MAX_ENTRIES_DAYS, type TipEntry } from './schemas';

/**
 * The ledger as people read it: an employee their own entries (whatever employeeId they ask for),
 * a manager every entry unless the company hides tips from managers (403 TIPS_HIDDEN), an owner
 * every entry. Each entry carries its arithmetic (what entered, the basis, the exact share and the
 * rounding) and the state of its period.
 */
export async function listEntries({
  member,
  query,
}: {
  member: Membership;
  query: { startDate: string; endDate: string; employeeId?: string };
}): Promise<TipEntry[]> {
  requireDateRange(query.startDate, query.endDate, MAX_ENTRIES_DAYS);
  const companyId = member.companyId;
  let employeeId = query.employeeId;
  if (member.role === 'employee') {
    if (!member.employeeId) return [];
    employeeId = member.employeeId;
  } else await requireTipsVisible(member);
  const [entries, distributions] = await Promise.all([
    repo.entriesBetween(companyId, query.startDate, query.endDate, employeeId),
    repo.distributionsBetween(companyId, query.startDate, query.endDate),
  ]);
  const state = new Map(distributions.map((d) => [repo.distributionId(d.poolId, d.periodStart), d.state]));
  return entries
    .map((e) => repo.entryView(e, state.get(repo.distributionId(e.poolId, e.periodStart)) ?? 'open'))
    .sort(
      (a, b) =>
        a.periodStart.localeCompare(b.periodStart) ||
        a.poolName.localeCompare(b.poolName) ||
        a.kind.localeCompare(b.kind) ||
        a.id.localeCompare(b.id),
    );
}
