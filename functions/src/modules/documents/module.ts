import { defineModule, lazyFile } from '../kit';
import { documentErrors } from './errors';
import { actorsCut } from '../personal-data';

const router = lazyFile<typeof import('./router')>(() => require('./router'));
const service = lazyFile<typeof import('./service')>(() => require('./service'));

export default defineModule({
  name: 'documents',
  description: 'Employee documents and certifications: files in Cloud Storage, metadata and expiry flags in Firestore',
  http: router,
  errors: documentErrors.catalog,
  collections: { company: ['documents', 'documentSettings'], root: ['documentExpiries'] },
  personalData: {
    documents: {
      match: { employeeId: 'employeeId' },
      erase: 'delete',
      file: 'storagePath',
      cut: actorsCut('uploadedBy'),
    },
    documentSettings: 'none',
    // an entry of a deleted document is dropped by the expiry job
    documentExpiries: 'none',
  },
  jobs: [
    {
      name: 'documentsExpiryFlags',
      schedule: 'every 1440 minutes',
      description:
        'Flags documents 30, 14, 7 and 0 days before their expiry date (company-local), listed for managers by GET /documents/expiring',
      run: () => async () => service().flagExpiringDocuments(),
    },
  ],
});
