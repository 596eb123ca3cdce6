import { defineModule } from '../../modules/kit';
import { posSyncErrors } from './errors';

export default defineModule({
  name: 'posSync',
  tag: 'pos-sync',
  description:
    'POS roster linking and where synced POS data lands: POS employees per integration connection with their link to an employee (auto-link on email or phone, name suggestions), punches into attendance, sales and refunds into the sales import, tips per business day and employee (card and cash), data of unlinked POS employees held until they are linked, and CSV import of roster, punch and sales files for a POS without an API',
  http: () => require('./router') as typeof import('./router'),
  errors: posSyncErrors.catalog,
  collections: {
    company: ['posEmployees', 'posHeld', 'posSales', 'posTips', 'csvImports', 'csvMappings'],
    root: ['csvFiles'],
  },
  jobs: [
    {
      name: 'csvImportCleanup',
      schedule: 'every 1440 minutes',
      description:
        'Deletes the stored file of CSV imports created more than 7 days ago that were not imported and are not running (imported files are deleted when imported)',
      run: () => async () => (require('./csv/service') as typeof import('./csv/service')).deleteStaleFiles(),
    },
  ],
});
