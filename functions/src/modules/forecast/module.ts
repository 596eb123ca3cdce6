import { defineModule } from '../kit';
import { forecastErrors } from './errors';

export default defineModule({
  name: 'forecast',
  description:
    "Sales and covers forecast per business day, daypart and hour from the company's history (method chosen by backtest, holidays, prediction intervals), and its backtest",
  http: () => require('./router') as typeof import('./router'),
  errors: forecastErrors.catalog,
});
