import { datesInRange } from '../../core/calendar';
import { payRulesFor, type LawLocation, type PayRuleKind, type PlacePayRule } from '../compliance';
import { workedIn } from './meal-periods';
import {
  MS_PER_MINUTE,
  componentPay,
  dayStarts,
  paidParts,
  type CalendarInput,
  type Interval,
  type WorkedSpan,
} from './overtime';

/**
 * Pay rules by place, per workday: pure, no I/O. The figures, their dates and their sources are the
 * compliance module's packs (compliance/packs/pay.ts), chosen by the company's location for law and
 * each workday's date. The workday is the business day; its worked time the paid parts of the
 * employee's spans inside it (as for the California meal premium, meal-periods.ts).
 *
 * - splitShift (California): an unpaid gap of more than `minGapMinutes` between worked parts of the
 *   day owes `premiumHours` at the minimum wage, less what the day's straight-time wages paid above
 *   the minimum wage for its hours (the Labor Commissioner's example: 6 hours at $12 against
 *   6 x $11 + $11 owes $5).
 * - reportingTime (California): a day whose work is linked to scheduled shifts and is less than
 *   `fraction` of their scheduled time owes pay for that fraction of it, at least `minHours` and at
 *   most `maxHours`, at the regular rate; the hours worked count toward it, the rest is the premium.
 * - spreadOfHours (New York): a day whose first start to last end exceeds `overMinutes` owes
 *   `premiumHours` at the basic minimum hourly rate.
 * - callIn (New York): a day the employee reported for `n` shifts (punches) and worked less than
 *   `minimumHours[n - 1]` (the last entry for more) owes the hours not worked at the basic minimum
 *   hourly rate; the regularly scheduled shift that can lower it is not modelled (it owes the more).
 * - restBreak (California, Washington, Oregon, Colorado): only where the company records rest
 *   breaks on punches (payroll setting `restBreaksRecorded`): the recorded rest breaks of at least
 *   `minBreakMinutes` against those the day's worked time requires; a day missing one owes the
 *   state's premium (none in Oregon).
 *
 * Premiums are not pay for hours worked: they stay out of the regular rate (pay.ts).
 */

export type PlacePremiumKind = Exclude<PayRuleKind, 'minimumWage'>;
export const PLACE_PREMIUM_KINDS = ['splitShift', 'reportingTime', 'spreadOfHours', 'restBreak', 'callIn'] as const;

/** A worked span at its rate (minor units per hour). */
export type PricedSpan = WorkedSpan & { rate: number; shiftId?: string | null; restBreaks?: Interval[] };

export interface PlacePremiumInput {
  spans: PricedSpan[];
  range: { start: string; end: string };
  cal: Pick<CalendarInput, 'timezone' | 'dayChangeTime'>;
  /** The pay rules in force on a date (compliance's payRulesFor at the company's location). */
  rulesOn: (date: string) => Partial<{ [K in PayRuleKind]: PlacePayRule<K> }>;
  /** The regular rate of the workweek holding a date, minor units per hour. */
  regularRateOn: (date: string) => number;
  /** The scheduled minutes of a published shift, null when unknown. */
  scheduledMinutesOf: (shiftId: string) => number | null;
  /** Whether rest breaks are recorded on punches (the rest-break rules apply only then). */
  restBreaksRecorded: boolean;
}

export interface PlacePremium {
  kind: PlacePremiumKind;
  date: string;
  shiftId: string | null;
  reason: string;
  /** Hours of the regular rate it is worth, when priced that way. */
  hours: number | null;
  amount: number;
}

const minutesOf = (i: Interval) => (i.endMs - i.startMs) / MS_PER_MINUTE;
const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;
const hoursText = (minutes: number) => `${Math.round((minutes / 60) * 100) / 100} h`;

/** The rest breaks required after `worked` minutes by the rule's table. */
export function restBreaksRequired(required: readonly { atLeastMinutes: number; breaks: number }[], worked: number) {
  let n = 0;
  for (const step of required) if (worked >= step.atLeastMinutes) n = Math.max(n, step.breaks);
  return n;
}

