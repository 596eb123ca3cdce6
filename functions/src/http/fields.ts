import { z } from 'zod';
import { documentIdProblem } from '../core/firestore';

/** Shared field schemas. Query strings arrive as text, so query helpers convert explicitly. */

/** luxon is loaded by the first date validated, not with every module's routes. */
const luxon = () => require('luxon') as typeof import('luxon');

export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const isoDate = z
  .string()
  .regex(ISO_DATE_PATTERN, 'must be a date YYYY-MM-DD')
  .refine((v) => luxon().DateTime.fromISO(v, { zone: 'utc' }).isValid, 'is not a calendar date')
  .meta({ format: 'date', example: '2026-11-21' });

/** An id that names a Firestore document: non-empty, no "/", not "." or "..", not "__x__", at most 1,500 bytes. */
export const documentId = z
  .string()
  .min(1)
  .max(1500)
  .superRefine((id, ctx) => {
    const problem = documentIdProblem(id);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** "true"/"false" (also 1/0, yes/no) in a query string. */
export const queryBoolean = z.stringbool().meta({ type: 'boolean' });

/** A list in a query string: repeated (?a=x&a=y) or comma-separated (?a=x,y). */
export function queryList<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value === undefined) return undefined;
    const parts = Array.isArray(value) ? value : [value];
    return parts.flatMap((p) =>
      typeof p === 'string'
        ? p
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [p],
    );
  }, z.array(item));
}

export const companyIdQuery = z.object({ companyId: documentId.describe('The company the request is about') });

export const companyIdParam = z.object({ id: documentId.describe('Company id') });
