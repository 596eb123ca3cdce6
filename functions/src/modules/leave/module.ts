import { defineModule, lazyFile } from '../kit';
import { actorsCut } from '../personal-data';
import { leaveErrors } from './errors';
import { ACCRUAL_QUEUE } from './queues';

const router = lazyFile<typeof import('./router')>(() => require('./router'));
const auto = lazyFile<typeof import('./auto-accrual')>(() => require('./auto-accrual'));

export default defineModule({
  name: 'leave',
  description:
    'Paid sick leave and PTO: policies checked against the sick leave law of the company location, balances as a ledger of entries',
  http: router,
  errors: leaveErrors.catalog,
  collections: { company: ['leavePolicies', 'leaveEntries'] },
  personalData: {
    leavePolicies: 'none',
    // accrual and use of paid sick leave are pay records (California Labor Code 247.5: three years): kept, reason removed
    leaveEntries: {
      match: { employeeId: 'employeeId' },
      erase: 'reduce',
      record: 'pay',
      fields: ['reason'],
      copiesIn: ['reason'],
      cut: actorsCut('by'),
    },
  },
  // accrual follows the hours as they are approved and the pay periods as they close (auto-accrual.ts)
  reactions: {
    approvedHoursChanged: () => auto().onApprovedHoursChanged,
    payPeriodClosed: () => auto().onPayPeriodClosed,
  },
  queues: [
    {
      name: ACCRUAL_QUEUE,
      description:
        "Settles a company's (or one employee's) leave accruals through its business today, as POST /leave-accruals does: reconciled against the ledger, so a retried delivery writes nothing twice",
      retryConfig: { maxAttempts: 5, minBackoffSeconds: 30, maxBackoffSeconds: 600 },
      rateLimits: { maxConcurrentDispatches: 10 },
      run: () => auto().runAccrualTask,
    },
  ],
  jobs: [
    {
      name: 'leaveAccrualsDaily',
      schedule: 'every 1440 minutes',
      description:
        'Hands every company holding a leave policy to the accrual queue once a day (accrual per pay period ended, front-loaded grants, year ends, and any approval whose task was lost)',
      run: () => async () => auto().enqueueDailyAccruals(),
    },
  ],
});
