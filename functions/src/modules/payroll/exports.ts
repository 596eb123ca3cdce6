import type { WeekPay } from './pay';
import { stringify } from 'csv-stringify/sync';
import { currencyExponent as exponentOf } from '../../core/money';
import { guardCell } from '../../core/spreadsheet';
import { PLACE_PREMIUM_KINDS, type PlacePremiumKind } from './place-premiums';
import {
  ADP_CODES,
  ADP_HEADER,
  ADP_PLACE_PREMIUM_CODES,
  GENERIC_PLACE_PREMIUM_COLUMNS,
  PAYCHEX_PLACE_PREMIUM_COMPONENTS,
  GENERIC_ADJUSTMENT_COLUMN,
  GENERIC_CASH_TIPS_COLUMN,
  GENERIC_LEAVE_COLUMNS,
  GENERIC_PAY_ELEMENT_COLUMN,
  GUSTO_LEAVE_COLUMNS,
  GENERIC_HEADER,
  GUSTO_CASH_TIPS_COLUMN,
  GUSTO_CORRECTION_COLUMN,
  GUSTO_HEADER,
  GUSTO_PREMIUM_COLUMN,
  PAYCHEX_HEADER,
  PAYCHEX_PAY_COMPONENTS,
} from './export-headers';

/**
 * Payroll export files for a closed pay period: pure functions, no I/O.
 *
 * `payrollExport(layout, rows, meta)` turns one row per employee (totals of the period, as the
 * overtime engine and `payOf` produced them) into the CSV a payroll provider imports. Layouts:
 * `generic` (ours, every field), `adp`, `paychex` and `gusto` (the providers' documented imports,
 * sources below).
 *
 * Common rules
 * - CSV: RFC 4180 via csv-stringify (a field holding a comma, a quote, CR or LF is quoted, quotes
 *   doubled), CRLF record delimiters as spreadsheet importers expect, a CRLF after the last record
 *   too, a header line first (so an empty period is the header line alone). No byte-order mark:
 *   the ADP import wants `Co Code` as the very first bytes.
 * - Hours: minutes / 60 with 2 decimals, rounded half up (integer arithmetic; minutes / 60 never
 *   ends in an exact half, so the rule only matters for the sign: negative values round away from
 *   zero, symmetrically).
 * - Money: integer minor units written in major units with the currency's ISO 4217 exponent
 *   (`currencyExponent`: USD 2 -> "12.34", JPY 0 -> "1234", KWD 3 -> "1.234"), by string
 *   formatting of the integer, never by float division. Rates (minor units per hour) likewise.
 * - Formula-injection guard: every cell goes through the shared `guardCell` (core/spreadsheet.ts):
 *   one starting with `=`, `+`, `-`, `@`, tab or CR that is not a plain number is prefixed with `'`
 *   so a spreadsheet never evaluates it (OWASP "CSV injection"), identifiers included.
 * - Rows are sorted by last name, then first name (Intl.Collator 'en', so case and accents sort
 *   as a person expects), then employee id (code-unit order): the same input always gives the same
 *   bytes.
 * - Salaried employees: the payroll provider pays their salary from its own employee record, so a
 *   provider layout never sends their regular hours, regular rate or regular pay (ADP: empty
 *   `Reg Hours` and `Temp Rate`; Paychex: no `Hourly` line; Gusto: empty `regular_hours`, which
 *   Gusto documents as "no impact"). What they earned on top of the salary is sent like anyone
 *   else's: overtime and double time (salaried non-exempt) and tips. The generic layout carries
 *   every field as given plus a `salaried` column.
 * - ADP and Paychex identify an employee only by their own number (ADP `File #`, Paychex
 *   `Worker ID`): every row needs `employeeNumber` there, else `ExportError` (reason
 *   'employee-number-missing', `employees` = the ids of those employees, in file order) so the
 *   route answers 422. Both also need `meta.companyCode` (ADP `Co Code`, Paychex `Client ID`), else
 *   `ExportError` (reason 'company-code-missing', `employees` empty). Gusto matches on first and
 *   last name and takes its own id optionally, so it needs neither.
 * - Premiums (fair-workweek premiums for schedule changes and short rest, `schedulePremiums`; the
 *   California meal-period premium, `mealPremiums`; period totals in minor units) are earnings, not
 *   hours: generic has a column for each; ADP gets one more paydata line per premium with only
 *   `Earnings 3 Code` and `Earnings 3 Amount` (codes `FWW` and `MLP`: placeholders like `TIP`, ADP
 *   earnings codes are set up per company and mapped by the practitioner; ADP paydata takes several
 *   lines per File #); Paychex one more line per premium with an Amount under the pay components
 *   `Schedule Premium` and `Meal Premium` (to be set up on the Paychex client under those names);
 *   Gusto has no column for them and its CSV upload refuses custom earning types ("Custom earning
 *   types are not supported in the CSV upload", Gusto Help Center), so their sum goes to `bonus`,
 *   the template's taxable extra-pay column, present only when the file has a premium and empty
 *   for an employee without one (a 0 would erase a bonus entered in Gusto). The pay rules by place
 *   (`placePremiums`: split shift, reporting time, spread of hours, missed rest breaks) follow the
 *   same pattern: generic gets four columns (`split_shift_pay`, `reporting_time_pay`,
 *   `spread_of_hours_pay`, `rest_break_pay`) only when the file has one, ADP the Earnings 3 codes
 *   `SPL`, `RPT`, `SOH`, `RST`, Paychex the pay components `Split Shift Premium`, `Reporting Time
 *   Pay`, `Spread of Hours`, `Rest Break Premium`, Gusto their sum in `bonus`.
 * - Tips are reported in two kinds, as the providers take them (checked 2026-12-02): tips paid
 *   through the paycheck (card tips, voluntary gratuities, tips received from other servers less
 *   those given) and cash tips the employee already holds (cash tips entered on checks and cash
 *   tips declared on POS punches: taxable wages, not paid again). Gusto: `paycheck_tips` and
 *   `cash_tips`, both optional fields of the regular-payroll CSV upload (Gusto Help Center "Upload
 *   payroll data with a CSV", support.gusto.com/article/999914471000000); `cash_tips` is written
 *   only when the file has cash tips (a 0 would erase cash tips entered in Gusto). ADP: two
 *   Earnings 3 codes, `TIP` (paycheck) and `CTP` (cash), placeholders the practitioner maps to the
 *   company's own "Tips and Gratuities" earnings (ADP earnings codes are set up per company; ADP
 *   Run integrations send credit-card and cash tips under separate earning codes so tips are not
 *   reported twice: 7shifts KB "Set Up Custom Earning Codes in ADP Run"). Paychex: pay components
 *   `Tips` and `Cash Tips` (names to be set up on the Paychex client, like every SPI pay
 *   component, see below). Generic: `tips` is the staff's tips, with a `cash_tips` column (the
 *   part in cash) when the file has cash tips. Service charges and automatic gratuities are the
 *   restaurant's receipt, not tips (29 CFR 531.55): never in these columns. The tips of a row
 *   include its tip adjustments (tips of a closed period changed later, paid or taken back with
 *   this one: report.ts), each in its kind's column, so a file pays back or takes back the
 *   difference; a row whose adjustments take back more than the period's tips has negative tips.
 * - Invalid input (a minute or money value that is not a safe integer, an unknown layout or
 *   currency, a malformed period) is a programming error: RangeError.
 * - Filename: `payroll-{companyId}-{periodStart}_{periodEnd}-{layout}.csv`, the company id reduced
 *   to [A-Za-z0-9_-] so the name is safe in a Content-Disposition header.
 *
 * Layouts (header line, then what each column holds)
 *
 * generic — ours; one line per employee, every field of PayrollExportRow:
 *   employee_id,employee_number,last_name,first_name,role,salaried,regular_hours,overtime_hours,
 *   double_time_hours,total_hours,regular_rate,overtime_rate,double_time_rate,regular_pay,
 *   overtime_pay,double_time_pay,tips,total_pay,currency,period_start,period_end
 *   employee_number and role empty when null; salaried `true`/`false`; *_hours decimal hours
 *   (total_hours is the sum of the minutes, converted once, not the sum of rounded hours); *_rate
 *   money per hour; *_pay, tips, total_pay money as given (total_pay is not recomputed); currency
 *   the ISO 4217 code; period_* YYYY-MM-DD.
 *
 * adp — ADP Workforce Now paydata import (header-based .csv):
 *   Co Code,Batch ID,File #,Reg Hours,O/T Hours,Hours 3 Code,Hours 3 Amount,Earnings 3 Code,
 *   Earnings 3 Amount,Temp Rate
 *   Sources: ADP Marketplace "Automated Paydata Integration for ADP Workforce Now" (fields that can
 *   be sent: Co Code required in 1st position, Batch ID 2nd, File # 3rd, then Regular Hours, O/T
 *   Hours, Hours 3 Code and Amount, Temp Rate, Regular Earnings, O/T Earnings, Earnings 3 Code and
 *   Amount ...); the exact header spellings `Reg Hours`, `O/T Hours`, `Hours 3 Code`,
 *   `Hours 3 Amount`, `Earnings 3 Code`, `Earnings 3 Amount`, `Temp Rate` as the ADP exports of
 *   Deltek Costpoint, Sundial and Clean Smarts document them. One line per employee with something
 *   to pay (a line whose value cells would all be empty, e.g. a salaried employee without overtime
 *   or tips, is left out: ADP pays that salary by itself). Empty, never 0, where there is nothing
 *   (an ADP paydata cell holding 0 is an entry). Co Code = meta.companyCode; Batch ID =
 *   meta.batchId, else periodEnd as YYYYMMDD (plausible default, ours: ADP only asks for an
 *   identifier of the batch; Clean Smarts uses a counter, RMPOS a date stamp). Double time goes to
 *   Hours 3 with code `DBL` and tips to Earnings 3 with code `TIP`: hours and earnings codes are
 *   set up per ADP company, these are placeholders the practitioner maps (`DBL` is the double-time
 *   Hours 3 code in DATABASICS' ADP Workforce Now mapping; `TIP` is ours). Rows that carry their
 *   workweeks (`weeks`, every report since workweeks were reported) get one line per workweek
 *   instead, with the week's regular rate as Temp Rate, a rate-difference line `RRD` and the
 *   prior-period adjustment `RET` (adpWeekLines; docs/PAYROLL.md section 5 has the sources). Rows
 *   without: Temp Rate = the period's regular rate, empty for salaried; ADP prices O/T and Hours 3
 *   with the factors configured in ADP on that rate.
 *
 * paychex — Paychex Flex Standard Payroll Import (SPI), a fixed-order file, all 16 columns:
 *   Client ID,Worker ID,Org,Job Number,Pay Component,Rate,Rate Number,Hours,Units,Line Date,Amount,
 *   Check Seq Number,Override State,Override Local,Override Local Jurisdiction,Labor Assignment
 *   Sources: Paychex Flex help "Standard Payroll Import (SPI) Overview" (the template's columns are
 *   fixed, in the order of the specification sheet) and "SPI Specification Sheet" (Client ID A,
 *   Worker ID B, Org C, Job Number D, Pay Component E, Rate F 0 to 9999.9999, Rate Number G,
 *   Hours H -999.99 to 999.99 ...); the remaining header names and "an earning can include only one
 *   of Rate, Rate# or Amount" from Deltek Costpoint's "Export Timesheets to Paychex" file
 *   specification. One line per pay component with a non-zero value: `Hourly` (regular hours with
 *   Rate = regular rate; not for salaried), `Overtime`, `Doubletime` (hours with their rate), `Tips`
 *   (Amount only). Pay components must match the names set up on the Paychex client (case
 *   sensitive); `Hourly` is the SPI sheet's own example, `Overtime`/`Doubletime` the names Clean
 *   Smarts' Paychex export uses, `Tips` ours. Client ID = meta.companyCode; Worker ID =
 *   employeeNumber. Org, Job Number, Rate Number, Units, Check Seq Number and the overrides stay
 *   empty (optional; Paychex uses the employee's setup). Line Date is empty too. Rows that carry
 *   their workweeks get the Hourly / Overtime / Doubletime lines per workweek at that week's rates
 *   (4 decimals when needed), a `Rate Difference` amount when the written figures do not price to
 *   the cent, and the prior-period adjustment as `Retro Pay`.
 *
 * gusto — Gusto "Upload payroll data with a CSV" (regular payroll):
 *   last_name,first_name,gusto_employee_id,regular_hours,overtime_hours,double_overtime_hours,
 *   paycheck_tips
 *   Source: Gusto Help Center "Upload payroll data with a CSV" (column titles must match Gusto's
 *   template, order free, unneeded columns may be removed; first_name and last_name required,
 *   gusto_employee_id optional; optional regular hours, overtime hours, paycheck tips, cash tips
 *   ...; "zeros override previously entered information, blank values have no impact"). The
 *   column order and `double_overtime_hours` follow Gusto's template as public integrations
 *   reproduce it (last_name,first_name,title,gusto_employee_id,regular_hours,overtime_hours,
 *   double_overtime_hours,...). One line per employee; hours and tips written as numbers, 0.00
 *   included, so the file is authoritative for the period; regular_hours empty for salaried.
 *   gusto_employee_id = employeeNumber when there is one (Gusto's 6-character id), else empty.
 *   Tips paid out through payroll go to paycheck_tips, the cash part to cash_tips (see the tips
 *   point above). `title` is not sent: our role names
 *   are not Gusto job titles, and a period total cannot be split between an employee's jobs (Gusto
 *   asks for the title only for employees with several pay rates, and says so on import). Gusto
 *   prices hours at its one stored rate: what that cannot price, and the prior-period adjustments,
 *   go to `correction_payment` (gustoCorrection), a column written only when needed, before
 *   `bonus`.
 */

