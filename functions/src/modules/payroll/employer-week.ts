/**
 * Overtime of one workweek across an employer's locations: pure, no I/O.
 *
 * The law. "The Act takes a single workweek as its standard" and hours worked for one employer in
 * a workweek are added, wherever they were worked: 29 CFR 778.103 (single workweek standard) and
 * 29 CFR 791.2 (one employer: every location of one legal entity); an employee paid at two or more
 * rates in a workweek has one regular rate, the total of the week's straight-time earnings over
 * all its hours worked: 29 CFR 778.115 (eCFR, title 29, part 778, checked 2026-12-04).
 * California's daily overtime and double time are owed by the employer for the employee's
 * workday, whichever of its locations the hours were worked at (Labor Code 510(a): "any work in
 * excess of eight hours in one workday ... by an employee"; checked 2026-12-04): the combined week
 * is classified under the report location's rule set, when every location of the week has that
 * same rule set (report-elsewhere.ts refuses to add otherwise, and says so).
 *
 * The allocation back to the locations (documented in docs/ORGANIZATIONS.md and docs/PAYROLL.md):
 * - the week's overtime + double-time minutes (of all locations, classified over all their minutes)
 *   go to the locations in proportion to the minutes worked at each, integer minutes by largest
 *   remainder (core/rounding.ts), locations in id order for ties, so that every location's report
 *   computes the same split; the double-time minutes among them likewise, in proportion to each
 *   location's share of the overtime + double-time minutes;
 * - the week's premium (overtime minutes x (overtime multiplier - 1) x regular rate, plus double-time
 *   minutes x (double-time multiplier - 1) x regular rate, each rounded half up once as at one
 *   location) goes to the locations by largest remainder on the premium of their allocated minutes,
 *   so the shares add up exactly to the whole;
 * - each location pays its own minutes at its own rates (straight time) plus its premium share.
 *   Over the locations that is the week's straight time plus its premium: 778.115's pay.
 * - at a location, its non-regular minutes sit on its latest worked days of the week (latest
 *   first; double time first on each day): they decide only which pay period pays them.
 */
import { apportionTo, largestRemainder } from '../../core/rounding';
import {
  componentPay,
  computeHours,
  type CalendarInput,
  type DayHours,
  type HoursResult,
  type OvertimeRules,
} from './overtime';
import {
  keyOf,
  ofMinuteRates,
  round2,
  straightLines,
  weekEarnings,
  type EarningLine,
  type PayLine,
  type RatedSpan,
  type WeekPay,
  type WorkElsewhere,
} from './pay-week';

export interface LocationMinutes {
  locationId: string;
  /** worked minutes of the workweek at the location (none counted twice: overlaps kept once) */
  minutes: number;
}

export interface LocationShare extends LocationMinutes {
  overtimeMinutes: number;
  doubleTimeMinutes: number;
  /** minor units: the location's share of the week's premium */
  premium: number;
}

export interface EmployerWeek {
  workedMinutes: number;
  overtimeMinutes: number;
  doubleTimeMinutes: number;
  /** minor units: the whole week's premium portion */
  premium: number;
  /** per location, in id order */
  shares: LocationShare[];
}

/** The premium per minute of overtime and of double time, minor units per hour. */
function premiumRates(regularRate: number, m: { overtime: number; doubleTime: number }) {
  return { overtime: regularRate * (m.overtime - 1), doubleTime: regularRate * (m.doubleTime - 1) };
}

/** Splits the week's overtime and premium between its locations (see the module comment). */
export function allocateWeek(args: {
  locations: LocationMinutes[];
  overtimeMinutes: number;
  doubleTimeMinutes: number;
  /** minor units per hour, over all the locations' minutes */
  regularRate: number;
  multipliers: { overtime: number; doubleTime: number };
}): EmployerWeek {
  const locations = [...args.locations].sort((a, b) => (a.locationId < b.locationId ? -1 : 1));
  const worked = locations.reduce((s, l) => s + l.minutes, 0);
  const extra = args.overtimeMinutes + args.doubleTimeMinutes;
  if (extra > worked) throw new RangeError(`Overtime ${extra} above the week's ${worked} minutes`);
  const nonRegular = worked
    ? largestRemainder(
        locations.map((l) => extra * l.minutes),
        worked,
      )
    : locations.map(() => 0);
  const doubleTime = extra
    ? largestRemainder(
        nonRegular.map((n) => args.doubleTimeMinutes * n),
        extra,
      )
    : locations.map(() => 0);
  const rates = premiumRates(args.regularRate, args.multipliers);
  const premium =
    componentPay(args.overtimeMinutes, rates.overtime) + componentPay(args.doubleTimeMinutes, rates.doubleTime);
  const exact = locations.map(
    (_, i) => ((nonRegular[i] - doubleTime[i]) * rates.overtime + doubleTime[i] * rates.doubleTime) / 60,
  );
  const shares = apportionTo(exact, premium);
  return {
    workedMinutes: worked,
    overtimeMinutes: args.overtimeMinutes,
    doubleTimeMinutes: args.doubleTimeMinutes,
    premium,
    shares: locations.map((l, i) => ({
      ...l,
      overtimeMinutes: nonRegular[i] - doubleTime[i],
      doubleTimeMinutes: doubleTime[i],
      premium: shares[i],
    })),
  };
}

