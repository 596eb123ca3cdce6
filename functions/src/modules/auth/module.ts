import { MAIL_SECRETS } from '../../core/config';
import { defineModule, lazyFile } from '../kit';
import { PASSWORD_RESET_QUEUE } from './queues';
import { DOCUMENT_ID, actorsCut } from '../personal-data';
import { authErrors } from './errors';
import { auditLineOfPerson } from './privacy';

const router = lazyFile<typeof import('./router')>(() => require('./router'));
const account = lazyFile<typeof import('./account')>(() => require('./account'));

export default defineModule({
  name: 'auth',
  description:
    "Signup, password reset, invitations, memberships and the administrators' user management (public, authenticated and admin tiers)",
  http: router,
  errors: authErrors.catalog,
  runtime: { secrets: MAIL_SECRETS },
  // rateLimits: the counters of src/core/rate-limit.ts, written by this module's public routes
  collections: { root: ['users', 'invitations', 'authAudit', 'memberships', 'rateLimits'] },
  personalData: {
    users: { match: { uid: DOCUMENT_ID }, erase: 'delete' },
    memberships: { match: { uid: 'uid' }, erase: 'delete', companyField: 'companyId' },
    invitations: {
      match: { email: 'email', employeeId: 'employeeId' },
      erase: 'delete',
      companyField: 'companyId',
      cut: actorsCut('invitedBy', 'acceptedBy'),
    },
    authAudit: {
      match: { uid: ['targetUid', 'actorUid'] },
      erase: 'reduce',
      fields: ['actorEmail'],
      cut: auditLineOfPerson,
    },
    // keyed by a hash of the address or email, and expired by a TTL policy
    rateLimits: 'none',
  },
  queues: [
    {
      name: PASSWORD_RESET_QUEUE,
      description:
        'Looks up the account of a password reset request and emails its reset link (the route answers before knowing whether the account exists)',
      retryConfig: { maxAttempts: 5, minBackoffSeconds: 10, maxBackoffSeconds: 300 },
      rateLimits: { maxConcurrentDispatches: 20 },
      run: () => account().deliverPasswordReset,
    },
  ],
});
