import { addDays, daysBetween, weekdayOf } from '../../core/calendar';
import { closesOnHolidays, closureOf, firstDateOf, type ClosureReason } from './closures';
import { BUSINESS_HOURS } from './dayparts';
import { holidayEffect } from './holiday-effect';
import { specialOf, total, type Calendar, type DayActuals, type Field, type History } from './history';

export type { Calendar, DayActuals, DeclaredDay, Field, History } from './history';

/**
 * The forecast models (pure): from the history of a company's business days, the sales and covers
 * of each business hour of a later date. Every method is a weekday profile (restaurants repeat by
 * weekday) estimated from the same weekdays before the forecast origin, public holidays left out
 * of the profiles and given their own effect; the methods differ in how they weigh the weeks
 * (plain mean or exponential smoothing), whether the hour shape is pooled over more weeks than the
 * level, and whether a recent-level or trend adjustment is applied. Which one a company gets is
 * decided by the backtest on its own history (backtest.ts), not chosen by hand.
 */

export interface MethodSpec {
  name: string;
  description: string;
  /** Same weekdays the level is estimated from. */
  weeks: number;
  /**
   * mean: plain mean of those weeks; ewma: exponentially weighted, newest weighing `alpha`;
   * weekday-index: each weekday's share of the week over those weeks, times the level of the last
   * `levelDays` days (all weekdays pooled, each divided by its weekday's share).
   */
  smoothing: 'mean' | 'ewma' | 'weekday-index';
  levelDays?: number;
  alpha?: number;
  /** Hour shape from this many same weekdays (pooled) instead of the hour-by-hour mean of `weeks`. */
  shapeWeeks?: number;
  /** Scale by the last 14 days' actuals over their profile (catches a season turning). */
  level?: boolean;
  /** Extrapolate the slope of the last 12 weekly totals. */
  trend?: boolean;
  /**
   * Yearly season: times the year-over-year move from the level days' dates to the forecast date
   * (the same weeks one and two years back), where the history reaches them.
   */
  yearly?: boolean;
}

/** The candidate methods the backtest chooses among (the first is the fallback). */
export const METHODS: readonly MethodSpec[] = [
  {
    name: 'weekday-hour-mean-8w',
    description: 'Per weekday and hour, the mean of the last 8 same weekdays',
    weeks: 8,
    smoothing: 'mean',
  },
  {
    name: 'weekday-mean-8w-level',
    description:
      'Day level: mean of the last 8 same weekdays, scaled by the last 14 days against their profile; hour shape pooled over 16 same weekdays',
    weeks: 8,
    smoothing: 'mean',
    shapeWeeks: 16,
    level: true,
  },
  {
    name: 'weekday-index-7d',
    description:
      'Weekday shares of the week over up to 52 weeks, times the level of the last 7 days (every weekday pooled); hour shape pooled over 26 same weekdays',
    weeks: 52,
    smoothing: 'weekday-index',
    levelDays: 7,
    shapeWeeks: 26,
  },
  {
    name: 'weekday-index-14d',
    description: 'weekday-index-7d with the level of the last 14 days',
    weeks: 52,
    smoothing: 'weekday-index',
    levelDays: 14,
    shapeWeeks: 26,
  },
  {
    name: 'weekday-index-28d',
    description: 'weekday-index-7d with the level of the last 28 days',
    weeks: 52,
    smoothing: 'weekday-index',
    levelDays: 28,
    shapeWeeks: 26,
  },
  {
    name: 'weekday-index-14d-trend',
    description: 'weekday-index-14d plus the slope of the last 12 weekly totals, extrapolated to the date',
    weeks: 52,
    smoothing: 'weekday-index',
    levelDays: 14,
    shapeWeeks: 26,
    trend: true,
  },
  {
    name: 'weekday-index-28d-yearly',
    description:
      'weekday-index-28d times the yearly season: the level around the same date one and two years back over the level of the same 28 days back then',
    weeks: 52,
    smoothing: 'weekday-index',
    levelDays: 28,
    shapeWeeks: 26,
    yearly: true,
  },
  {
    name: 'weekday-index-14d-yearly',
    description: 'weekday-index-28d-yearly with the level of the last 14 days',
    weeks: 52,
    smoothing: 'weekday-index',
    levelDays: 14,
    shapeWeeks: 26,
    yearly: true,
  },
  {
    name: 'weekday-index-7d-yearly',
    description: 'weekday-index-28d-yearly with the level of the last 7 days',
    weeks: 52,
    smoothing: 'weekday-index',
    levelDays: 7,
    shapeWeeks: 26,
    yearly: true,
  },
  {
    name: 'weekday-index-56d-yearly',
    description: 'weekday-index-28d-yearly with the level of the last 56 days',
    weeks: 52,
    smoothing: 'weekday-index',
    levelDays: 56,
    shapeWeeks: 26,
    yearly: true,
  },
  {
    name: 'weekday-ewma',
    description:
      'Day level: exponentially smoothed same-weekday totals (alpha 0.25, up to 26 weeks); hour shape pooled over 16 same weekdays',
    weeks: 26,
    smoothing: 'ewma',
    alpha: 0.25,
    shapeWeeks: 16,
  },
  {
    name: 'weekday-ewma-trend',
    description: 'weekday-ewma plus the slope of the last 12 weekly totals, extrapolated to the date',
    weeks: 26,
    smoothing: 'ewma',
    alpha: 0.25,
    shapeWeeks: 16,
    trend: true,
  },
];

