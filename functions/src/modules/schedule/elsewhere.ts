import type { Transaction } from 'firebase-admin/firestore';
import { addDays } from '../../core/calendar';
import { companyRulesFromSnapshots, companyRulesRefs } from '../companies';
import type { LinkedRecord } from '../organizations';
import type { ShiftElsewhere } from './across-locations';
import * as repo from './repo';
import { scheduleRulesOf, timed } from './rules';
import { LIVE_MODES } from './schemas';

/**
 * The same person's live shifts at their other locations (the linked records), on the dates
 * around `date` that can touch a shift of it (a day on each side: the locations' calendars may
 * differ by a time zone), each timed in its own location's calendar. Read through `tx`: a write's
 * transaction holds the linked records' schedule locks too, so that two locations writing for one
 * person are serialized.
 */
export async function readShiftsElsewhere(
  tx: Transaction,
  linked: readonly LinkedRecord[],
  date: string,
): Promise<ShiftElsewhere[]> {
  if (!linked.length) return [];
  const from = addDays(date, -1);
  const to = addDays(date, 1);
  const [ruleSnaps, windows] = await Promise.all([
    tx.getAll(...linked.flatMap((l) => companyRulesRefs(l.companyId))),
    Promise.all(linked.map((l) => tx.get(repo.employeeWindowQuery(l.companyId, l.employeeId, from, to)))),
  ]);
  return linked.flatMap((l, i) => {
    const company = companyRulesFromSnapshots(ruleSnaps[2 * i], ruleSnaps[2 * i + 1]);
    if (!company) return [];
    const rules = scheduleRulesOf(company);
    return windows[i].docs
      .map(repo.shiftFromDoc)
      .filter((s) => LIVE_MODES.includes(s.mode))
      .map((s) => {
        const t = timed(s, rules);
        return {
          locationName: l.locationName,
          date: s.date,
          start: s.start,
          end: s.end,
          startMs: t.startMs,
          endMs: t.endMs,
        };
      });
  });
}
