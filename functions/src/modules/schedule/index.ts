/** The schedule module's public API: what other modules may use (they import nothing else of it). */
import { lazyFile, lazyFunction } from '../kit';

const elsewhere = lazyFile<typeof import('./elsewhere')>(() => require('./elsewhere'));
const departure = lazyFile<typeof import('./departure')>(() => require('./departure'));
const outcome = lazyFile<typeof import('./outcome')>(() => require('./outcome'));
const premiums = lazyFile<typeof import('./premiums')>(() => require('./premiums'));
const repo = lazyFile<typeof import('./repo')>(() => require('./repo'));
const shifts = lazyFile<typeof import('./shifts')>(() => require('./shifts'));
const timeOff = lazyFile<typeof import('./time-off')>(() => require('./time-off'));
const transfers = lazyFile<typeof import('./transfers')>(() => require('./transfers'));

export const unassignShiftsFrom = lazyFunction(departure, 'unassignShiftsFrom');
export const outcomeOf = lazyFunction(outcome, 'outcomeOf');
export const refusedOutcome = lazyFunction(outcome, 'refusedOutcome');
export const listShiftsInRange = lazyFunction(repo, 'listShiftsInRange');
export const shiftRef = lazyFunction(repo, 'shiftRef');
export const shiftFromSnapshot = lazyFunction(repo, 'shiftFromSnapshot');
export type { ShiftRangeFilter } from './repo';
export { LIVE_MODES, type Shift, type ShiftMode } from './schemas';
export const deleteTimeOff = lazyFunction(timeOff, 'deleteTimeOff');
export const listTimeOff = lazyFunction(timeOff, 'listTimeOff');
export type { TimeOff } from './time-off';
export const listPremiums = lazyFunction(premiums, 'listPremiums');
export type { Premium } from './premiums';
export const eligibleShifts = lazyFunction(transfers, 'eligibleShifts');
export const prepareTimeOff = lazyFunction(transfers, 'prepareTimeOff');
export const prepareTransfers = lazyFunction(transfers, 'prepareTransfers');
export const transferFindings = lazyFunction(transfers, 'transferFindings');
export const txReader = lazyFunction(repo, 'txReader');
export const scheduleLocks = lazyFunction(elsewhere, 'scheduleLocks');
export type { ShiftTransfer } from './transfers';
export { JURISDICTIONS, minRestMinutes, type Jurisdiction } from './fair-workweek';
export { scheduleErrors } from './errors';
export const listShiftsForMember = lazyFunction(shifts, 'listShiftsForMember');
export const writeShift = lazyFunction(shifts, 'writeShift');
export {
  dryRunQuery,
  findingSchema,
  listShiftsQuery,
  outcomeSchema,
  premiumSchema,
  shiftListSchema,
  shiftPostBody,
  type Outcome,
  type ShiftPostBody,
} from './schemas';
