import {
  changePremium,
  classifyChange,
  type Interval,
  type Jurisdiction,
} from '../../../../src/modules/schedule/fair-workweek';

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;
export const T0 = Date.UTC(2026, 5, 1, 12); // the moment of the change
/** A shift starting `inMs` after the change, lasting `hours`. */
export const at = (inMs: number, hours: number): Interval => ({ startMs: T0 + inMs, endMs: T0 + inMs + hours * HOUR });

/** The premium owed for changing `before` into `after` at T0. */
export const premium = (j: Jurisdiction, before: Interval | null, after: Interval | null) => {
  const change = classifyChange(before, after, T0);
  return change && changePremium(j, change);
};
