import { addDays, daysBetween, weekdayOf } from '../../core/calendar';
import { BUSINESS_HOURS } from './dayparts';
import type { History } from './model';

/**
 * A reference for the backtest (pure), not a candidate: Holt-Winters exponential smoothing of the
 * day totals with a weekly season (additive trend, multiplicative season; Hyndman & Athanasopoulos,
 * "Forecasting: Principles and Practice", 3rd ed., section 8.3, https://otexts.com/fpp3/holt-winters.html,
 * checked 2026-12-03). Its smoothing parameters are picked from a small grid by the one-step
 * squared error over the history up to the origin; a day without sales (closed) is skipped (the
 * state carries over it). The hour shape is the pooled shape of the last 8 same weekdays.
 */
const GRID = { alpha: [0.1, 0.25, 0.4], beta: [0, 0.02], gamma: [0.05, 0.2, 0.35] };
/** Days of history the fit starts from (the latest; older days matter little after this many). */
const FIT_DAYS = 371;

/** Day totals and weekdays of a history's span, computed once per history (every origin slices them). */
const spans = new WeakMap<History, { first: string; totals: number[]; weekdays: number[] }>();

function spanOf(history: History) {
  let span = spans.get(history);
  if (!span) {
    const dates = [...history.keys()].sort();
    const first = dates[0] ?? '1970-01-01';
    const length = dates.length ? daysBetween(first, dates[dates.length - 1]) + 1 : 0;
    const totals = new Array<number>(length).fill(0);
    const weekdays = Array.from({ length }, (_, i) => (weekdayOf(first) + i) % 7);
    for (const [date, d] of history) {
      let s = 0;
      for (let h = 0; h < d.sales.length; h++) s += d.sales[h];
      totals[daysBetween(first, date)] = s;
    }
    span = { first, totals, weekdays };
    spans.set(history, span);
  }
  return span;
}

interface State {
  level: number;
  trend: number;
  season: number[];
}

function fit(series: number[], weekdays: number[], alpha: number, beta: number, gamma: number) {
  const open = series.map((v, i) => [v, weekdays[i]] as const).filter(([v]) => v > 0);
  if (open.length < 14) return null;
  const firstWeeks = open.slice(0, 14);
  const mean = firstWeeks.reduce((s, [v]) => s + v, 0) / firstWeeks.length;
  const season = new Array<number>(7).fill(1);
  for (let k = 0; k < 7; k++) {
    const same = firstWeeks.filter(([, w]) => w === k);
    if (same.length) season[k] = same.reduce((s, [v]) => s + v, 0) / same.length / mean;
  }
  const s: State = { level: mean, trend: 0, season };
  let sse = 0;
  series.forEach((y, i) => {
    const w = weekdays[i];
    const predicted = (s.level + s.trend) * s.season[w];
    if (y <= 0) {
      s.level += s.trend;
      return;
    }
    sse += (y - predicted) ** 2;
    const previous = s.level;
    s.level = alpha * (y / (s.season[w] || 1)) + (1 - alpha) * (s.level + s.trend);
    s.trend = beta * (s.level - previous) + (1 - beta) * s.trend;
    if (s.level > 0) s.season[w] = gamma * (y / s.level) + (1 - gamma) * s.season[w];
  });
  return { sse, state: s };
}

/** The Holt-Winters forecaster of an origin: date -> per-business-hour sales (zeros without enough history). */
export function holtWintersForecaster(history: History, origin: string) {
  const span = spanOf(history);
  const end = daysBetween(span.first, origin) + 1;
  const from = Math.max(0, end - FIT_DAYS);
  const series = span.totals.slice(from, Math.max(from, end));
  const weekdays = span.weekdays.slice(from, Math.max(from, end));
  let best: ReturnType<typeof fit> = null;
  for (const alpha of GRID.alpha)
    for (const beta of GRID.beta)
      for (const gamma of GRID.gamma) {
        const f = fit(series, weekdays, alpha, beta, gamma);
        if (f && (!best || f.sse < best.sse)) best = f;
      }
  const shapes = new Map<number, Float64Array>();
  const shapeOf = (weekday: number) => {
    let shape = shapes.get(weekday);
    if (!shape) {
      shape = new Float64Array(BUSINESS_HOURS);
      const back = (weekdayOf(origin) - weekday + 7) % 7;
      for (let k = 0; k < 8; k++) {
        const d = history.get(addDays(origin, -back - 7 * k));
        if (d) for (let h = 0; h < BUSINESS_HOURS; h++) shape[h] += d.sales[h];
      }
      const sum = shape.reduce((a, b) => a + b, 0);
      if (sum > 0) for (let h = 0; h < BUSINESS_HOURS; h++) shape[h] /= sum;
      shapes.set(weekday, shape);
    }
    return shape;
  };
  return (date: string): Float64Array => {
    if (!best) return new Float64Array(BUSINESS_HOURS);
    const ahead = Math.max(1, daysBetween(origin, date));
    const s = best.state;
    const day = Math.max(0, (s.level + ahead * s.trend) * s.season[weekdayOf(date)]);
    return shapeOf(weekdayOf(date)).map((v) => v * day);
  };
}
