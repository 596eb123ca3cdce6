import { addDays, daysBetween } from '../../core/calendar';
import { BUSINESS_HOURS, DAYPARTS, daypartOf, type Daypart } from './dayparts';
import { forecaster, METHODS, type Calendar, type History, type MethodSpec } from './model';

/**
 * Rolling-origin backtest (pure): from each weekly origin of the history, forecast the next
 * `horizonDays` from the days up to the origin only, and compare with what happened. WAPE
 * (sum of absolute errors / sum of actuals) of the day totals and of each daypart's sales, for
 * every candidate method and the two baselines: the same weekday last week, and the mean of the
 * last four same weekdays.
 */

export const BASELINES = ['lastWeek', 'lastFourWeeks'] as const;
export type Baseline = (typeof BASELINES)[number];

export interface Wape {
  /** WAPE of the day totals (0.1 = 10 %); null without actual sales. */
  day: number | null;
  /** WAPE of each daypart's sales over the days; null where the daypart never sold. */
  dayparts: Record<Daypart, number | null>;
  /** WAPE over every daypart of every day (their errors pooled). */
  allDayparts: number | null;
}

export interface BacktestResult {
  from: string;
  to: string;
  origins: number;
  horizonDays: number;
  /** Days compared (each origin's horizon). */
  days: number;
  methods: Record<string, Wape>;
  baselines: Record<Baseline, Wape>;
  /** The method with the lowest mean of day and pooled daypart WAPE. */
  chosen: string;
  betterBaseline: Baseline;
  /** The chosen method's WAPE over the better baseline's (0.85 = 15 % lower). */
  ratio: { day: number | null; allDayparts: number | null };
  /** Quantiles of actual / forecast of the chosen method: the 80 % interval multipliers. */
  interval: { day: [number, number]; hour: [number, number] };
}

class WapeAccumulator {
  private dayAbs = 0;
  private daySum = 0;
  private readonly partAbs: Record<Daypart, number> = { breakfast: 0, lunch: 0, dinner: 0, late: 0 };
  private readonly partSum: Record<Daypart, number> = { breakfast: 0, lunch: 0, dinner: 0, late: 0 };

  add(actual: ArrayLike<number>, forecast: ArrayLike<number>): void {
    const a: Record<Daypart, number> = { breakfast: 0, lunch: 0, dinner: 0, late: 0 };
    const f: Record<Daypart, number> = { breakfast: 0, lunch: 0, dinner: 0, late: 0 };
    for (let h = 0; h < BUSINESS_HOURS; h++) {
      a[daypartOf(h)] += actual[h];
      f[daypartOf(h)] += forecast[h];
    }
    let ad = 0;
    let fd = 0;
    for (const p of DAYPARTS) {
      this.partAbs[p] += Math.abs(a[p] - f[p]);
      this.partSum[p] += a[p];
      ad += a[p];
      fd += f[p];
    }
    this.dayAbs += Math.abs(ad - fd);
    this.daySum += ad;
  }

  result(): Wape {
    const ratio = (abs: number, sum: number) => (sum > 0 ? abs / sum : null);
    const dayparts = Object.fromEntries(DAYPARTS.map((p) => [p, ratio(this.partAbs[p], this.partSum[p])])) as Record<
      Daypart,
      number | null
    >;
    const abs = DAYPARTS.reduce((s, p) => s + this.partAbs[p], 0);
    const sum = DAYPARTS.reduce((s, p) => s + this.partSum[p], 0);
    return { day: ratio(this.dayAbs, this.daySum), dayparts, allDayparts: ratio(abs, sum) };
  }
}

const zeros = () => new Float64Array(BUSINESS_HOURS);

/** The baselines' forecast of a date: the same weekday 1 week before, or the mean of 1 to 4 weeks before. */
export function baselineForecast(history: History, baseline: Baseline, date: string): Float64Array {
  const weeks = baseline === 'lastWeek' ? [1] : [1, 2, 3, 4];
  const days = weeks.map((w) => history.get(addDays(date, -7 * w))).filter((d) => d !== undefined);
  const out = zeros();
  for (const d of days) for (let h = 0; h < BUSINESS_HOURS; h++) out[h] += d.sales[h] / days.length;
  return out;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 1;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))));
  return sorted[i];
}