/** Regular, overtime and double-time minutes per day of a location's week: its share placed on its latest days first. */
export function placeOnDays(
  dayMinutes: readonly number[],
  overtimeMinutes: number,
  doubleTimeMinutes: number,
): { regular: number; overtime: number; doubleTime: number }[] {
  let overtime = overtimeMinutes;
  let doubleTime = doubleTimeMinutes;
  const out = dayMinutes.map((m) => ({ regular: m, overtime: 0, doubleTime: 0 }));
  for (let i = out.length - 1; i >= 0 && overtime + doubleTime > 0; i--) {
    const dt = Math.min(doubleTime, out[i].regular);
    doubleTime -= dt;
    const ot = Math.min(overtime, out[i].regular - dt);
    overtime -= ot;
    out[i] = { regular: out[i].regular - dt - ot, overtime: ot, doubleTime: dt };
  }
  return out;
}

/** The premium minor units of minutes at the week's regular rate (the weight a share is split on between periods). */
export function premiumWeight(
  minutes: { overtime: number; doubleTime: number },
  regularRate: number,
  m: { overtime: number; doubleTime: number },
): number {
  const rates = premiumRates(regularRate, m);
  return (minutes.overtime * rates.overtime + minutes.doubleTime * rates.doubleTime) / 60;
}

// ---------------------------------------------------------------------------------------------
// A location's week figured across the locations (periodPay, pay.ts)

/** The hours of a period from its days (a period with weeks figured across locations). */
export function hoursOfDays(list: DayHours[]): HoursResult {
  const days = list.filter((d) => d.workedMinutes > 0).sort((a, b) => a.date.localeCompare(b.date));
  const sum = (f: (d: DayHours) => number) => days.reduce((s, d) => s + f(d), 0);
  return {
    days,
    regularMinutes: sum((d) => d.regularMinutes),
    overtimeMinutes: sum((d) => d.overtimeMinutes),
    doubleTimeMinutes: sum((d) => d.doubleTimeMinutes),
    workedMinutes: sum((d) => d.workedMinutes),
  };
}

export interface EmployerContext {
  here: string;
  /** the week's hours classified over every location's minutes */
  whole: HoursResult;
  names: Map<string, string>;
  keys: Map<string, { locationId: string; rate: number }>;
}

/**
 * A workweek with minutes at the employer's other locations (employer-week.ts): the regular rate
 * over all of them, the overtime classified over all of them and allocated to the locations by
 * their minutes; this location pays its minutes of the period at its own rates plus its share of
 * the premium (the part of it on its days of the period).
 */
