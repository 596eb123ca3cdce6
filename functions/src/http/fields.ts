import { z } from 'zod';
import { documentIdProblem } from '../core/firestore';
import { lazyFile } from '../core/lazy';

const countriesDataFile = lazyFile<typeof import('./countries-data')>(() => require('./countries-data'));

/** Shared field schemas. Query strings arrive as text, so query helpers convert explicitly. */

/** luxon is loaded by the first date validated, not with every module's routes. */
const luxon = lazyFile<typeof import('luxon')>(() => require('luxon'));

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

/** Loaded by the first country checked, not with every module's routes. */
let assignedCountries: Set<string> | undefined;
const isAssignedCountry = (code: string) =>
  (assignedCountries ??= new Set(countriesDataFile().ISO_3166_ALPHA2_ASSIGNED)).has(code);

/** A country: an ISO 3166-1 alpha-2 code currently assigned (not EU, UK, XA or another reserved code). */
export const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code, e.g. US')
  .refine((c) => !/^[A-Z]{2}$/.test(c) || isAssignedCountry(c), 'is not an assigned ISO 3166-1 country code')
  .describe('ISO 3166-1 alpha-2 country code, assigned by the ISO 3166 Maintenance Agency (e.g. US, GB, ES)');

/**
 * Time-zone names: every name Intl (ICU) lists as canonical, `UTC`, and a link inside a geographic area
 * (e.g. Asia/Kolkata, Europe/Kyiv: the current IANA names of zones ICU still lists as Asia/Calcutta,
 * Europe/Kiev), written in its own case. Links outside those areas (US/Eastern, GMT, Etc/GMT+5,
 * EST5EDT), offsets and other cases are refused with the canonical name in the message.
 */
let canonicalZones: Map<string, string> | undefined;
const zonesByLowerCase = () =>
  (canonicalZones ??= new Map(
    [...Intl.supportedValuesOf('timeZone'), 'UTC'].map((zone) => [zone.toLowerCase(), zone]),
  ));
const GEOGRAPHIC_AREA = /^(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific)\//;
const ZONE_PART = /^[A-Z][a-z]*(?:[_-][A-Za-z][a-z]*)*$/;

function intlZone(name: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Why a time-zone name is refused, naming the canonical form when there is one; undefined when accepted. */
export function timeZoneProblem(name: string): string | undefined {
  const zones = zonesByLowerCase();
  if (zones.get(name.toLowerCase()) === name) return undefined;
  const resolved = intlZone(name);
  if (/^[+-]\d/.test(name) || resolved?.startsWith('+') || resolved?.startsWith('-'))
    return 'is an offset, not a time zone: use an IANA name, e.g. Europe/Madrid';
  if (!resolved || !zones.has(resolved.toLowerCase())) return 'must be an IANA time zone, e.g. Europe/Madrid';
  const sameNameOtherCase = zones.get(name.toLowerCase());
  if (sameNameOtherCase) return `must be written ${sameNameOtherCase} (time-zone names are case-sensitive)`;
  const linkInArea =
    GEOGRAPHIC_AREA.test(name) &&
    name
      .split('/')
      .slice(1)
      .every((part) => ZONE_PART.test(part));
  if (linkInArea) return undefined;
  return `must be a canonical IANA time zone: use ${resolved}`;
}

export const timeZone = z
  .string()
  .superRefine((name, ctx) => {
    const problem = timeZoneProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .describe(
    'Canonical IANA time zone (e.g. Europe/London, America/Chicago, or UTC), case-sensitive; company-local days and weeks are computed in it. Offsets (+05:00) and legacy links (US/Eastern, GMT) are refused.',
  );

/** The cursor of a paged list's next page (the list's `cursor` parameter reads it back). */
export const nextCursor = z
  .string()
  .nullable()
  .meta({ id: 'NextCursor', description: "Pass as the list's `cursor` for the next page; null on the last page" });

/**
 * An item of a batch that the handler validates on its own (a bad item is reported, never blocks the
 * others), described in the API as `schema`.
 */
export function validatedLater(schema: z.ZodType) {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return z.unknown().meta(json);
}
