import { addDays, weekdayOf } from '../../core/calendar';
import { specialOf, total, type Calendar, type History } from './history';

/** The same calendar date a year before (29 February: 1 March). */
const lastYearOf = (date: string) => {
  const d = `${Number(date.slice(0, 4)) - 1}${date.slice(4)}`;
  return date.slice(5) === '02-29' ? d.replace('02-29', '03-01') : d;
};

/** Why a date is forecast closed: declared by the company, closed on that weekday lately, on that holiday last time, or on that date last year. */
export type ClosureReason = 'declared' | 'weekday' | 'holiday' | 'lastYear';

/**
 * Closures learnt as facts. A date of the history's span (its first day to the origin) without
 * sales is a day the company was closed: the history knows no other reason for a day without a
 * single sale. A date ahead is closed when the company declared it, when the same weekday was
 * closed the last 4 times (while other days were open, or through a break the year before does not show ending), when its holiday was closed the last time it came (or the company
 * closed on every holiday it had, at least 3), or when both the same date and the same weekday a
 * year back were closed (an annual closure such as a summer break; one closed day alone is not).
 */
export function closureOf(history: History, cal: Calendar, date: string, origin: string, first: string) {
  const declared = cal.declaredOf?.(date);
  if (declared?.kind === 'closed') return 'declared' as ClosureReason;
  const closed = (d: string) => d >= first && d <= origin && !(total(history.get(d)?.sales ?? []) > 0);
  const back = (weekdayOf(origin) - weekdayOf(date) + 7) % 7;
  const weekdays = [0, 7, 14, 21].map((k) => addDays(origin, -back - k));
  if (weekdays.every(closed)) {
    // a weekday closed among open days; a closure of the whole weeks (a break) lasts until the year
    // before shows the date open
    const openLately = Array.from({ length: 28 }, (_, k) => addDays(origin, -k)).some((d) => !closed(d));
    const yearBack = addDays(date, -364);
    const openYearBack = yearBack >= first && (!closed(yearBack) || !closed(lastYearOf(date)));
    if (openLately || !openYearBack) return 'weekday';
  }
  const holiday = specialOf(cal, date);
  if (holiday !== null) {
    for (let k = 345; k <= 385; k++) {
      const d = addDays(date, -k);
      if (d < first) break;
      if (specialOf(cal, d) === holiday) {
        if (closed(d)) return 'holiday';
        break;
      }
    }
  }
  if (closed(lastYearOf(date)) && closed(addDays(date, -364))) return 'lastYear';
  return null;
}

/** Whether the company closed on every holiday of its history (at least 3 of them, weekdays it closes anyway left out). */
export function closesOnHolidays(history: History, cal: Calendar, origin: string, first: string): boolean {
  let seen = 0;
  let closedOn = 0;
  for (let d = first; d <= origin; d = addDays(d, 1)) {
    if (specialOf(cal, d) === null) continue;
    const sameWeekday = [-7, 7].map((k) => addDays(d, k)).filter((x) => x >= first && x <= origin);
    if (sameWeekday.length === 0 || sameWeekday.every((x) => !(total(history.get(x)?.sales ?? []) > 0))) continue;
    seen++;
    if (!(total(history.get(d)?.sales ?? []) > 0)) closedOn++;
  }
  return seen >= 3 && closedOn === seen;
}

/** The first date of a history (its span starts there). */
export const firstDateOf = (history: History): string | null => {
  let first: string | null = null;
  for (const d of history.keys()) if (first === null || d < first) first = d;
  return first;
};
