import { runExclusive } from '../../core/exclusive';
import { lockKeys, writesLeft } from '../../core/locks';
import { companyRulesFromSnapshots, companyRulesRefs } from '../companies';
import { changePremiums } from './change-premiums';
import { stagePremiums, type Premium } from './premiums';
import * as repo from './repo';
import { scheduleRulesOf } from './rules';
import type { Shift } from './schemas';

/** Shifts unassigned per commit: each may add a premium, under the commit's write budget. */
const SHIFTS_PER_COMMIT = Math.floor(writesLeft(1) / 2);
const LAST_DATE = '9999-12-31';

/**
 * An employee leaves the company: their shifts (every mode) dated `from` on are taken off them,
 * so the seats are open again for the schedule (generation fills the template's seats that no
 * shift covers) and the answer lists them for the manager. When `employerCancels`, each cancelled
 * published shift owes the fair-workweek premium of a cancellation made by the employer
 * (change-premiums.ts; nothing outside the notice window or without a jurisdiction). In the
 * exclusive section of the employee's schedule, a page at a time; a retry finds nothing left.
 * `dryRun`: the same reads and premiums in one section over every shift, writing nothing.
 */
export async function unassignShiftsFrom({
  companyId,
  employeeId,
  from,
  employerCancels,
  dryRun = false,
}: {
  companyId: string;
  employeeId: string;
  from: string;
  employerCancels: boolean;
  dryRun?: boolean;
}): Promise<{ openSeats: Shift[]; premiums: Premium[] }> {
  const openSeats: Shift[] = [];
  const premiums: Premium[] = [];
  for (;;) {
    const page = await runExclusive(lockKeys.schedule(companyId, employeeId), async (tx) => {
      const window = repo.employeeWindowQuery(companyId, employeeId, from, LAST_DATE);
      const query = dryRun ? window : window.limit(SHIFTS_PER_COMMIT);
      const [[companySnap, settingsSnap], snap] = await Promise.all([
        tx.getAll(...companyRulesRefs(companyId)),
        tx.get(query),
      ]);
      const shifts = snap.docs.map(repo.shiftFromDoc);
      const company = companyRulesFromSnapshots(companySnap, settingsSnap);
      const now = Date.now();
      const owed =
        company && employerCancels ? shifts.flatMap((s) => changePremiums(s, null, scheduleRulesOf(company), now)) : [];
      const staged = stagePremiums(companyId, owed);
      return {
        result: { shifts, premiums: staged.premiums },
        write:
          shifts.length && !dryRun
            ? (t) => {
                for (const s of shifts) t.delete(repo.shiftRef(companyId, s.id));
                staged.write(t);
              }
            : undefined,
      };
    });
    openSeats.push(...page.shifts);
    premiums.push(...page.premiums);
    if (dryRun || page.shifts.length < SHIFTS_PER_COMMIT) return { openSeats, premiums };
  }
}
