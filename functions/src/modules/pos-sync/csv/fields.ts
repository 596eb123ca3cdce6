import { createHash } from 'node:crypto';
import { IANAZone } from 'luxon';
import { z } from 'zod';
import type { PosEmployee, PosPunch, PosSale } from '../../../connectors';
import { currencyExponent } from '../../../core/money';

/**
 * What a CSV file of a POS without an API holds, and how one row becomes a POS record: the fields
 * of each kind of file, the column mapping a company saves (which header holds which field, how
 * dates and amounts are written), the mapping suggested from a file's headers, and the conversion
 * of a row with every problem named. Pure: no storage, no clock.
 */

export const CSV_KINDS = ['roster', 'punches', 'sales'] as const;
export type CsvKind = (typeof CSV_KINDS)[number];

interface FieldSpec {
  required: boolean;
  description: string;
  /** Header spellings recognised when suggesting a mapping (compared lowercased, letters and digits only). */
  aliases: string[];
}

const EMPLOYEE_REF =
  "The POS employee: the roster file's key (its id column, else its email, else its first and last name), compared case-insensitively";

export const CSV_FIELDS = {
  roster: {
    id: {
      required: false,
      description:
        'The POS employee id (employee number); without it the key is the email, else the first and last name',
      aliases: [
        'id',
        'employeeid',
        'employee',
        'empid',
        'employeenumber',
        'employeeno',
        'posid',
        'staffid',
        'staffno',
        'staffnumber',
        'badge',
      ],
    },
    firstName: { required: true, description: 'First name', aliases: ['firstname', 'first', 'givenname', 'forename'] },
    lastName: { required: true, description: 'Last name', aliases: ['lastname', 'last', 'surname', 'familyname'] },
    email: {
      required: false,
      description: 'Email address (auto-links the employee with the same email)',
      aliases: ['email', 'emailaddress', 'mail'],
    },
    phone: {
      required: false,
      description: 'Phone number (auto-links the employee with the same phone)',
      aliases: ['phone', 'phonenumber', 'mobile', 'cell', 'telephone'],
    },
    jobTitle: {
      required: false,
      description: 'Job title, matched to a role by name',
      aliases: ['jobtitle', 'job', 'role', 'position', 'title'],
    },
    active: {
      required: false,
      description: 'Active (yes/no, true/false, 1/0, active/inactive); default yes',
      aliases: ['active', 'status', 'enabled'],
    },
  },
  punches: {
    id: {
      required: false,
      description: 'The punch (time entry) id; without it a punch is keyed by its employee and clock-in',
      aliases: ['id', 'punchid', 'entryid', 'timeentryid', 'timecardid', 'shiftid'],
    },
    employeeId: {
      required: true,
      description: EMPLOYEE_REF,
      aliases: [
        'employeeid',
        'employee',
        'empid',
        'employeenumber',
        'employeeno',
        'staffid',
        'staffno',
        'staffnumber',
        'email',
        'name',
        'employeename',
      ],
    },
    clockIn: {
      required: true,
      description: 'Clock-in date and time (company time zone unless the value has an offset)',
      aliases: ['clockin', 'in', 'clockintime', 'start', 'starttime', 'timein'],
    },
    clockOut: {
      required: false,
      description: 'Clock-out date and time; empty while clocked in',
      aliases: ['clockout', 'out', 'clockouttime', 'end', 'endtime', 'timeout'],
    },
    breakMinutes: {
      required: false,
      description: 'Unpaid break minutes (placed in the middle of the punch)',
      aliases: [
        'breakminutes',
        'break',
        'breakmins',
        'unpaidbreak',
        'unpaidbreakminutes',
        'unpaidbreakmin',
        'breakmin',
      ],
    },
    jobTitle: {
      required: false,
      description: 'Job title, matched to a role by name',
      aliases: ['jobtitle', 'job', 'role', 'position'],
    },
  },
  sales: {
    id: {
      required: false,
      description:
        'Receipt / check / order number; without it a sale is keyed by its content (an identical row repeated in one file is two sales)',
      aliases: [
        'id',
        'receipt',
        'receiptid',
        'receiptnumber',
        'check',
        'checkid',
        'checknumber',
        'order',
        'orderid',
        'ordernumber',
        'ticket',
        'invoice',
        'transactionid',
      ],
    },
    closedAt: {
      required: true,
      description: 'Date and time the sale closed (company time zone unless the value has an offset)',
      aliases: ['closedat', 'closed', 'closedtime', 'date', 'datetime', 'time', 'timestamp', 'closedate'],
    },
    amount: {
      required: true,
      description: 'Net sales, tips excluded, in major units (12.50); negative for a refund',
      aliases: ['amount', 'netsales', 'net', 'netamount', 'subtotal', 'sales', 'total'],
    },
    tips: {
      required: false,
      description: 'Tips in major units (card and cash); default 0',
      aliases: ['tips', 'tip', 'gratuity', 'tipamount'],
    },
    cashTips: {
      required: false,
      description: 'The part of tips paid in cash; default 0',
      aliases: ['cashtips', 'cashtip'],
    },
    employeeId: {
      required: false,
      description: EMPLOYEE_REF,
      aliases: [
        'employeeid',
        'employee',
        'server',
        'serverid',
        'empid',
        'employeeno',
        'staffid',
        'staffno',
        'staffnumber',
      ],
    },
    customers: {
      required: false,
      description: 'Guests (covers); default 0',
      aliases: ['customers', 'guests', 'covers', 'guestcount'],
    },
    currency: {
      required: false,
      description: "ISO 4217 code; default the company's currency",
      aliases: ['currency', 'currencycode'],
    },
    refundOf: {
      required: false,
      description: 'For a refund: the id of the refunded sale',
      aliases: ['refundof', 'originalreceipt', 'original', 'refundedreceipt'],
    },
  },
} as const satisfies Record<CsvKind, Record<string, FieldSpec>>;

