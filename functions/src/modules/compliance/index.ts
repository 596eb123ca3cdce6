/** The compliance module's public API: rule packs as data and their pure resolvers (no storage). */
export {
  packsFor,
  payRulesFor,
  type PlacePayRule,
  schedulingJurisdiction,
  schedulingVersionOn,
  type ResolvedPack,
  type SchedulingChoice,
} from './resolve';
export { SCHEDULING_PACKS, SCHEDULING_PACK_IDS, type SchedulingPackId } from './packs';
export { placeCovers, sameName, type LawLocation } from './location';
export type { ChangePay, ChangeTier, Citation, Pack, Place, RestRule, SchedulingVersion } from './types';
export { formatCitation } from './citation';
export type { PayRuleKind, RestPremium, RestStep } from './types';
export {
  ageOn,
  isSchoolDay,
  laborDay,
  minorBreaches,
  strictestLimits,
  MINOR_RULES,
  type MinorBreach,
  type MinorContext,
  type MinorRule,
  type MinorShift,
  type SchoolCalendar,
} from './minors';
