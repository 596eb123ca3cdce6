/** The tip pools' public API: what other modules may use (they import nothing else of it). */
export { tipPoolErrors } from './errors';
export { TIP_CREDIT_TABLE, tipCreditOn, makeUpOwed, type TipCreditRow, type MakeUpWeek } from './tip-credit';
export type { TipEntry, TipPool } from './schemas';
