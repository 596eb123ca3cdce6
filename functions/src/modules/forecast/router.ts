import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import { companyIdQuery } from '../../http/fields';
import { backtestResponse, forecastQuery, forecastResponse } from './schemas';
import { lazyFile } from '../kit';

const service = lazyFile<typeof import('./service')>(() => require('./service'));

const manager = companyInQuery('manager');

const FORECAST_DESCRIPTION = `Sales and covers forecast per business date, daypart and real hour, for 1 to 6 weeks, with an 80 % prediction interval and the method used.

- **History**: the company's actual sales of the last year (business dates, \`dayChangeTime\` honoured), up to yesterday.
- **Method**: weekday profiles (several candidates: plain means, exponential smoothing, weekday index times the recent level, with and without trend), chosen per company by a rolling-origin backtest of its own last 12 weeks; \`method.chosenBy\` says \`default\` when the history is too short to backtest.
- **Holidays**: public holidays and observances of the company's country (from its time zone, date-holidays); each moves its day as the company's history shows (learnt from the past holidays, shrunk toward no effect when seen once).
- **Intervals**: the backtest's 10 % and 90 % quantiles of actual / forecast, applied to the day and dayparts (day quantiles) and to hours (hour quantiles).
- **DST**: \`hours\` lists every real hour of the business day: 23 or 25 on the days clocks change.
- **Dayparts**: breakfast (day change to 11:00), lunch (11-16), dinner (16-22), late (22:00 to the next day change); \`start\`/\`end\` bound the hours with forecast sales.

Managers and owners. 422 FORECAST_NO_HISTORY under 14 business days of sales.`;

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/forecast',
    summary: 'Sales forecast per day, daypart and hour, with intervals',
    description: FORECAST_DESCRIPTION,
    access: manager,
    query: forecastQuery,
    response: forecastResponse,
    handler: ({ query }) => service().getForecast({ query }),
  }),
  defineRoute({
    method: 'get',
    path: '/forecast/backtest',
    summary: "Backtest of the forecast methods on the company's history",
    description:
      'Rolling origin over the last year (weekly origins, 7 days ahead, 8 weeks of warm-up): WAPE per day and per daypart of every candidate method and of the two baselines (same weekday last week; mean of the last four same weekdays), the method chosen and its ratio to the better baseline. Managers and owners; 422 FORECAST_NO_HISTORY under 9 weeks of sales.',
    access: manager,
    query: companyIdQuery,
    response: backtestResponse,
    handler: ({ query }) => service().getBacktest({ companyId: query.companyId }),
  }),
];
