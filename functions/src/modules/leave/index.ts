/** The leave module's public API: what other modules may use (they import nothing else of it). */
import { lazyFile, lazyFunction } from '../kit';

const usage = lazyFile<typeof import('./usage')>(() => require('./usage'));
const pay = lazyFile<typeof import('./pay')>(() => require('./pay'));

/** In the transaction approving a day-off request that names a leave policy: checks the balance and stages the usage entry. */
export const prepareLeaveUsage = lazyFunction(usage, 'prepareLeaveUsage');
/** In the transaction cancelling an approved one: stages the return of its usage. */
export const prepareLeaveReturn = lazyFunction(usage, 'prepareLeaveReturn');
export type { LeaveOfRequest, LeaveWrite } from './usage';
/** Payroll: the paid time off used in a period, with the rate basis the law sets for each. */
export const leaveUsedIn = lazyFunction(pay, 'leaveUsedIn');
/** Payroll: the usage given back (cancelled approved days off) dated before a date, for the adjustments of a closed period. */
export const leaveReturnedBefore = lazyFunction(pay, 'leaveReturnedBefore');
export type { LeaveRateBasis, LeaveReturn, LeaveUse } from './pay';
const balances = lazyFile<typeof import('./balances')>(() => require('./balances'));
/** Payroll's wage statement: every employee's balance per policy on a date (the period's end). */
export const leaveBalancesOn = lazyFunction(balances, 'balancesOn');
export type { LeaveBalance } from './schemas';
export { leaveErrors } from './errors';
export { SICK_LAWS, SICK_LAW_IDS, sickLawsFor, type SickLawId, type SickLawPack } from './laws';
export type { LeavePolicy, LeaveKind } from './schemas';
