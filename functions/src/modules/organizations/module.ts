import { defineModule, lazyFile, lazyFunction } from '../kit';
import { organizationErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));
const access = lazyFile<typeof import('./access')>(() => require('./access'));

export default defineModule({
  name: 'organizations',
  description:
    'Restaurant groups: organizations holding locations (companies) and employers (legal entities), their owners and administrators, and the links between one person’s employee records across an employer’s locations',
  http: router,
  errors: organizationErrors.catalog,
  collections: { root: ['organizations', 'organizationLocations', 'organizationMembers', 'employeeLinks'] },
  personalData: {
    // names, employer ids and company codes of legal entities: no person
    organizations: 'none',
    organizationLocations: 'none',
    organizationMembers: { match: { uid: 'uid' }, erase: 'delete' },
    employeeLinks: { match: { employeeId: 'employeeId' }, erase: 'delete', companyField: 'companyId' },
  },
  provides: {
    organizationAccess: lazyFunction(access, 'organizationAccess'),
    organizationRole: lazyFunction(access, 'organizationRole'),
  },
});