export const methodNamed = (name: string): MethodSpec => METHODS.find((m) => m.name === name) ?? METHODS[0];

/** The same weekday as `date` on or before `origin`, then weekly back: observed, non-holiday ones, newest first. */
function sameWeekdays(history: History, cal: Calendar, date: string, origin: string, count: number): DayActuals[] {
  const back = (weekdayOf(origin) - weekdayOf(date) + 7) % 7;
  const out: DayActuals[] = [];
  // Look back at most twice the count (holidays and missing days are skipped).
  for (let d = addDays(origin, -back), n = 0; out.length < count && n < count * 2; d = addDays(d, -7), n++) {
    const day = history.get(d);
    if (day && specialOf(cal, d) === null) out.push(day);
  }
  return out;
}

function smoothedTotal(days: DayActuals[], field: Field, spec: MethodSpec): number {
  if (days.length === 0) return 0;
  if (spec.smoothing === 'mean') return days.reduce((s, d) => s + total(d[field]), 0) / days.length;
  // Oldest to newest: the newest weighs alpha, the one before alpha(1-alpha), ...
  const alpha = spec.alpha ?? 0.25;
  let level = total(days[days.length - 1][field]);
  for (let i = days.length - 2; i >= 0; i--) level = alpha * total(days[i][field]) + (1 - alpha) * level;
  return level;
}

/** Hour shares of a field over the given days (sums to 1 when they have any). */
function shapeOf(days: DayActuals[], field: Field): Float64Array {
  const shape = new Float64Array(BUSINESS_HOURS);
  for (const d of days) for (let h = 0; h < BUSINESS_HOURS; h++) shape[h] += d[field][h];
  const sum = total(shape);
  if (sum > 0) for (let h = 0; h < BUSINESS_HOURS; h++) shape[h] /= sum;
  return shape;
}

/**
 * Each weekday's mean total over the last `weeks` weeks to the origin, over the mean of the seven
 * (1 = an average day); holidays and missing days left out.
 */
