import { defineModule } from '../kit';
import { requestErrors } from './errors';

export default defineModule({
  name: 'requests',
  description:
    'Shift requests (swap, replace, emergency, day off, availabilities) with peer and manager approval, applied atomically to the schedule',
  http: () => require('./router') as typeof import('./router'),
  errors: requestErrors.catalog,
  collections: { company: ['shiftRequests', 'requestPolicy'] },
  personalData: {
    shiftRequests: {
      match: { employeeId: ['employeeId', 'peerEmployeeId', 'takerEmployeeId'] },
      erase: 'reduce',
      fields: ['note'],
    },
    requestPolicy: 'none',
  },
});
