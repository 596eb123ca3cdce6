import type { WeekPay } from './pay';
import { stringify } from 'csv-stringify/sync';
import { currencyExponent as exponentOf } from '../../core/money';
import { guardCell } from '../../core/spreadsheet';
import { PLACE_PREMIUM_KINDS, type PlacePremiumKind } from './place-premiums';

/**
 * The shared part of the payroll export layouts (exports.ts has the common rules, export-generic.ts,
 * export-adp.ts, export-paychex.ts and export-gusto.ts one layout each): the row a layout reads,
 * the formatting of hours, money and rates, the CSV writer, validation and the helpers several
 * layouts use. Pure, no I/O.
 */

import { EXPORT_LAYOUTS, type ExportLayout } from './export-headers';

export interface PayrollExportRow {
  employeeId: string;
  /** the employee's payroll/external id, e.g. ADP File #, Paychex Worker ID, Gusto employee id */
  employeeNumber: string | null;
  firstName: string;
  lastName: string;
  roleName: string | null;
  salaried: boolean;
  regularMinutes: number;
  overtimeMinutes: number;
  doubleTimeMinutes: number;
  /** integer minor units per hour */
  regularRate: number;
  overtimeRate: number;
  doubleTimeRate: number;
  /** integer minor units */
  regularPay: number;
  overtimePay: number;
  doubleTimePay: number;
  tips: number;
  /**
   * The part of `tips` the employee already took home in cash (cash tips entered on checks and
   * declared on POS punches), minor units; absent = 0. Payroll providers take it apart from tips
   * paid through the paycheck: reported as wages, not paid again (see exports.ts).
   */
  cashTips?: number;
  /**
   * The part of `tips` paid as tip-pool shares (paid through the paycheck), minor units; absent = 0.
   * The rest of the paycheck tips (`tips - cashTips - poolShares`) is the employee's own tips kept.
   */
  poolShares?: number;
  /** the tip-credit make-up to the minimum wage of the period's workweeks, minor units; absent = 0 */
  makeUp?: number;
  /** fair-workweek premiums (schedule changes, short rest), minor units; absent = 0 */
  schedulePremiums?: number;
  /** California meal-period premiums, minor units; absent = 0 */
  mealPremiums?: number;
  /** pay rules by place (split shift, reporting time, spread of hours, missed rest breaks), minor units by kind; absent = 0 */
  placePremiums?: Partial<Record<PlacePremiumKind, number>>;
  /** prior-period adjustments (a workweek straddling a closed period), minor units; absent = 0 */
  adjustments?: number;
  /** bonuses and other pay elements with the overtime they owe, minor units; absent = 0 */
  payElements?: number;
  /** paid time off, one entry per report line: minutes at a rate (minor units per hour), amount in minor units */
  leave?: ExportLeave[];
  /**
   * The period's part of each workweek, priced at that week's regular rate: when given, ADP and
   * Paychex get one line per workweek (its rate) instead of one per employee.
   */
  weeks?: ExportWeek[];
  /** the location the row was paid at, in an employer's file over its locations (the generic layout names it) */
  location?: { companyId: string; name: string };
  /** minor units per hour: the one rate a provider that holds one rate per employee (Gusto) prices hours at */
  baseRate?: number;
  totalPay: number;
}

export interface ExportLeave {
  kind: 'sick' | 'pto';
  minutes: number;
  rate: number;
  amount: number;
}

/** The minutes and pay of a row's leave of one kind. */
export const leaveTotal = (r: PayrollExportRow, kind: ExportLeave['kind']) =>
  (r.leave ?? [])
    .filter((l) => l.kind === kind)
    .reduce((s, l) => ({ minutes: s.minutes + l.minutes, pay: s.pay + l.amount }), { minutes: 0, pay: 0 });

/** A workweek's figures as the exports read them: the report's own (pay.ts), regularRate per 29 CFR 778.115. */
export type ExportWeek = Pick<
  WeekPay,
  | 'weekStart'
  | 'regularRate'
  | 'regularMinutes'
  | 'overtimeMinutes'
  | 'doubleTimeMinutes'
  | 'regularPay'
  | 'overtimePay'
  | 'doubleTimePay'
>;

export interface ExportMeta {
  companyId: string;
  companyName: string;
  /** ISO 4217 */
  currency: string;
  /** YYYY-MM-DD */
  periodStart: string;
  periodEnd: string;
  /** ADP Co Code / Paychex Client ID */
  companyCode?: string;
  /** ADP Batch ID (default: periodEnd as YYYYMMDD) */
  batchId?: string;
}

