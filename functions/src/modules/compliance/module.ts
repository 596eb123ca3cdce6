import { defineModule, lazyFile } from '../kit';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

export default defineModule({
  name: 'compliance',
  description:
    'Labour-law rule packs as dated data (federal, state, county, city), and which apply to a company: GET /compliance/rules',
  http: router,
  collections: {},
  personalData: {},
});
