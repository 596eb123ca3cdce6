import { createHash } from 'node:crypto';
import type { PosEmployee, PosPunch, PosSale } from '../../../pos/connectors';
import { currencyExponent } from '../../../core/money';
import { CSV_FIELDS, type CsvKind, type CsvMapping, type FieldSpec } from './fields';
import { DATE_EXAMPLES, parseAmount, parseDateTime } from './values';

/** How one row of a CSV file becomes a POS record, with every problem named. Pure: no storage, no clock. */

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
  const gratuities = money('gratuities', currency);
  const serviceCharges = money('serviceCharges', currency);
  const customers = count('customers', 10_000);
  if (errors.length) return { errors };
  const refund = amount < 0 || tips < 0 || gratuities < 0 || serviceCharges < 0;
  if (refund && (amount > 0 || tips > 0 || gratuities > 0 || serviceCharges > 0))
    fail(null, 'INVALID_VALUE', 'a refund has no positive amount, tips, gratuities or service charges');
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
        // gratuities and service charges join the key only when given: rows of files before them keep their ids
        `h-${hashOf(String(closedAt), employeeVendorId ?? '', currency, String(amount), String(tips), String(cashTips), String(customers), row.refundOf ?? '', String(occurrence), ...(gratuities || serviceCharges ? [String(gratuities), String(serviceCharges)] : []))}`,
      employeeVendorId,
      closedAt: closedAt!,
      currency,
      amount,
      tips,
      cashTips,
      gratuities,
      serviceCharges,
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