function weekdayIndex(history: History, cal: Calendar, origin: string, field: Field, weeks: number): number[] {
  const means = Array.from({ length: 7 }, (_, k) => {
    const days = sameWeekdays(history, cal, addDays(origin, -k), origin, weeks);
    return days.length ? days.reduce((s, d) => s + total(d[field]), 0) / days.length : 0;
  });
  const byWeekday = new Array<number>(7).fill(0);
  means.forEach((m, k) => (byWeekday[weekdayOf(addDays(origin, -k))] = m));
  const week = total(byWeekday) / 7;
  return byWeekday.map((m) => (week > 0 ? m / week : 0));
}

/** How far back the level looks for its observed days (a closure of weeks is skipped over). */
const LEVEL_LOOKBACK = 120;

/**
 * The level of an average day: each observed, ordinary day over its weekday's index, over the
 * latest `days` calendar days, or (after a closure left fewer than half of them) the latest
 * `days` / 2 observed days within 120 days. Also the dates it rests on (the yearly season's).
 */
function pooledLevel(history: History, cal: Calendar, origin: string, field: Field, index: number[], days: number) {
  let sum = 0;
  const dates: string[] = [];
  for (let i = 0; i < LEVEL_LOOKBACK && (i < days || dates.length < days / 2); i++) {
    const d = addDays(origin, -i);
    const day = history.get(d);
    const k = index[weekdayOf(d)];
    if (!day || k <= 0 || specialOf(cal, d) !== null || total(day[field]) <= 0) continue;
    sum += total(day[field]) / k;
    dates.push(d);
  }
  return { level: dates.length ? sum / dates.length : 0, dates };
}

/** The mean day level (over the weekday index) of the observed, ordinary days among `dates`; null under 5. */
function levelOver(history: History, cal: Calendar, dates: string[], field: Field, index: number[]): number | null {
  let sum = 0;
  let n = 0;
  for (const d of dates) {
    const day = history.get(d);
    const k = index[weekdayOf(d)];
    if (!day || k <= 0 || specialOf(cal, d) !== null || total(day[field]) <= 0) continue;
    sum += total(day[field]) / k;
    n++;
  }
  return n >= 5 && sum > 0 ? sum / n : null;
}

/**
 * The yearly season from the level's dates to `date`: for each year back (one and two) the
 * history covers, the level of the 21 days around the date a year back over the level of the
 * level's dates a year back; their mean, kept in [0.25, 4] (1 where the history is too short).
 */
export function yearlySeason(
  history: History,
  cal: Calendar,
  date: string,
  field: Field,
  index: number[],
  levelDates: string[],
  levelThen: (years: number) => number | null = (years) =>
    levelOver(
      history,
      cal,
      levelDates.map((d) => addDays(d, -364 * years)),
      field,
      index,
    ),
): number {
  const ratios: number[] = [];
  for (const years of [1, 2]) {
    const then = levelThen(years);
    if (then === null) continue;
    const around = Array.from({ length: 21 }, (_, k) => addDays(date, -364 * years + k - 10));
    const target = levelOver(history, cal, around, field, index);
    if (target !== null) ratios.push(target / then);
  }
  if (ratios.length === 0) return 1;
  return Math.min(4, Math.max(0.25, total(ratios) / ratios.length));
}

/** The level of the given dates a number of years (of 364 days) back. */
function levelYearsBack(
  history: History,
  cal: Calendar,
  dates: string[],
  field: Field,
  index: number[],
  years: number,
) {
  return levelOver(
    history,
    cal,
    dates.map((d) => addDays(d, -364 * years)),
    field,
    index,
  );
}

interface IndexedLevel {
  index: number[];
  level: number;
  dates: string[];
}

/** The weekday-index method's weekday shares and level of an average day at the origin. */
function indexLevel(
  history: History,
  cal: Calendar,
  origin: string,
  field: Field,
  spec: MethodSpec,
  index = weekdayIndex(history, cal, origin, field, spec.weeks),
): IndexedLevel {
  return { index, ...pooledLevel(history, cal, origin, field, index, spec.levelDays ?? 14) };
}

