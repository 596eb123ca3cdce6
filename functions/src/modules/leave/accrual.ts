import { addDays, payPeriodOf, type PayFrequency } from '../../core/calendar';
import type { Accrual, YearStart } from './schemas';

/**
 * Accrual rules (pure, no storage; `through` and dates as parameters). Leave is counted in integer
 * minutes: 1 h per 30 h worked is one minute of leave per 30 minutes worked, rounded down on the
 * year's total (so the remainder of one punch is carried by the next, never lost).
 */

/** Minutes of leave earned by `workedMinutes` at 1 h per `hoursWorkedPerHour` h. */
export const accruedFromWorked = (workedMinutes: number, hoursWorkedPerHour: number): number =>
  Math.floor(workedMinutes / hoursWorkedPerHour);

/** A leave year: [start, end) business dates. */
export interface LeaveYear {
  start: string;
  /** The first date of the next year (exclusive end). */
  end: string;
}

const yearOf = (y: number, monthDay: string): string => `${String(y).padStart(4, '0')}-${monthDay}`;

/** The month-day a year starts on: January 1st, a fixed date, or the hire date's anniversary (February 29th hires on March 1st). */
export function yearStartMonthDay(ys: YearStart, hireDate: string | null): string {
  if (ys.kind === 'fixed') return ys.monthDay;
  if (ys.kind === 'hireDate' && hireDate) {
    const md = hireDate.slice(5);
    return md === '02-29' ? '03-01' : md;
  }
  return '01-01';
}

/** The leave year holding `date`. */
export function leaveYearOf(date: string, ys: YearStart, hireDate: string | null): LeaveYear {
  const md = yearStartMonthDay(ys, hireDate);
  const y = Number(date.slice(0, 4));
  const start = date >= yearOf(y, md) ? yearOf(y, md) : yearOf(y - 1, md);
  return { start, end: yearOf(Number(start.slice(0, 4)) + 1, md) };
}

/** The pay periods of `frequency` whose last day falls in [from, through] (accrual per pay period counts each at its close). */
export function periodsEnded(
  from: string,
  through: string,
  frequency: PayFrequency,
  payrollStartingDay: number,
  anchor?: string,
): { start: string; end: string }[] {
  const out: { start: string; end: string }[] = [];
  if (through < from) return out;
  let p = payPeriodOf(from, { payrollStartingDay }, frequency, anchor);
  while (p.end <= through) {
    if (p.end >= from) out.push(p);
    p = payPeriodOf(addDays(p.end, 1), { payrollStartingDay }, frequency, anchor);
  }
  return out;
}

/** What a year accrues by its rule, capped by the annual accrual cap: minutes worked (perHoursWorked) or periods ended (perPayPeriod); front-loaded years are granted, not accrued (0). */
export function yearAccrualTarget(
  accrual: Accrual,
  annualCap: number | null,
  earned: { workedMinutes: number; periodsEnded: number },
): number {
  let minutes = 0;
  if (accrual.method === 'perHoursWorked')
    minutes = accruedFromWorked(earned.workedMinutes, accrual.hoursWorkedPerHour);
  else if (accrual.method === 'perPayPeriod') minutes = earned.periodsEnded * accrual.minutesPerPeriod;
  return annualCap === null ? minutes : Math.min(minutes, annualCap);
}

/**
 * The accrual entry that brings a year's accruals from `accruedSoFar` to `target`: its minutes
 * (0: nothing to write). An increase stops at the balance cap (the balance never accrues past
 * it); a decrease (a punch edited or deleted after it accrued) is always written, as a correction.
 */
export function accrualCorrection({
  target,
  accruedSoFar,
  balance,
  balanceCap,
}: {
  target: number;
  accruedSoFar: number;
  balance: number;
  balanceCap: number | null;
}): number {
  const delta = target - accruedSoFar;
  if (delta <= 0 || balanceCap === null) return delta;
  return Math.max(0, Math.min(delta, balanceCap - balance));
}

/** At a year's end: what carries over (the balance up to the carryover cap) and what is forfeited (a negative balance carries as it is). */
export function yearEnd(balance: number, carryoverCap: number | null): { carried: number; forfeited: number } {
  if (balance <= 0 || carryoverCap === null || balance <= carryoverCap) return { carried: balance, forfeited: 0 };
  return { carried: carryoverCap, forfeited: balance - carryoverCap };
}