export interface ExportFile {
  filename: string;
  contentType: 'text/csv; charset=utf-8';
  body: string;
}

export type ExportErrorReason = 'employee-number-missing' | 'company-code-missing';

/** The export cannot be made from this data; the route answers 422. */
export class ExportError extends Error {
  constructor(
    message: string,
    readonly reason: ExportErrorReason,
    readonly layout: ExportLayout,
    /** ids of the employees concerned (those without an employee number), in file order */
    readonly employees: string[],
  ) {
    super(message);
    this.name = 'ExportError';
  }
}

// ---------------------------------------------------------------------------------------------
// Formatting

/** The money of a pay row (minor units): what a caller who may not see pay gets as null. */
export const MONEY_FIELDS = [
  'regularRate',
  'overtimeRate',
  'doubleTimeRate',
  'regularPay',
  'overtimePay',
  'doubleTimePay',
  'tips',
  'totalPay',
] as const satisfies readonly (keyof PayrollExportRow)[];

const INTEGER_FIELDS = [
  'regularMinutes',
  'overtimeMinutes',
  'doubleTimeMinutes',
  ...MONEY_FIELDS,
] as const satisfies readonly (keyof PayrollExportRow)[];

const PREMIUM_FIELDS = [
  'schedulePremiums',
  'mealPremiums',
  'adjustments',
  'cashTips',
  'poolShares',
  'makeUp',
] as const satisfies readonly (keyof PayrollExportRow)[];

/** The currency's minor-unit digits (core/money.ts), refusing what is not an ISO 4217 code: an export must not guess. */
export function currencyExponent(currency: string): number {
  if (!/^[A-Z]{3}$/.test(currency) || !Intl.supportedValuesOf('currency').includes(currency)) {
    throw new RangeError(`Not an ISO 4217 currency code: ${JSON.stringify(currency)}`);
  }
  return exponentOf(currency);
}

