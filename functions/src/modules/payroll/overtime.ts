import { z } from 'zod';
import { addDays, businessDayStart, datesInRange, weekOf } from '../../core/calendar';

/**
 * The overtime rules engine: pure functions, no I/O.
 *
 * `computeHours` splits one employee's worked time over a pay period into regular, overtime and
 * double-time minutes per business day under a company's rule set; `payOf` prices them in integer
 * minor units. The company-local day and week logic is core/calendar.ts's, nothing is re-derived here.
 *
 * Worked time
 * - Time is real elapsed time: a business day holding a DST change lasts 23 or 25 hours and a
 *   shift 00:00-10:00 local on such a day is 9 or 11 hours of work.
 * - Only paid time counts: each span's own unpaid breaks are removed where they fall inside it
 *   (the part of a break outside its span is ignored, overlapping breaks are removed once). Spans
 *   that overlap each other are merged, so a minute is never worked twice.
 * - Business day D runs from `businessDayStart(D)` to `businessDayStart(D + 1)` (dayChangeTime
 *   honoured). A span crossing that boundary is split at it: with dayChangeTime 0 the minutes of
 *   an overnight shift after local midnight belong to the next business date; with 4h (14400),
 *   01:30 still belongs to the previous one.
 * - A day's worked minutes are its paid milliseconds rounded to the nearest minute (half up);
 *   every rule below works on these integer minutes, so per day
 *   regular + overtime + doubleTime = worked, and the totals are the sums of the reported days.
 *
 * Workweeks and attribution
 * - The workweek is the seven business dates starting on weekStartingDay (calendar weekOf).
 *   Weekly rules run per workweek over ALL the work of that week, including its days outside the
 *   pay period: the caller passes the spans of every whole week touching the period (work outside
 *   those weeks is ignored). Minutes are then attributed to the day on which they were worked, and
 *   only the period's days with work are reported. A week spanning two pay periods thus gives its
 *   weekly overtime to the period whose days held the hours past the threshold.
 * - Within a week, "chronological" means business-day order; within a day the regular minutes come
 *   first (a day's first minutes are the ones that count towards a threshold).
 *
 * Rule sets
 * - `none`: every minute is regular.
 * - `flsa`: the minutes of the workweek past `weeklyThresholdMinutes` (default 2400 = 40h), in
 *   chronological order, are overtime. No daily overtime, no double time.
 * - `california` (Cal. Labor Code 510):
 *   - per workday (business day): minutes past `dailyOvertimeMinutes` (480) are overtime and past
 *     `dailyDoubleTimeMinutes` (720) double time;
 *   - seventh day (when `seventhDay`): when the employee worked (at least one minute after rounding)
 *     on all seven business dates of the workweek, the seventh date's first
 *     `dailyOvertimeMinutes` (8h) are overtime and the rest double time; it has no regular minutes;
 *   - weekly: the regular minutes (those not already overtime or double time) past
 *     `weeklyThresholdMinutes` (2400) in the workweek become overtime, chronologically. A minute is
 *     counted once: a daily-overtime minute never also counts towards the weekly 40 hours.
 *
 * Pay (`payOf`)
 * - Rates are minor units per hour. The overtime rate is `rates.overtime` when given, else
 *   regular x the overtime multiplier; the double-time rate `rates.doubleTime`, else regular x the
 *   double-time multiplier. Multipliers: flsa its `overtimeMultiplier` and 2 for double time (FLSA
 *   has none, computeHours never produces it); california 1.5 and 2; none 1 and 1 (no premium).
 * - Each component is minutes x rate / 60 rounded half up to an integer (rates are not rounded
 *   first); totalPay is the sum of the rounded components.
 *
 * Rule-set storage: `overtimeRulesSchema` (zod) validates a company's stored rules (kind plus
 * optional thresholds, defaults filled in); `withDefaults` is its parse. computeHours and payOf
 * validate the rules they are given with it and throw a RangeError on an invalid set.
 */

