/** The companies module's public API: what other modules may use (they import nothing else of it). */
export {
  companyRulesFromSnapshots,
  companyRulesRefs,
  createCompanyInBatch,
  getCompanyRules,
  mergeScheduleTemplate,
  policiesInForce,
  readScheduleTemplate,
  type CompanyRules,
} from './service';
export { PROFILE_DEFAULTS, SETTINGS_DEFAULTS, timezoneSchema, type CompanyPolicies } from './schemas';
