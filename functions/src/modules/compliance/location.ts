import type { Level, Place } from './types';

/**
 * The company's location for law (profile `lawLocation`): which state, county and city its
 * workplace is in. Names are compared without case, punctuation or a "City"/"County" word, so
 * "New York City" is "New York" and "Los Angeles County" is "Los Angeles".
 */
export interface LawLocation {
  /** Two-letter US state code. */
  state: string;
  county: string | null;
  /** null: outside any city (an unincorporated area). */
  city: string | null;
}

const normal = (name: string) =>
  name
    .toLowerCase()
    .replace(/\b(city|county|of|the)\b/g, '')
    .replace(/[^a-z0-9]/g, '');

/** Whether two place names are the same, as the location compares them. */
export const sameName = (a: string, b: string) => normal(a) === normal(b);

export const LEVELS: readonly Level[] = ['federal', 'state', 'county', 'city'];

/** Why `place` covers `location`, or null when it does not. */
export function placeCovers(place: Place, location: LawLocation): string | null {
  switch (place.level) {
    case 'federal':
      return 'federal law applies everywhere in the United States';
    case 'state':
      return location.state === place.state ? `the company's state is ${place.state}` : null;
    case 'county':
      if (location.state !== place.state || !location.county || normal(location.county) !== normal(place.county ?? ''))
        return null;
      if (place.unincorporatedOnly && location.city) return null;
      return `the company is in ${place.county} County, ${place.state}${place.unincorporatedOnly ? ', outside any city (unincorporated)' : ''}`;
    case 'city': {
      const city = location.city;
      if (location.state !== place.state || !city || !(place.cities ?? []).some((c) => normal(c) === normal(city)))
        return null;
      return `the company is in ${place.cities![0]}, ${place.state}`;
    }
  }
}
