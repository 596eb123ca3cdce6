import { defineModule } from '../kit';
import { employeeErrors } from './errors';

export default defineModule({
  name: 'employees',
  description: 'Employees of a company',
  http: () => require('./router') as typeof import('./router'),
  errors: employeeErrors.catalog,
  collections: { company: ['employees', 'auditTrail'] },
});
