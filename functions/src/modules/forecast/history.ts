/** The history a forecast learns from, and the calendar it knows (pure types and helpers). */

/** A business day's actuals: per business hour (0..47), sales in minor units and covers. */
export interface DayActuals {
  sales: Float64Array;
  covers: Float64Array;
}

/** Business date (YYYY-MM-DD) -> actuals. A date absent is a day without data (closed, or before the history). */
export type History = Map<string, DayActuals>;

export type Field = keyof DayActuals;

/** A day the company declared ahead (forecast module's special days): closed, or special under a name. */
export interface DeclaredDay {
  kind: 'closed' | 'special';
  name: string;
  /** A special day's multiplier when the company gives one (null: learnt like a holiday of that name). */
  factor: number | null;
}

/**
 * What a forecast knows besides the history: which dates are public holidays or observances
 * (date -> name), and the days the company declared (closures, special days).
 */
export interface Calendar {
  holidayOf: (date: string) => string | null;
  declaredOf?: (date: string) => DeclaredDay | null;
}

/** The holiday or the declared special day of a date (a declared special day's name first). */
export function specialOf(cal: Calendar, date: string): string | null {
  const declared = cal.declaredOf?.(date);
  if (declared?.kind === 'special') return declared.name;
  return cal.holidayOf(date);
}

export const total = (v: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i];
  return s;
};