/** Integer minor units as a decimal string in major units: (123456, 2) -> "1234.56", (-5, 3) -> "-0.005". */
export function formatMinor(minor: number, exponent: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an integer amount of minor units: ${minor}`);
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const sign = minor < 0 ? '-' : '';
  if (exponent === 0) return sign + digits;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** Minutes as decimal hours with 2 places, half up (away from zero): 7 -> "0.12", 90 -> "1.50". */
export function formatHours(minutes: number): string {
  if (!Number.isSafeInteger(minutes)) throw new RangeError(`Not an integer number of minutes: ${minutes}`);
  // hundredths of an hour = minutes * 100 / 60 = minutes * 5 / 3, rounded half up: floor((10m + 3) / 6)
  const hundredths = Math.floor((Math.abs(minutes) * 10 + 3) / 6);
  return formatMinor(minutes < 0 ? -hundredths : hundredths, 2);
}

/**
 * A rate in minor units per hour with 2 decimals (a regular rate of pay) in major units: whole
 * minor units as money ("15.20"), else with 2 more decimals ("15.3333"; Paychex takes rates to
 * 4 decimals, SPI Specification Sheet).
 */
export function formatRate(rate: number, exponent: number): string {
  const hundredths = Math.round(rate * 100);
  if (!Number.isSafeInteger(hundredths)) throw new RangeError(`Not a rate: ${rate}`);
  return hundredths % 100 === 0 ? formatMinor(hundredths / 100, exponent) : formatMinor(hundredths, exponent + 2);
}

/** A free-text cell a spreadsheet must never evaluate: `=1+1` -> `'=1+1`. */
export const guardText = guardCell;

export function toCsv(header: readonly string[], lines: string[][]): string {
  // csv-stringify quotes a field holding the record delimiter (CRLF here) but not a lone CR or LF:
  // quoted_match adds those, so every line break inside a field is quoted (RFC 4180).
  const guarded = lines.map((line) => line.map(guardCell));
  return stringify([[...header], ...guarded], { record_delimiter: 'windows', quoted_match: /[\r\n]/, eof: true });
}

const collator = new Intl.Collator('en');

export function compareRows(a: PayrollExportRow, b: PayrollExportRow): number {
  return (
    collator.compare(a.lastName, b.lastName) ||
    collator.compare(a.firstName, b.firstName) ||
    (a.employeeId < b.employeeId ? -1 : a.employeeId > b.employeeId ? 1 : 0)
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function validate(layout: string, rows: PayrollExportRow[], meta: ExportMeta): void {
  if (!(EXPORT_LAYOUTS as readonly string[]).includes(layout))
    throw new RangeError(`Unknown export layout: ${JSON.stringify(layout)}`);
  if (!DATE.test(meta.periodStart) || !DATE.test(meta.periodEnd))
    throw new RangeError('periodStart and periodEnd must be YYYY-MM-DD');
  if (meta.periodStart > meta.periodEnd) throw new RangeError('periodStart is after periodEnd');
  for (const row of rows) {
    for (const field of [...INTEGER_FIELDS, ...PREMIUM_FIELDS]) {
      const value = row[field] ?? 0;
      if (!Number.isSafeInteger(value))
        throw new RangeError(`${field} of employee ${row.employeeId} is not an integer: ${value}`);
    }
    for (const kind of PLACE_PREMIUM_KINDS) {
      const value = row.placePremiums?.[kind] ?? 0;
      if (!Number.isSafeInteger(value))
        throw new RangeError(`placePremiums.${kind} of employee ${row.employeeId} is not an integer: ${value}`);
    }
    const weekValues = (row.weeks ?? []).flatMap((w) => [
      w.regularMinutes,
      w.overtimeMinutes,
      w.doubleTimeMinutes,
      w.regularPay,
      w.overtimePay,
      w.doubleTimePay,
    ]);
    for (const value of [...weekValues, row.baseRate ?? 0])
      if (!Number.isSafeInteger(value))
        throw new RangeError(`A workweek or base rate of employee ${row.employeeId} is not an integer: ${value}`);
  }
}

export const present = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim() !== '';
const displayName = (r: PayrollExportRow) => `${r.lastName}, ${r.firstName} (${r.employeeId})`;

export function requireCompanyCode(layout: ExportLayout, meta: ExportMeta, what: string): string {
  if (!present(meta.companyCode))
    throw new ExportError(`The ${layout} export needs the company's ${what}`, 'company-code-missing', layout, []);
  return meta.companyCode.trim();
}

export function requireEmployeeNumbers(layout: ExportLayout, rows: PayrollExportRow[], what: string): void {
  const missing = rows.filter((r) => !present(r.employeeNumber));
  if (missing.length > 0) {
    throw new ExportError(
      `The ${layout} export needs a ${what} for ${missing.length} employee${missing.length === 1 ? '' : 's'}: ${missing.map(displayName).join('; ')}`,
      'employee-number-missing',
      layout,
      missing.map((r) => r.employeeId),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers of the layouts

export interface Ctx {
  meta: ExportMeta;
  money: (minor: number) => string;
  /** the currency's minor-unit digits */
  exponent: number;
}

/**
 * The row's non-zero premiums as [code, amount]: fair-workweek ones under the first code, meal ones
 * under the second, then each pay rule by place under its own (`placeCodes`).
 */
export function premiumsOf(
  r: PayrollExportRow,
  scheduleCode: string,
  mealCode: string,
  placeCodes: Record<PlacePremiumKind, string> = PLACE_PREMIUM_NONE,
): [string, number][] {
  const out: [string, number][] = [];
  if (r.schedulePremiums) out.push([scheduleCode, r.schedulePremiums]);
  if (r.mealPremiums) out.push([mealCode, r.mealPremiums]);
  for (const kind of PLACE_PREMIUM_KINDS)
    if (r.placePremiums?.[kind]) out.push([placeCodes[kind], r.placePremiums[kind]]);
  return out;
}

const PLACE_PREMIUM_NONE: Record<PlacePremiumKind, string> = {
  splitShift: '',
  reportingTime: '',
  spreadOfHours: '',
  restBreak: '',
  callIn: '',
};
export const placeTotal = (r: PayrollExportRow) =>
  PLACE_PREMIUM_KINDS.reduce((s, k) => s + (r.placePremiums?.[k] ?? 0), 0);

/** Empty when zero (ADP: a 0 is an entry). */
export const nonZero = (value: number, format: (n: number) => string) => (value === 0 ? '' : format(value));

/** Hundredths of an hour as the file writes them (formatHours). */
export const writtenHundredths = (minutes: number) => Math.floor((minutes * 10 + 3) / 6);

/**
 * What a provider pays for a line: the written hours (2 decimals) x a rate given in
 * 1/`scale` of a minor unit per hour x the factor, rounded half up to a minor unit.
 */
export const pricedLine = (minutes: number, rate: number, scale: number, factor = 1) =>
  Math.floor((writtenHundredths(minutes) * rate * factor) / (100 * scale) + 0.5 + 1e-9);

/** The tips a row pays through the paycheck that are the employee's own (not pool shares, not cash they hold). */
export const ownPaycheckTips = (r: PayrollExportRow) => r.tips - (r.cashTips ?? 0) - (r.poolShares ?? 0);
