import { PLACE_PREMIUM_KINDS } from './place-premiums';
import {
  GENERIC_ADJUSTMENT_COLUMN,
  GENERIC_CASH_TIPS_COLUMN,
  GENERIC_HEADER,
  GENERIC_LEAVE_COLUMNS,
  GENERIC_LOCATION_COLUMNS,
  GENERIC_MAKE_UP_COLUMN,
  GENERIC_TIP_POOL_COLUMN,
  GENERIC_PAY_ELEMENT_COLUMN,
  GENERIC_PLACE_PREMIUM_COLUMNS,
} from './export-headers';
import {
  formatHours,
  guardText,
  leaveTotal,
  placeTotal,
  toCsv,
  type Ctx,
  type PayrollExportRow,
} from './export-format';

/**
 * The generic layout (ours): see exports.ts for the rules every layout follows.
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
 */

export function generic(rows: PayrollExportRow[], { meta, money }: Ctx): string {
  // the adjustment column only when the file has one, so a file without any keeps its columns
  const withAdjustments = rows.some((r) => (r.adjustments ?? 0) !== 0);
  const withElements = rows.some((r) => (r.payElements ?? 0) !== 0);
  const withCashTips = rows.some((r) => (r.cashTips ?? 0) !== 0);
  const withPool = rows.some((r) => (r.poolShares ?? 0) !== 0);
  const withMakeUp = rows.some((r) => (r.makeUp ?? 0) !== 0);
  const withPlace = rows.some((r) => placeTotal(r) !== 0);
  const withLeave = rows.some((r) => (r.leave ?? []).length > 0);
  const withLocation = rows.some((r) => r.location);
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
    ...(withPool ? [money(r.poolShares ?? 0)] : []),
    ...(withMakeUp ? [money(r.makeUp ?? 0)] : []),
    ...(withPlace ? PLACE_PREMIUM_KINDS.map((k) => money(r.placePremiums?.[k] ?? 0)) : []),
    ...(withLeave
      ? (['sick', 'pto'] as const).flatMap((k) => {
          const t = leaveTotal(r, k);
          return [formatHours(t.minutes), money(t.pay)];
        })
      : []),
    ...(withLocation ? [r.location?.companyId ?? '', guardText(r.location?.name ?? '')] : []),
  ]);
  const header = [
    ...GENERIC_HEADER,
    ...(withAdjustments ? [GENERIC_ADJUSTMENT_COLUMN] : []),
    ...(withElements ? [GENERIC_PAY_ELEMENT_COLUMN] : []),
    ...(withCashTips ? [GENERIC_CASH_TIPS_COLUMN] : []),
    ...(withPool ? [GENERIC_TIP_POOL_COLUMN] : []),
    ...(withMakeUp ? [GENERIC_MAKE_UP_COLUMN] : []),
    ...(withPlace ? PLACE_PREMIUM_KINDS.map((k) => GENERIC_PLACE_PREMIUM_COLUMNS[k]) : []),
    ...(withLeave ? GENERIC_LEAVE_COLUMNS : []),
    ...(withLocation ? GENERIC_LOCATION_COLUMNS : []),
  ];
  return toCsv(header, lines);
}
