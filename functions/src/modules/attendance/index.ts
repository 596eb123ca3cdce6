/** The attendance module's public API: what other modules may use (they import nothing else of it). */
export {
  approveMany,
  listPunches,
  listPunchesFor,
  lockRange,
  readVendorPunches,
  removeVendorPunch,
  unlockRange,
  upsertVendorPunch,
  vendorPunchId,
  vendorPunchVersion,
  workedSpans,
  type ListPunchesInput,
  type VendorPunchInput,
  type VendorPunchOutcome,
  type VendorPunchRemoval,
  type WorkedSpan,
} from './service';
export { attendanceErrors } from './errors';
export type { AttendanceSettings, BreakType, PunchView as Punch, RangeLock } from './schemas';
export { listPunchesQuery } from './schemas';
