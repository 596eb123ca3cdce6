import { defineModule, lazyFile, lazyFunction } from '../kit';

const router = lazyFile<typeof import('./router')>(() => require('./router'));
const service = lazyFile<typeof import('./service')>(() => require('./service'));

export default defineModule({
  name: 'companies',
  description: 'Company profile, settings and employee-facing policies',
  http: router,
  collections: { company: ['config'] },
  personalData: { config: 'none' },
  provides: { viewPolicies: lazyFunction(service, 'viewPolicies') },
});