export function weekAcrossLocations(
  a: { byDate: Map<string, number>[]; dates: string[]; period: { startDate: string; endDate: string } },
  lineOf: Map<string, PayLine>,
  m: { overtime: number; doubleTime: number },
  employer: EmployerContext,
): { week: WeekPay; earnings: EarningLine[]; days: DayHours[] } | null {
  const { here } = employer;
  const locMinutes = new Map<string, number>();
  const ownDay = a.dates.map(() => 0);
  let numerator = 0;
  let ownNumerator = 0;
  let hereNumerator = 0;
  const periodMinutesOf = new Map<string, number>();
  const inPeriod = (date: string) => date >= a.period.startDate && date <= a.period.endDate;
  a.dates.forEach((date, i) => {
    for (const [key, minutes] of a.byDate[i]) {
      const { locationId, rate } = employer.keys.get(key)!;
      numerator += minutes * rate;
      locMinutes.set(locationId, (locMinutes.get(locationId) ?? 0) + minutes);
      if (locationId !== here) continue;
      ownDay[i] += minutes;
      ownNumerator += minutes * rate;
      if (!inPeriod(date)) continue;
      lineOf.get(key)!.minutes += minutes;
      periodMinutesOf.set(key, (periodMinutesOf.get(key) ?? 0) + minutes);
      hereNumerator += minutes * rate;
    }
  });
  const wholeDays = employer.whole.days.filter((d) => a.dates.includes(d.date));
  const worked = [...locMinutes.values()].reduce((s, v) => s + v, 0);
  const regularRate = worked ? round2(numerator / worked) : 0;
  const alloc = allocateWeek({
    locations: [...locMinutes].map(([locationId, minutes]) => ({ locationId, minutes })),
    overtimeMinutes: wholeDays.reduce((s, d) => s + d.overtimeMinutes, 0),
    doubleTimeMinutes: wholeDays.reduce((s, d) => s + d.doubleTimeMinutes, 0),
    regularRate,
    multipliers: m,
  });
  const share = alloc.shares.find((x) => x.locationId === here) ?? {
    overtimeMinutes: 0,
    doubleTimeMinutes: 0,
    premium: 0,
  };
  const placed = placeOnDays(ownDay, share.overtimeMinutes, share.doubleTimeMinutes);
  const days: DayHours[] = [];
  const split = { regularMinutes: 0, overtimeMinutes: 0, doubleTimeMinutes: 0 };
  placed.forEach((p, i) => {
    const date = a.dates[i];
    if (!ownDay[i] || !inPeriod(date)) return;
    const seventhDay = wholeDays.find((d) => d.date === date)?.seventhDay ?? false;
    days.push({
      date,
      workedMinutes: ownDay[i],
      regularMinutes: p.regular,
      overtimeMinutes: p.overtime,
      doubleTimeMinutes: p.doubleTime,
      seventhDay,
    });
    split.regularMinutes += p.regular;
    split.overtimeMinutes += p.overtime;
    split.doubleTimeMinutes += p.doubleTime;
  });
  if (!days.length) return null;
  const weightOf = (overtime: number, doubleTime: number) => premiumWeight({ overtime, doubleTime }, regularRate, m);
  // the share over the location's days of the week (in date order, so that the periods on either
  // side of an edge take complementary parts), the period paying its days' part
  const dayWeights = placed.map((p) => weightOf(p.overtime, p.doubleTime));
  const perDay = share.premium ? apportionTo(dayWeights, share.premium) : dayWeights.map(() => 0);
  const premiumHere = perDay.reduce((sum, v, i) => (inPeriod(a.dates[i]) ? sum + v : sum), 0);
  const straightHere = ofMinuteRates(hereNumerator);
  const minutesHere = split.regularMinutes + split.overtimeMinutes + split.doubleTimeMinutes;
  const [regular, overtime, doubleTime] = apportionTo(
    [split.regularMinutes, split.overtimeMinutes, split.doubleTimeMinutes].map((x) => (straightHere * x) / minutesHere),
    straightHere,
  );
  const [otPremium, dtPremium] = premiumHere
    ? apportionTo([weightOf(split.overtimeMinutes, 0), weightOf(0, split.doubleTimeMinutes)], premiumHere)
    : [0, 0];
  const week: WeekPay = {
    weekStart: a.dates[0],
    workedMinutes: ownDay.reduce((s, v) => s + v, 0),
    straightTimePay: ofMinuteRates(ownNumerator),
    regularRate,
    ...split,
    regularPay: regular,
    overtimePay: overtime + otPremium,
    doubleTimePay: doubleTime + dtPremium,
    premiumPortion: premiumHere,
    acrossLocations: {
      workedMinutes: alloc.workedMinutes,
      overtimeMinutes: alloc.overtimeMinutes,
      doubleTimeMinutes: alloc.doubleTimeMinutes,
      premium: alloc.premium,
      overtimeShareMinutes: share.overtimeMinutes,
      doubleTimeShareMinutes: share.doubleTimeMinutes,
      premiumShare: share.premium,
      elsewhere: alloc.shares
        .filter((x) => x.locationId !== here)
        .map((x) => ({ location: employer.names.get(x.locationId) ?? x.locationId, workedMinutes: x.minutes })),
    },
  };
  const earnings = weekEarnings(week, {
    straight: straightLines(periodMinutesOf, lineOf),
    overtimeRate: regularRate * m.overtime,
    doubleTimeRate: regularRate * m.doubleTime,
  });
  return { week, earnings, days };
}

/** The spans of every location tagged with it, and what the weeks across locations need; null without work elsewhere. */
export function employerContextOf(
  spans: RatedSpan[],
  elsewhere: WorkElsewhere | undefined,
  wholeWeeks: { startDate: string; endDate: string },
  cal: CalendarInput,
  rules: OvertimeRules,
): { all: RatedSpan[]; own: RatedSpan[]; employer: EmployerContext } | null {
  const others = elsewhere?.others.filter((o) => o.spans.length) ?? [];
  if (!elsewhere || !others.length) return null;
  const own = spans.map((s) => ({ ...s, locationId: elsewhere.here }));
  const all = [...own, ...others.flatMap((o) => o.spans.map((s) => ({ ...s, locationId: o.locationId })))];
  return {
    all,
    own,
    employer: {
      here: elsewhere.here,
      whole: computeHours(all, wholeWeeks, cal, rules),
      names: new Map(others.map((o) => [o.locationId, o.locationName])),
      keys: new Map(all.map((s) => [keyOf(s), { locationId: s.locationId!, rate: s.rate }])),
    },
  };
}
