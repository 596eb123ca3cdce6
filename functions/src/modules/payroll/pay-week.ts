/** The shapes of a workweek's pay and its itemised lines, shared by pay.ts and employer-week.ts: pure, no I/O. */
import { apportionTo } from '../../core/rounding';
import type { WorkedSpan } from './overtime';
import type { RateSource } from './rates';

export interface RatedSpan extends WorkedSpan {
  /** the location it was worked at, for spans of several locations (employer-week.ts); absent: the report's own */
  locationId?: string;
  positionId: string | null;
  /** minor units per hour */
  rate: number;
  rateSource: RateSource;
}

export interface PayLine {
  positionId: string | null;
  rateSource: RateSource;
  /** minor units per hour */
  rate: number;
  minutes: number;
  straightTimePay: number;
}

export interface WeekPay {
  weekStart: string;
  /** the whole workweek, inside the period or not */
  workedMinutes: number;
  straightTimePay: number;
  /** minor units per hour, 2 decimals */
  regularRate: number;
  /** the period's part of the workweek */
  regularMinutes: number;
  overtimeMinutes: number;
  doubleTimeMinutes: number;
  regularPay: number;
  overtimePay: number;
  doubleTimePay: number;
  /** what overtime and double time add above straight time (hours x (multiplier - 1) x regular rate) */
  premiumPortion: number;
  /** the week added over the employer's locations (employer-week.ts); absent: this location's minutes alone */
  acrossLocations?: WeekAcrossLocations;
}

/** What a location's report shows of a workweek figured over the employer's locations. */
export interface WeekAcrossLocations {
  /** every location's minutes of the week, none counted twice */
  workedMinutes: number;
  overtimeMinutes: number;
  doubleTimeMinutes: number;
  /** the whole week's premium portion, of which this location pays `premiumShare` */
  premium: number;
  /** this location's allocated overtime and double-time minutes of the whole week */
  overtimeShareMinutes: number;
  doubleTimeShareMinutes: number;
  premiumShare: number;
  /** the other locations: their name and minutes of the week */
  elsewhere: { location: string; workedMinutes: number }[];
}

/** The same person's work at the employer's other locations, rated at those locations' rates (report-elsewhere.ts). */
export interface WorkElsewhere {
  /** the report's own location */
  here: string;
  others: { locationId: string; locationName: string; spans: RatedSpan[] }[];
}

/**
 * One itemised line of a workweek's pay in the period: straight time at one rate, or the overtime
 * or double-time premium portion. A week's lines add up exactly to its regular + overtime +
 * double-time pay (largest remainder, rounding.ts).
 */
export interface EarningLine {
  kind: 'straightTime' | 'regularRate' | 'overtimePremium' | 'doubleTimePremium';
  weekStart: string;
  positionId: string | null;
  /** minor units per hour (2 decimals for the regular rate and the premiums) */
  rate: number;
  minutes: number;
  amount: number;
}

/** The key of a span's rate (and location): its minutes are counted per key. */
export const keyOf = (s: RatedSpan) =>
  `${s.locationId ? `${s.locationId}#` : ''}${s.rateSource}|${s.rate}|${s.positionId ?? ''}`;

export const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The itemised lines of one workweek's pay in the period. A week wholly inside the period: its
 * straight time per rate (minutes x rate) and the premium portions (overtime minutes x (overtime
 * rate - regular rate), likewise double time): the straight time + premium form of 29 CFR
 * 778.115 and the wage statement's "hourly rates in effect ... and the hours worked at each"
 * (California Labor Code 226(a)(9)). A week split by the period edge: its minutes here at the
 * week's regular rate (the position rates of the other side were paid, or will be, there), then the
 * premium portions. Rounded by largest remainder to add up exactly to the week's pay.
 */
export function weekEarnings(
  week: WeekPay,
  args: { straight: { line: PayLine; minutes: number }[] | null; overtimeRate: number; doubleTimeRate: number },
): EarningLine[] {
  const minutesHere = week.regularMinutes + week.overtimeMinutes + week.doubleTimeMinutes;
  const lines: Omit<EarningLine, 'amount'>[] = [];
  const exact: number[] = [];
  if (args.straight)
    for (const { line, minutes } of args.straight) {
      lines.push({
        kind: 'straightTime',
        weekStart: week.weekStart,
        positionId: line.positionId,
        rate: line.rate,
        minutes,
      });
      exact.push((minutes * line.rate) / 60);
    }
  else if (minutesHere) {
    lines.push({
      kind: 'regularRate',
      weekStart: week.weekStart,
      positionId: null,
      rate: week.regularRate,
      minutes: minutesHere,
    });
    exact.push((minutesHere * week.regularRate) / 60);
  }
  const premium = (kind: EarningLine['kind'], minutes: number, rate: number) => {
    if (!minutes) return;
    lines.push({ kind, weekStart: week.weekStart, positionId: null, rate: round2(rate), minutes });
    exact.push((minutes * rate) / 60);
  };
  premium('overtimePremium', week.overtimeMinutes, args.overtimeRate - week.regularRate);
  premium('doubleTimePremium', week.doubleTimeMinutes, args.doubleTimeRate - week.regularRate);
  const amounts = apportionTo(exact, week.regularPay + week.overtimePay + week.doubleTimePay);
  return lines.map((l, i) => ({ ...l, amount: amounts[i] }));
}

/** A week's straight-time lines of the period: its minutes per rate, most minutes first. */
export const straightLines = (periodMinutesOf: Map<string, number>, lineOf: Map<string, PayLine>) =>
  [...periodMinutesOf]
    .filter(([, minutes]) => minutes > 0)
    .map(([key, minutes]) => ({ line: lineOf.get(key)!, minutes }))
    .sort((a, b) => b.minutes - a.minutes || b.line.rate - a.line.rate);

/** minor units of an integer sum of minutes x rate, half up */
export const ofMinuteRates = (numerator: number) => Math.floor((2 * numerator + 60) / 120);