export type CsvField<K extends CsvKind> = keyof (typeof CSV_FIELDS)[K] & string;

export const DATE_FORMATS = ['iso', 'mdy', 'dmy'] as const;
export const DECIMAL_SEPARATORS = ['.', ','] as const;
export const DELIMITERS = [',', ';', '\t', '|'] as const;

const header = z.string().min(1).max(200);

export const mappingSchema = z.strictObject({
  columns: z
    .record(z.string(), header)
    .describe('Field name -> the header of the column holding it (see the fields of the kind)'),
  dateFormat: z
    .enum(DATE_FORMATS)
    .default('iso')
    .describe(
      'iso: 2026-11-21 18:30[:00][offset]; mdy: 11/21/2026 6:30 PM or 18:30; dmy: 21/11/2026 18:30 (also 21.11.2026)',
    ),
  decimalSeparator: z.enum(DECIMAL_SEPARATORS).default('.').describe('Of amounts: "." (1,234.50) or "," (1.234,50)'),
  delimiter: z.enum(DELIMITERS).optional().describe('Column separator; default: detected from the header line'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code like USD')
    .optional()
    .describe("Of amounts without a currency column; default: the currency of the company's sales, else USD"),
});
export type CsvMapping = z.output<typeof mappingSchema>;

/** The problems of a mapping for a kind: unknown fields, required fields not mapped, one header for two fields. */
export function mappingProblems(kind: CsvKind, mapping: CsvMapping, headers?: readonly string[]): string[] {
  const fields = CSV_FIELDS[kind] as Record<string, FieldSpec>;
  const problems: string[] = [];
  for (const field of Object.keys(mapping.columns))
    if (!(field in fields)) problems.push(`${field} is not a field of a ${kind} file`);
  for (const [field, spec] of Object.entries(fields))
    if (spec.required && !mapping.columns[field]) problems.push(`${field} is required and not mapped`);
  const seen = new Map<string, string>();
  for (const [field, column] of Object.entries(mapping.columns)) {
    if (seen.has(column)) problems.push(`${field} and ${seen.get(column)} are both mapped to the column "${column}"`);
    seen.set(column, field);
    if (headers && !headers.includes(column))
      problems.push(`${field} is mapped to "${column}", which is not a column of the file`);
  }
  return problems;
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The mapping a file's headers suggest: each field to the first unused header matching one of its
 * aliases, in alias order; the date format and decimal separator from the first rows' values
 * (`samples`, cells in header order) when they tell.
 */
export function suggestMapping(
  kind: CsvKind,
  headers: readonly string[],
  samples: readonly (readonly string[])[] = [],
): CsvMapping {
  const byNorm = new Map<string, string>();
  for (const h of headers) if (!byNorm.has(norm(h))) byNorm.set(norm(h), h);
  const used = new Set<string>();
  const columns: Record<string, string> = {};
  // required fields choose first, so an optional field never takes the only column a required one has
  const entries = Object.entries(CSV_FIELDS[kind] as Record<string, FieldSpec>).sort(
    ([, a], [, b]) => Number(b.required) - Number(a.required),
  );
  for (const [field, spec] of entries) {
    const column = spec.aliases.map((a) => byNorm.get(a)).find((h) => h !== undefined && !used.has(h));
    if (column) {
      columns[field] = column;
      used.add(column);
    }
  }
  const valuesOf = (fields: readonly string[]) =>
    fields
      .filter((f) => columns[f])
      .flatMap((f) => samples.map((row) => (row[headers.indexOf(columns[f])] ?? '').trim()).filter(Boolean));
  return {
    columns,
    dateFormat: dateFormatOf(valuesOf(DATE_FIELDS)),
    decimalSeparator: decimalSeparatorOf(valuesOf(AMOUNT_FIELDS)),
  };
}

const DATE_FIELDS = ['clockIn', 'clockOut', 'closedAt'];
const AMOUNT_FIELDS = ['amount', 'tips', 'cashTips'];

/** iso unless the values are day/month/year (a first number over 12) or month/day/year (a second one over 12, or AM/PM). */
function dateFormatOf(values: readonly string[]): CsvMapping['dateFormat'] {
  const parts = values.map((v) => /^(\d{1,2})[/.-](\d{1,2})[/.-]\d{2,4}/.exec(v)).filter((m) => m !== null);
  if (parts.length === 0) return 'iso';
  if (parts.some((m) => Number(m[1]) > 12)) return 'dmy';
  if (parts.some((m) => Number(m[2]) > 12) || values.some((v) => /[AP]\.?M\.?$/i.test(v))) return 'mdy';
  return values.some((v) => /^\d{1,2}\.\d{1,2}\./.test(v)) ? 'dmy' : 'mdy';
}

/** "," when amounts end in a comma and one or two digits and none in a point and one or two digits. */
function decimalSeparatorOf(values: readonly string[]): CsvMapping['decimalSeparator'] {
  return values.some((v) => /,\d{1,2}\)?$/.test(v)) && !values.some((v) => /\.\d{1,2}\)?$/.test(v)) ? ',' : '.';
}

