import { defineModule, lazyFile } from '../kit';
import { DOCUMENT_ID } from '../personal-data';
import { applicantErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

export default defineModule({
  name: 'applicants',
  description:
    'Hiring: job postings with a public apply link, applications through a pipeline, hire into an employee with an invitation',
  http: router,
  errors: applicantErrors.catalog,
  collections: {
    company: ['jobPostings', 'applications', 'hiringSettings'],
    root: ['jobPostingLinks', 'applicationConfirmations'],
  },
  personalData: {
    jobPostings: 'none',
    applications: {
      match: { applicationId: DOCUMENT_ID, employeeId: 'employeeId', email: 'email' },
      erase: 'delete',
    },
    hiringSettings: 'none',
    jobPostingLinks: 'none',
    // an unconfirmed application (its address nested in it) expires in 48 hours by a TTL policy
    applicationConfirmations: { match: { applicationId: 'applicationId' }, erase: 'delete', companyField: 'companyId' },
  },
});
