import { defineModule } from '../kit';
import { roleErrors } from './errors';

export default defineModule({
  name: 'roles',
  description: 'Roles (positions) with sub-roles; DELETE soft-archives',
  http: () => require('./router') as typeof import('./router'),
  errors: roleErrors.catalog,
  collections: { company: ['roles'] },
  personalData: { roles: 'none' },
});
