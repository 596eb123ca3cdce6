/** The tip pools' public API: what other modules may use (they import nothing else of it). */
import { lazyFile, lazyFunction } from '../kit';

const ledger = lazyFile<typeof import('./payroll-ledger')>(() => require('./payroll-ledger'));

export { tipPoolErrors } from './errors';
export {
  TIP_CREDIT_TABLE,
  tipCreditOn,
  makeUpOwed,
  type TipCreditLocation,
  type TipCreditRow,
  type MakeUpWeek,
} from './tip-credit';
export type { TipEntry, TipPool } from './schemas';
/** The entries of the locked pool periods starting in a date range, and the open ones (payroll pays the first). */
export const poolLedgerIn = lazyFunction(ledger, 'poolLedgerIn');
export type { PaidPoolEntry } from './payroll-ledger';
/** Each employee's tips of a workweek after the pools (what the tip-credit make-up counts). */
export const weekTipsAfterPools = lazyFunction(ledger, 'weekTipsAfterPools');
