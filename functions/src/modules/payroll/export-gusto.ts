import {
  GUSTO_CASH_TIPS_COLUMN,
  GUSTO_CORRECTION_COLUMN,
  GUSTO_HEADER,
  GUSTO_LEAVE_COLUMNS,
  GUSTO_PREMIUM_COLUMN,
} from './export-headers';
import {
  formatHours,
  guardText,
  leaveTotal,
  nonZero,
  placeTotal,
  premiumsOf,
  present,
  toCsv,
  writtenHundredths,
  type Ctx,
  type PayrollExportRow,
} from './export-format';

/**
 * The Gusto layout: see exports.ts for the rules every layout follows.
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
  // the tip-credit make-up is wages Gusto's CSV has no field for: it rides with the corrections
  const adjustments = r.adjustments ?? 0;
  if (r.salaried || r.baseRate === undefined) return adjustments + (r.makeUp ?? 0);
  const priced = (minutes: number, factor: number) =>
    Math.floor((writtenHundredths(minutes) * r.baseRate! * factor) / 100 + 0.5 + 1e-9);
  const gustoPay = priced(r.regularMinutes, 1) + priced(r.overtimeMinutes, 1.5) + priced(r.doubleTimeMinutes, 2);
  // paid time off: Gusto prices its hours at its one rate too
  const leave = (r.leave ?? []).reduce((s, l) => s + l.amount - priced(l.minutes, 1), 0);
  return r.regularPay + r.overtimePay + r.doubleTimePay - gustoPay + adjustments + leave + (r.makeUp ?? 0);
}

export function gusto(rows: PayrollExportRow[], { money }: Ctx): string {
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