export const MS_PER_MINUTE = 60_000;
/** Minutes in a week: the upper bound of every threshold. */
export const MINUTES_PER_WEEK = 10_080;

// ---------------------------------------------------------------------------------------------
// Types

export interface WorkedSpan {
  startMs: number;
  endMs: number;
  /** unpaid break minutes inside it, already known */
  unpaidBreaks?: { startMs: number; endMs: number }[];
}

export interface FlsaRules {
  kind: 'flsa';
  /** default 2400 */
  weeklyThresholdMinutes: number;
  /** default 1.5 */
  overtimeMultiplier: number;
}

export interface CaliforniaRules {
  kind: 'california';
  /** default 480 */
  dailyOvertimeMinutes: number;
  /** default 720 */
  dailyDoubleTimeMinutes: number;
  /** default 2400 */
  weeklyThresholdMinutes: number;
  /** default true */
  seventhDay: boolean;
  overtimeMultiplier: 1.5;
  doubleTimeMultiplier: 2;
}

export interface NoOvertimeRules {
  kind: 'none';
}

export type OvertimeRules = FlsaRules | CaliforniaRules | NoOvertimeRules;

export interface CalendarInput {
  timezone: string;
  /** seconds */
  dayChangeTime: number;
  /** 0=Sunday..6 */
  weekStartingDay: number;
}

export interface DayHours {
  date: string;
  workedMinutes: number;
  regularMinutes: number;
  overtimeMinutes: number;
  doubleTimeMinutes: number;
  seventhDay: boolean;
}

export interface HoursResult {
  /** only business dates inside the period that have work */
  days: DayHours[];
  regularMinutes: number;
  overtimeMinutes: number;
  doubleTimeMinutes: number;
  workedMinutes: number;
}

export interface PayRates {
  /** minor units per hour */
  regular: number;
  /** explicit OT rate, else regular x multiplier */
  overtime?: number;
  doubleTime?: number;
}

export interface PayResult {
  regularPay: number;
  overtimePay: number;
  doubleTimePay: number;
  totalPay: number;
}

// ---------------------------------------------------------------------------------------------
// Rule sets: defaults and validation

export const DEFAULT_RULES: {
  readonly flsa: FlsaRules;
  readonly california: CaliforniaRules;
  readonly none: NoOvertimeRules;
} = Object.freeze({
  flsa: Object.freeze({ kind: 'flsa', weeklyThresholdMinutes: 2400, overtimeMultiplier: 1.5 } as const),
  california: Object.freeze({
    kind: 'california',
    dailyOvertimeMinutes: 480,
    dailyDoubleTimeMinutes: 720,
    weeklyThresholdMinutes: 2400,
    seventhDay: true,
    overtimeMultiplier: 1.5,
    doubleTimeMultiplier: 2,
  } as const),
  none: Object.freeze({ kind: 'none' } as const),
});

const thresholdMinutes = (def: number) => z.int().min(0).max(MINUTES_PER_WEEK).default(def);

const flsaRulesSchema = z
  .strictObject({
    kind: z.literal('flsa').describe('US federal (FLSA): weekly overtime only'),
    weeklyThresholdMinutes: thresholdMinutes(DEFAULT_RULES.flsa.weeklyThresholdMinutes).describe(
      `Worked minutes per workweek after which every minute is overtime (integer 0..${MINUTES_PER_WEEK}, default 2400 = 40h)`,
    ),
    overtimeMultiplier: z
      .number()
      .min(1)
      .max(10)
      .default(DEFAULT_RULES.flsa.overtimeMultiplier)
      .describe(
        'Overtime pay multiplier of the regular rate (1..10, default 1.5); an explicit overtime rate overrides it',
      ),
  })
  .describe('FLSA rules: minutes past the weekly threshold, chronologically, are overtime');

