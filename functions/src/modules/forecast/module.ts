import { defineModule, lazyFile } from '../kit';
import { forecastErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

export default defineModule({
  name: 'forecast',
  description:
    "Sales and covers forecast per business day, daypart and hour from the company's history (method chosen by backtest, yearly season, closures, holidays, prediction intervals), its backtest, and the closures and special days a company declares",
  http: router,
  errors: forecastErrors.catalog,
  collections: { company: ['forecastSpecialDays'] },
  // a declared closure or special day: a date, a kind, a name and a factor, nobody's data
  personalData: { forecastSpecialDays: 'none' },
});