type RestRule = Pick<PlacePayRule<'restBreak'>, 'required' | 'minBreakMinutes'>;

/** A workday's rest breaks: those its worked minutes require, and those recorded of the minimum length starting inside it. */
function restBreakCount(
  spans: readonly { restBreaks?: Interval[] }[],
  rule: RestRule,
  workedMinutes: number,
  [dayStart, dayEnd]: number[],
) {
  const required = restBreaksRequired(rule.required, workedMinutes);
  const taken = spans
    .flatMap((s) => s.restBreaks ?? [])
    .filter((b) => b.startMs >= dayStart && b.startMs < dayEnd && minutesOf(b) >= rule.minBreakMinutes).length;
  return { required, taken };
}

export interface MissedRestBreakDay {
  date: string;
  rule: PlacePayRule<'restBreak'>;
  required: number;
  taken: number;
  workedMinutes: number;
}

/**
 * The workdays of `dates` that miss a rest break the place's rule requires, counted as payroll
 * counts them for its premium (the timesheets' missed_rest_break), whether or not the rule owes a
 * premium (Oregon's owes none). Only for a company that records rest breaks on punches.
 */
export function missedRestBreakDays(
  spans: readonly (WorkedSpan & { restBreaks?: Interval[] })[],
  dates: readonly string[],
  cal: Pick<CalendarInput, 'timezone' | 'dayChangeTime'>,
  rulesOn: PlacePremiumInput['rulesOn'],
): MissedRestBreakDay[] {
  const out: MissedRestBreakDay[] = [];
  for (const date of dates) {
    const rule = rulesOn(date).restBreak;
    if (!rule) continue;
    const worked = workedIn(spans as WorkedSpan[], date, cal);
    if (!worked.length) continue;
    const workedMinutes = worked.reduce((s, i) => s + minutesOf(i), 0);
    const { required, taken } = restBreakCount(spans, rule, workedMinutes, dayStarts([date], cal));
    if (taken < required) out.push({ date, rule, required, taken, workedMinutes });
  }
  return out;
}

