/** The auth module's public API: what other modules may use (they import nothing else of it). */
import { lazyFunction } from '../kit';

const account = () => require('./account') as typeof import('./account');

export const createCompanyForUser = lazyFunction(account, 'createCompanyForUser');
export const signup = lazyFunction(account, 'signup');
export type { CompanySetup } from './account';
export { authErrors } from './errors';
export { currencySchema, emailSchema, passwordSchema } from './fields';
export type { SignupInput } from './schemas';
export const createInvitation = lazyFunction(
  () => require('./invitations') as typeof import('./invitations'),
  'createInvitation',
);
