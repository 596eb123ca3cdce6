import { addDays, hhmm } from '../../core/calendar';
import { minRestMinutes, restPremium, type PremiumDue } from './fair-workweek';
import type { ScheduleRules, Timed } from './rules';
import type { Finding, Shift } from './schemas';

/**
 * The checks of a shift against the same person's live shifts at the other locations of the same
 * employer (their linked employee records, docs/ORGANIZATIONS.md), as pure functions. What a
 * finding tells of the other location is its name and the other shift's times, nothing else (not
 * its id, role or notes): the caller may not be a member there.
 */

/** A live shift of the same person at another location, timed in that location's calendar. */
export interface ShiftElsewhere {
  locationName: string;
  date: string;
  start: number;
  /** null: the location's default length. */
  end: number | null;
  startMs: number;
  endMs: number;
}

const times = (s: { date: string; start: number; end: number | null }) =>
  `${s.date} ${hhmm(s.start)}-${s.end === null ? '(default length)' : hhmm(s.end)}`;

/**
 * Overlaps (always refused), less rest than the company's `betweenShifts` (refused while conflict
 * detection is on, as at one location), and, for a live shift, less rest than the fair-workweek
 * minimum of the candidate's location's rule pack (refused unless the employee consented,
 * `restConsent`, as at one location). The rules are the candidate's location's: the shift being
 * written is the one the manager there decides.
 */
export function acrossLocationFindings(
  candidate: Timed<Shift>,
  elsewhere: readonly ShiftElsewhere[],
  rules: ScheduleRules,
  restConsent: boolean,
): Finding[] {
  const c = candidate.shift;
  const base = { shiftId: c.id, employeeId: c.employeeId, date: c.date };
  const betweenMs = rules.betweenShifts * 60_000;
  const fairMinutes = c.mode === 'draft' ? 0 : minRestMinutes(rules.jurisdiction ?? 'none', c.date);
  const out: Finding[] = [];
  for (const o of elsewhere) {
    const where = { otherLocation: o.locationName };
    if (o.startMs < candidate.endMs && candidate.startMs < o.endMs) {
      out.push({
        ...base,
        ...where,
        rule: 'overlap',
        blocking: true,
        message: `${times(c)} overlaps the person's shift at ${o.locationName} (${times(o)})`,
      });
      continue;
    }
    const gapMs = o.endMs <= candidate.startMs ? candidate.startMs - o.endMs : o.startMs - candidate.endMs;
    const gap = Math.round(gapMs / 60_000);
    if (gapMs < betweenMs)
      out.push({
        ...base,
        ...where,
        rule: 'betweenShifts',
        blocking: rules.conflictsDetectionEnabled,
        limit: rules.betweenShifts,
        actual: gap,
        unit: 'minutes',
        message: `${times(c)} leaves ${gap} minutes of rest next to the person's shift at ${o.locationName} (${times(o)}); the company requires ${rules.betweenShifts}`,
      });
    if (fairMinutes > 0 && gap < fairMinutes && consecutiveDates(c.date, o.date))
      out.push({
        ...base,
        ...where,
        rule: 'fairWorkweekRest',
        blocking: !restConsent,
        limit: fairMinutes,
        actual: gap,
        unit: 'minutes',
        message: `${times(c)} leaves ${gap} minutes of rest next to the person's shift at ${o.locationName} (${times(o)}); the fair-workweek rule (${rules.jurisdiction}) requires ${fairMinutes} unless the employee consents (restConsent)`,
      });
  }
  return out;
}

/** The fair-workweek rest is between shifts of consecutive business dates (a clopening), as at one location. */
const consecutiveDates = (a: string, b: string) => b === addDays(a, -1) || b === addDays(a, 1);

/**
 * The fair-workweek rest premiums a live candidate owes against the person's shifts at the other
 * locations: for each short rest (less than the candidate's location's minimum, between shifts of
 * consecutive business dates), the premium of the candidate's rule pack, figured on whichever of
 * the two shifts comes second. The candidate's location records it (it wrote the shift that made the
 * rest short); its reason names the other location.
 */
export function acrossLocationRestPremiums(
  candidate: Timed<Shift>,
  elsewhere: readonly ShiftElsewhere[],
  rules: ScheduleRules,
): PremiumDue[] {
  const c = candidate.shift;
  const jurisdiction = rules.jurisdiction ?? 'none';
  if (c.mode === 'draft' || minRestMinutes(jurisdiction, c.date) === 0) return [];
  const out: PremiumDue[] = [];
  for (const o of elsewhere) {
    if (!consecutiveDates(c.date, o.date) || (o.startMs < candidate.endMs && candidate.startMs < o.endMs)) continue;
    const otherFirst = o.endMs <= candidate.startMs;
    const gap = Math.round((otherFirst ? candidate.startMs - o.endMs : o.startMs - candidate.endMs) / 60_000);
    const second = otherFirst
      ? { minutes: candidate.minutes, date: c.date }
      : { minutes: Math.round((o.endMs - o.startMs) / 60_000), date: o.date };
    const premium = restPremium(jurisdiction, gap, second.minutes, second.date);
    if (premium)
      out.push({ ...premium, reason: `${premium.reason} (next to the person's shift at ${o.locationName})` });
  }
  return out;
}
