/** The auth module's public API: what other modules may use (they import nothing else of it). */
export { createCompanyForUser, signup, type CompanySetup } from './account';
export { authErrors } from './errors';
export { countrySchema, currencySchema, emailSchema, passwordSchema, type SignupInput } from './schemas';
