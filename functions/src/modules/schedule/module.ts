import { defineModule, lazyFile } from '../kit';
import { scheduleErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

export default defineModule({
  name: 'schedule',
  description:
    'Shifts (published, manual, draft) with transactional conflict checking, publishing, and the schedule template',
  http: router,
  errors: scheduleErrors.catalog,
  collections: { company: ['shifts', 'timeOff', 'schedulePremiums', 'scheduleProposals'] },
  personalData: {
    shifts: { match: { employeeId: 'employeeId' }, erase: 'reduce', record: 'time', fields: ['note'] },
    timeOff: { match: { employeeId: 'employeeId' }, erase: 'reduce', record: 'time', fields: ['note', 'reason'] },
    schedulePremiums: { match: { employeeId: 'employeeId' }, erase: 'reduce', record: 'pay' },
    // generated proposals expire with their week; they name employees by id only
    scheduleProposals: 'none',
  },
  // Schedule generation runs HiGHS (WebAssembly) in a worker thread beside the instance: a week of 200 employees peaks near 300 MB.
  runtime: { memory: '512MiB' },
});
