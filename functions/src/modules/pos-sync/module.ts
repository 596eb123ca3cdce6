import { defineModule, lazyFile } from '../kit';
import { ERASED_NAME, actorsCut } from '../personal-data';
import { posSyncErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));
const csvService = lazyFile<typeof import('./csv/service')>(() => require('./csv/service'));

export default defineModule({
  name: 'posSync',
  tag: 'pos-sync',
  description:
    'POS roster linking and where synced POS data lands: POS employees per integration connection with their link to an employee (auto-link on email or phone, name suggestions), punches into attendance, sales and refunds to the sales module (which keeps their tips per business day and employee, card and cash), data of unlinked POS employees held until they are linked, and CSV import of roster, punch and sales files for a POS without an API',
  http: router,
  errors: posSyncErrors.catalog,
  collections: {
    company: ['posEmployees', 'posHeld', 'posDeletions', 'csvImports', 'csvMappings'],
    root: ['csvFiles'],
  },
  personalData: {
    posEmployees: {
      match: { employeeId: 'employeeId', email: 'email' },
      erase: 'reduce',
      fields: ['email', 'phone', 'emailKey', 'phoneKey', 'jobTitle'],
      replace: { firstName: ERASED_NAME.name, lastName: ERASED_NAME.surname },
      cut: actorsCut('linkedBy', 'unlinkedBy'),
    },
    posHeld: { match: { employeeId: 'employeeId' }, erase: 'reduce', record: 'time' },
    // vendor record ids and times only, gone once applied
    posDeletions: 'none',
    csvImports: { match: { uid: 'createdBy' }, erase: 'reduce' },
    csvMappings: 'none',
    // the uploaded files are deleted when imported, or by the cleanup job after 7 days
    csvFiles: 'none',
  },
  jobs: [
    {
      name: 'csvImportCleanup',
      schedule: 'every 1440 minutes',
      description:
        'Deletes the stored file of CSV imports created more than 7 days ago that were not imported and are not running (imported files are deleted when imported)',
      run: () => async () => csvService().deleteStaleFiles(),
    },
  ],
});
