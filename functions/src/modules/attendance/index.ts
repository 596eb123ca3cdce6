/** The attendance module's public API: what other modules may use (they import nothing else of it). */
export { approveMany, listPunches, lockRange, unlockRange, upsertVendorPunch, vendorPunchId, workedSpans, type ListPunchesInput, type VendorPunchInput, type VendorPunchOutcome, type WorkedSpan } from './service';
export { attendanceErrors } from './errors';
export type { AttendanceSettings, PunchView as Punch, RangeLock } from './schemas';
