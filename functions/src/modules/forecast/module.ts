import { defineModule, lazyFile } from '../kit';
import { forecastErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

export default defineModule({
  name: 'forecast',
  description:
    "Sales and covers forecast per business day, daypart and hour from the company's history (method chosen by backtest, holidays, prediction intervals), and its backtest",
  http: router,
  errors: forecastErrors.catalog,
});
