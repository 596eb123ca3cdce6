import { addDays, weekStart } from '../../core/calendar';
import type { PoolPeriod } from './schemas';

/**
 * The ledger's rules: pure, no I/O. A distributed period's entries are immutable once it is
 * locked; when what the period would pay changes afterwards (a sale, a punch, the pool's rules),
 * the difference per employee is paid as an adjustment entry in the next open period of the
 * pool, so that what was paid for the locked period plus its adjustments is what it pays now.
 */

export interface PaidLine {
  employeeId: string;
  contributed: number;
  share: number;
}

/** Per employee, what is still owed on a locked period: fresh - paid (shares and contributions), non-zero ones, by id. */
export function adjustmentsFor(paid: readonly PaidLine[], fresh: readonly PaidLine[]): PaidLine[] {
  const sum = new Map<string, { contributed: number; share: number }>();
  const add = (l: PaidLine, sign: 1 | -1) => {
    const s = sum.get(l.employeeId) ?? { contributed: 0, share: 0 };
    s.contributed += sign * l.contributed;
    s.share += sign * l.share;
    sum.set(l.employeeId, s);
  };
  for (const l of fresh) add(l, 1);
  for (const l of paid) add(l, -1);
  return [...sum]
    .filter(([, s]) => s.contributed !== 0 || s.share !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([employeeId, s]) => ({ employeeId, ...s }));
}

/** The business dates of a pool's period starting on `start`, or null when `start` starts none (a daypart or a shift is of one date). */
export function periodOf(
  period: PoolPeriod,
  start: string,
  weekStartingDay: number,
): { start: string; end: string } | null {
  if (period !== 'week') return { start, end: start };
  if (weekStart(start, weekStartingDay) !== start) return null;
  return { start, end: addDays(start, 6) };
}

/** The start of the period after the one starting on `start`. */
export const nextPeriodStart = (period: PoolPeriod, start: string): string => addDays(start, period === 'week' ? 7 : 1);

/** The last business date of the period starting on `start` (a week's seventh; the date itself otherwise). */
export const periodEnd = (period: PoolPeriod, start: string): string => (period === 'week' ? addDays(start, 6) : start);
