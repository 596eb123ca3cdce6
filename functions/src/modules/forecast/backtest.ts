import { addDays, daysBetween } from '../../core/calendar';
import { BUSINESS_HOURS, DAYPARTS, DEFAULT_DAYPARTS, daypartMap, type Daypart, type DaypartBounds } from './dayparts';
import { holtWintersForecaster } from './holt-winters';
import { firstDateOf, type ClosureReason } from './closures';
import type { Calendar, History } from './history';
import { forecaster, METHODS, type MethodSpec } from './model';

/**
 * Rolling-origin backtest (pure): from each weekly origin of the history, forecast the next
 * `horizonDays` from the days up to the origin only, and compare with what happened. A date of the
 * history's span without sales is a closed day: its actual is zero, so a forecast of a normal
 * day there is an error like any other. WAPE (sum of absolute errors / sum of actuals) of the day
 * totals and of each daypart's sales, for every candidate method, the two naive baselines (the
 * same weekday last week; the mean of the last four same weekdays) and a weekly Holt-Winters
 * (holt-winters.ts) for reference. The method chosen is the one with the lowest mean of day and
 * daypart WAPE: the forecast uses this same answer (service.ts), so the two never disagree.
 * Its 80 % intervals are calibrated per level (day, daypart, hour) on its own errors, and their
 * coverage is measured out of sample: each origin's days against the intervals of the origins
 * before it.
 */

export const BASELINES = ['lastWeek', 'lastFourWeeks'] as const;
export type Baseline = (typeof BASELINES)[number];
export const REFERENCES = ['holtWinters'] as const;
export type Reference = (typeof REFERENCES)[number];

export interface Wape {
  /** WAPE of the day totals (0.1 = 10 %); null without actual sales. */
  day: number | null;
  /** WAPE of each daypart's sales over the days; null where the daypart never sold. */
  dayparts: Record<Daypart, number | null>;
  /** WAPE over every daypart of every day (their errors pooled). */
  allDayparts: number | null;
}

export type Interval = [number, number];

export interface Levels<T> {
  day: T;
  daypart: T;
  hour: T;
}

/** One forecast of the chosen method in the backtest, to audit it: the day, its dayparts, and what happened. */
export interface Prediction {
  origin: string;
  date: string;
  salesMinor: number;
  low: number;
  high: number;
  actualMinor: number;
  closed: ClosureReason | null;
  dayparts: Record<Daypart, { salesMinor: number; actualMinor: number }>;
}

export interface BacktestResult {
  from: string;
  to: string;
  origins: number;
  horizonDays: number;
  /** Days compared (each origin's horizon), closed days included. */
  days: number;
  dayparts: DaypartBounds;
  methods: Record<string, Wape>;
  baselines: Record<Baseline, Wape>;
  references: Record<Reference, Wape>;
  /** The method with the lowest mean of day and pooled daypart WAPE: the one the forecast uses. */
  chosen: string;
  betterBaseline: Baseline;
  /** The chosen method's WAPE over the better baseline's (0.85 = 15 % lower). */
  ratio: { day: number | null; allDayparts: number | null };
  /** The chosen method's WAPE over the Holt-Winters reference's. */
  ratioToHoltWinters: { day: number | null; allDayparts: number | null };
  /** 80 % interval multipliers of the chosen method (10 % and 90 % quantiles of actual / forecast), per level. */
  interval: Levels<Interval>;
  /** Out-of-sample share of days, dayparts and hours inside their 80 % interval (null: too few origins). */
  coverage: Levels<number | null>;
  /** The chosen method's forecasts of the latest origins, with their intervals and actuals. */
  predictions: Prediction[];
}

class WapeAccumulator {
  private dayAbs = 0;
  private daySum = 0;
  private readonly partAbs: Record<Daypart, number> = { breakfast: 0, lunch: 0, dinner: 0, late: 0 };
  private readonly partSum: Record<Daypart, number> = { breakfast: 0, lunch: 0, dinner: 0, late: 0 };

  constructor(private readonly map: Daypart[]) {}

