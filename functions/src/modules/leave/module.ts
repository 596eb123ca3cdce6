import { defineModule, lazyFile } from '../kit';
import { actorsCut } from '../personal-data';
import { leaveErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

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
});
