/** The leave module's public API: what other modules may use (they import nothing else of it). */
export { leaveErrors } from './errors';
export { SICK_LAWS, SICK_LAW_IDS, sickLawsFor, type SickLawId, type SickLawPack } from './laws';
export type { LeavePolicy, LeaveKind } from './schemas';
