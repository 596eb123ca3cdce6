import { DateTime } from 'luxon';

/**
 * Company-local business days (pure functions, no I/O).
 *
 * A business day is the company-local calendar date in the company's `timezone`, shifted by
 * `dayChangeTime` (seconds after local midnight): a moment whose wall-clock time of day is before
 * dayChangeTime belongs to the previous date. Within a business day, a sale sits in a
 * *business hour*: its wall-clock hour counted from the local midnight that starts the business
 * date, so 13:xx is 13 and 01:xx after midnight (when it still belongs to the previous business
 * day) is 25. Business hours run 0..47. Wall-clock based, so a DST change never moves a sale to
 * another hour: on the night clocks go back the two 01:xx hours are both hour 1.
 */
export const HOURS_PER_DAY_SLOTS = 48;

export interface BusinessSlot {
  businessDate: string;
  businessHour: number;
  /** Company-local wall-clock time, YYYY-MM-DDTHH:mm:ss */
  localTime: string;
}

export function businessSlot(ms: number, zone: string, dayChangeSeconds: number): BusinessSlot {
  const local = DateTime.fromMillis(ms, { zone });
  const secondOfDay = local.hour * 3600 + local.minute * 60 + local.second;
  const localDate = local.toISODate()!;
  const before = secondOfDay < dayChangeSeconds;
  return {
    businessDate: before ? addDays(localDate, -1) : localDate,
    businessHour: before ? local.hour + 24 : local.hour,
    localTime: local.toFormat("yyyy-MM-dd'T'HH:mm:ss"),
  };
}

/**
 * The business slot of a wall-clock minute counted from the local midnight of `date` (used for
 * shifts, whose start and end are minutes of their date). Minutes past 1439 fall on later dates.
 */
export function businessSlotOfMinute(date: string, minute: number, dayChangeSeconds: number): { businessDate: string; businessHour: number } {
  const dayOffset = Math.floor(minute / 1440);
  const clockMinute = minute - dayOffset * 1440;
  const clockHour = Math.floor(clockMinute / 60);
  const before = clockMinute * 60 < dayChangeSeconds;
  return {
    businessDate: addDays(date, before ? dayOffset - 1 : dayOffset),
    businessHour: before ? clockHour + 24 : clockHour,
  };
}

/**
 * Dates are plain calendar dates: arithmetic on day numbers since 1970-01-01 (UTC), so no time
 * zone or DST can shift them, and without luxon in the per-day loops (they run 365 times a query).
 */
const DAY_MS = 86_400_000;

export function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

export function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return days === 0 ? date : dateOfDayNumber(dayNumber(date) + days);
}

export function daysBetween(start: string, end: string): number {
  return dayNumber(end) - dayNumber(start);
}

/** Every date from start to end inclusive. */
export function datesInRange(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = dayNumber(start), last = dayNumber(end); d <= last; d++) out.push(dateOfDayNumber(d));
  return out;
}

/** 0 = Sunday ... 6 = Saturday, like the profile's weekStartingDay (1970-01-01 was a Thursday). */
export function weekdayOf(date: string): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

export type GroupBy = 'daily' | 'weekly' | 'monthly';

/** The key of the bucket holding `date`: the company-local date the bucket starts on. */
export function bucketKey(date: string, groupBy: GroupBy, weekStartingDay: number): string {
  if (groupBy === 'daily') return date;
  if (groupBy === 'monthly') return `${date.slice(0, 7)}-01`;
  return addDays(date, -((weekdayOf(date) - weekStartingDay + 7) % 7));
}
