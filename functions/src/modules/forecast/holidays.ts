import Holidays from 'date-holidays';
import type { Calendar } from './model';

/**
 * Public holidays and observances of a country, from date-holidays (a maintained library of
 * holiday rules per country and region: https://github.com/commenthol/date-holidays). Observances
 * count too (Valentine's Day, Mother's Day, New Year's Eve move restaurant sales as much as a
 * public holiday); how much each moves the day is learnt from the company's history (model.ts).
 */
const COUNTED_TYPES = new Set(['public', 'bank', 'optional', 'observance']);

let countryByZone: Map<string, string> | null = null;

/** The country of an IANA time zone (America/New_York -> US), from the library's zones per country; null when none lists it. */
export function countryOfTimeZone(timezone: string): string | null {
  if (!countryByZone) {
    countryByZone = new Map();
    for (const country of Object.keys(new Holidays().getCountries())) {
      for (const zone of new Holidays(country).getTimezones())
        if (!countryByZone.has(zone)) countryByZone.set(zone, country);
    }
  }
  return countryByZone.get(timezone) ?? null;
}

/** The holiday calendar of a country (no holidays when the country is null or unknown to the library). */
export function holidayCalendar(country: string | null): Calendar & { country: string | null } {
  const hd = country ? new Holidays(country) : null;
  const known = !!hd && Object.keys(new Holidays().getCountries()).includes(country!);
  const years = new Map<number, Map<string, string>>();
  const ofYear = (year: number) => {
    let map = years.get(year);
    if (!map) {
      map = new Map();
      for (const h of known ? hd!.getHolidays(year) : []) {
        const date = h.date.slice(0, 10);
        if (COUNTED_TYPES.has(h.type) && !map.has(date)) map.set(date, h.name);
      }
      years.set(year, map);
    }
    return map;
  };
  return { country: known ? country : null, holidayOf: (date) => ofYear(Number(date.slice(0, 4))).get(date) ?? null };
}
