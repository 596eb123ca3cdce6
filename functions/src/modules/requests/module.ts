import { defineModule, lazyFile } from '../kit';
import { requestErrors } from './errors';
import { requestOfPerson } from './privacy';

const router = lazyFile<typeof import('./router')>(() => require('./router'));
const expiry = lazyFile<typeof import('./expiry')>(() => require('./expiry'));

export default defineModule({
  name: 'requests',
  description:
    'Shift requests (swap, replace, emergency, day off, availabilities) with peer and manager approval, applied atomically to the schedule',
  http: router,
  errors: requestErrors.catalog,
  collections: { company: ['shiftRequests', 'requestPolicy'], root: ['requestExpiries'] },
  personalData: {
    shiftRequests: {
      match: { employeeId: ['employeeId', 'peerEmployeeId', 'takerEmployeeId'] },
      erase: 'reduce',
      fields: ['note'],
      cut: requestOfPerson,
    },
    requestPolicy: 'none',
    // an entry holds ids only and is dropped by the expiry job once its time has passed
    requestExpiries: 'none',
  },
  jobs: [
    {
      name: 'requestsExpiry',
      schedule: 'every 15 minutes',
      description:
        'Records the expiry of pending requests whose shift has started and tells their requester (request.expired, once)',
      run: () => async () => expiry().expirePendingRequests(),
    },
  ],
});
