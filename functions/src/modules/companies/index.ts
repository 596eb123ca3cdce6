/** The companies module's public API: what other modules may use (they import nothing else of it). */
import { lazyFile, lazyFunction } from '../kit';

const service = lazyFile<typeof import('./service')>(() => require('./service'));

export const companyRulesFromSnapshots = lazyFunction(service, 'companyRulesFromSnapshots');
export const companyRulesRefs = lazyFunction(service, 'companyRulesRefs');
export const companyNames = lazyFunction(service, 'companyNames');
export const createCompanyInBatch = lazyFunction(service, 'createCompanyInBatch');
export const getCompanyRules = lazyFunction(service, 'getCompanyRules');
export const mergeScheduleTemplate = lazyFunction(service, 'mergeScheduleTemplate');
export const policiesInForce = lazyFunction(service, 'policiesInForce');
export const viewPolicies = lazyFunction(service, 'viewPolicies');
export const viewerOf = lazyFunction(service, 'viewerOf');
export const readScheduleTemplate = lazyFunction(service, 'readScheduleTemplate');
export type { CompanyRules } from './service';
/** The company's dayparts (pure): its setting, else its template's morning and evening starts, else the defaults. */
export { companyDayparts, eveningShiftStart, type CompanyDayparts } from './dayparts';
export type { CompanyPolicies } from './schemas';
