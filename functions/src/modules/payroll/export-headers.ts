/** The export layouts, their header lines and earnings codes (exports.ts and each layout's file say where each comes from). */

export const EXPORT_LAYOUTS = ['generic', 'adp', 'paychex', 'gusto'] as const;
export type ExportLayout = (typeof EXPORT_LAYOUTS)[number];

/** Hours 3 / Earnings 3 codes and Paychex pay components written by the provider layouts. */
export const ADP_CODES = {
  doubleTimeHours: 'DBL',
  tipsEarnings: 'TIP',
  cashTipsEarnings: 'CTP',
  tipPoolEarnings: 'TPL',
  tipCreditMakeUpEarnings: 'TCM',
  schedulePremiumEarnings: 'FWW',
  mealPremiumEarnings: 'MLP',
  priorPeriodEarnings: 'RET',
  rateDifferenceEarnings: 'RRD',
  payElementEarnings: 'BON',
  sickLeaveHours: 'SCK',
  ptoHours: 'PTO',
} as const;
export const PAYCHEX_PAY_COMPONENTS = {
  regular: 'Hourly',
  overtime: 'Overtime',
  doubleTime: 'Doubletime',
  tips: 'Tips',
  cashTips: 'Cash Tips',
  tipPool: 'Tip Pool',
  tipCreditMakeUp: 'Tip Credit Makeup',
  schedulePremium: 'Schedule Premium',
  mealPremium: 'Meal Premium',
  priorPeriod: 'Retro Pay',
  rateDifference: 'Rate Difference',
  payElement: 'Bonus',
  sickLeave: 'Sick',
  pto: 'PTO',
} as const;
/** Gusto's CSV takes no custom earning types: premiums go to its `bonus` column (exports.ts, "Premiums"). */
export const GUSTO_PREMIUM_COLUMN = 'bonus';
/** Gusto's "Correction payment" field: prior-period adjustments and what its one stored rate cannot price. */
export const GUSTO_CORRECTION_COLUMN = 'correction_payment';
/** Gusto's "Cash tips" field: tips the employee already received in cash, present when the file has some. */
export const GUSTO_CASH_TIPS_COLUMN = 'cash_tips';
/** The generic layout's columns for the pool-share part of the tips and the tip-credit make-up, present when the file has some. */
export const GENERIC_TIP_POOL_COLUMN = 'tip_pool_shares';
export const GENERIC_MAKE_UP_COLUMN = 'tip_credit_make_up';
/** The generic layout's column for the cash part of the tips, present when the file has some. */
export const GENERIC_CASH_TIPS_COLUMN = 'cash_tips';
/** The generic layout's columns of the pay rules by place, present when the file has one. */
export const GENERIC_PLACE_PREMIUM_COLUMNS = {
  splitShift: 'split_shift_pay',
  reportingTime: 'reporting_time_pay',
  spreadOfHours: 'spread_of_hours_pay',
  restBreak: 'rest_break_pay',
  callIn: 'call_in_pay',
} as const;
/** ADP Earnings 3 codes of the pay rules by place (placeholders the practitioner maps, like `FWW`). */
export const ADP_PLACE_PREMIUM_CODES = {
  splitShift: 'SPL',
  reportingTime: 'RPT',
  spreadOfHours: 'SOH',
  restBreak: 'RST',
  callIn: 'CIP',
} as const;
/** Paychex pay components of the pay rules by place (to be set up on the Paychex client under these names). */
export const PAYCHEX_PLACE_PREMIUM_COMPONENTS = {
  splitShift: 'Split Shift Premium',
  reportingTime: 'Reporting Time Pay',
  spreadOfHours: 'Spread of Hours',
  restBreak: 'Rest Break Premium',
  callIn: 'Call-In Pay',
} as const;
/** The generic layout's column for prior-period adjustments, present when the file has one. */
export const GENERIC_ADJUSTMENT_COLUMN = 'prior_period_adjustment';
/** Paid time off columns: the generic layout's hours and pay per kind, Gusto's hours per kind (present when the file has some). */
export const GENERIC_LEAVE_COLUMNS = ['sick_leave_hours', 'sick_leave_pay', 'pto_hours', 'pto_pay'] as const;
export const GUSTO_LEAVE_COLUMNS = ['sick_hours', 'pto_hours'] as const;
/** The generic layout's column for bonuses and other pay elements (with the overtime they owe), present when the file has one. */
export const GENERIC_PAY_ELEMENT_COLUMN = 'pay_elements';
/** The generic layout's columns naming each row's location, present in an employer's file over its locations. */
export const GENERIC_LOCATION_COLUMNS = ['location_id', 'location_name'] as const;

export const ADP_HEADER = [
  'Co Code',
  'Batch ID',
  'File #',
  'Reg Hours',
  'O/T Hours',
  'Hours 3 Code',
  'Hours 3 Amount',
  'Earnings 3 Code',
  'Earnings 3 Amount',
  'Temp Rate',
] as const;
export const PAYCHEX_HEADER = [
  'Client ID',
  'Worker ID',
  'Org',
  'Job Number',
  'Pay Component',
  'Rate',
  'Rate Number',
  'Hours',
  'Units',
  'Line Date',
  'Amount',
  'Check Seq Number',
  'Override State',
  'Override Local',
  'Override Local Jurisdiction',
  'Labor Assignment',
] as const;
export const GUSTO_HEADER = [
  'last_name',
  'first_name',
  'gusto_employee_id',
  'regular_hours',
  'overtime_hours',
  'double_overtime_hours',
  'paycheck_tips',
] as const;
export const GENERIC_HEADER = [
  'employee_id',
  'employee_number',
  'last_name',
  'first_name',
  'role',
  'salaried',
  'regular_hours',
  'overtime_hours',
  'double_time_hours',
  'total_hours',
  'regular_rate',
  'overtime_rate',
  'double_time_rate',
  'regular_pay',
  'overtime_pay',
  'double_time_pay',
  'schedule_premium_pay',
  'meal_premium_pay',
  'tips',
  'total_pay',
  'currency',
  'period_start',
  'period_end',
] as const;
