/** The account fields other modules validate too (onboarding collects an owner's signup with them). */
import { z } from 'zod';

/** Built on the first country checked: Intl.DisplayNames costs milliseconds, paid by a cold start otherwise. */
let regionNames: Intl.DisplayNames | undefined;
const regionName = (code: string) => (regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' })).of(code);
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export const emailSchema = z
  .email()
  .max(254)
  .transform((e) => e.trim().toLowerCase())
  .describe('Email address (compared without regard to case)');

/** Firebase Authentication needs 6 characters; we ask for 8. */
export const passwordSchema = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(128)
  .describe('At least 8 characters');

export const countrySchema = z
  .string()
  .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code, e.g. US')
  .refine((c) => {
    // zod runs refinements after a failed regex too: only a well-formed code reaches Intl (which throws on others)
    const name = /^[A-Z]{2}$/.test(c) ? regionName(c) : undefined;
    return !!name && name !== c && name !== 'Unknown Region';
  }, 'is not a country code')
  .describe('ISO 3166-1 alpha-2 country code');

export const currencySchema = z
  .string()
  .refine((c) => CURRENCIES.has(c), 'must be an ISO 4217 currency code, e.g. USD')
  .describe('ISO 4217 currency of the company (sales and pay); without it, the first POS sync or import sets it');
