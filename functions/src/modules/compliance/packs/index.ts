import type { Pack } from '../types';
import { BERKELEY, EMERYVILLE, LOS_ANGELES_CITY, LOS_ANGELES_COUNTY, SAN_FRANCISCO } from './california';
import { CHICAGO, NYC, OREGON, SEATTLE } from './existing';
import { CALIFORNIA, COLORADO, FEDERAL, NEW_YORK, WASHINGTON } from './federal-state';
import { EVANSTON, PHILADELPHIA } from './philadelphia-evanston';

/** The predictive-scheduling packs, by id: what the company setting `fairWorkweekJurisdiction` names. */
export const SCHEDULING_PACKS = {
  nyc: NYC,
  seattle: SEATTLE,
  oregon: OREGON,
  chicago: CHICAGO,
  sf: SAN_FRANCISCO,
  'la-city': LOS_ANGELES_CITY,
  'la-county': LOS_ANGELES_COUNTY,
  philadelphia: PHILADELPHIA,
  evanston: EVANSTON,
  emeryville: EMERYVILLE,
  berkeley: BERKELEY,
} as const;

export type SchedulingPackId = keyof typeof SCHEDULING_PACKS;
export const SCHEDULING_PACK_IDS = Object.keys(SCHEDULING_PACKS) as SchedulingPackId[];

/** Every pack, federal first. */
export const PACKS: readonly Pack[] = [
  FEDERAL,
  CALIFORNIA,
  NEW_YORK,
  WASHINGTON,
  COLORADO,
  ...Object.values(SCHEDULING_PACKS),
];
