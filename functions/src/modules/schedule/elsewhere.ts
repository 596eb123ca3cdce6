import { addDays } from '../../core/calendar';
import { lockKeys } from '../../core/locks';
import { companyRulesFromSnapshots, companyRulesRefs } from '../companies';
import { linkedRecordsOfEach, type LinkedRecord } from '../organizations';
import { acrossLocationFindings, acrossLocationRestPremiums, type ShiftElsewhere } from './across-locations';
import type { PremiumDue } from './fair-workweek';
import * as repo from './repo';
import { scheduleRulesOf, timed, type ScheduleRules, type Timed } from './rules';
import { LIVE_MODES, type Finding, type Shift } from './schemas';

/**
 * The reads behind the checks across locations (across-locations.ts): which records of the same
 * person exist at the employer's other locations, their schedule locks, and their live shifts.
 * Every writer of a live or draft shift (PUT and POST /shifts, publish, a request's transfer, a
 * proposal's commit) runs its candidates through these.
 */

/** Each employee's records at the other locations (only the linked employees are keys). */
export type LinkedOf = ReadonlyMap<string, readonly LinkedRecord[]>;

/**
 * The schedule lock keys of `employeeIds` and of their linked records, with the linked records: a
 * write that checks a person's shifts at the other locations holds their schedules too, so that
 * two locations writing for one person at once are serialized. One read for a company outside
 * any organization (organizations' `linkedRecordsOfEach`).
 */
export async function scheduleLocks(
  companyId: string,
  employeeIds: readonly string[],
): Promise<{ keys: string[]; linked: LinkedOf }> {
  const linked = await linkedRecordsOfEach(companyId, employeeIds);
  const keys = [
    ...employeeIds.map((e) => lockKeys.schedule(companyId, e)),
    ...[...linked.values()].flat().map((l) => lockKeys.schedule(l.companyId, l.employeeId)),
  ];
  return { keys: [...new Set(keys)], linked };
}

/**
 * The same person's live shifts at their other locations (the linked records), on the dates
 * around `from`..`to` that can touch a shift dated in it (a day on each side: the locations'
 * calendars may differ by a time zone), each timed in its own location's calendar, by the local
 * employee id. Read through `reader`: a write's transaction holds the linked records' schedule
 * locks too (`scheduleLocks`). Nothing is read when no record is linked.
 */
export async function readShiftsElsewhereOf(
  reader: repo.Reader,
  linkedOf: LinkedOf,
  from: string,
  to: string = from,
): Promise<Map<string, ShiftElsewhere[]>> {
  const pairs = [...linkedOf].flatMap(([employeeId, records]) => records.map((l) => ({ employeeId, l })));
  const out = new Map<string, ShiftElsewhere[]>();
  if (!pairs.length) return out;
  const companies = [...new Set(pairs.map((p) => p.l.companyId))];
  const [ruleSnaps, windows] = await Promise.all([
    reader.getAll(...companies.flatMap((c) => companyRulesRefs(c))),
    Promise.all(
      pairs.map(({ l }) =>
        reader.get(repo.employeeWindowQuery(l.companyId, l.employeeId, addDays(from, -1), addDays(to, 1))),
      ),
    ),
  ]);
  const rulesOf = new Map<string, ScheduleRules>();
  companies.forEach((c, i) => {
    const company = companyRulesFromSnapshots(ruleSnaps[2 * i], ruleSnaps[2 * i + 1]);
    if (company) rulesOf.set(c, scheduleRulesOf(company));
  });
  pairs.forEach(({ employeeId, l }, i) => {
    const rules = rulesOf.get(l.companyId);
    if (!rules) return;
    const shifts = windows[i].docs
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
    out.set(employeeId, [...(out.get(employeeId) ?? []), ...shifts]);
  });
  return out;
}

/** The fair-workweek rest premiums a candidate owes against its employee's shifts elsewhere (`acrossLocationRestPremiums`). */
export const elsewhereRestPremiums = (
  candidate: Timed<Shift>,
  elsewhere: ReadonlyMap<string, readonly ShiftElsewhere[]>,
  rules: ScheduleRules,
): PremiumDue[] => acrossLocationRestPremiums(candidate, elsewhere.get(candidate.shift.employeeId) ?? [], rules);

/** The findings across locations of a candidate whose employee's shifts elsewhere are in `elsewhere`. */
export const elsewhereFindings = (
  candidate: Timed<Shift>,
  elsewhere: ReadonlyMap<string, readonly ShiftElsewhere[]>,
  rules: ScheduleRules,
  restConsent: boolean,
): Finding[] => acrossLocationFindings(candidate, elsewhere.get(candidate.shift.employeeId) ?? [], rules, restConsent);
