/** The attendance module's public API: what other modules may use (they import nothing else of it). */
import { lazyFile, lazyFunction } from '../kit';

const approvals = lazyFile<typeof import('./approvals')>(() => require('./approvals'));
const lateRecords = lazyFile<typeof import('./late-records')>(() => require('./late-records'));
const locks = lazyFile<typeof import('./locks')>(() => require('./locks'));
const punches = lazyFile<typeof import('./punches')>(() => require('./punches'));
const vendorPunches = lazyFile<typeof import('./vendor-punches')>(() => require('./vendor-punches'));
const repo = lazyFile<typeof import('./repo')>(() => require('./repo'));
const settings = lazyFile<typeof import('./settings')>(() => require('./settings'));

export const approveMany = lazyFunction(approvals, 'approveMany');
export const listLateRecords = lazyFunction(lateRecords, 'listLateRecords');
export const readLateRecords = lazyFunction(lateRecords, 'readLateRecords');
export type { LateRecord } from './late-records';
export { lateSpanOf } from './late-rules';
export const lockRange = lazyFunction(locks, 'lockRange');
export const unlockRange = lazyFunction(locks, 'unlockRange');
/** The ranges of business dates payroll has closed (read in a transaction when one is given). */
export const payrollLocks = lazyFunction(repo, 'readLocks');
export const listPunches = lazyFunction(punches, 'listPunches');
export const storedRestBreaksRecorded = lazyFunction(settings, 'storedRestBreaksRecorded');
export const setRestBreaksRecorded = lazyFunction(settings, 'setRestBreaksRecorded');
export const listPunchesFor = lazyFunction(punches, 'listPunchesFor');
export type { ListPunchesInput } from './punches';
export const readVendorPunches = lazyFunction(vendorPunches, 'readVendorPunches');
/** The POS punches of a source with a clock-in in [from, to) (the sync's absence-based reconciliation reads them). */
export const listVendorPunchesIn = lazyFunction(repo, 'listVendorRange');
export const removeVendorPunch = lazyFunction(vendorPunches, 'removeVendorPunch');
export const upsertVendorPunch = lazyFunction(vendorPunches, 'upsertVendorPunch');
export type { VendorPunchOutcome, VendorPunchRemoval } from './vendor-punches';
export { vendorPunchId, vendorPunchVersion, type VendorPunchInput } from './vendor-rules';
export { workedSpans, type WorkedSpan } from './worked';
export { attendanceErrors } from './errors';
export type { AttendanceSettings, BreakType, PunchView as Punch, RangeLock } from './schemas';
export { listPunchesQuery } from './schemas';
