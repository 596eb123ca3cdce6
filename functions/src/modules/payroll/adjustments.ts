import { componentPay } from './overtime';
import type { LateRecordLine } from './late-records';
import type { LeaveReturnedLine } from './leave-pay';
import type { WeekPay } from './pay';

/**
 * Prior-period adjustments: pure, no I/O.
 *
 * A closed pay period is never rewritten: its report is frozen when the clerk closes it, and what
 * it paid is paid. But a workweek can straddle the period's end, and the period is closed on pay
 * day while that week is still being worked. The closed side was then priced at the regular rate
 * of the days known at the close; once the week completes, its regular rate is the weighted
 * average of all its straight-time earnings over all its hours (29 CFR 778.115, checked
 * 2026-12-02 at https://www.ecfr.gov/current/title-29/subtitle-B/chapter-V/subchapter-B/part-778/subpart-C/section-778.115),
 * and overtime for the week is due with the pay of the period in which the week ends (29 CFR
 * 778.106, checked 2026-12-02 at https://www.ecfr.gov/current/title-29/subtitle-B/chapter-V/subchapter-B/part-778/subpart-B/section-778.106).
 * So the period holding the week's end carries a **prior-period adjustment** line: the closed
 * side's hours priced again at the whole week's regular rate (regular, overtime and double time,
 * as `periodPay` prices them) minus what the frozen report paid for that week. The premiums of the
 * closed days of the week that were priced at the regular rate (the California meal-period
 * premium, one hour "at the employee's regular rate of compensation", Labor Code 226.7(c); the
 * fair-workweek premiums counted in hours) are priced again the same way and their difference
 * added: a premium is recognised as rate-priced when its frozen amount is its hours at the frozen
 * regular rate of the week.
 *
 * The two sides then add up to what the whole week owes: the closed period's frozen pay + the
 * adjustment = the closed side at the final regular rate, and the open period prices its own side
 * at that rate too. The adjustment is negative only when the days after the close were at lower
 * rates than those before, lowering the weighted regular rate: the week as a whole still pays at
 * least its straight time plus half the final regular rate for each overtime hour (what 778.115
 * owes), the negative line only stops the week being paid twice at the higher rate.
 */

/** A line of a report row's `adjustments`: a straddling week's true-up, a late POS record (late-records.ts), or paid time off cancelled after its period closed (leave-returns.ts). */
export type AdjustmentLine = PriorPeriodLine | LateRecordLine | LeaveReturnedLine;

export interface PriorPeriodLine {
  kind: 'priorPeriod';
  /** straddle: the week straddles the closed period's end; hoursElsewhere: it lies in the closed period and the hours at the employer's other locations changed since */
  cause: 'straddle' | 'hoursElsewhere';
  /** the workweek */
  weekStart: string;
  weekEnd: string;
  /** the closed period that paid the first part of it */
  closedPeriodStart: string;
  closedPeriodEnd: string;
  /** worked minutes of the week in the closed period */
  minutes: number;
  /** minor units per hour, 2 decimals: the rate the closed report used, null when it paid nothing for the week */
  paidRegularRate: number | null;
  /** minor units per hour, 2 decimals: the whole week's */
  regularRate: number;
  /** minor units: what the closed report paid for the week's hours, and what they are owed now */
  paid: number;
  owed: number;
  /** minor units: the rate-priced premiums of the closed days of the week, as paid and as owed */
  premiumsPaid: number;
  premiumsOwed: number;
  amount: number;
  /** the arithmetic, for the clerk and the wage statement */
  reason: string;
}

/** A workweek as a frozen report stored it (its money fields were never withheld there). */
export type PaidWeek = { [K in keyof Omit<WeekPay, 'acrossLocations'>]: WeekPay[K] | null } & {
  acrossLocations?: unknown;
};

const hourPay = (w: Pick<PaidWeek, 'regularPay' | 'overtimePay' | 'doubleTimePay'> | undefined) =>
  w ? (w.regularPay ?? 0) + (w.overtimePay ?? 0) + (w.doubleTimePay ?? 0) : 0;

const hours = (minutes: number) => (minutes / 60).toFixed(2);

/**
 * The adjustment for one employee and one straddling workweek, or null when nothing is owed
 * either way. `owed`: the closed side of the week priced now (`periodPay` over the closed days of
 * the week), `paid`: the frozen report's entry for the week (undefined when it had none).
 * `money` formats minor units for the reason text.
 */
