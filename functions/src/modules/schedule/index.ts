/** The schedule module's public API: what other modules may use (they import nothing else of it). */
import { lazyFile, lazyFunction } from '../kit';

const departure = lazyFile<typeof import('./departure')>(() => require('./departure'));

export const unassignShiftsFrom = lazyFunction(departure, 'unassignShiftsFrom');
export { listShiftsInRange, shiftRef, shiftFromSnapshot, type ShiftRangeFilter } from './repo';
export { LIVE_MODES, type Shift, type ShiftMode } from './schemas';
export { deleteTimeOff, listTimeOff, type TimeOff } from './time-off';
export { listPremiums, type Premium } from './premiums';
export {
  eligibleShifts,
  prepareTimeOff,
  prepareTransfers,
  transferFindings,
  txReader,
  type ShiftTransfer,
} from './transfers';
export { JURISDICTIONS, minRestMinutes, type Jurisdiction } from './fair-workweek';
export { scheduleErrors } from './errors';
export { listShiftsForMember, writeShift } from './shifts';
export { listShiftsQuery, premiumSchema, shiftListSchema, shiftPostBody, type ShiftPostBody } from './schemas';
