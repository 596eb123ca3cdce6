import { DateTime } from 'luxon';
import { addDays, businessDayStart, businessSlot, type CompanyCalendar } from '../../core/calendar';

/**
 * The real hours of a business date, in order: each with its start instant and business hour.
 * A DST day has its real count: 23 when clocks go forward (the skipped hour is absent), 25 when
 * they go back (the repeated hour appears twice, with the same business hour).
 */
export function realHours(
  date: string,
  cal: Pick<CompanyCalendar, 'timezone' | 'dayChangeTime'>,
): { startMs: number; start: string; businessHour: number }[] {
  const from = businessDayStart(date, cal);
  const to = businessDayStart(addDays(date, 1), cal);
  const out = [];
  for (let ms = from; ms < to; ms += 3_600_000) {
    out.push({
      startMs: ms,
      start: DateTime.fromMillis(ms, { zone: cal.timezone }).toISO({ suppressMilliseconds: true })!,
      businessHour: businessSlot(ms, cal.timezone, cal.dayChangeTime).businessHour,
    });
  }
  return out;
}
