import { largestRemainder } from '../../core/rounding';
import type { WeekPay } from './pay';

/**
 * Pay elements in the regular rate: pure, no I/O.
 *
 * A pay element is money owed on top of the hours: a bonus (attendance, productivity, referral,
 * discretionary), a shift differential paid as a lump, the tip-credit make-up. Each is a dated
 * entry (paid in the pay period holding its `date`) with the span it was earned in
 * (`earnedFrom`..`earnedTo`).
 *
 * - **Non-discretionary** elements are part of the regular rate of the workweeks they cover
 *   (29 CFR 778.208-778.210: bonuses announced to induce work, attendance and production bonuses
 *   must be included; checked 2026-12-02 at
 *   https://www.ecfr.gov/current/title-29/subtitle-B/chapter-V/subchapter-B/part-778/subpart-C).
 *   When one covers several workweeks and is paid later, the extra overtime it owes is found by
 *   allocating it over the workweeks it was earned in (778.209(a)); where it cannot be tied to
 *   particular weeks, "equal amounts to each hour worked" is a reasonable and equitable method
 *   (778.209(b)), the one used here: the element adds amount / (worked hours of the covered
 *   workweeks) to the regular rate of each of them, and each week's overtime and double-time hours
 *   owe that increase times (multiplier - 1) more: "additional overtime compensation" on the
 *   bonus, paid with it. The covered workweeks are the whole workweeks holding the earned span.
 * - **Discretionary** bonuses (778.211: the employer keeps discretion over whether and how much until
 *   near the end of the period, not paid under a prior promise) are excluded: paid as they are.
 *   The kinds that are pay for the work itself (attendance, productivity, shift differential,
 *   tip-credit make-up) can never be discretionary (the schema refuses it).
 *
 * The per-week figures are rounded by largest remainder (core/rounding.ts): the shares add up to the
 * amount and the per-week premiums to the overtime on the element rounded once.
 */

export interface PayElementInput {
  id: string;
  kind: string;
  discretionary: boolean;
  amountMinor: number;
  date: string;
  earnedFrom: string;
  earnedTo: string;
}

export interface PayElementWeek {
  weekStart: string;
  workedMinutes: number;
  overtimeMinutes: number;
  doubleTimeMinutes: number;
  /** the part of the amount allocated to the week, minor units */
  share: number;
  /** the extra overtime and double time the share owes, minor units */
  premium: number;
}

export interface PayElementLine {
  id: string;
  kind: string;
  discretionary: boolean;
  date: string;
  earnedFrom: string;
  earnedTo: string;
  amount: number;
  /** minor units per hour, 2 decimals: what it adds to the regular rate of each covered week (0 when discretionary) */
  regularRateIncrease: number;
  overtimeOnElement: number;
  weeks: PayElementWeek[];
  reason: string;
}

const hours = (minutes: number) => (minutes / 60).toFixed(2);

/**
 * The line of one element. `weeks`: the covered workweeks as `periodPay` priced them over their
 * whole weeks (worked minutes and the overtime / double-time split), `multipliers` the rule set's.
 */
export function payElementLine(
  element: PayElementInput,
  weeks: Pick<WeekPay, 'weekStart' | 'workedMinutes' | 'overtimeMinutes' | 'doubleTimeMinutes'>[],
  multipliers: { overtime: number; doubleTime: number },
  money: (minor: number) => string,
): PayElementLine {
  const base = {
    id: element.id,
    kind: element.kind,
    discretionary: element.discretionary,
    date: element.date,
    earnedFrom: element.earnedFrom,
    earnedTo: element.earnedTo,
    amount: element.amountMinor,
  };
  const worked = weeks.reduce((s, w) => s + w.workedMinutes, 0);
  if (element.discretionary || worked === 0) {
    return {
      ...base,
      regularRateIncrease: 0,
      overtimeOnElement: 0,
      weeks: [],
      reason: element.discretionary
        ? `${money(element.amountMinor)} discretionary: excluded from the regular rate (29 CFR 778.211)`
        : `${money(element.amountMinor)}: no hours worked in the workweeks of ${element.earnedFrom} to ${element.earnedTo}, no overtime on it`,
    };
  }
  // shares per hour worked (778.209(b)); amounts in exact fractions of minor units: amount x minutes / worked
  const shares = largestRemainder(
    weeks.map((w) => element.amountMinor * w.workedMinutes),
    worked,
  );
  const increase = (element.amountMinor * 60) / worked; // minor units per hour, exact
  // premium of week w: (OT x (m - 1) + DT x (d - 1)) x increase / 60 = amount x (OT (m-1) + DT (d-1)) / worked
  const premiumMinutes = weeks.map(
    (w) => w.overtimeMinutes * (multipliers.overtime - 1) + w.doubleTimeMinutes * (multipliers.doubleTime - 1),
  );
  // multipliers are 1.5 and 2 (or a configured FLSA multiplier): scale by 100 to keep integers
  const premiums = largestRemainder(
    premiumMinutes.map((m) => Math.round(element.amountMinor * m * 100)),
    worked * 100,
  );
  const overtimeOnElement = premiums.reduce((s, p) => s + p, 0);
  const overtime = weeks.reduce((s, w) => s + w.overtimeMinutes, 0);
  const doubleTime = weeks.reduce((s, w) => s + w.doubleTimeMinutes, 0);
  return {
    ...base,
    regularRateIncrease: Math.round(increase * 100) / 100,
    overtimeOnElement,
    weeks: weeks.map((w, i) => ({
      weekStart: w.weekStart,
      workedMinutes: w.workedMinutes,
      overtimeMinutes: w.overtimeMinutes,
      doubleTimeMinutes: w.doubleTimeMinutes,
      share: shares[i],
      premium: premiums[i],
    })),
    reason:
      `${money(element.amountMinor)} non-discretionary, earned ${element.earnedFrom} to ${element.earnedTo}: ` +
      `allocated over the ${hours(worked)} h worked in its ${weeks.length} workweek(s) (29 CFR 778.209), ` +
      `${money(Math.round(increase))}${Number.isInteger(increase) ? '' : ` (${(increase / 100).toFixed(4)})`} more per hour in the regular rate; ` +
      `${hours(overtime)} h overtime${doubleTime ? ` and ${hours(doubleTime)} h double time` : ''} owe ${money(overtimeOnElement)} more`,
  };
}
