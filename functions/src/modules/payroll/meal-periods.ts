import { MS_PER_MINUTE, dayStarts, paidParts, type CalendarInput, type Interval, type WorkedSpan } from './overtime';

/**
 * The California meal-period premium: pure, no I/O.
 *
 * California Labor Code 512(a) (and IWC Wage Order 5, section 11): an employee who works more than
 * five hours in a workday gets a meal period of at least 30 minutes, starting no later than the
 * end of the fifth hour of work (Brinker Restaurant Corp. v. Superior Court, 2012, 53 Cal.4th
 * 1004); one who works more than ten hours gets a second, starting no later than the end of the
 * tenth hour. Labor Code 226.7(c): for each workday a meal period is not provided, one additional
 * hour of pay at the regular rate of compensation (the regular rate of pay: Ferra v. Loews
 * Hollywood Hotel, 2021, 11 Cal.5th 858). At most one meal premium per workday, however many meal
 * periods were missed.
 *
 * Waivers (Labor Code 512(a), checked 2026-12-02 at
 * https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=LAB&sectionNum=512.):
 * "if the total work period per day of the employee is no more than six hours, the meal period may
 * be waived by mutual consent of both the employer and employee", and "if the total hours worked is
 * no more than 12 hours, the second meal period may be waived by mutual consent of the employer
 * and the employee only if the first meal period was not waived". A recorded waiver in force on the
 * day (`MealWaivers`, meal-waivers.ts) is honoured exactly there: a first-meal waiver on a day of
 * at most 6 hours worked, a second-meal waiver on a day of at most 12 hours whose first meal was
 * taken in time. Outside those limits the waiver does not apply and the premium is owed as before.
 *
 * Here: the workday is the business day; its worked time is the paid time of the employee's spans
 * inside it (unpaid breaks removed). A meal period is any gap of at least 30 minutes in that
 * worked time (an unpaid break, or clocking out and in again), and it starts "in time" when the
 * worked time before it is at most 5 hours (the second: at most 10 hours, and after the first).
 */
export const MEAL_PERIOD = Object.freeze({
  /** Labor Code 512(a): the first meal may be waived on a day of at most 6 hours */
  firstWaivableUpToMinutes: 360,
  /** Labor Code 512(a): the second meal may be waived on a day of at most 12 hours (first not waived) */
  secondWaivableUpToMinutes: 720,
  /** Labor Code 512(a): more than 5 hours of work needs a first meal period */
  firstAfterMinutes: 300,
  /** Labor Code 512(a): more than 10 hours needs a second one */
  secondAfterMinutes: 600,
  /** Labor Code 512(a): "a meal period of not less than 30 minutes" */
  minimumMinutes: 30,
  /** Labor Code 226.7(c): one additional hour of pay */
  premiumHours: 1,
});

type DayCalendar = Pick<CalendarInput, 'timezone' | 'dayChangeTime'>;

export interface MealPremiumDay {
  date: string;
  workedMinutes: number;
  reason: string;
}

/** The worked intervals of business date `date`, in time order, merged. */
export function workedIn(spans: WorkedSpan[], date: string, cal: DayCalendar): Interval[] {
  const [from, to] = dayStarts([date], cal);
  const parts = spans
    .flatMap(paidParts)
    .map((p) => ({ startMs: Math.max(p.startMs, from), endMs: Math.min(p.endMs, to) }))
    .filter((p) => p.endMs > p.startMs)
    .sort((a, b) => a.startMs - b.startMs);
  const out: Interval[] = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if (last && p.startMs <= last.endMs) last.endMs = Math.max(last.endMs, p.endMs);
    else out.push({ ...p });
  }
  return out;
}

/** The meal waivers in force on a day: the first meal, the second. */
export interface MealWaivers {
  first: boolean;
  second: boolean;
}

const NO_WAIVERS: MealWaivers = Object.freeze({ first: false, second: false });

/** Why the workday owes a meal premium, or null when it does not (waivers honoured within 512(a)'s limits). */
export function missedMealPeriod(
  worked: Interval[],
  waivers: MealWaivers = NO_WAIVERS,
): { workedMinutes: number; reason: string } | null {
  const limit = (minutes: number) => minutes * MS_PER_MINUTE;
  let workedMs = 0;
  const mealsStartingAfter: number[] = []; // worked ms before each qualifying gap
  for (let i = 0; i < worked.length; i++) {
    if (i > 0 && worked[i].startMs - worked[i - 1].endMs >= limit(MEAL_PERIOD.minimumMinutes))
      mealsStartingAfter.push(workedMs);
    workedMs += worked[i].endMs - worked[i].startMs;
  }
  const workedMinutes = Math.round(workedMs / MS_PER_MINUTE);
  if (workedMs <= limit(MEAL_PERIOD.firstAfterMinutes)) return null;
  const first = mealsStartingAfter.findIndex((before) => before <= limit(MEAL_PERIOD.firstAfterMinutes));
  if (first < 0 && waivers.first && workedMs <= limit(MEAL_PERIOD.firstWaivableUpToMinutes)) return null;
  if (first < 0)
    return {
      workedMinutes,
      reason: `${workedMinutes} minutes worked without a 30-minute meal period by the fifth hour`,
    };
  if (workedMs <= limit(MEAL_PERIOD.secondAfterMinutes)) return null;
  const second = mealsStartingAfter.some((before, i) => i > first && before <= limit(MEAL_PERIOD.secondAfterMinutes));
  // the first meal was taken in time (first >= 0 here), so a second-meal waiver may apply
  if (!second && waivers.second && workedMs <= limit(MEAL_PERIOD.secondWaivableUpToMinutes)) return null;
  if (!second)
    return {
      workedMinutes,
      reason: `${workedMinutes} minutes worked without a second 30-minute meal period by the tenth hour`,
    };
  return null;
}

/** The business dates of `dates` whose work owes a meal premium; `waiversOn` the employee's waivers in force on a date. */
export function mealPremiumDays(
  spans: WorkedSpan[],
  dates: string[],
  cal: DayCalendar,
  waiversOn: (date: string) => MealWaivers = () => NO_WAIVERS,
): MealPremiumDay[] {
  const out: MealPremiumDay[] = [];
  for (const date of dates) {
    const missed = missedMealPeriod(workedIn(spans, date, cal), waiversOn(date));
    if (missed) out.push({ date, ...missed });
  }
  return out;
}