/** The place premiums of one employee's days in the range, in date order. */
export function placePremiums(input: PlacePremiumInput): PlacePremium[] {
  const out: PlacePremium[] = [];
  for (const date of datesInRange(input.range.start, input.range.end)) {
    const rules = input.rulesOn(date);
    if (!rules.splitShift && !rules.reportingTime && !rules.spreadOfHours && !rules.restBreak && !rules.callIn)
      continue;
    const worked = workedIn(input.spans, date, input.cal);
    if (!worked.length) continue;
    const [dayStart, dayEnd] = dayStarts([date], input.cal);
    const workedMinutes = worked.reduce((s, i) => s + minutesOf(i), 0);
    const minimumWage = rules.minimumWage?.hourlyMinor ?? null;

    const split = rules.splitShift;
    if (split && minimumWage !== null) {
      const gaps = worked.slice(1).map((i, k) => (i.startMs - worked[k].endMs) / MS_PER_MINUTE);
      const longest = Math.max(0, ...gaps);
      if (longest > split.minGapMinutes) {
        const wages = dayWages(input.spans, dayStart, dayEnd);
        const floor = componentPay(workedMinutes + split.premiumHours * 60, minimumWage);
        const amount = Math.max(0, floor - wages);
        if (amount > 0)
          out.push({
            kind: 'splitShift',
            date,
            shiftId: null,
            reason: `${split.packLabel}: split shift (an unpaid gap of ${hoursText(longest)}): ${split.premiumHours} h at the minimum wage ${money(minimumWage)} on top of ${hoursText(workedMinutes)} worked is ${money(floor)}, the day's wages ${money(wages)}`,
            hours: null,
            amount,
          });
      }
    }

    const reporting = rules.reportingTime;
    if (reporting) {
      const shiftIds = [
        ...new Set(
          input.spans
            .filter((s) => s.shiftId && s.startMs < dayEnd && s.endMs > dayStart)
            .map((s) => s.shiftId as string),
        ),
      ];
      const scheduled = shiftIds.reduce((s, id) => s + (input.scheduledMinutesOf(id) ?? 0), 0);
      if (scheduled > 0 && workedMinutes < scheduled * reporting.fraction) {
        const owed = Math.min(
          reporting.maxHours * 60,
          Math.max(reporting.minHours * 60, scheduled * reporting.fraction),
        );
        const premiumMinutes = Math.round(owed - workedMinutes);
        if (premiumMinutes > 0)
          out.push({
            kind: 'reportingTime',
            date,
            shiftId: shiftIds[0] ?? null,
            reason: `${reporting.packLabel}: reporting time (worked ${hoursText(workedMinutes)} of ${hoursText(scheduled)} scheduled): paid for ${hoursText(owed)}, ${hoursText(premiumMinutes)} more at the regular rate`,
            hours: premiumMinutes / 60,
            amount: componentPay(premiumMinutes, input.regularRateOn(date)),
          });
      }
    }

    const spread = rules.spreadOfHours;
    if (spread && minimumWage !== null) {
      const spreadMinutes = (worked[worked.length - 1].endMs - worked[0].startMs) / MS_PER_MINUTE;
      if (spreadMinutes > spread.overMinutes)
        out.push({
          kind: 'spreadOfHours',
          date,
          shiftId: null,
          reason: `${spread.packLabel}: spread of hours ${hoursText(spreadMinutes)} (over ${hoursText(spread.overMinutes)}): ${spread.premiumHours} h at the basic minimum rate ${money(minimumWage)}`,
          hours: null,
          amount: componentPay(spread.premiumHours * 60, minimumWage),
        });
    }

    const callIn = rules.callIn;
    if (callIn && minimumWage !== null) {
      const shifts = input.spans.filter((s) => s.startMs < dayEnd && s.endMs > dayStart).length;
      const minimumMinutes = callIn.minimumHours[Math.min(shifts, callIn.minimumHours.length) - 1] * 60;
      const balance = Math.round(minimumMinutes - workedMinutes);
      if (balance > 0)
        out.push({
          kind: 'callIn',
          date,
          shiftId: null,
          reason: `${callIn.packLabel}: call-in pay (${shifts} shift${shifts === 1 ? '' : 's'}, ${hoursText(workedMinutes)} worked of at least ${hoursText(minimumMinutes)}): ${hoursText(balance)} at the basic minimum rate ${money(minimumWage)}`,
          hours: null,
          amount: componentPay(balance, minimumWage),
        });
    }

    const rest = rules.restBreak;
    if (rest && rest.premium && input.restBreaksRecorded) {
      const { required, taken } = restBreakCount(input.spans, rest, workedMinutes, [dayStart, dayEnd]);
      const missed = required - taken;
      if (missed > 0) {
        const minutes = rest.premium.kind === 'hoursPerDay' ? rest.premium.hours * 60 : missed * rest.premium.minutes;
        out.push({
          kind: 'restBreak',
          date,
          shiftId: null,
          reason: `${rest.packLabel}: ${taken} of ${required} rest breaks of ${rest.minBreakMinutes} minutes recorded for ${hoursText(workedMinutes)} worked: ${hoursText(minutes)} at the regular rate`,
          hours: minutes / 60,
          amount: componentPay(minutes, input.regularRateOn(date)),
        });
      }
    }
  }
  return out;
}

/** The straight-time wages of the paid time inside [from, to), each span at its rate. */
function dayWages(spans: PricedSpan[], from: number, to: number): number {
  let exact = 0;
  for (const s of spans)
    for (const part of paidParts(s)) {
      const minutes = (Math.min(part.endMs, to) - Math.max(part.startMs, from)) / MS_PER_MINUTE;
      if (minutes > 0) exact += (minutes * s.rate) / 60;
    }
  return Math.round(exact);
}

/** The pay rules by place at the company's location for law, memoised by date; null without a location. */
export function placeRulesOf(location: LawLocation | null): PlacePremiumInput['rulesOn'] | null {
  if (!location) return null;
  const byDate = new Map<string, ReturnType<PlacePremiumInput['rulesOn']>>();
  return (date) => {
    let rules = byDate.get(date);
    if (!rules) byDate.set(date, (rules = payRulesFor(location, date)));
    return rules;
  };
}
