/** The auth module's public API: what other modules may use (they import nothing else of it). */
import { lazyFile, lazyFunction } from '../kit';

const account = lazyFile<typeof import('./account')>(() => require('./account'));
const invitations = lazyFile<typeof import('./invitations')>(() => require('./invitations'));

export const createCompanyForUser = lazyFunction(account, 'createCompanyForUser');
export const signup = lazyFunction(account, 'signup');
export type { CompanySetup } from './account';
export { authErrors } from './errors';
export { currencySchema, emailSchema, passwordSchema } from './fields';
export type { SignupInput } from './schemas';
export const createInvitation = lazyFunction(invitations, 'createInvitation');
