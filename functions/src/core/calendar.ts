import { DateTime } from 'luxon';
import { coreErrors } from './errors';

/**
 * The business calendar of the service: pure functions, no I/O.
 *
 * Conventions
 * - A *date* is a company-local calendar date, a 'YYYY-MM-DD' string. It names a day of the
 *   company's calendar, not a moment, so no time zone or DST can shift it.
 * - Date arithmetic is pure integer arithmetic on *day numbers* (days since 1970-01-01, proleptic
 *   Gregorian), without luxon or Date objects: the per-day loops run hundreds of times a query.
 * - An *instant* is epoch milliseconds. Instants are mapped to and from wall clock time in the
 *   company's IANA `timezone` with luxon. A wall-clock time inside a DST gap moves forward by the
 *   length of the gap (02:30 on a 02:00 -> 03:00 night is 03:30), and a repeated wall-clock time
 *   resolves the way luxon resolves it (today: the later, standard-time occurrence).
 * - Weekdays are 0 = Sunday ... 6 = Saturday, like the profile's weekStartingDay and
 *   payrollStartingDay.
 * - The business day rule: `dayChangeTime` is seconds after local midnight (0..86400). An instant
 *   belongs to the company-local date of its wall clock, or to the previous date when its
 *   wall-clock time of day is before dayChangeTime (so with 86400 every instant belongs to the
 *   previous date). The rule compares wall-clock times, it does not subtract a duration, so a DST
 *   change never moves an instant to another business date. Business date D begins at the wall
 *   clock "D 00:00 + dayChangeTime" and ends where D + 1 begins, so a business day holding a DST
 *   change lasts 23 or 25 hours. (Only when dayChangeTime itself falls in a DST gap or repeated
 *   hour can the wall-clock rule and the instant bounds disagree, for at most that hour.)
 */

const SECONDS_PER_DAY = 86_400;
const MINUTES_PER_DAY = 1440;