// ------------------------------------------------------------------ values

export interface RowError {
  /** The line of the file the row ends on (the header is line 1). */
  line: number;
  /** The field (or null for the row as a whole). */
  field: string | null;
  code:
    | 'REQUIRED'
    | 'INVALID_DATE'
    | 'INVALID_AMOUNT'
    | 'INVALID_NUMBER'
    | 'INVALID_VALUE'
    | 'COLUMN_COUNT'
    | 'OUT_OF_ORDER'
    | 'TOO_LONG';
  message: string;
}

export interface RowContext {
  timezone: string;
  currency: string;
  mapping: CsvMapping;
}

const MAX_VALUE_LENGTH = 500;

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const NUMERIC_DATE_TIME =
  /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(?:([AP])\.?M\.?)?$/i;

const DATE_EXAMPLES: Record<(typeof DATE_FORMATS)[number], string> = {
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

const TRUE = new Set(['yes', 'y', 'true', '1', 'active', 'enabled', 'x']);
const FALSE = new Set(['no', 'n', 'false', '0', 'inactive', 'disabled', 'terminated']);

/** An employee reference or roster key: trimmed, inner spaces collapsed, lowercased. */
export const employeeKey = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

const hashOf = (...parts: string[]) => createHash('sha256').update(parts.join('\u001f')).digest('hex').slice(0, 32);

export type CsvRecord = PosEmployee | PosPunch | PosSale;

/** One row's fields by name, read through the mapping (absent columns and empty cells are ''). */
export type MappedRow = Record<string, string>;

export function mapRow(
  mapping: CsvMapping,
  headerIndex: ReadonlyMap<string, number>,
  cells: readonly string[],
): MappedRow {
  const row: MappedRow = {};
  for (const [field, column] of Object.entries(mapping.columns))
    row[field] = (cells[headerIndex.get(column) ?? -1] ?? '').trim();
  return row;
}

/**
 * A row of a kind's file as a POS record, or its problems. `occurrence` counts the identical
 * content-keyed sales rows before this one in the file (so two identical sales stay two).
 */
export function toRecord(
  kind: CsvKind,
  row: MappedRow,
  line: number,
  ctx: RowContext,
  occurrence = 0,
): { record: CsvRecord } | { errors: RowError[] } {
  const errors: RowError[] = [];
  const fail = (field: string | null, code: RowError['code'], message: string) =>
    void errors.push({ line, field, code, message });
  for (const [field, value] of Object.entries(row))
    if (value.length > MAX_VALUE_LENGTH)
      fail(field, 'TOO_LONG', `${field} is longer than ${MAX_VALUE_LENGTH} characters`);
  for (const [field, spec] of Object.entries(CSV_FIELDS[kind] as Record<string, FieldSpec>))
    if (spec.required && !row[field]) fail(field, 'REQUIRED', `${field} is empty`);
  if (errors.length) return { errors };
  const time = (field: string) => {
    if (!row[field]) return null;
    const ms = parseDateTime(row[field], ctx.mapping.dateFormat, ctx.timezone);
    if (Number.isNaN(ms))
      fail(
        field,
        'INVALID_DATE',
        `${field} "${row[field]}" is not a date and time written ${DATE_EXAMPLES[ctx.mapping.dateFormat]} (dateFormat ${ctx.mapping.dateFormat}), or names a time the zone skips`,
      );
    return ms;
  };
  const money = (field: string, currency: string) => {
    if (!row[field]) return 0;
    const minor = parseAmount(row[field], currency, ctx.mapping.decimalSeparator);
    if (minor === null)
      fail(
        field,
        'INVALID_AMOUNT',
        `${field} "${row[field]}" is not an amount in ${currency} (decimal separator "${ctx.mapping.decimalSeparator}", at most ${currencyExponent(currency)} decimals)`,
      );
    return minor ?? 0;
  };
  const count = (field: string, max: number) => {
    if (!row[field]) return 0;
    const n = /^\d+$/.test(row[field]) ? Number(row[field]) : NaN;
    if (!(n <= max)) fail(field, 'INVALID_NUMBER', `${field} "${row[field]}" is not a whole number from 0 to ${max}`);
    return n;
  };
  const text = (field: string) => row[field] || null;

  if (kind === 'roster') {
    const active = row.active ? row.active.toLowerCase() : 'yes';
    if (!TRUE.has(active) && !FALSE.has(active))
      fail('active', 'INVALID_VALUE', `active "${row.active}" is not yes/no, true/false, 1/0 or active/inactive`);
    const key = employeeKey(row.id || row.email || `${row.firstName} ${row.lastName}`);
    if (errors.length) return { errors };
    return {
      record: {
        vendorId: key,
        firstName: row.firstName,
        lastName: row.lastName,
        email: text('email'),
        phone: text('phone'),
        active: TRUE.has(active),
        jobTitle: text('jobTitle'),
        modifiedAt: 0,
      } satisfies PosEmployee,
    };
  }

  if (kind === 'punches') {
    const clockIn = time('clockIn');
    const clockOut = time('clockOut');
    const breakMinutes = count('breakMinutes', 24 * 60);
    if (errors.length) return { errors };
    if (clockOut !== null && clockOut <= clockIn!) fail('clockOut', 'OUT_OF_ORDER', 'clockOut is not after clockIn');
    else if (clockOut !== null && clockOut - clockIn! > 24 * 3_600_000)
      fail('clockOut', 'OUT_OF_ORDER', 'the punch is longer than 24 hours');
    else if (breakMinutes && (clockOut === null || breakMinutes * 60_000 >= clockOut - clockIn!))
      fail('breakMinutes', 'OUT_OF_ORDER', 'the break does not fit in the punch (or the punch is still open)');
    if (errors.length) return { errors };
    const employeeVendorId = employeeKey(row.employeeId);
    const middle =
      clockOut === null ? 0 : Math.round((clockIn! + clockOut - breakMinutes * 60_000) / 2 / 60_000) * 60_000;
    return {
      record: {
        vendorId: row.id || `h-${hashOf(employeeVendorId, String(clockIn))}`,
        employeeVendorId,
        clockInAt: clockIn!,
        clockOutAt: clockOut,
        breaks: breakMinutes ? [{ startAt: middle, endAt: middle + breakMinutes * 60_000, paid: false }] : [],
        jobTitle: text('jobTitle'),
        deleted: false,
        modifiedAt: clockOut ?? clockIn!,
      } satisfies PosPunch,
    };
  }

  const currency = (row.currency || ctx.currency).toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency))
    fail('currency', 'INVALID_VALUE', `currency "${row.currency}" is not an ISO 4217 code`);
  const closedAt = time('closedAt');
  const amount = money('amount', currency);
  const tips = money('tips', currency);
  const cashTips = money('cashTips', currency);
  const customers = count('customers', 10_000);
  if (errors.length) return { errors };
  const refund = amount < 0 || tips < 0;
  if (refund && (amount > 0 || tips > 0)) fail(null, 'INVALID_VALUE', 'a refund has no positive amount or tips');
  if (Math.abs(cashTips) > Math.abs(tips) || (cashTips !== 0 && Math.sign(cashTips) !== Math.sign(tips)))
    fail('cashTips', 'INVALID_VALUE', 'cashTips is part of tips: same sign, not more');
  if (row.refundOf && !refund)
    fail('refundOf', 'INVALID_VALUE', 'refundOf is given but amount and tips are not negative');
  if (errors.length) return { errors };
  const employeeVendorId = row.employeeId ? employeeKey(row.employeeId) : null;
  return {
    record: {
      vendorId:
        row.id ||
        `h-${hashOf(String(closedAt), employeeVendorId ?? '', currency, String(amount), String(tips), String(cashTips), String(customers), row.refundOf ?? '', String(occurrence))}`,
      employeeVendorId,
      closedAt: closedAt!,
      currency,
      amount,
      tips,
      cashTips,
      customers,
      refund,
      refundOf: row.refundOf || null,
      modifiedAt: closedAt!,
    } satisfies PosSale,
  };
}

/** The content key of a sale row without an id (before its occurrence is counted). */
export const saleContentKey = (row: MappedRow) =>
  hashOf(
    ...Object.keys(row)
      .sort()
      .map((k) => `${k}=${row[k]}`),
  );
