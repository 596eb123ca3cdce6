import { addDays, datesInRange, weekOf } from '../../core/calendar';
import {
  MS_PER_MINUTE,
  componentPay,
  computeHours,
  dayStarts,
  multipliers,
  paidParts,
  type CalendarInput,
  type HoursResult,
  type Interval,
  type OvertimeRules,
} from './overtime';
import { largestRemainder } from '../../core/rounding';
import { employerContextOf, hoursOfDays, weekAcrossLocations } from './employer-week';
import {
  keyOf,
  round2,
  straightLines,
  weekEarnings,
  type EarningLine,
  type PayLine,
  type RatedSpan,
  type WeekPay,
  type WorkElsewhere,
} from './pay-week';

export type { EarningLine, PayLine, RatedSpan, WeekAcrossLocations, WeekPay, WorkElsewhere } from './pay-week';

/**
 * One employee's hours and pay over a pay period when their minutes carry different rates: pure,
 * no I/O. The hours (regular, overtime, double time per day) are `computeHours`'s; this adds the
 * money.
 *
 * Regular rate of pay (FLSA, 29 CFR 778.109 and 778.115; California uses the same regular rate
 * for its daily, seventh-day and weekly overtime and double time, DLSE Enforcement Manual 49.1.2):
 * per workweek, the straight-time earnings of all its worked minutes (each minute at the rate of
 * the position it was worked in) divided by its worked hours. Only pay for hours worked enters it:
 * tips are the employee's own (29 CFR 531.60, never part of the regular rate when no tip credit
 * is taken) and premiums owed per shift or per day (fair-workweek predictability pay, the
 * California meal-period premium) are not pay for hours worked (29 CFR 778.222, 778.224: payments
 * "not made as compensation for hours of employment" are excluded by FLSA section 7(e)(2)).
 * The regular rate is kept in minor units per hour rounded to 1/100 of a minor unit, and every
 * figure below uses that rounded value, so a clerk can redo it by hand.
 *
 * Pay of the period: for each workweek, the period's regular minutes x the regular rate, its
 * overtime minutes x the overtime multiplier x the regular rate (or the employee's explicit
 * overtime rate when it is higher) and its double-time minutes x the double-time multiplier x the
 * regular rate; each component rounded half up per workweek (`componentPay`). For a workweek inside
 * the period, regular + overtime + double-time pay = the straight time of its minutes + the
 * premium portion (overtime minutes x (multiplier - 1) x regular rate, and likewise for double
 * time), up to a cent of rounding: that is the check the report shows (`weeks`). A workweek split
 * by the period edge uses its regular rate over the whole week on both sides.
 *
 * Lines: the period's worked minutes per (position, rate): minutes and their straight-time pay,
 * rounded by largest remainder (core/rounding.ts) so that the lines add up exactly to the straight time
 * of all the period's minutes rounded once. A day's minutes are split between its rates by largest remainder so that the lines of a day add
 * up to the day's worked minutes exactly (spans that overlap count once, for the earlier span; of two starting at once, the higher rate).
 */

export interface PeriodPay {
  hours: HoursResult;
  lines: PayLine[];
  /** itemised: per workweek, straight time per rate and the premium portions; they sum to the pay */
  earnings: EarningLine[];
  weeks: WeekPay[];
  regularPay: number;
  overtimePay: number;
  doubleTimePay: number;
}

interface Tagged extends Interval {
  key: string;
}

/**
 * Paid time of the spans without overlaps, tagged by rate key: the earlier span keeps a contested
 * minute; of spans starting at once, the higher rate (then the longer, then the key), so that the
 * answer never depends on the order the spans come in (a late record re-priced against the week as
 * paid must find the minute where the final week has it).
 */