export const EXPORT_LAYOUTS = ['generic', 'adp', 'paychex', 'gusto'] as const;
export type ExportLayout = (typeof EXPORT_LAYOUTS)[number];

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
   * paid through the paycheck: reported as wages, not paid again (see the module comment).
   */
  cashTips?: number;
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
const leaveTotal = (r: PayrollExportRow, kind: ExportLeave['kind']) =>
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

export * from './export-headers';

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

function toCsv(header: readonly string[], lines: string[][]): string {
  // csv-stringify quotes a field holding the record delimiter (CRLF here) but not a lone CR or LF:
  // quoted_match adds those, so every line break inside a field is quoted (RFC 4180).
  const guarded = lines.map((line) => line.map(guardCell));
  return stringify([[...header], ...guarded], { record_delimiter: 'windows', quoted_match: /[\r\n]/, eof: true });
}

const collator = new Intl.Collator('en');

function compareRows(a: PayrollExportRow, b: PayrollExportRow): number {
  return (
    collator.compare(a.lastName, b.lastName) ||
    collator.compare(a.firstName, b.firstName) ||
    (a.employeeId < b.employeeId ? -1 : a.employeeId > b.employeeId ? 1 : 0)
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function validate(layout: string, rows: PayrollExportRow[], meta: ExportMeta): void {
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

const present = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim() !== '';
const displayName = (r: PayrollExportRow) => `${r.lastName}, ${r.firstName} (${r.employeeId})`;

function requireCompanyCode(layout: ExportLayout, meta: ExportMeta, what: string): string {
  if (!present(meta.companyCode))
    throw new ExportError(`The ${layout} export needs the company's ${what}`, 'company-code-missing', layout, []);
  return meta.companyCode.trim();
}

function requireEmployeeNumbers(layout: ExportLayout, rows: PayrollExportRow[], what: string): void {
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
// Layouts

interface Ctx {
  meta: ExportMeta;
  money: (minor: number) => string;
  /** the currency's minor-unit digits */
  exponent: number;
}

/**
 * The row's non-zero premiums as [code, amount]: fair-workweek ones under the first code, meal ones
 * under the second, then each pay rule by place under its own (`placeCodes`).
 */
function premiumsOf(
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
};
const placeTotal = (r: PayrollExportRow) => PLACE_PREMIUM_KINDS.reduce((s, k) => s + (r.placePremiums?.[k] ?? 0), 0);

/** Empty when zero (ADP: a 0 is an entry). */
const nonZero = (value: number, format: (n: number) => string) => (value === 0 ? '' : format(value));

function generic(rows: PayrollExportRow[], { meta, money }: Ctx): string {
  // the adjustment column only when the file has one, so a file without any keeps its columns
  const withAdjustments = rows.some((r) => (r.adjustments ?? 0) !== 0);
  const withElements = rows.some((r) => (r.payElements ?? 0) !== 0);
  const withCashTips = rows.some((r) => (r.cashTips ?? 0) !== 0);
  const withPlace = rows.some((r) => placeTotal(r) !== 0);
  const withLeave = rows.some((r) => (r.leave ?? []).length > 0);
  const lines = rows.map((r) => [
    r.employeeId,
    r.employeeNumber ?? '',
    guardText(r.lastName),
    guardText(r.firstName),
    guardText(r.roleName ?? ''),
    r.salaried ? 'true' : 'false',
    formatHours(r.regularMinutes),
    formatHours(r.overtimeMinutes),
    formatHours(r.doubleTimeMinutes),
    formatHours(r.regularMinutes + r.overtimeMinutes + r.doubleTimeMinutes),
    money(r.regularRate),
    money(r.overtimeRate),
    money(r.doubleTimeRate),
    money(r.regularPay),
    money(r.overtimePay),
    money(r.doubleTimePay),
    money(r.schedulePremiums ?? 0),
    money(r.mealPremiums ?? 0),
    money(r.tips),
    money(r.totalPay),
    meta.currency,
    meta.periodStart,
    meta.periodEnd,
    ...(withAdjustments ? [money(r.adjustments ?? 0)] : []),
    ...(withElements ? [money(r.payElements ?? 0)] : []),
    ...(withCashTips ? [money(r.cashTips ?? 0)] : []),
    ...(withPlace ? PLACE_PREMIUM_KINDS.map((k) => money(r.placePremiums?.[k] ?? 0)) : []),
    ...(withLeave
      ? (['sick', 'pto'] as const).flatMap((k) => {
          const t = leaveTotal(r, k);
          return [formatHours(t.minutes), money(t.pay)];
        })
      : []),
  ]);
  const header = [
    ...GENERIC_HEADER,
    ...(withAdjustments ? [GENERIC_ADJUSTMENT_COLUMN] : []),
    ...(withElements ? [GENERIC_PAY_ELEMENT_COLUMN] : []),
    ...(withCashTips ? [GENERIC_CASH_TIPS_COLUMN] : []),
    ...(withPlace ? PLACE_PREMIUM_KINDS.map((k) => GENERIC_PLACE_PREMIUM_COLUMNS[k]) : []),
    ...(withLeave ? GENERIC_LEAVE_COLUMNS : []),
  ];
  return toCsv(header, lines);
}

/** Hundredths of an hour as the file writes them (formatHours). */
const writtenHundredths = (minutes: number) => Math.floor((minutes * 10 + 3) / 6);

/**
 * What a provider pays for a line: the written hours (2 decimals) x a rate given in
 * 1/`scale` of a minor unit per hour x the factor, rounded half up to a minor unit.
 */
const pricedLine = (minutes: number, rate: number, scale: number, factor = 1) =>
  Math.floor((writtenHundredths(minutes) * rate * factor) / (100 * scale) + 0.5 + 1e-9);

/**
 * One ADP paydata line per workweek: its regular and overtime hours, double time under Hours 3,
 * and the week's regular rate as Temp Rate (ADP pays Reg Hours at the Temp Rate and O/T Hours and
 * Hours 3 at their factor of it, 1.5 and 2 as set up in ADP, so each week is priced at its own
 * rate, 29 CFR 778.104). Temp Rate takes 2 decimals (isolved's ADP layout: "Temp Rate ... Max
 * 99999.99"): a regular rate kept to 1/100 of a cent is rounded to the cent there, and what ADP's
 * price of the lines (written hours x written rate x factor, half up) then differs from the
 * report's pay of those weeks goes on one more line, Earnings 3 `RRD`, so the file pays the
 * report to the cent. Tips ride on the first line; an employee with tips and no hours gets a
 * tips-only line.
 */
function adpWeekLines(r: PayrollExportRow, coCode: string, batchId: string, { money }: Ctx): string[][] {
  const file = r.employeeNumber!.trim();
  const out: string[][] = [];
  let difference = 0;
  for (const w of r.weeks!) {
    const regularMinutes = r.salaried ? 0 : w.regularMinutes;
    if (!regularMinutes && !w.overtimeMinutes && !w.doubleTimeMinutes) continue;
    const tempRate = Math.round(w.regularRate);
    out.push([
      coCode,
      batchId,
      file,
      nonZero(regularMinutes, formatHours),
      nonZero(w.overtimeMinutes, formatHours),
      w.doubleTimeMinutes === 0 ? '' : ADP_CODES.doubleTimeHours,
      nonZero(w.doubleTimeMinutes, formatHours),
      '',
      '',
      r.salaried || tempRate === 0 ? '' : money(tempRate),
    ]);
    // salaried: ADP prices their overtime from its own record of the salary
    if (!r.salaried)
      difference +=
        w.regularPay +
        w.overtimePay +
        w.doubleTimePay -
        pricedLine(regularMinutes, tempRate, 1) -
        pricedLine(w.overtimeMinutes, tempRate, 1, 1.5) -
        pricedLine(w.doubleTimeMinutes, tempRate, 1, 2);
  }
  const paycheckTips = r.tips - (r.cashTips ?? 0);
  if (paycheckTips !== 0) {
    if (out.length) [out[0][7], out[0][8]] = [ADP_CODES.tipsEarnings, money(paycheckTips)];
    else out.push([coCode, batchId, file, '', '', '', '', ADP_CODES.tipsEarnings, money(paycheckTips), '']);
  }
  if (difference !== 0)
    out.push([coCode, batchId, file, '', '', '', '', ADP_CODES.rateDifferenceEarnings, money(difference), '']);
  return out;
}

function adp(rows: PayrollExportRow[], ctx: Ctx): string {
  const { meta, money } = ctx;
  const coCode = requireCompanyCode('adp', meta, 'ADP Co Code (companyCode)');
  requireEmployeeNumbers('adp', rows, 'File # (employeeNumber)');
  const batchId = present(meta.batchId) ? meta.batchId.trim() : meta.periodEnd.replaceAll('-', '');
  const lines: string[][] = [];
  for (const r of rows) {
    const file = r.employeeNumber!.trim();
    if (r.weeks?.length) lines.push(...adpWeekLines(r, coCode, batchId, ctx));
    else {
      const regularMinutes = r.salaried ? 0 : r.regularMinutes;
      const values = [
        nonZero(regularMinutes, formatHours),
        nonZero(r.overtimeMinutes, formatHours),
        r.doubleTimeMinutes === 0 ? '' : ADP_CODES.doubleTimeHours,
        nonZero(r.doubleTimeMinutes, formatHours),
        r.tips - (r.cashTips ?? 0) === 0 ? '' : ADP_CODES.tipsEarnings,
        nonZero(r.tips - (r.cashTips ?? 0), money),
      ];
      const worked = regularMinutes + r.overtimeMinutes + r.doubleTimeMinutes;
      const tempRate = r.salaried || worked === 0 ? '' : nonZero(r.regularRate, money);
      if (values.some((v) => v !== '')) lines.push([coCode, batchId, file, ...values, tempRate]);
    }
    // cash tips the employee holds: their own earnings code (reported, not paid out again)
    if (r.cashTips)
      lines.push([coCode, batchId, file, '', '', '', '', ADP_CODES.cashTipsEarnings, money(r.cashTips), '']);
    // one more paydata line per premium earnings code and for the prior-period adjustment, Earnings 3 only
    for (const [code, amount] of premiumsOf(
      r,
      ADP_CODES.schedulePremiumEarnings,
      ADP_CODES.mealPremiumEarnings,
      ADP_PLACE_PREMIUM_CODES,
    ))
      lines.push([coCode, batchId, file, '', '', '', '', code, money(amount), '']);
    if (r.payElements)
      lines.push([coCode, batchId, file, '', '', '', '', ADP_CODES.payElementEarnings, money(r.payElements), '']);
    if (r.adjustments)
      lines.push([coCode, batchId, file, '', '', '', '', ADP_CODES.priorPeriodEarnings, money(r.adjustments), '']);
    // paid time off: its hours under Hours 3 at its rate (Temp Rate); what ADP's price of the written hours misses, RRD
    let leaveDifference = 0;
    for (const l of r.leave ?? []) {
      const code = l.kind === 'sick' ? ADP_CODES.sickLeaveHours : ADP_CODES.ptoHours;
      lines.push([coCode, batchId, file, '', '', code, formatHours(l.minutes), '', '', money(l.rate)]);
      leaveDifference += l.amount - pricedLine(l.minutes, l.rate, 1);
    }
    if (leaveDifference)
      lines.push([coCode, batchId, file, '', '', '', '', ADP_CODES.rateDifferenceEarnings, money(leaveDifference), '']);
  }
  return toCsv(ADP_HEADER, lines);
}

function paychex(rows: PayrollExportRow[], { meta, money, exponent }: Ctx): string {
  const clientId = requireCompanyCode('paychex', meta, 'Paychex Client ID (companyCode)');
  requireEmployeeNumbers('paychex', rows, 'Worker ID (employeeNumber)');
  const lines: string[][] = [];
  for (const r of rows) {
    const workerId = r.employeeNumber!.trim();
    // Client ID, Worker ID, Org, Job Number, Pay Component, Rate, Rate Number, Hours, Units, Line Date, Amount, then 5 empty
    const line = (component: string, rate: string, hours: string, amount: string) => [
      clientId,
      workerId,
      '',
      '',
      component,
      rate,
      '',
      hours,
      '',
      '',
      amount,
      '',
      '',
      '',
      '',
      '',
    ];
    let rateDifference = 0;
    if (r.weeks?.length) {
      // one line per workweek and component, at that week's rates (Rate takes 4 decimals, SPI
      // Specification Sheet: 0 to 9999.9999): the regular rate, and the overtime and double-time
      // rates as the week's pay over its hours (its regular rate x the factor, or a higher
      // explicit rate); what Paychex's price of the written hours and rates differs from the
      // report's pay goes on one more line, `Rate Difference`, with an Amount
      let difference = 0;
      const add = (component: string, minutes: number, pay: number, rateHundredths: number) => {
        if (minutes === 0) return;
        lines.push(line(component, formatRate(rateHundredths / 100, exponent), formatHours(minutes), ''));
        difference += pay - pricedLine(minutes, rateHundredths, 100);
      };
      const perHour = (pay: number, minutes: number) => Math.round((pay * 6000) / minutes);
      for (const w of r.weeks) {
        if (!r.salaried)
          add(PAYCHEX_PAY_COMPONENTS.regular, w.regularMinutes, w.regularPay, Math.round(w.regularRate * 100));
        if (w.overtimeMinutes)
          add(
            PAYCHEX_PAY_COMPONENTS.overtime,
            w.overtimeMinutes,
            w.overtimePay,
            perHour(w.overtimePay, w.overtimeMinutes),
          );
        if (w.doubleTimeMinutes)
          add(
            PAYCHEX_PAY_COMPONENTS.doubleTime,
            w.doubleTimeMinutes,
            w.doubleTimePay,
            perHour(w.doubleTimePay, w.doubleTimeMinutes),
          );
      }
      if (difference !== 0) rateDifference = difference;
    } else {
      if (!r.salaried && r.regularMinutes !== 0)
        lines.push(line(PAYCHEX_PAY_COMPONENTS.regular, money(r.regularRate), formatHours(r.regularMinutes), ''));
      if (r.overtimeMinutes !== 0)
        lines.push(line(PAYCHEX_PAY_COMPONENTS.overtime, money(r.overtimeRate), formatHours(r.overtimeMinutes), ''));
      if (r.doubleTimeMinutes !== 0)
        lines.push(
          line(PAYCHEX_PAY_COMPONENTS.doubleTime, money(r.doubleTimeRate), formatHours(r.doubleTimeMinutes), ''),
        );
    }
    const paycheckTips = r.tips - (r.cashTips ?? 0);
    if (paycheckTips !== 0) lines.push(line(PAYCHEX_PAY_COMPONENTS.tips, '', '', money(paycheckTips)));
    if (r.cashTips) lines.push(line(PAYCHEX_PAY_COMPONENTS.cashTips, '', '', money(r.cashTips)));
    for (const [component, amount] of premiumsOf(
      r,
      PAYCHEX_PAY_COMPONENTS.schedulePremium,
      PAYCHEX_PAY_COMPONENTS.mealPremium,
      PAYCHEX_PLACE_PREMIUM_COMPONENTS,
    ))
      lines.push(line(component, '', '', money(amount)));
    // paid time off: its hours at its rate; what Paychex's price of the written hours misses joins the rate difference
    for (const l of r.leave ?? []) {
      const component = l.kind === 'sick' ? PAYCHEX_PAY_COMPONENTS.sickLeave : PAYCHEX_PAY_COMPONENTS.pto;
      lines.push(line(component, formatRate(l.rate, exponent), formatHours(l.minutes), ''));
      rateDifference += l.amount - pricedLine(l.minutes, l.rate, 1);
    }
    if (rateDifference) lines.push(line(PAYCHEX_PAY_COMPONENTS.rateDifference, '', '', money(rateDifference)));
    if (r.payElements) lines.push(line(PAYCHEX_PAY_COMPONENTS.payElement, '', '', money(r.payElements)));
    if (r.adjustments) lines.push(line(PAYCHEX_PAY_COMPONENTS.priorPeriod, '', '', money(r.adjustments)));
  }
  return toCsv(PAYCHEX_HEADER, lines);
}

/**
 * What Gusto's CSV cannot carry, as an amount for its `correction_payment`: Gusto prices the hours
 * of the file at the one rate it stores for the employee (overtime at 1.5 and double overtime at
 * 2 times it), so the difference between the report's pay for those hours (each workweek at its
 * own regular rate) and Gusto's price of the hours as written (2 decimals), plus the prior-period
 * adjustments. For an employee whose workweeks were all at Gusto's rate it is only the cents the
 * 2-decimal hours round away (5 h 01 is written 5.02 h). Salaried: the adjustments only (Gusto prices their
 * hours from the salary).
 */
export function gustoCorrection(r: PayrollExportRow): number {
  const adjustments = r.adjustments ?? 0;
  if (r.salaried || r.baseRate === undefined) return adjustments;
  const priced = (minutes: number, factor: number) =>
    Math.floor((writtenHundredths(minutes) * r.baseRate! * factor) / 100 + 0.5 + 1e-9);
  const gustoPay = priced(r.regularMinutes, 1) + priced(r.overtimeMinutes, 1.5) + priced(r.doubleTimeMinutes, 2);
  // paid time off: Gusto prices its hours at its one rate too
  const leave = (r.leave ?? []).reduce((s, l) => s + l.amount - priced(l.minutes, 1), 0);
  return r.regularPay + r.overtimePay + r.doubleTimePay - gustoPay + adjustments + leave;
}

function gusto(rows: PayrollExportRow[], { money }: Ctx): string {
  // the bonus and correction columns only when the file has one: a 0 there would erase an amount entered in Gusto
  const withPremiums = rows.some((r) => premiumsOf(r, '', '').length > 0 || (r.payElements ?? 0) !== 0);
  const withCorrections = rows.some((r) => gustoCorrection(r) !== 0);
  const withCashTips = rows.some((r) => (r.cashTips ?? 0) !== 0);
  const withLeave = rows.some((r) => (r.leave ?? []).length > 0);
  const lines = rows.map((r) => {
    // bonus: the premiums and the pay elements (with the overtime they owe): Gusto's taxable extra pay
    const premiums = (r.schedulePremiums ?? 0) + (r.mealPremiums ?? 0) + placeTotal(r) + (r.payElements ?? 0);
    return [
      guardText(r.lastName),
      guardText(r.firstName),
      present(r.employeeNumber) ? r.employeeNumber.trim() : '',
      r.salaried ? '' : formatHours(r.regularMinutes),
      formatHours(r.overtimeMinutes),
      formatHours(r.doubleTimeMinutes),
      // paycheck_tips: what Gusto pays out; cash_tips: what the employee holds already (Gusto taxes it, pays nothing)
      money(r.tips - (r.cashTips ?? 0)),
      ...(withCashTips ? [money(r.cashTips ?? 0)] : []),
      ...(withCorrections ? [nonZero(gustoCorrection(r), money)] : []),
      ...(withPremiums ? [nonZero(premiums, money)] : []),
      ...(withLeave ? (['sick', 'pto'] as const).map((k) => nonZero(leaveTotal(r, k).minutes, formatHours)) : []),
    ];
  });
  // column order is free in Gusto's upload; bonus stays last as it was before corrections existed
  const header = [
    ...GUSTO_HEADER,
    ...(withCashTips ? [GUSTO_CASH_TIPS_COLUMN] : []),
    ...(withCorrections ? [GUSTO_CORRECTION_COLUMN] : []),
    ...(withPremiums ? [GUSTO_PREMIUM_COLUMN] : []),
    ...(withLeave ? GUSTO_LEAVE_COLUMNS : []),
  ];
  return toCsv(header, lines);
}

const LAYOUTS: Record<ExportLayout, (rows: PayrollExportRow[], ctx: Ctx) => string> = { generic, adp, paychex, gusto };

/** The export file of a closed pay period in the given layout (see the module comment). */
export function payrollExport(layout: ExportLayout, rows: PayrollExportRow[], meta: ExportMeta): ExportFile {
  validate(layout, rows, meta);
  const exponent = currencyExponent(meta.currency);
  const money = (minor: number) => formatMinor(minor, exponent);
  const sorted = [...rows].sort(compareRows);
  const body = LAYOUTS[layout](sorted, { meta, money, exponent });
  const company = meta.companyId.replace(/[^A-Za-z0-9_-]/g, '_');
  return {
    filename: `payroll-${company}-${meta.periodStart}_${meta.periodEnd}-${layout}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body,
  };
}
