import { premiumOfChange, type Interval } from './fair-workweek';
import type { NewPremium } from './premiums';
import { timed, type ScheduleRules } from './rules';
import type { Shift } from './schemas';

/** The fair-workweek premiums that changes of the posted schedule owe, as pure functions of the shifts before and after. */

const intervalOf = (s: Shift, rules: ScheduleRules): Interval => {
  const t = timed(s, rules);
  return { startMs: t.startMs, endMs: t.endMs };
};

/** The fields that tie a premium to its shift and jurisdiction. */
export const premiumOf = (s: Shift, rules: ScheduleRules) => ({
  employeeId: s.employeeId,
  date: s.date,
  shiftId: s.id,
  jurisdiction: rules.jurisdiction ?? 'none',
});

/**
 * The fair-workweek premiums of a change of a published shift made at `now` (before: null for a
 * new shift; after: null for a cancellation; a move to another employee is a cancellation for one
 * and an addition for the other). Drafts and manual shifts are not the posted schedule: no premium.
 */
export function changePremiums(
  before: Shift | null,
  after: Shift | null,
  rules: ScheduleRules,
  now: number,
): NewPremium[] {
  const jurisdiction = rules.jurisdiction ?? 'none';
  if (jurisdiction === 'none') return [];
  const b = before?.mode === 'published' ? before : null;
  const a = after?.mode === 'published' ? after : null;
  const pairs: [Shift | null, Shift | null][] =
    b && a && b.employeeId !== a.employeeId
      ? [
          [b, null],
          [null, a],
        ]
      : [[b, a]];
  const out: NewPremium[] = [];
  for (const [x, y] of pairs) {
    // neither side posted (a draft or manual shift written or removed): no change of the posted schedule
    if (!x && !y) continue;
    // the version of the law is the one in force on the date of the posted shift being changed
    const date = (x ?? y)!.date;
    const due = premiumOfChange(jurisdiction, x && intervalOf(x, rules), y && intervalOf(y, rules), now, date);
    if (due) out.push({ ...due, ...premiumOf((y ?? x)!, rules) });
  }
  return out;
}