function taggedParts(spans: RatedSpan[]): Tagged[] {
  const parts = spans
    .flatMap((s) => paidParts(s).map((p) => ({ ...p, key: keyOf(s), rate: s.rate })))
    .sort(
      (a, b) =>
        a.startMs - b.startMs || b.rate - a.rate || b.endMs - a.endMs || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    );
  const out: Tagged[] = [];
  let reached = -Infinity;
  for (const p of parts) {
    const startMs = Math.max(p.startMs, reached);
    if (p.endMs > startMs) out.push({ startMs, endMs: p.endMs, key: p.key });
    reached = Math.max(reached, p.endMs);
  }
  return out;
}

/** Integer minutes per key for one day, adding up to round(total): floors, then the largest remainders. */
function apportion(msByKey: Map<string, number>): Map<string, number> {
  const exact = [...msByKey].map(([key, ms]) => ({ key, minutes: ms / MS_PER_MINUTE }));
  const total = Math.round(exact.reduce((s, e) => s + e.minutes, 0));
  const out = new Map(exact.map((e) => [e.key, Math.floor(e.minutes)]));
  let left = total - [...out.values()].reduce((s, m) => s + m, 0);
  const byRemainder = [...exact].sort(
    (a, b) => b.minutes - Math.floor(b.minutes) - (a.minutes - Math.floor(a.minutes)),
  );
  for (const e of byRemainder) {
    if (left <= 0) break;
    out.set(e.key, out.get(e.key)! + 1);
    left--;
  }
  return out;
}

/** Worked minutes per date of `dates` and rate key. */
function minutesByDateAndKey(spans: RatedSpan[], dates: string[], cal: CalendarInput): Map<string, number>[] {
  const starts = dayStarts(dates, cal);
  const ms = dates.map(() => new Map<string, number>());
  for (const p of taggedParts(spans)) {
    for (let d = 0; d < dates.length; d++) {
      const overlap = Math.min(p.endMs, starts[d + 1]) - Math.max(p.startMs, starts[d]);
      if (overlap > 0) ms[d].set(p.key, (ms[d].get(p.key) ?? 0) + overlap);
    }
  }
  return ms.map(apportion);
}

/**
 * The business dates whose punches a period's report reads: the whole workweeks touching the
 * period, and the two days before them, so that the part of an overnight punch (at most 24 hours)
 * that falls in the first workweek is counted there even though the punch is dated by its clock-in.
 * Attribution: a worked minute belongs to the business day in which it was worked, and so to the
 * period holding that day; weekly overtime is attributed to the days of the hours that made it.
 */
export function datesToRead(
  period: { startDate: string; endDate: string },
  cal: Pick<CalendarInput, 'weekStartingDay'>,
) {
  return { startDate: addDays(weekOf(period.startDate, cal).start, -2), endDate: weekOf(period.endDate, cal).end };
}

/**
 * Hours, lines, workweeks and pay of one employee over the period (see the module comment);
 * with `elsewhere`, the weeks holding work at the employer's other locations are figured across
 * them (employer-week.ts), the others as at one location.
 */
