/** The attendance module's public API: what other modules may use (they import nothing else of it). */
export { approveMany } from './approvals';
export { lockRange, unlockRange } from './locks';
export { listPunches, listPunchesFor, type ListPunchesInput } from './punches';
export {
  readVendorPunches,
  removeVendorPunch,
  upsertVendorPunch,
  type VendorPunchOutcome,
  type VendorPunchRemoval,
} from './vendor-punches';
export { vendorPunchId, vendorPunchVersion, type VendorPunchInput } from './vendor-rules';
export { workedSpans, type WorkedSpan } from './worked';
export { attendanceErrors } from './errors';
export type { AttendanceSettings, BreakType, PunchView as Punch, RangeLock } from './schemas';
export { listPunchesQuery } from './schemas';
