import Holidays from 'date-holidays';
import type { Calendar } from './model';

/**
 * Public holidays, regional days and observances of a country (and region), from date-holidays (a
 * maintained library of holiday rules per country and region:
 * https://github.com/commenthol/date-holidays). Observances count too (Valentine's Day, Mother's
 * Day, New Year's Eve move restaurant sales as much as a public holiday); how much each moves the
 * day is learnt from the company's history (model.ts).
 */
const COUNTED_TYPES = new Set(['public', 'bank', 'optional', 'observance']);

/**
 * The two eves that move a restaurant's year most, added where the library's country has nothing on
 * that date: date-holidays 3.x lists no 24 or 31 December for ES, FR, IT or PT (checked
 * 2026-12-03, `new Holidays('ES').getHolidays(2026)`), yet Nochebuena closes many Spanish dinners
 * and Nochevieja is the year's busiest night. Local names where the country has one.
 */
const EVES: { monthDay: string; name: string; local: Record<string, string> }[] = [
  {
    monthDay: '12-24',
    name: 'Christmas Eve',
    local: { ES: 'Nochebuena', FR: 'Réveillon de Noël', IT: 'Vigilia di Natale', PT: 'Véspera de Natal' },
  },
  {
    monthDay: '12-31',
    name: "New Year's Eve",
    local: { ES: 'Nochevieja', FR: 'Saint-Sylvestre', IT: 'San Silvestro', PT: 'Véspera de Ano Novo' },
  },
];

let countryByZone: Map<string, string> | null = null;
let knownCountries: Set<string> | null = null;

const countries = () => (knownCountries ??= new Set(Object.keys(new Holidays().getCountries())));

/** The country of an IANA time zone (America/New_York -> US), from the library's zones per country; null when none lists it. */
export function countryOfTimeZone(timezone: string): string | null {
  if (!countryByZone) {
    countryByZone = new Map();
    for (const country of countries()) {
      for (const zone of new Holidays(country).getTimezones())
        if (!countryByZone.has(zone)) countryByZone.set(zone, country);
    }
  }
  return countryByZone.get(timezone) ?? null;
}

/** Whether the library knows a region (state) code of a country (ES: MD, CT, AN ...). */
export function knownRegion(country: string, region: string): boolean {
  return countries().has(country) && Object.keys(new Holidays(country).getStates(country) ?? {}).includes(region);
}

export type HolidayCalendar = Calendar & { country: string | null; region: string | null };

/**
 * The holiday calendar of a country and optional region (no holidays when the country is null or
 * unknown to the library; the region ignored when the library does not know it).
 */
export function holidayCalendar(country: string | null, region: string | null = null): HolidayCalendar {
  const known = !!country && countries().has(country);
  const regional = known && !!region && knownRegion(country!, region);
  const hd = known ? (regional ? new Holidays(country!, region!) : new Holidays(country!)) : null;
  const years = new Map<number, Map<string, string>>();
  const ofYear = (year: number) => {
    let map = years.get(year);
    if (!map) {
      map = new Map();
      for (const h of hd ? hd.getHolidays(year) : []) {
        const date = h.date.slice(0, 10);
        if (COUNTED_TYPES.has(h.type) && !map.has(date)) map.set(date, h.name);
      }
      if (hd)
        for (const eve of EVES) {
          const date = `${year}-${eve.monthDay}`;
          if (!map.has(date)) map.set(date, eve.local[country!] ?? eve.name);
        }
      years.set(year, map);
    }
    return map;
  };
  return {
    country: known ? country : null,
    region: regional ? region : null,
    holidayOf: (date) => ofYear(Number(date.slice(0, 4))).get(date) ?? null,
  };
}
