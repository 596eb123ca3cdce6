import { IANAZone } from 'luxon';
import { currencyExponent } from '../../../core/money';
import type { CsvMapping, DATE_FORMATS } from './fields';

/** The dates and amounts of a CSV row, read as the mapping says they are written. Pure: no storage, no clock. */

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const NUMERIC_DATE_TIME =
  /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(?:([AP])\.?M\.?)?$/i;

export const DATE_EXAMPLES: Record<(typeof DATE_FORMATS)[number], string> = {
  iso: 'like 2026-11-21 18:30',
  mdy: 'like 11/21/2026 6:30 PM',
  dmy: 'like 21/11/2026 18:30',
};

/**
 * A date-time as epoch ms: in the company's zone, or at the offset the value carries (iso only).
 * NaN when it is not one (no such day or time), or names a local time the zone skips (the hour
 * lost when summer time starts). Parsed by hand with cached zone offsets, not with luxon per row:
 * a file has up to a million of them.
 */
export function parseDateTime(value: string, format: CsvMapping['dateFormat'], timezone: string): number {
  const v = value.trim();
  let year: number, month: number, day: number, hour: number;
  let minute: number,
    second = 0,
    milli = 0;
  let offset: string | undefined;
  if (format === 'iso') {
    const m = ISO_DATE_TIME.exec(v);
    if (!m) return NaN;
    [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number);
    second = Number(m[6] ?? 0);
    milli = Number((m[7] ?? '').padEnd(3, '0'));
    offset = m[8];
  } else {
    const m = NUMERIC_DATE_TIME.exec(v);
    if (!m) return NaN;
    [month, day] = format === 'mdy' ? [Number(m[1]), Number(m[2])] : [Number(m[2]), Number(m[1])];
    year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
    if (m[7]) {
      if (hour < 1 || hour > 12) return NaN;
      hour = (hour % 12) + (m[7].toUpperCase() === 'P' ? 12 : 0);
    }
  }
  if (hour > 23 || minute > 59 || second > 59) return NaN;
  const local = Date.UTC(year, month - 1, day, hour, minute, second, milli);
  const check = new Date(local);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return NaN;
  if (offset) {
    if (/^z$/i.test(offset)) return local;
    const [, sign, hh, mm] = /^([+-])(\d{2}):?(\d{2})$/.exec(offset)!;
    return local - (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm)) * 60_000;
  }
  return zonedToUtc(local, timezone);
}

const offsets = new Map<string, number>();

/** The zone's offset from UTC (minutes) at an instant; zones change offset on quarter hours at most, so it is cached per quarter hour. */
function offsetAt(zone: string, utc: number): number {
  const key = `${zone}|${Math.floor(utc / 900_000)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = IANAZone.create(zone).offset(utc);
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The instant of a wall-clock time (given as if it were UTC) in `zone`; NaN for a wall-clock time the zone skips. */
function zonedToUtc(local: number, zone: string): number {
  let utc = local - offsetAt(zone, local) * 60_000;
  utc = local - offsetAt(zone, utc) * 60_000;
  return utc + offsetAt(zone, utc) * 60_000 === local ? utc : NaN;
}

/** Digits, grouped by thousands with the other separator or not, and decimals after the separator. */
const AMOUNT_PATTERNS: Record<CsvMapping['decimalSeparator'], RegExp> = {
  '.': /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/,
  ',': /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$/,
};

/**
 * An amount in major units ("1,234.50", "-3", "$12.00", "(4.25)" for a negative) as integer minor
 * units of `currency`, by string arithmetic (never through a float), or null when it is not one
 * or has more decimals than the currency's minor unit.
 */
export function parseAmount(
  value: string,
  currency: string,
  decimalSeparator: CsvMapping['decimalSeparator'],
): number | null {
  let v = value
    .trim()
    .replace(/^[$€£¥]|[$€£¥]$/g, '')
    .trim();
  let negative = false;
  if (/^\(.*\)$/.test(v)) {
    negative = true;
    v = v.slice(1, -1).trim();
  }
  if (v.startsWith('-')) {
    negative = !negative;
    v = v.slice(1).trim();
  }
  v = v.replace(/^[$€£¥]/, '');
  const group = decimalSeparator === '.' ? ',' : '.';
  const m = AMOUNT_PATTERNS[decimalSeparator].exec(v);
  if (!m) return null;
  const exponent = currencyExponent(currency);
  const fraction = m[2] ?? '';
  if (fraction.length > exponent) return null;
  const digits = m[1].split(group).join('') + fraction.padEnd(exponent, '0');
  const minor = Number(digits);
  if (!Number.isSafeInteger(minor) || minor > 1e13) return null;
  return negative && minor !== 0 ? -minor : minor;
}
