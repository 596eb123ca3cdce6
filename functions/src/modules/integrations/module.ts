import { defineModule } from '../kit';
import { integrationErrors } from './errors';

export default defineModule({
  name: 'integrations',
  description: "The integrations catalogue (POS, payroll, reservation) and each company's connection state",
  http: () => require('./router') as typeof import('./router'),
  errors: integrationErrors.catalog,
  collections: { company: ['integrations'], root: ['integrationSchedule'] },
  personalData: { integrations: 'none', integrationSchedule: 'none' },
});
