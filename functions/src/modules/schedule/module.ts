import { defineModule } from '../kit';
import { scheduleErrors } from './errors';

export default defineModule({
  name: 'schedule', description: 'Shifts (published, manual, draft) with transactional conflict checking, publishing, and the schedule template',
  http: () => require('./router') as typeof import('./router'),
  errors: scheduleErrors.catalog, collections: { company: ['shifts', 'scheduleProposals'] },
  seed: () => (require('./seed') as typeof import('./seed')).seed,
});
