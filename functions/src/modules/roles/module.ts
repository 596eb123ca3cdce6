import { defineModule, lazyFile } from '../kit';
import { roleErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

export default defineModule({
  name: 'roles',
  description: 'Roles (positions) with sub-roles; DELETE soft-archives',
  http: router,
  errors: roleErrors.catalog,
  collections: { company: ['roles'] },
  personalData: { roles: 'none' },
});