// ---------------------------------------------------------------------------------------------
// Dates as day numbers

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date (negative before 1970). */
export function dayNumber(date: string): number {
  // days_from_civil (H. Hinnant): exact for every proleptic Gregorian year, no Date object.
  let y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  if (m <= 2) y -= 1;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The 'YYYY-MM-DD' date of a day number (the inverse of dayNumber); a fraction is floored. */
export function dateOfDayNumber(day: number): string {
  if (!Number.isFinite(day)) throw new RangeError(`Invalid day number: ${day}`);
  // civil_from_days (H. Hinnant)
  const z = Math.floor(day) + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

export function addDays(date: string, days: number): string {
  return days === 0 ? date : dateOfDayNumber(dayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/**
 * The days of [startDate, endDate] (both included), for an endpoint that takes a range of at most
 * `maxDays`: a reversed range, or a longer one, is 400 INVALID_DATE_RANGE.
 */
export function requireDateRange(startDate: string, endDate: string, maxDays: number): number {
  const days = daysBetween(startDate, endDate) + 1;
  if (days < 1) throw coreErrors.INVALID_DATE_RANGE(`startDate ${startDate} is after endDate ${endDate}`);
  if (days > maxDays)
    throw coreErrors.INVALID_DATE_RANGE(`The range holds ${days} days; at most ${maxDays} are allowed per request`);
  return days;
}

/** Every date from start to end inclusive (empty when end is before start). */
export function datesInRange(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = dayNumber(start), last = dayNumber(end); d <= last; d++) out.push(dateOfDayNumber(d));
  return out;
}

/** 0 = Sunday ... 6 = Saturday, like the profile's weekStartingDay (1970-01-01 was a Thursday). */
export function weekdayOf(date: string): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

/** Alias of weekdayOf (the name schedule/time.ts exported). */
export const weekdayIndex = weekdayOf;

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const weekdayName = (date: string) => WEEKDAY_NAMES[weekdayOf(date)];

/** First day of the week holding `date`, for a week that starts on `weekStartingDay` (0..6). */
export function weekStart(date: string, weekStartingDay: number): string {
  return addDays(date, -((weekdayOf(date) - weekStartingDay + 7) % 7));
}

export type GroupBy = 'daily' | 'weekly' | 'monthly';

/** The key of the bucket holding `date`: the company-local date the bucket starts on. */
export function bucketKey(date: string, groupBy: GroupBy, weekStartingDay: number): string {
  if (groupBy === 'daily') return date;
  if (groupBy === 'monthly') return `${date.slice(0, 7)}-01`;
  return weekStart(date, weekStartingDay);
}

// ---------------------------------------------------------------------------------------------
// Wall clock <-> instants

/** Epoch ms of the wall clock `secondOfDay` seconds after local midnight of `date` (may pass midnight). */
function wallClockMs(date: string, secondOfDay: number, zone: string): number {
  const dayOffset = Math.floor(secondOfDay / SECONDS_PER_DAY);
  const s = secondOfDay - dayOffset * SECONDS_PER_DAY;
  const d = addDays(date, dayOffset);
  return DateTime.fromObject(
    {
      year: Number(d.slice(0, 4)),
      month: Number(d.slice(5, 7)),
      day: Number(d.slice(8, 10)),
      hour: Math.floor(s / 3600),
      minute: Math.floor(s / 60) % 60,
      second: s % 60,
    },
    { zone },
  ).toMillis();
}

/** Epoch ms of the wall clock `secondOfDay` seconds after local midnight of `date` (past 86400: later dates; a DST gap moves forward). */
export const wallClockInstant = (date: string, secondOfDay: number, timezone: string): number =>
  wallClockMs(date, secondOfDay, timezone);

/** Epoch ms of a wall-clock minute of a company-local date (a minute in a DST gap moves forward, as luxon does). */
export function instant(date: string, minuteOfDay: number, timezone: string): number {
  return wallClockMs(date, Math.floor(minuteOfDay) * 60, timezone);
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
export function shiftInterval(
  shift: ShiftTimes,
  timezone: string,
  defaultDuration: number,
): { startMs: number; endMs: number } {
  const startMs = instant(shift.date, shift.start, timezone);
  if (shift.end === null) return { startMs, endMs: startMs + defaultDuration * 60_000 };
  const endMinute = shift.end < shift.start ? shift.end + MINUTES_PER_DAY : shift.end;
  return { startMs, endMs: instant(shift.date, endMinute, timezone) };
}

/** 'HH:mm' of a minute of the day (minutes past 1439 wrap), 'open end' for null. */
export function hhmm(minuteOfDay: number | null): string {
  if (minuteOfDay === null) return 'open end';
  const m = minuteOfDay % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Business days, slots and hours

function localClock(ms: number, zone: string): DateTime {
  const local = DateTime.fromMillis(ms, { zone });
  if (!local.isValid) throw new RangeError(`Invalid time zone or instant: ${zone}, ${ms}`);
  return local;
}

/** Whether a wall clock already in the company's zone is before dayChangeTime (then it belongs to the previous date). */
const beforeDayChange = (local: DateTime, dayChangeSeconds: number) =>
  local.hour * 3600 + local.minute * 60 + local.second < dayChangeSeconds;

/** The business day rule on a wall clock already in the company's zone. */
function businessDateOfClock(local: DateTime, dayChangeSeconds: number): string {
  const localDate = local.toISODate()!;
  return beforeDayChange(local, dayChangeSeconds) ? addDays(localDate, -1) : localDate;
}

/** The company-local business date now (or at `now`): see the business day rule above. */
export function businessToday(timezone: string, dayChangeTimeSeconds: number, now: number = Date.now()): string {
  return businessDateOfClock(localClock(now, timezone), dayChangeTimeSeconds);
}

/**
 * Business hours: a sale's wall-clock hour counted from the local midnight that starts its
 * business date, so 13:xx is 13 and 01:xx after midnight (still the previous business day) is 25.
 * Business hours run 0..47. Wall-clock based, so a DST change never moves a sale to another hour:
 * on the night clocks go back the two 01:xx hours are both hour 1.
 */
export const HOURS_PER_DAY_SLOTS = 48;

export interface BusinessSlot {
  businessDate: string;
  businessHour: number;
  /** Company-local wall-clock time, YYYY-MM-DDTHH:mm:ss */
  localTime: string;
}

const HOUR_MS = 3_600_000;
const MAX_CACHED_OFFSETS = 200_000;
/** The fast path's years (luxon spells years outside 0000-9999 differently; no business needs them). */
const FAST_FROM = Date.UTC(1900, 0, 1);
const FAST_TO = Date.UTC(2200, 0, 1);
/** Per zone: the UTC offset (minutes) of each whole UTC hour with no offset change inside it. */
const hourOffsets = new Map<string, Map<number, number>>();

/**
 * The zone's UTC offset in minutes at `ms`, or null when the offset changes within that UTC hour
 * (a DST change, or a zone such as Australia/Lord_Howe that changes on a half hour): asked once
 * per zone and hour, since luxon's zone lookups cost tens of microseconds and a sync maps
 * thousands of sales per second. Zones change offset at most once within an hour.
 */
function steadyOffset(ms: number, zone: string): number | null {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = hourOffsets.get(zone)?.get(hour);
  if (offset === undefined) {
    // luxon throws for an unknown zone before anything is cached for it
    const start = localClock(hour * HOUR_MS, zone).offset;
    offset = localClock((hour + 1) * HOUR_MS - 1, zone).offset === start ? start : Number.NaN;
    let offsets = hourOffsets.get(zone);
    if (!offsets || offsets.size >= MAX_CACHED_OFFSETS) hourOffsets.set(zone, (offsets = new Map()));
    offsets.set(hour, offset);
  }
  return Number.isNaN(offset) ? null : offset;
}

/** The business date, business hour and local wall clock of an instant. */
export function businessSlot(ms: number, zone: string, dayChangeSeconds: number): BusinessSlot {
  const offset = ms >= FAST_FROM && ms < FAST_TO ? steadyOffset(ms, zone) : null;
  if (offset === null) return businessSlotByLuxon(ms, zone, dayChangeSeconds);
  const wallSeconds = Math.floor(ms / 1000) + offset * 60;
  const day = Math.floor(wallSeconds / 86_400);
  const second = wallSeconds - day * 86_400;
  const hour = Math.floor(second / 3600);
  const before = second < dayChangeSeconds;
  return {
    businessDate: dateOfDayNumber(before ? day - 1 : day),
    businessHour: before ? hour + 24 : hour,
    localTime: `${dateOfDayNumber(day)}T${hhmm(Math.floor(second / 60))}:${String(second % 60).padStart(2, '0')}`,
  };
}

/** businessSlot read from luxon at the instant itself (the reference of the fast path above). */
export function businessSlotByLuxon(ms: number, zone: string, dayChangeSeconds: number): BusinessSlot {
  const local = localClock(ms, zone);
  const localDate = local.toISODate()!;
  const before = beforeDayChange(local, dayChangeSeconds);
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
export function businessSlotOfMinute(
  date: string,
  minute: number,
  dayChangeSeconds: number,
): { businessDate: string; businessHour: number } {
  const dayOffset = Math.floor(minute / MINUTES_PER_DAY);
  const clockMinute = minute - dayOffset * MINUTES_PER_DAY;
  const clockHour = Math.floor(clockMinute / 60);
  const before = clockMinute * 60 < dayChangeSeconds;
  return {
    businessDate: addDays(date, before ? dayOffset - 1 : dayOffset),
    businessHour: before ? clockHour + 24 : clockHour,
  };
}

// ---------------------------------------------------------------------------------------------
// The company calendar

/** The calendar settings of a company: profile timezone, weekStartingDay, payrollStartingDay; settings dayChangeTime. */
export interface CompanyCalendar {
  /** IANA time zone, e.g. 'Europe/Madrid' */
  timezone: string;
  /** Seconds after local midnight at which the business day changes, 0..86400 */
  dayChangeTime: number;
  /** First day of the company week, 0 = Sunday ... 6 = Saturday */
  weekStartingDay: number;
  /** First day of a weekly or biweekly pay period, 0 = Sunday ... 6 = Saturday */
  payrollStartingDay: number;
}

/** An inclusive range of company-local dates. */
export interface DateRange {
  start: string;
  end: string;
}

/** A half-open range of instants [startMs, endMs). */
export interface InstantRange {
  startMs: number;
  endMs: number;
}

export const PAY_FREQUENCIES = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;
export type PayFrequency = (typeof PAY_FREQUENCIES)[number];

/** The business date of an instant: the company-local date, the previous one before dayChangeTime. */
export function businessDateOf(ms: number, cal: Pick<CompanyCalendar, 'timezone' | 'dayChangeTime'>): string {
  return businessDateOfClock(localClock(ms, cal.timezone), cal.dayChangeTime);
}

/** Epoch ms at which business date `date` begins: wall clock local midnight + dayChangeTime in the company's zone. */
export function businessDayStart(date: string, cal: Pick<CompanyCalendar, 'timezone' | 'dayChangeTime'>): number {
  const ms = wallClockMs(date, cal.dayChangeTime, cal.timezone);
  if (Number.isNaN(ms)) throw new RangeError(`Invalid time zone or date: ${cal.timezone}, ${date}`);
  return ms;
}

/** The instants of business date `date`: from its start to the start of the next business date (23, 24 or 25 hours). */
export function businessDayBounds(
  date: string,
  cal: Pick<CompanyCalendar, 'timezone' | 'dayChangeTime'>,
): InstantRange {
  return { startMs: businessDayStart(date, cal), endMs: businessDayStart(addDays(date, 1), cal) };
}

/** The instants of an inclusive range of business dates: start of its first day to start of the day after its last. */
export function periodBounds(
  period: DateRange,
  cal: Pick<CompanyCalendar, 'timezone' | 'dayChangeTime'>,
): InstantRange {
  return { startMs: businessDayStart(period.start, cal), endMs: businessDayStart(addDays(period.end, 1), cal) };
}

/** The company week (7 dates starting on weekStartingDay) holding business date `date`. */
export function weekOf(date: string, cal: Pick<CompanyCalendar, 'weekStartingDay'>): DateRange {
  const start = weekStart(date, cal.weekStartingDay);
  return { start, end: addDays(start, 6) };
}

function lastDayOfMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * The pay period holding business date `date`:
 * - weekly: the 7 dates starting on payrollStartingDay;
 * - biweekly: the 14 dates starting on payrollStartingDay, aligned so that a period starts on the
 *   first payrollStartingDay weekday on or after `anchor`. Without an anchor that is the first
 *   payrollStartingDay weekday on or after 1970-01-01 (a Thursday: 1970-01-01 for Thursday,
 *   1970-01-04 for Sunday, 1970-01-05 for Monday, ...). An anchor on another weekday is thus
 *   moved forward to the next payrollStartingDay, never rejected;
 * - semimonthly: the 1st to the 15th, and the 16th to the last day of the month;
 * - monthly: the calendar month.
 */
export function payPeriodOf(
  date: string,
  cal: Pick<CompanyCalendar, 'payrollStartingDay'>,
  frequency: PayFrequency,
  anchor: string = '1970-01-01',
): DateRange {
  switch (frequency) {
    case 'weekly': {
      const start = weekStart(date, cal.payrollStartingDay);
      return { start, end: addDays(start, 6) };
    }
    case 'biweekly': {
      const a = dayNumber(anchor);
      const first = a + ((((cal.payrollStartingDay - weekdayOf(anchor)) % 7) + 7) % 7);
      const start = first + Math.floor((dayNumber(date) - first) / 14) * 14;
      return { start: dateOfDayNumber(start), end: dateOfDayNumber(start + 13) };
    }
    case 'semimonthly':
    case 'monthly': {
      const month = date.slice(0, 7);
      const last = `${month}-${lastDayOfMonth(Number(date.slice(0, 4)), Number(date.slice(5, 7)))}`;
      if (frequency === 'monthly') return { start: `${month}-01`, end: last };
      return Number(date.slice(8, 10)) <= 15
        ? { start: `${month}-01`, end: `${month}-15` }
        : { start: `${month}-16`, end: last };
    }
  }
}

/** The pay period right after `period` (a period returned by payPeriodOf with the same frequency and anchor). */
export function nextPayPeriod(
  period: DateRange,
  cal: Pick<CompanyCalendar, 'payrollStartingDay'>,
  frequency: PayFrequency,
  anchor?: string,
): DateRange {
  return payPeriodOf(addDays(period.end, 1), cal, frequency, anchor);
}

/** The pay period right before `period`. */
export function previousPayPeriod(
  period: DateRange,
  cal: Pick<CompanyCalendar, 'payrollStartingDay'>,
  frequency: PayFrequency,
  anchor?: string,
): DateRange {
  return payPeriodOf(addDays(period.start, -1), cal, frequency, anchor);
}
