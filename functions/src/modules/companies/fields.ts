/** The company field other modules validate too (a company created at signup or onboarding). */
import { z } from 'zod';

/** luxon is loaded by the first time zone validated, not with the routes. */
const luxon = () => require('luxon') as typeof import('luxon');

export const timezoneSchema = z
  .string()
  .refine((tz) => luxon().IANAZone.isValidZone(tz), 'must be an IANA time zone, e.g. Europe/Madrid')
  .describe('IANA time zone; company-local days and weeks are computed in it');