const californiaRulesSchema = z
  .strictObject({
    kind: z
      .literal('california')
      .describe('California (Labor Code 510): daily, seventh-day and weekly overtime, and double time'),
    dailyOvertimeMinutes: thresholdMinutes(DEFAULT_RULES.california.dailyOvertimeMinutes).describe(
      `Worked minutes per business day after which minutes are overtime; also the seventh day's overtime span (integer 0..${MINUTES_PER_WEEK}, default 480 = 8h; less than dailyDoubleTimeMinutes)`,
    ),
    dailyDoubleTimeMinutes: thresholdMinutes(DEFAULT_RULES.california.dailyDoubleTimeMinutes).describe(
      `Worked minutes per business day after which minutes are double time (integer 0..${MINUTES_PER_WEEK}, default 720 = 12h; greater than dailyOvertimeMinutes)`,
    ),
    weeklyThresholdMinutes: thresholdMinutes(DEFAULT_RULES.california.weeklyThresholdMinutes).describe(
      `Regular minutes per workweek after which regular minutes become overtime (integer 0..${MINUTES_PER_WEEK}, default 2400 = 40h)`,
    ),
    seventhDay: z
      .boolean()
      .default(DEFAULT_RULES.california.seventhDay)
      .describe(
        'Apply the seventh-day rule: on the seventh of seven worked days of a workweek the first 8h are overtime, beyond double time (default true)',
      ),
    overtimeMultiplier: z.literal(1.5).default(1.5).describe('Overtime pay multiplier, fixed by law at 1.5'),
    doubleTimeMultiplier: z.literal(2).default(2).describe('Double-time pay multiplier, fixed by law at 2'),
  })
  .refine((r) => r.dailyOvertimeMinutes < r.dailyDoubleTimeMinutes, {
    message: 'dailyOvertimeMinutes must be less than dailyDoubleTimeMinutes',
    path: ['dailyDoubleTimeMinutes'],
  })
  .describe('California rules');

const noOvertimeRulesSchema = z
  .strictObject({ kind: z.literal('none').describe('No overtime: every worked minute is regular') })
  .describe('No overtime rules');

/** A company's overtime rule set as stored in its settings: kind plus optional thresholds (defaults filled in). */
export const overtimeRulesSchema = z
  .discriminatedUnion('kind', [flsaRulesSchema, californiaRulesSchema, noOvertimeRulesSchema])
  .describe(
    'Overtime rule set of the company: flsa (weekly), california (daily, seventh-day, weekly, double time) or none',
  );

/** What a caller may store: the kind and any thresholds to override. */
export type OvertimeRulesInput = z.input<typeof overtimeRulesSchema>;

/** A complete rule set from a partial one (missing thresholds take the defaults); throws a ZodError when invalid. */
export function withDefaults(partial: OvertimeRulesInput): OvertimeRules {
  return overtimeRulesSchema.parse(partial);
}

function validRules(rules: OvertimeRules): OvertimeRules {
  const parsed = overtimeRulesSchema.safeParse(rules);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RangeError(`Invalid overtime rules: ${issue.path.join('.') || 'rules'}: ${issue.message}`);
  }
  return parsed.data;
}

// ---------------------------------------------------------------------------------------------
// Worked time per business day

export interface Interval {
  startMs: number;
  endMs: number;
}

function assertInterval(i: Interval, what: string): void {
  if (!Number.isFinite(i.startMs) || !Number.isFinite(i.endMs) || i.endMs < i.startMs) {
    throw new RangeError(`Invalid ${what}: startMs ${i.startMs}, endMs ${i.endMs}`);
  }
}

/** The union of intervals, sorted, without empty ones. (Private generic helper: calendar.ts has no interval algebra.) */
function union(intervals: Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.endMs > i.startMs).sort((a, b) => a.startMs - b.startMs);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.startMs <= last.endMs) last.endMs = Math.max(last.endMs, i.endMs);
    else out.push({ startMs: i.startMs, endMs: i.endMs });
  }
  return out;
}

