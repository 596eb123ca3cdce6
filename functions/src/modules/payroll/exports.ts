import { adp } from './export-adp';
import {
  compareRows,
  currencyExponent,
  formatMinor,
  validate,
  type Ctx,
  type ExportFile,
  type ExportMeta,
  type PayrollExportRow,
} from './export-format';
import type { ExportLayout } from './export-headers';
import { generic } from './export-generic';
import { gusto } from './export-gusto';
import { paychex } from './export-paychex';

/**
 * Payroll export files for a closed pay period: pure functions, no I/O.
 *
 * `payrollExport(layout, rows, meta)` turns one row per employee (totals of the period, as the
 * overtime engine and `payOf` produced them) into the CSV a payroll provider imports. Layouts:
 * `generic` (ours, every field), `adp`, `paychex` and `gusto` (the providers' documented imports,
 * sources in each layout's file).
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
 *   component, export-paychex.ts). Generic: `tips` is the staff's tips, with a `cash_tips` column (the
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
 * Layouts: each in its own file, with its header line and what each column holds:
 * export-generic.ts (ours), export-adp.ts, export-paychex.ts, export-gusto.ts; their headers and
 * earnings codes are in export-headers.ts, the shared formatting in export-format.ts.
 */

export {
  ExportError,
  MONEY_FIELDS,
  currencyExponent,
  formatHours,
  formatMinor,
  formatRate,
  guardText,
  type ExportErrorReason,
  type ExportFile,
  type ExportLeave,
  type ExportMeta,
  type ExportWeek,
  type PayrollExportRow,
} from './export-format';
export { gustoCorrection } from './export-gusto';
export * from './export-headers';

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
