import { expectedAround } from './holiday-effect';
import type { Calendar, History } from './history';
import type { DailyWeather } from './weather';

/** A rainy day: at least this much precipitation (mm) over the local day. */
export const RAIN_MM = 5;
/** Rainy days the history needs before an effect is trusted at all; fewer: no weather effect. */
const MIN_RAINY_DAYS = 3;

export interface RainEffect {
  /** Multiplier of a rainy day and of a dry day against the weekday profile (which mixes both). */
  rainy: number;
  dry: number;
  /** Rainy and dry days of the history it was learnt from. */
  rainyDays: number;
  dryDays: number;
}

const NONE: RainEffect = { rainy: 1, dry: 1, rainyDays: 0, dryDays: 0 };

/**
 * How rain moves the company's sales, learnt from its history and the weather of those days: each
 * ordinary day's sales against the same weekday around it, rainy days' mean ratio over dry days'
 * (shrunk toward 1 by n / (n + 5) for n rainy days). The profiles mix rainy and dry days at the
 * history's rainy share p, so a rainy day is f / (1 - p (1 - f)) of the profile and a dry day
 * 1 / (1 - p (1 - f)).
 */
export function rainEffect(
  history: History,
  cal: Calendar,
  weather: Map<string, DailyWeather>,
  origin: string,
): RainEffect {
  const rainy: number[] = [];
  const dry: number[] = [];
  for (const [date, day] of history) {
    const w = weather.get(date);
    if (date > origin || !w || w.precipitationMm === null || cal.holidayOf(date) !== null) continue;
    const expected = expectedAround(history, cal, date, origin, 'sales');
    if (expected === null) continue;
    const ratio = day.sales.reduce((s, v) => s + v, 0) / expected;
    (w.precipitationMm >= RAIN_MM ? rainy : dry).push(ratio);
  }
  if (rainy.length < MIN_RAINY_DAYS || dry.length === 0)
    return { ...NONE, rainyDays: rainy.length, dryDays: dry.length };
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const raw = mean(rainy) / mean(dry);
  const f = 1 + ((raw - 1) * rainy.length) / (rainy.length + 5);
  const p = rainy.length / (rainy.length + dry.length);
  const mix = 1 - p * (1 - f);
  return { rainy: f / mix, dry: 1 / mix, rainyDays: rainy.length, dryDays: dry.length };
}

/** The weather multiplier of a forecast date: 1 without a weather forecast for it. */
export function weatherFactor(effect: RainEffect, forecast: DailyWeather | undefined): number {
  if (!forecast || forecast.precipitationMm === null) return 1;
  return forecast.precipitationMm >= RAIN_MM ? effect.rainy : effect.dry;
}