  add(actual: ArrayLike<number>, forecast: ArrayLike<number>): void {
    const a: Record<Daypart, number> = { breakfast: 0, lunch: 0, dinner: 0, late: 0 };
    const f: Record<Daypart, number> = { breakfast: 0, lunch: 0, dinner: 0, late: 0 };
    for (let h = 0; h < BUSINESS_HOURS; h++) {
      a[this.map[h]] += actual[h];
      f[this.map[h]] += forecast[h];
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
const total = (v: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i];
  return s;
};

/**
 * The baselines' forecast of a date from an origin: the latest same weekday up to the origin, or
 * the mean of the latest four (a week ahead: 1 week before the date, or 1 to 4 weeks before).
 */
export function baselineForecast(
  history: History,
  baseline: Baseline,
  date: string,
  origin = addDays(date, -1),
): Float64Array {
  const skip = Math.max(1, Math.ceil(daysBetween(origin, date) / 7));
  const weeks = (baseline === 'lastWeek' ? [0] : [0, 1, 2, 3]).map((w) => w + skip);
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

/** Interval multipliers without enough errors to calibrate on: +-25 %. */
export const DEFAULT_INTERVAL: Interval = [0.75, 1.25];
/** Origins of errors an out-of-sample coverage needs before it (fewer: not measured). */
const COVERAGE_WARMUP_ORIGINS = 8;
/** Origins whose errors calibrate an interval: the latest half year (older errors came from a shorter history). */
const INTERVAL_ORIGINS = 26;
/** Origins whose predictions the answer lists. */
const PREDICTION_ORIGINS = 4;

/** What happened and what was forecast on one date, per level, for the intervals. */
interface Cell {
  origin: string;
  date: string;
  actual: Float64Array;
  forecast: Float64Array;
  closed: ClosureReason | null;
}

/** Pairs (actual, forecast) of a cell at each level: the day, its dayparts, its hours. */
function pairsOf(cell: Cell, map: Daypart[]): Levels<[number, number][]> {
  const a: Record<Daypart, number> = { breakfast: 0, lunch: 0, dinner: 0, late: 0 };
  const f: Record<Daypart, number> = { breakfast: 0, lunch: 0, dinner: 0, late: 0 };
  const hour: [number, number][] = [];
  for (let h = 0; h < BUSINESS_HOURS; h++) {
    a[map[h]] += cell.actual[h];
    f[map[h]] += cell.forecast[h];
    if (cell.actual[h] > 0 || cell.forecast[h] > 0) hour.push([cell.actual[h], cell.forecast[h]]);
  }
  const daypart = DAYPARTS.filter((p) => a[p] > 0 || f[p] > 0).map((p) => [a[p], f[p]] as [number, number]);
  const day: [number, number][] =
    total(cell.actual) > 0 || total(cell.forecast) > 0 ? [[total(cell.actual), total(cell.forecast)]] : [];
  return { day, daypart, hour };
}

const LEVELS = ['day', 'daypart', 'hour'] as const;

/** 10 % and 90 % quantiles of actual / forecast over pairs with a forecast. */
function intervalOf(pairs: [number, number][]): Interval {
  const ratios = pairs.filter(([, f]) => f > 0).map(([a, f]) => a / f);
  if (ratios.length < 10) return DEFAULT_INTERVAL;
  ratios.sort((x, y) => x - y);
  return [quantile(ratios, 0.1), quantile(ratios, 0.9)];
}

const inside = ([a, f]: [number, number], [lo, hi]: Interval) => a >= f * lo - 0.5 && a <= f * hi + 0.5;

/** Intervals per level from the cells, and their out-of-sample coverage (each origin against the origins before it). */
function calibrate(cells: Cell[], map: Daypart[]): { interval: Levels<Interval>; coverage: Levels<number | null> } {
  const byOrigin = new Map<string, Levels<[number, number][]>>();
  for (const c of cells) {
    const p = pairsOf(c, map);
    const into = byOrigin.get(c.origin) ?? { day: [], daypart: [], hour: [] };
    for (const l of LEVELS) into[l].push(...p[l]);
    byOrigin.set(c.origin, into);
  }
  const origins = [...byOrigin.keys()].sort();
  const recent = (upTo: number): Levels<[number, number][]> => {
    const out: Levels<[number, number][]> = { day: [], daypart: [], hour: [] };
    for (const o of origins.slice(Math.max(0, upTo - INTERVAL_ORIGINS), upTo))
      for (const l of LEVELS) out[l].push(...byOrigin.get(o)![l]);
    return out;
  };
  const hits: Levels<[number, number]> = { day: [0, 0], daypart: [0, 0], hour: [0, 0] };
  origins.forEach((o, i) => {
    const now = byOrigin.get(o)!;
    if (i < COVERAGE_WARMUP_ORIGINS) return;
    const before = recent(i);
    for (const l of LEVELS) {
      const iv = intervalOf(before[l]);
      for (const pair of now[l]) {
        hits[l][1]++;
        if (inside(pair, iv)) hits[l][0]++;
      }
    }
  });
  const all = recent(origins.length);
  const share = ([n, of]: [number, number]) => (of > 0 ? n / of : null);
  return {
    interval: { day: intervalOf(all.day), daypart: intervalOf(all.daypart), hour: intervalOf(all.hour) },
    coverage: { day: share(hits.day), daypart: share(hits.daypart), hour: share(hits.hour) },
  };
}

export interface BacktestOptions {
  /** Days forecast from each origin (default 7). */
  horizonDays?: number;
  /** History needed before the first origin, in days (default 56: the longest profile's 8 weeks). */
  warmupDays?: number;
  /** Only the latest this many origins (default: all). */
  maxOrigins?: number;
  methods?: readonly MethodSpec[];
  /** The company's daypart bounds (default 11:00, 16:00, 22:00). */
  dayparts?: DaypartBounds;
  /** Skip the Holt-Winters reference (its WAPE is then null). */
  withoutReference?: boolean;
}

export function backtest(history: History, cal: Calendar, options: BacktestOptions = {}): BacktestResult | null {
  const horizon = options.horizonDays ?? 7;
  const warmup = options.warmupDays ?? 56;
  const methods = options.methods ?? METHODS;
  const bounds = options.dayparts ?? DEFAULT_DAYPARTS;
  const map = daypartMap(bounds);
  const first = firstDateOf(history);
  if (first === null) return null;
  let last = first;
  for (const d of history.keys()) if (d > last) last = d;
  const origins: string[] = [];
  for (let o = addDays(first, warmup - 1); daysBetween(o, last) >= horizon; o = addDays(o, 7)) origins.push(o);
  const used = options.maxOrigins ? origins.slice(-options.maxOrigins) : origins;
  if (used.length === 0) return null;

  const acc = new Map<string, WapeAccumulator>(
    [...methods.map((m) => m.name), ...BASELINES, ...REFERENCES].map((m) => [m, new WapeAccumulator(map)]),
  );
  const cells = new Map(methods.map((m) => [m.name, [] as Cell[]]));
  let days = 0;
  for (const origin of used) {
    const shared = new Map<string, unknown>();
    const forecasts = new Map(methods.map((m) => [m.name, forecaster(history, cal, m, origin, first, shared)]));
    const hw = options.withoutReference ? null : holtWintersForecaster(history, origin);
    for (let k = 1; k <= horizon; k++) {
      const date = addDays(origin, k);
      const actual = history.get(date)?.sales ?? zeros();
      days++;
      for (const b of BASELINES) acc.get(b)!.add(actual, baselineForecast(history, b, date, origin));
      if (hw) acc.get('holtWinters')!.add(actual, hw(date));
      for (const m of methods) {
        const f = forecasts.get(m.name)!(date);
        acc.get(m.name)!.add(actual, f.sales);
        cells.get(m.name)!.push({ origin, date, actual, forecast: f.sales, closed: f.closed });
      }
    }
  }
  const result = (name: string) => acc.get(name)!.result();
  const methodWape = Object.fromEntries(methods.map((m) => [m.name, result(m.name)]));
  const baselines = Object.fromEntries(BASELINES.map((b) => [b, result(b)])) as Record<Baseline, Wape>;
  const nullWape: Wape = {
    day: null,
    dayparts: { breakfast: null, lunch: null, dinner: null, late: null },
    allDayparts: null,
  };
  const references = { holtWinters: options.withoutReference ? nullWape : result('holtWinters') };
  const chosen = methods.reduce((best, m) =>
    score(methodWape[m.name]) < score(methodWape[best.name]) ? m : best,
  ).name;
  const betterBaseline = BASELINES.reduce((best, b) => (score(baselines[b]) < score(baselines[best]) ? b : best));
  const over = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? null : a / b);
  const chosenCells = cells.get(chosen)!;
  const { interval, coverage } = calibrate(chosenCells, map);
  const latest = new Set(used.slice(-PREDICTION_ORIGINS));
  const round = Math.round;
  const predictions = chosenCells
    .filter((c) => latest.has(c.origin))
    .map((c): Prediction => {
      const [a, f] = [total(c.actual), total(c.forecast)];
      const parts = Object.fromEntries(
        DAYPARTS.map((p) => {
          let [pa, pf] = [0, 0];
          for (let h = 0; h < BUSINESS_HOURS; h++) if (map[h] === p) [pa, pf] = [pa + c.actual[h], pf + c.forecast[h]];
          return [p, { salesMinor: round(pf), actualMinor: round(pa) }];
        }),
      ) as Prediction['dayparts'];
      return {
        origin: c.origin,
        date: c.date,
        salesMinor: round(f),
        low: round(f * interval.day[0]),
        high: round(f * interval.day[1]),
        actualMinor: round(a),
        closed: c.closed,
        dayparts: parts,
      };
    });
  return {
    from: first,
    to: last,
    origins: used.length,
    horizonDays: horizon,
    days,
    dayparts: bounds,
    methods: methodWape,
    baselines,
    references,
    chosen,
    betterBaseline,
    ratio: {
      day: over(methodWape[chosen].day, baselines[betterBaseline].day),
      allDayparts: over(methodWape[chosen].allDayparts, baselines[betterBaseline].allDayparts),
    },
    ratioToHoltWinters: {
      day: over(methodWape[chosen].day, references.holtWinters.day),
      allDayparts: over(methodWape[chosen].allDayparts, references.holtWinters.allDayparts),
    },
    interval,
    coverage,
    predictions,
  };
}