/** The profile of a date at an origin (no level, trend or holiday): per business hour. */
function profile(
  history: History,
  cal: Calendar,
  date: string,
  origin: string,
  field: Field,
  spec: MethodSpec,
  indexed: (field: Field) => IndexedLevel = (f) => indexLevel(history, cal, origin, f, spec),
  shapeOfWeekday: (shapeWeeks: number) => Float64Array = (weeks) =>
    shapeOf(sameWeekdays(history, cal, date, origin, weeks), field),
) {
  if (!spec.shapeWeeks) {
    const days = sameWeekdays(history, cal, date, origin, spec.weeks);
    const out = new Float64Array(BUSINESS_HOURS);
    for (const d of days) for (let h = 0; h < BUSINESS_HOURS; h++) out[h] += d[field][h] / days.length;
    return out;
  }
  const shape = shapeOfWeekday(spec.shapeWeeks);
  const dayLevel =
    spec.smoothing === 'weekday-index'
      ? indexed(field).index[weekdayOf(date)] * indexed(field).level
      : smoothedTotal(sameWeekdays(history, cal, date, origin, spec.weeks), field, spec);
  return shape.map((s) => s * dayLevel);
}

/** Recent-level factor: the last 14 days' actuals over their profiles (1 without data), kept in [0.5, 2]. */
function levelFactor(history: History, cal: Calendar, origin: string, field: Field, spec: MethodSpec): number {
  let actual = 0;
  let expected = 0;
  for (let i = 0; i < 14; i++) {
    const d = addDays(origin, -i);
    const day = history.get(d);
    if (!day || specialOf(cal, d) !== null) continue;
    actual += total(day[field]);
    expected += total(profile(history, cal, d, origin, field, { ...spec, level: false }));
  }
  return expected > 0 ? Math.min(2, Math.max(0.5, actual / expected)) : 1;
}

/** Weekly growth (fraction per week) from the last 12 full weeks before the origin, kept in [-5 %, +5 %]. */
function weeklyGrowth(history: History, origin: string, field: Field): number {
  const weeks: number[] = [];
  for (let w = 11; w >= 0; w--) {
    let sum = 0;
    let seen = 0;
    for (let i = 0; i < 7; i++) {
      const day = history.get(addDays(origin, -(w * 7 + i)));
      if (day) [sum, seen] = [sum + total(day[field]), seen + 1];
    }
    if (seen === 7) weeks.push(sum);
  }
  if (weeks.length < 6) return 0;
  const n = weeks.length;
  const meanX = (n - 1) / 2;
  const meanY = total(weeks) / n;
  let num = 0;
  let den = 0;
  weeks.forEach((y, x) => {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  });
  if (meanY <= 0 || den === 0) return 0;
  return Math.min(0.05, Math.max(-0.05, num / den / meanY));
}

export interface DayForecast {
  sales: Float64Array;
  covers: Float64Array;
  /** The multipliers applied to the profile, for the answer's reasons. */
  factors: { level: number; trend: number; season: number; holiday: number; weather: number };
  holiday: string | null;
  /** Why the date is forecast closed (all zeros); null: open. */
  closed: ClosureReason | null;
}

/**
 * The forecaster of an origin: forecasts business dates from the history up to `origin`
 * (included), per business hour, never negative. What depends only on the origin (profiles per
 * weekday, level, trend, holiday effects) is computed once and shared by the dates it forecasts.
 * `weather` multiplies a day when a weather effect is known.
 */