const score = (w: Wape) => ((w.day ?? Infinity) + (w.allDayparts ?? Infinity)) / 2;

export interface BacktestOptions {
  /** Days forecast from each origin (default 7). */
  horizonDays?: number;
  /** History needed before the first origin, in days (default 56: the longest profile's 8 weeks). */
  warmupDays?: number;
  /** Only the latest this many origins (default: all). */
  maxOrigins?: number;
  methods?: readonly MethodSpec[];
}

export function backtest(history: History, cal: Calendar, options: BacktestOptions = {}): BacktestResult | null {
  const horizon = options.horizonDays ?? 7;
  const warmup = options.warmupDays ?? 56;
  const methods = options.methods ?? METHODS;
  const dates = [...history.keys()].sort();
  if (dates.length === 0) return null;
  const first = dates[0];
  const last = dates[dates.length - 1];
  const origins: string[] = [];
  for (let o = addDays(first, warmup - 1); daysBetween(o, last) >= horizon; o = addDays(o, 7)) origins.push(o);
  const used = options.maxOrigins ? origins.slice(-options.maxOrigins) : origins;
  if (used.length === 0) return null;

  const acc = new Map<string, WapeAccumulator>(
    [...methods, ...BASELINES].map((m) => [typeof m === 'string' ? m : m.name, new WapeAccumulator()]),
  );
  const ratios = new Map(methods.map((m) => [m.name, { day: [] as number[], hour: [] as number[] }]));
  let days = 0;
  for (const origin of used) {
    const forecasts = new Map(methods.map((m) => [m.name, forecaster(history, cal, m, origin)]));
    for (let k = 1; k <= horizon; k++) {
      const date = addDays(origin, k);
      const actual = history.get(date);
      if (!actual) continue;
      days++;
      for (const b of BASELINES) acc.get(b)!.add(actual.sales, baselineForecast(history, b, date));
      for (const m of methods) {
        const f = forecasts.get(m.name)!(date).sales;
        acc.get(m.name)!.add(actual.sales, f);
        const r = ratios.get(m.name)!;
        const [a, p] = [actual.sales.reduce((s, v) => s + v, 0), f.reduce((s, v) => s + v, 0)];
        if (p > 0) r.day.push(a / p);
        for (let h = 0; h < BUSINESS_HOURS; h++) if (f[h] > 0) r.hour.push(actual.sales[h] / f[h]);
      }
    }
  }
  const result = (name: string) => acc.get(name)!.result();
  const methodWape = Object.fromEntries(methods.map((m) => [m.name, result(m.name)]));
  const baselines = Object.fromEntries(BASELINES.map((b) => [b, result(b)])) as Record<Baseline, Wape>;
  const chosen = methods.reduce((best, m) =>
    score(methodWape[m.name]) < score(methodWape[best.name]) ? m : best,
  ).name;
  const betterBaseline = BASELINES.reduce((best, b) => (score(baselines[b]) < score(baselines[best]) ? b : best));
  const over = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? null : a / b);
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const r = ratios.get(chosen)!;
  const [dayR, hourR] = [sorted(r.day), sorted(r.hour)];
  return {
    from: first,
    to: last,
    origins: used.length,
    horizonDays: horizon,
    days,
    methods: methodWape,
    baselines,
    chosen,
    betterBaseline,
    ratio: {
      day: over(methodWape[chosen].day, baselines[betterBaseline].day),
      allDayparts: over(methodWape[chosen].allDayparts, baselines[betterBaseline].allDayparts),
    },
    interval: {
      day: [quantile(dayR, 0.1), quantile(dayR, 0.9)],
      hour: [quantile(hourR, 0.1), quantile(hourR, 0.9)],
    },
  };
}