export function periodPay(
  spans: RatedSpan[],
  period: { startDate: string; endDate: string },
  cal: CalendarInput,
  rules: OvertimeRules,
  explicitOvertimeRate?: number,
  elsewhere?: WorkElsewhere,
): PeriodPay {
  const dates = datesInRange(weekOf(period.startDate, cal).start, weekOf(period.endDate, cal).end);
  const across = employerContextOf(spans, elsewhere, { startDate: dates[0], endDate: dates.at(-1)! }, cal, rules);
  const own = across?.own ?? spans;
  let hours = computeHours(spans, period, cal, rules);
  const byDate = minutesByDateAndKey(across?.all ?? spans, dates, cal);
  const lineOf = new Map<string, PayLine>();
  for (const s of own) {
    const key = keyOf(s);
    if (!lineOf.has(key))
      lineOf.set(key, {
        positionId: s.positionId,
        rateSource: s.rateSource,
        rate: s.rate,
        minutes: 0,
        straightTimePay: 0,
      });
  }
  const dayHours = new Map(hours.days.map((d) => [d.date, d]));
  const m = multipliers(rules);
  const weeks: WeekPay[] = [];
  const earnings: EarningLine[] = [];
  for (let w = 0; w < dates.length; w += 7) {
    const weekDates = dates.slice(w, w + 7);
    const weekByDate = byDate.slice(w, w + 7);
    if (across && weekByDate.some((day) => [...day].some(([key, minutes]) => minutes > 0 && !lineOf.has(key)))) {
      for (const date of weekDates) dayHours.delete(date);
      const figured = weekAcrossLocations({ byDate: weekByDate, dates: weekDates, period }, lineOf, m, across.employer);
      if (!figured) continue;
      weeks.push(figured.week);
      earnings.push(...figured.earnings);
      for (const d of figured.days) dayHours.set(d.date, d);
      continue;
    }
    let straightExact = 0;
    let workedMinutes = 0;
    let wholeWeekInPeriod = true;
    const periodMinutesOf = new Map<string, number>();
    const split = { regularMinutes: 0, overtimeMinutes: 0, doubleTimeMinutes: 0 };
    for (let d = w; d < w + 7; d++) {
      const inPeriod = dates[d] >= period.startDate && dates[d] <= period.endDate;
      for (const [key, minutes] of byDate[d]) {
        const line = lineOf.get(key);
        if (!line) continue; // another location's span wholly under this one's: no minute of its own
        straightExact += (minutes * line.rate) / 60;
        workedMinutes += minutes;
        if (inPeriod) {
          line.minutes += minutes;
          periodMinutesOf.set(key, (periodMinutesOf.get(key) ?? 0) + minutes);
        } else if (minutes > 0) wholeWeekInPeriod = false;
      }
      const day = dayHours.get(dates[d]);
      if (day) {
        split.regularMinutes += day.regularMinutes;
        split.overtimeMinutes += day.overtimeMinutes;
        split.doubleTimeMinutes += day.doubleTimeMinutes;
      }
    }
    if (!split.regularMinutes && !split.overtimeMinutes && !split.doubleTimeMinutes) continue;
    const regularRate = workedMinutes ? round2((straightExact * 60) / workedMinutes) : 0;
    const overtimeRate = Math.max(explicitOvertimeRate ?? 0, regularRate * m.overtime);
    const doubleTimeRate = regularRate * m.doubleTime;
    const week: WeekPay = {
      weekStart: dates[w],
      workedMinutes,
      straightTimePay: Math.round(straightExact),
      regularRate,
      ...split,
      regularPay: componentPay(split.regularMinutes, regularRate),
      overtimePay: componentPay(split.overtimeMinutes, overtimeRate),
      doubleTimePay: componentPay(split.doubleTimeMinutes, doubleTimeRate),
      premiumPortion:
        componentPay(split.overtimeMinutes, overtimeRate - regularRate) +
        componentPay(split.doubleTimeMinutes, doubleTimeRate - regularRate),
    };
    weeks.push(week);
    earnings.push(
      ...weekEarnings(week, {
        straight: wholeWeekInPeriod ? straightLines(periodMinutesOf, lineOf) : null,
        overtimeRate,
        doubleTimeRate,
      }),
    );
  }
  if (across) hours = hoursOfDays([...dayHours.values()]);
  const worked = [...lineOf.values()]
    .filter((l) => l.minutes > 0)
    .sort((a, b) => b.minutes - a.minutes || b.rate - a.rate);
  const amounts = largestRemainder(
    worked.map((l) => l.minutes * l.rate),
    60,
  );
  const lines = worked.map((l, i) => ({ ...l, straightTimePay: amounts[i] }));
  const sum = (f: (w: WeekPay) => number) => weeks.reduce((s, w) => s + f(w), 0);
  return {
    hours,
    lines,
    earnings,
    weeks,
    regularPay: sum((w) => w.regularPay),
    overtimePay: sum((w) => w.overtimePay),
    doubleTimePay: sum((w) => w.doubleTimePay),
  };
}
