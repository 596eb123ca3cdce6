import { defineModule, lazyFile } from '../kit';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

export default defineModule({
  name: 'docs',
  description:
    'The machine-readable API description (OpenAPI 3.1.0) and an interactive viewer served from local assets',
  http: router,
});