export interface PaidPremium {
  date: string;
  hours: number | null;
  amount: number | null;
}

/** The premiums of the closed days of the week priced at the frozen regular rate, as paid and priced at the final one. */
function premiumTrueUp(
  premiums: readonly PaidPremium[],
  days: { from: string; to: string },
  paidRate: number | null,
  owedRate: number,
): { paid: number; owed: number; count: number } {
  const out = { paid: 0, owed: 0, count: 0 };
  if (paidRate === null) return out;
  for (const p of premiums) {
    if (p.date < days.from || p.date > days.to || p.hours === null || p.amount === null) continue;
    if (p.amount !== componentPay(p.hours * 60, paidRate)) continue; // a fixed amount (NYC), not rate-priced
    out.paid += p.amount;
    out.owed += componentPay(p.hours * 60, owedRate);
    out.count++;
  }
  return out;
}

export function priorPeriodAdjustment(args: {
  week: { start: string; end: string };
  closed: { startDate: string; endDate: string };
  owed: WeekPay | undefined;
  paid: PaidWeek | undefined;
  /** the frozen report's premium lines of the employee */
  paidPremiums?: readonly PaidPremium[];
  money: (minor: number) => string;
  /** a week of the closed period whose hours elsewhere changed: the employer's minutes of the week as paid and now */
  elsewhereChange?: { paidMinutes: number; owedMinutes: number };
}): PriorPeriodLine | null {
  const { week, closed, owed, paid, money, elsewhereChange } = args;
  if (!owed) return null;
  const owedPay = hourPay(owed);
  const paidPay = hourPay(paid);
  const premiums = premiumTrueUp(
    args.paidPremiums ?? [],
    { from: week.start, to: closed.endDate },
    paid?.regularRate ?? null,
    owed.regularRate,
  );
  const amount = owedPay - paidPay + premiums.owed - premiums.paid;
  if (amount === 0) return null;
  const minutes = owed.regularMinutes + owed.overtimeMinutes + owed.doubleTimeMinutes;
  const rate = (r: number) => money(Math.round(r)) + (Number.isInteger(r) ? '' : ` (${(r / 100).toFixed(4)})`);
  const split = [
    owed.regularMinutes ? `${hours(owed.regularMinutes)} h regular` : '',
    owed.overtimeMinutes ? `${hours(owed.overtimeMinutes)} h overtime` : '',
    owed.doubleTimeMinutes ? `${hours(owed.doubleTimeMinutes)} h double time` : '',
  ].filter(Boolean);
  const reason =
    `Workweek ${week.start} to ${week.end}: its ${hours(minutes)} h in the closed period ` +
    `${closed.startDate} to ${closed.endDate} were paid ${money(paidPay)}` +
    (paid?.regularRate != null ? ` at a regular rate of ${rate(paid.regularRate)}` : '') +
    `; the whole week's regular rate is ${money(owed.straightTimePay)} / ${hours(owed.workedMinutes)} h = ` +
    `${rate(owed.regularRate)} (29 CFR 778.115), so they are owed ${money(owedPay)} (${split.join(', ')}); ` +
    (premiums.count
      ? `${premiums.count} premium(s) of those days priced at the regular rate were paid ${money(premiums.paid)}, owed ${money(premiums.owed)}; `
      : '') +
    (elsewhereChange
      ? `adjustment ${money(amount)}: the week's hours over the employer's locations changed after the close, from ` +
        `${hours(elsewhereChange.paidMinutes)} h to ${hours(elsewhereChange.owedMinutes)} h (29 CFR 778.103: all hours ` +
        `worked for the employer in the workweek count); the closed period stays as paid`
      : `adjustment ${money(amount)}, paid with the period in which the week ends (29 CFR 778.106)`);
  return {
    kind: 'priorPeriod',
    cause: elsewhereChange ? 'hoursElsewhere' : 'straddle',
    weekStart: week.start,
    weekEnd: week.end,
    closedPeriodStart: closed.startDate,
    closedPeriodEnd: closed.endDate,
    minutes,
    paidRegularRate: paid?.regularRate ?? null,
    regularRate: owed.regularRate,
    paid: paidPay,
    owed: owedPay,
    premiumsPaid: premiums.paid,
    premiumsOwed: premiums.owed,
    amount,
    reason,
  };
}
