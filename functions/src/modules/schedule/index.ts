/** The schedule module's public API: what other modules may use (they import nothing else of it). */
export { listRange as listShifts, type RangeFilter as ShiftFilter } from './repo';
export { LIVE_MODES, type Shift, type ShiftMode } from './schemas';
export { deleteTimeOff, listTimeOff, type TimeOff } from './time-off';
export { listPremiums, type Premium } from './premiums';
export { lockKey } from './service';
export {
  eligibleShifts,
  prepareTimeOff,
  prepareTransfers,
  transferFindings,
  txReader,
  type ShiftTransfer,
} from './transfers';
export { JURISDICTIONS, minRestMinutes, type Jurisdiction } from './fair-workweek';
export { shiftRef, shiftFromSnapshot } from './repo';
export { scheduleErrors } from './errors';
export { listShifts as listShiftsFor, writeShift } from './service';
export { listShiftsQuery, shiftPostBody, type ShiftPostBody } from './schemas';
