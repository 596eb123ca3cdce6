/** The schedule module's public API: what other modules may use (they import nothing else of it). */
export { listRange as listShifts, type RangeFilter as ShiftFilter } from './repo';
export { LIVE_MODES, type Shift, type ShiftMode } from './schemas';
export { listShifts as listShiftsFor, writeShift } from './service';
export { listShiftsQuery, shiftPostBody, type ShiftPostBody } from './schemas';
