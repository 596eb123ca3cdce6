import { DateTime } from 'luxon';

/**
 * Company-local calendar arithmetic. Dates are 'YYYY-MM-DD' strings of the company's calendar;
 * date-only arithmetic is done in UTC (no time zone can shift a pure date). Instants of a shift
 * (its real start and end) are computed in the company's IANA time zone, so a shift across a
 * daylight-saving change lasts its real length.
 */

const MINUTES_PER_DAY = 1440;

const utcDate = (date: string) => DateTime.fromISO(date, { zone: 'utc' });

export function addDays(date: string, days: number): string {
  return utcDate(date).plus({ days }).toISODate()!;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(utcDate(to).diff(utcDate(from), 'days').days);
}

/** 0 = Sunday ... 6 = Saturday (the convention of weekStartingDay). */
export function weekdayIndex(date: string): number {
  return utcDate(date).weekday % 7;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const weekdayName = (date: string) => WEEKDAY_NAMES[weekdayIndex(date)];

/** First day of the company week holding `date`, for a week that starts on `weekStartingDay`. */
export function weekStart(date: string, weekStartingDay: number): string {
  return addDays(date, -((weekdayIndex(date) - weekStartingDay + 7) % 7));
}

/** The company-local business day now: local time minus dayChangeTime seconds. */
export function businessToday(timezone: string, dayChangeTimeSeconds: number, now: number = Date.now()): string {
  return DateTime.fromMillis(now, { zone: timezone }).minus({ seconds: dayChangeTimeSeconds }).toISODate()!;
}

/** Epoch ms of a wall-clock minute of a company-local date (a minute in a DST gap moves forward, as luxon does). */
export function instant(date: string, minuteOfDay: number, timezone: string): number {
  const d = utcDate(date).plus({ days: Math.floor(minuteOfDay / MINUTES_PER_DAY) });
  const m = ((minuteOfDay % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return DateTime.fromObject(
    { year: d.year, month: d.month, day: d.day, hour: Math.floor(m / 60), minute: m % 60 },
    { zone: timezone },
  ).toMillis();
}

export interface ShiftTimes {
  date: string;
  start: number;
  end: number | null;
}

/**
 * The real interval of a shift: `end < start` ends on the next day; `end` null (open-ended)
 * lasts `defaultDuration` minutes.
 */
export function shiftInterval(shift: ShiftTimes, timezone: string, defaultDuration: number): { startMs: number; endMs: number } {
  const startMs = instant(shift.date, shift.start, timezone);
  if (shift.end === null) return { startMs, endMs: startMs + defaultDuration * 60_000 };
  const endMinute = shift.end < shift.start ? shift.end + MINUTES_PER_DAY : shift.end;
  return { startMs, endMs: instant(shift.date, endMinute, timezone) };
}

export function hhmm(minuteOfDay: number | null): string {
  if (minuteOfDay === null) return 'open end';
  const m = minuteOfDay % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
