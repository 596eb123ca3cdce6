/** The eight POS source identifiers. */
export const POS_SOURCES = [
  'square',
  'square_api_key',
  'toast',
  'clover',
  'lightspeed',
  'revel',
  'spoton',
  'csv',
] as const;
export type PosSource = (typeof POS_SOURCES)[number];