/** A span minus its unpaid breaks (clipped to the span). */
export function paidParts(span: WorkedSpan): Interval[] {
  assertInterval(span, 'worked span');
  const breaks = union(
    (span.unpaidBreaks ?? []).map((b) => {
      assertInterval(b, 'unpaid break');
      return { startMs: Math.max(b.startMs, span.startMs), endMs: Math.min(b.endMs, span.endMs) };
    }),
  );
  const out: Interval[] = [];
  let cursor = span.startMs;
  for (const b of breaks) {
    if (b.startMs > cursor) out.push({ startMs: cursor, endMs: b.startMs });
    cursor = Math.max(cursor, b.endMs);
  }
  if (span.endMs > cursor) out.push({ startMs: cursor, endMs: span.endMs });
  return out;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

const dayStartCache = new Map<string, number>();

/** The first instant of each of `dates` (consecutive) and of the day after: date i is [starts[i], starts[i + 1]). Memoized: a report asks the same dates for every employee. */
export function dayStarts(dates: string[], cal: Pick<CalendarInput, 'timezone' | 'dayChangeTime'>): number[] {
  if (dayStartCache.size > 50_000) dayStartCache.clear();
  return [...dates, addDays(dates[dates.length - 1], 1)].map((d) => {
    const key = `${cal.timezone}|${cal.dayChangeTime}|${d}`;
    let start = dayStartCache.get(key);
    if (start === undefined) dayStartCache.set(key, (start = businessDayStart(d, cal)));
    return start;
  });
}

/** Worked minutes per business date of `dates` (consecutive), paid time only. */
function workedMinutesByDate(spans: WorkedSpan[], dates: string[], cal: CalendarInput): number[] {
  const starts = dayStarts(dates, cal);
  const paid = union(spans.flatMap(paidParts));
  const ms = dates.map(() => 0);
  let day = 0;
  for (const p of paid) {
    while (day < dates.length && starts[day + 1] <= p.startMs) day++;
    for (let d = day; d < dates.length && starts[d] < p.endMs; d++) {
      const overlap = Math.min(p.endMs, starts[d + 1]) - Math.max(p.startMs, starts[d]);
      if (overlap > 0) ms[d] += overlap;
    }
  }
  return ms.map((m) => Math.round(m / MS_PER_MINUTE));
}

// ---------------------------------------------------------------------------------------------
// Classification

interface Split {
  regular: number;
  overtime: number;
  doubleTime: number;
  seventhDay: boolean;
}

/** The split of one workweek's days (7 worked-minute counts, in business-day order). */
function classifyWeek(worked: number[], rules: OvertimeRules): Split[] {
  switch (rules.kind) {
    case 'none':
      return worked.map((w) => ({ regular: w, overtime: 0, doubleTime: 0, seventhDay: false }));
    case 'flsa': {
      let before = 0;
      return worked.map((w) => {
        const regular = Math.min(w, Math.max(0, rules.weeklyThresholdMinutes - before));
        before += w;
        return { regular, overtime: w - regular, doubleTime: 0, seventhDay: false };
      });
    }
    case 'california': {
      const sevenWorked = rules.seventhDay && worked.length === 7 && worked.every((w) => w > 0);
      let regularBefore = 0;
      return worked.map((w, i) => {
        if (sevenWorked && i === 6) {
          const overtime = Math.min(w, rules.dailyOvertimeMinutes);
          return { regular: 0, overtime, doubleTime: w - overtime, seventhDay: true };
        }
        let regular = Math.min(w, rules.dailyOvertimeMinutes);
        const doubleTime = Math.max(0, w - rules.dailyDoubleTimeMinutes);
        let overtime = w - regular - doubleTime;
        // Weekly: regular minutes past the weekly threshold become overtime (daily OT/DT never count).
        const weeklyRoom = Math.max(0, rules.weeklyThresholdMinutes - regularBefore);
        if (regular > weeklyRoom) {
          overtime += regular - weeklyRoom;
          regular = weeklyRoom;
        }
        regularBefore += regular;
        return { regular, overtime, doubleTime, seventhDay: false };
      });
    }
  }
}

/**
 * Regular, overtime and double-time minutes per business day of `period` (inclusive business
 * dates) for one employee. `spans` must hold the work of every whole workweek touching the period.
 */
export function computeHours(
  spans: WorkedSpan[],
  period: { startDate: string; endDate: string },
  cal: CalendarInput,
  rules: OvertimeRules,
): HoursResult {
  if (!DATE_RE.test(period.startDate) || !DATE_RE.test(period.endDate) || period.endDate < period.startDate) {
    throw new RangeError(`Invalid period: ${period.startDate} .. ${period.endDate}`);
  }
  const valid = validRules(rules);
  const first = weekOf(period.startDate, cal).start;
  const last = weekOf(period.endDate, cal).end;
  const dates = datesInRange(first, last); // whole workweeks, a multiple of 7
  const worked = workedMinutesByDate(spans, dates, cal);

  const result: HoursResult = {
    days: [],
    regularMinutes: 0,
    overtimeMinutes: 0,
    doubleTimeMinutes: 0,
    workedMinutes: 0,
  };
  for (let w = 0; w < dates.length; w += 7) {
    const split = classifyWeek(worked.slice(w, w + 7), valid);
    split.forEach((s, i) => {
      const date = dates[w + i];
      const workedMinutes = worked[w + i];
      if (workedMinutes === 0 || date < period.startDate || date > period.endDate) return;
      result.days.push({
        date,
        workedMinutes,
        regularMinutes: s.regular,
        overtimeMinutes: s.overtime,
        doubleTimeMinutes: s.doubleTime,
        seventhDay: s.seventhDay,
      });
      result.workedMinutes += workedMinutes;
      result.regularMinutes += s.regular;
      result.overtimeMinutes += s.overtime;
      result.doubleTimeMinutes += s.doubleTime;
    });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Pay

export function multipliers(rules: OvertimeRules): { overtime: number; doubleTime: number } {
  switch (rules.kind) {
    case 'flsa':
      return { overtime: rules.overtimeMultiplier, doubleTime: 2 };
    case 'california':
      return { overtime: rules.overtimeMultiplier, doubleTime: rules.doubleTimeMultiplier };
    case 'none':
      return { overtime: 1, doubleTime: 1 };
  }
}

function assertNonNegative(value: number, what: string): void {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`Invalid ${what}: ${value}`);
}

/** minutes x (minor units per hour) / 60, rounded half up; a hair of tolerance absorbs float noise (e.g. 0.5 computed as 0.49999999). */
export function componentPay(minutes: number, ratePerHour: number): number {
  const exact = (minutes * ratePerHour) / 60;
  return Math.floor(exact + 0.5 + Math.max(1e-9, exact * 1e-12));
}

/** Pay in integer minor units, each component rounded half up. */
export function payOf(
  hours: Pick<HoursResult, 'regularMinutes' | 'overtimeMinutes' | 'doubleTimeMinutes'>,
  rates: PayRates,
  rules: OvertimeRules,
): PayResult {
  assertNonNegative(hours.regularMinutes, 'regularMinutes');
  assertNonNegative(hours.overtimeMinutes, 'overtimeMinutes');
  assertNonNegative(hours.doubleTimeMinutes, 'doubleTimeMinutes');
  assertNonNegative(rates.regular, 'regular rate');
  if (rates.overtime !== undefined) assertNonNegative(rates.overtime, 'overtime rate');
  if (rates.doubleTime !== undefined) assertNonNegative(rates.doubleTime, 'double-time rate');
  const m = multipliers(validRules(rules));
  const regularPay = componentPay(hours.regularMinutes, rates.regular);
  const overtimePay = componentPay(hours.overtimeMinutes, rates.overtime ?? rates.regular * m.overtime);
  const doubleTimePay = componentPay(hours.doubleTimeMinutes, rates.doubleTime ?? rates.regular * m.doubleTime);
  return { regularPay, overtimePay, doubleTimePay, totalPay: regularPay + overtimePay + doubleTimePay };
}
