import { defineModule } from '../kit';
import { scheduleErrors } from './errors';

export default defineModule({
  name: 'schedule',
  description:
    'Shifts (published, manual, draft) with transactional conflict checking, publishing, and the schedule template',
  http: () => require('./router') as typeof import('./router'),
  errors: scheduleErrors.catalog,
  collections: { company: ['shifts', 'timeOff', 'schedulePremiums', 'scheduleProposals'] },
  // Schedule generation runs HiGHS (WebAssembly) in a worker thread beside the instance: a week of 200 employees peaks near 300 MB.
  runtime: { memory: '512MiB' },
});
