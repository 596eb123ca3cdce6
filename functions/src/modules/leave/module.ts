import { defineModule, lazyFile } from '../kit';
import { leaveErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

export default defineModule({
  name: 'leave',
  description:
    'Paid sick leave and PTO: policies checked against the sick leave law of the company location, balances as a ledger of entries',
  http: router,
  errors: leaveErrors.catalog,
  collections: { company: ['leavePolicies'] },
  personalData: { leavePolicies: 'none' },
});