export function forecaster(
  history: History,
  cal: Calendar,
  spec: MethodSpec,
  origin: string,
  first = firstDateOf(history),
  shared = new Map<string, unknown>(),
) {
  const memo = new Map<string, unknown>();
  const once = <T>(key: string, make: () => T): T => {
    if (!memo.has(key)) memo.set(key, make());
    return memo.get(key) as T;
  };
  // what does not depend on the method, shared by the forecasters of one origin (the backtest's)
  const common = <T>(key: string, make: () => T): T => {
    if (!shared.has(key)) shared.set(key, make());
    return shared.get(key) as T;
  };
  const start = first ?? origin;
  const alpha = spec.alpha ?? 0.25;
  // An EWMA lags its series by (1 - alpha) / alpha steps, a mean by half its window: the trend is carried over that lag too.
  const lag =
    spec.smoothing === 'ewma'
      ? (1 - alpha) / alpha
      : spec.smoothing === 'weekday-index'
        ? (spec.levelDays ?? 14) / 14
        : (spec.weeks - 1) / 2;
  const indexed = (f: Field) =>
    once(`index|${f}`, () =>
      indexLevel(
        history,
        cal,
        origin,
        f,
        spec,
        common(`weekdayIndex|${f}|${spec.weeks}`, () => weekdayIndex(history, cal, origin, f, spec.weeks)),
      ),
    );
  const of = (date: string, field: Field, holiday: string | null, weather: number) => {
    const level = spec.level ? once(`level|${field}`, () => levelFactor(history, cal, origin, field, spec)) : 1;
    const ahead = daysBetween(origin, date) / 7;
    const growth = spec.trend ? once(`growth|${field}`, () => weeklyGrowth(history, origin, field)) : 0;
    const trend = Math.max(0, 1 + growth * (ahead + lag));
    const season =
      spec.yearly && spec.smoothing === 'weekday-index'
        ? yearlySeason(history, cal, date, field, indexed(field).index, indexed(field).dates, (years) =>
            once(`then|${years}|${field}`, () =>
              levelYearsBack(history, cal, indexed(field).dates, field, indexed(field).index, years),
            ),
          )
        : 1;
    const declared = cal.declaredOf?.(date);
    const effect =
      holiday === null
        ? null
        : declared?.kind === 'special' && declared.factor !== null
          ? { factor: declared.factor, seen: 0, shape: null }
          : common(`holiday|${holiday}|${field}`, () => holidayEffect(history, cal, holiday, origin, field));
    const hol = effect?.factor ?? 1;
    const base = once(`profile|${weekdayOf(date)}|${field}`, () =>
      profile(history, cal, date, origin, field, spec, indexed, (weeks) =>
        common(`shape|${weekdayOf(date)}|${field}|${weeks}`, () =>
          shapeOf(sameWeekdays(history, cal, date, origin, weeks), field),
        ),
      ),
    );
    const scale = Math.max(0, level * trend * season * hol * weather);
    let hours: Float64Array;
    if (effect?.shape) {
      const dayTotal = total(base) * scale;
      hours = effect.shape.map((v) => Math.max(0, v * dayTotal));
    } else hours = base.map((v) => Math.max(0, v * scale));
    return { hours, factors: { level, trend, season, holiday: hol, weather } };
  };
  return (date: string, weather = 1): DayForecast => {
    const holiday = specialOf(cal, date);
    const closed =
      common(`closure|${date}`, () => closureOf(history, cal, date, origin, start)) ??
      (holiday !== null && common('closesOnHolidays', () => closesOnHolidays(history, cal, origin, start))
        ? 'holiday'
        : null);
    const sales = of(date, 'sales', holiday, weather);
    if (closed !== null)
      return {
        sales: new Float64Array(BUSINESS_HOURS),
        covers: new Float64Array(BUSINESS_HOURS),
        factors: sales.factors,
        holiday,
        closed,
      };
    return {
      sales: sales.hours,
      covers: of(date, 'covers', holiday, weather).hours,
      factors: sales.factors,
      holiday,
      closed: null,
    };
  };
}

/** The forecast of one business date from the history up to `origin` (see forecaster). */
export function forecastDay(
  history: History,
  cal: Calendar,
  spec: MethodSpec,
  date: string,
  origin: string,
  weather = 1,
): DayForecast {
  return forecaster(history, cal, spec, origin)(date, weather);
}
