import { defineModule } from '../kit';

export default defineModule({
  name: 'companies',
  description: 'Company profile, settings and employee-facing policies',
  http: () => require('./router') as typeof import('./router'),
  collections: { company: ['config'] },
  personalData: { config: 'none' },
});
