import { defineModule, lazyFile } from '../kit';
import { COMPANY_DELETION_QUEUE } from './queues';
import { privacyErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));
const erase = lazyFile<typeof import('./erase')>(() => require('./erase'));
const companyDeletion = lazyFile<typeof import('./company-deletion')>(() => require('./company-deletion'));

export default defineModule({
  name: 'privacy',
  description:
    "A person's data and the company's: an owner exports everything held about one person (employee, applicant or member) as one archive, erases a person (personal fields removed, documents and files deleted, the pay and time records the law requires kept reduced to an id for their statutory period), and deletes the company after a grace period. Where each module keeps personal data is declared in its definition (the registry of personal data).",
  http: router,
  errors: privacyErrors.catalog,
  collections: { root: ['privacyErasures', 'companyDeletions'] },
  // erasure records hold ids only; a deletion record names the owner who asked (owners are not erased)
  personalData: { privacyErasures: 'none', companyDeletions: 'none' },
  jobs: [
    {
      name: 'privacyRetention',
      schedule: 'every 1440 minutes',
      description:
        "Deletes the pay and time records kept after a person's erasure once the statutory period of the company's country has run",
      run: () => async () => erase().purgeExpiredRecords(),
    },
  ],
  queues: [
    {
      name: COMPANY_DELETION_QUEUE,
      description:
        'Deletes a company whose grace period has ended, one batch of documents and files per task, each batch handing the next to the queue',
      retryConfig: { maxAttempts: 10, minBackoffSeconds: 30, maxBackoffSeconds: 600 },
      rateLimits: { maxConcurrentDispatches: 5, maxDispatchesPerSecond: 5 },
      run: () => companyDeletion().runDeletionBatch,
    },
  ],
});
