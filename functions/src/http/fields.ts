import { z } from 'zod';
import { DateTime } from 'luxon';

/** Shared field schemas. Query strings arrive as text, so query helpers convert explicitly. */

export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const isoDate = z
  .string()
  .regex(ISO_DATE_PATTERN, 'must be a date YYYY-MM-DD')
  .refine((v) => DateTime.fromISO(v, { zone: 'utc' }).isValid, 'is not a calendar date')
  .meta({ format: 'date', example: '2026-11-21' });

export const nonEmptyId = z.string().min(1);

/** "true"/"false" (also 1/0, yes/no) in a query string. */
export const queryBoolean = z.stringbool().meta({ type: 'boolean' });

/** A list in a query string: repeated (?a=x&a=y) or comma-separated (?a=x,y). */
export function queryList<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value === undefined) return undefined;
    const parts = Array.isArray(value) ? value : [value];
    return parts.flatMap((p) => (typeof p === 'string' ? p.split(',').map((s) => s.trim()).filter(Boolean) : [p]));
  }, z.array(item));
}

export const companyIdQuery = z.object({ companyId: nonEmptyId.describe('The company the request is about') });

export const companyIdParam = z.object({ id: nonEmptyId.describe('Company id') });

/** Milliseconds since the Unix epoch, from a Firestore Timestamp or a number stored as such. */
export function toMillis(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (value && typeof (value as { toMillis?: unknown }).toMillis === 'function') {
    return (value as { toMillis: () => number }).toMillis();
  }
  return undefined;
}
