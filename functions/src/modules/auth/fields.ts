/** The account fields other modules validate too (onboarding collects an owner's signup with them). */
import { z } from 'zod';

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

export const currencySchema = z
  .string()
  .refine((c) => CURRENCIES.has(c), 'must be an ISO 4217 currency code, e.g. USD')
  .describe('ISO 4217 currency of the company (sales and pay); without it, the first POS sync or import sets it');
