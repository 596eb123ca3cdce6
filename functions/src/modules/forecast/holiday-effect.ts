import { addDays } from '../../core/calendar';
import { BUSINESS_HOURS } from './dayparts';
import { specialOf, total, type Calendar, type DayActuals, type Field, type History } from './history';

/**
 * What a date would have sold as an ordinary day: the mean of the same weekday one and two weeks
 * around it (observed, not holidays, not after the origin); null without any, or when that is 0.
 */
export function expectedAround(history: History, cal: Calendar, date: string, origin: string, field: Field) {
  const around = [-14, -7, 7, 14]
    .map((k) => addDays(date, k))
    .filter((d) => d <= origin && specialOf(cal, d) === null)
    .map((d) => history.get(d))
    .filter((d): d is DayActuals => d !== undefined);
  if (around.length === 0) return null;
  const expected = around.reduce((s, d) => s + total(d[field]), 0) / around.length;
  return expected > 0 ? expected : null;
}

export interface HolidayEffect {
  /** Multiplier of the holiday's day, as the history shows it (1: no effect seen, or no history). */
  factor: number;
  /** How many past holidays it was learnt from. */
  seen: number;
  /** The holiday's own hour shape (shares of its day), where the history has it: Nochebuena's closed dinner. */
  shape: Float64Array | null;
}

/** One sighting of a holiday carries its noise too: its own ratio is shrunk toward 1 by n / (n + 0.2). */
const OWN_SHRINK = 0.2;
/** The mean of other holidays says less about this one: shrunk by n / (n + 2). */
const ALL_SHRINK = 2;

/**
 * The effect of a holiday named `name` on its day, learnt from the holidays in the history up to
 * the origin: each one's actual day against the mean of the same weekday one and two weeks
 * around it. The same holiday's own ratios and hour shape when the history has it, else the mean
 * of all holidays' ratios, shrunk toward 1 by the few it rests on. Days it was closed are
 * closures (closureOf), not effects, and are left out here.
 */
export function holidayEffect(
  history: History,
  cal: Calendar,
  name: string,
  origin: string,
  field: Field,
): HolidayEffect {
  const own: number[] = [];
  const all: number[] = [];
  const shape = new Float64Array(BUSINESS_HOURS);
  for (const [date, day] of history) {
    if (date > origin) continue;
    const holiday = specialOf(cal, date);
    if (holiday === null) continue;
    const sold = total(day[field]);
    if (sold <= 0) continue;
    const expected = expectedAround(history, cal, date, origin, field);
    if (expected === null) continue;
    const ratio = sold / expected;
    all.push(ratio);
    if (holiday === name) {
      own.push(ratio);
      for (let h = 0; h < BUSINESS_HOURS; h++) shape[h] += day[field][h] / sold;
    }
  }
  const mean = (xs: number[]) => total(xs) / xs.length;
  if (own.length)
    return {
      factor: 1 + ((mean(own) - 1) * own.length) / (own.length + OWN_SHRINK),
      seen: own.length,
      shape: shape.map((v) => v / own.length),
    };
  if (all.length)
    return { factor: 1 + ((mean(all) - 1) * all.length) / (all.length + ALL_SHRINK), seen: all.length, shape: null };
  return { factor: 1, seen: 0, shape: null };
}
