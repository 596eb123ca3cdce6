import { defineModule } from '../kit';

export default defineModule({
  name: 'docs',
  description:
    'The machine-readable API description (OpenAPI 3.1.0) and an interactive viewer served from local assets',
  http: () => require('./router') as typeof import('./router'),
});
