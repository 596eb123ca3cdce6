import { defineModule, lazyFile } from '../kit';
import { integrationErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

export default defineModule({
  name: 'integrations',
  description: "The integrations catalogue (POS, payroll, reservation) and each company's connection state",
  http: router,
  errors: integrationErrors.catalog,
  collections: { company: ['integrations'], root: ['integrationSchedule'] },
  personalData: { integrations: 'none', integrationSchedule: 'none' },
});
