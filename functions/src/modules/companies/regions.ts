import type HolidaysType from 'date-holidays';

/**
 * Whether a region (the subdivision part of an ISO 3166-2 code) is one date-holidays knows for the
 * country: the forecast's holiday calendar adds that region's days (src/modules/forecast/holidays.ts).
 * A country the library does not know has no regions to check: any well-formed code is kept.
 */
export function regionOfCountry(country: string | null, region: string): boolean {
  // loaded on the first PATCH that names a region, not with every companies request
  const loaded = require('date-holidays') as typeof HolidaysType | { default: typeof HolidaysType };
  const Holidays = 'default' in loaded ? loaded.default : loaded;
  const hd = new Holidays();
  if (!country || !Object.keys(hd.getCountries()).includes(country)) return true;
  return Object.keys(hd.getStates(country) ?? {}).includes(region);
}
