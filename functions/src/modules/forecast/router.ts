import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import { companyIdQuery } from '../../http/fields';
import {
  backtestResponse,
  forecastQuery,
  forecastResponse,
  specialDayBody,
  specialDayDeleted,
  specialDayParam,
  specialDaySchema,
  specialDaysQuery,
  specialDaysResponse,
} from './schemas';
import { lazyFile } from '../kit';

const service = lazyFile<typeof import('./service')>(() => require('./service'));
const listSpecialDays = lazyFile<typeof import('./list-special-days')>(() => require('./list-special-days'));
const putSpecialDay = lazyFile<typeof import('./put-special-day')>(() => require('./put-special-day'));
const deleteSpecialDay = lazyFile<typeof import('./delete-special-day')>(() => require('./delete-special-day'));

const manager = companyInQuery('manager');

const FORECAST_DESCRIPTION = `Sales and covers forecast per business date, daypart and real hour, for 1 to 6 weeks, with an 80 % prediction interval and the method used.

- **History**: the company's actual sales of the last year (business dates, \`dayChangeTime\` honoured), up to yesterday.
- **Method**: weekday profiles (several candidates: plain means, exponential smoothing, weekday index times the recent level, with and without trend, with and without the yearly season learnt from the same weeks one and two years back), chosen per company by a rolling-origin backtest of its own last 52 weeks, the same one GET /forecast/backtest answers; \`method.chosenBy\` says \`default\` when the history is too short to backtest.
- **Closures**: a day of the history without sales is a closed day. A date is forecast at zero (\`closed\` says why) when the company declared it closed (PUT /forecast/special-days/{date}), when its weekday was closed the last 4 times (through a break of whole weeks, until the year before shows the date open), when its holiday was closed last time (or the company closed on every holiday), or when the same date and weekday a year back were both closed.
- **Holidays**: public holidays, regional days and observances of the company's country and region (profile \`country\`, else its time zone's; \`region\`; date-holidays, plus Christmas Eve and New Year's Eve where the library lacks them); each moves its day and its hours as the company's history shows. A declared special day is a day of its own name, or has the company's factor.
- **Intervals**: 80 %, calibrated per level (day, daypart, hour) on the backtest's own errors over its latest 26 origins; the backtest reports their out-of-sample coverage.
- **DST**: \`hours\` lists every real hour of the business day: 23 or 25 on the days clocks change.
- **Dayparts**: the company's (\`dayparts\` in the answer: the setting dayparts, else its schedule template's morning and evening starts, else lunch 11:00, dinner at morningPeriodEnd, late 22:00); \`start\`/\`end\` bound the hours with forecast sales.

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
      "Rolling origin over the latest 52 weekly origins of the last year (7 days ahead, 8 weeks of warm-up), closed days counted at zero: WAPE per day and per daypart (the company's dayparts) of every candidate method, of the two baselines (same weekday last week; mean of the last four same weekdays) and of a weekly Holt-Winters reference; the method chosen (the one GET /forecast uses) and its ratios; the 80 % intervals per level and their out-of-sample coverage; the chosen method's predictions of the latest 4 origins. Managers and owners; 422 FORECAST_NO_HISTORY under 9 weeks of sales.",
    access: manager,
    query: companyIdQuery,
    response: backtestResponse,
    handler: ({ query }) => service().getBacktest({ companyId: query.companyId }),
  }),
  defineRoute({
    method: 'get',
    path: '/forecast/special-days',
    summary: 'The closures and special days the company declared',
    description: 'By date, in from..to (both optional). Managers and owners.',
    access: manager,
    query: specialDaysQuery,
    response: specialDaysResponse,
    handler: ({ query }) => listSpecialDays().listSpecialDays({ query }),
  }),
  defineRoute({
    method: 'put',
    path: '/forecast/special-days/:date',
    summary: 'Declare a business date closed or special',
    description:
      'closed: the forecast is zero that day (`closed: declared`), and a past date without sales is known as a closure; special: a day of its own (a private event, a local festival): its effect is learnt from past days of the same name like a holiday, or is the `factor` given. Declaring the date again replaces it (a retried PUT changes nothing). The forecast shows it in `special`. Managers and owners.',
    access: manager,
    params: specialDayParam,
    query: companyIdQuery,
    body: specialDayBody,
    response: specialDaySchema,
    handler: ({ member, params, body }) => putSpecialDay().putSpecialDay({ member, date: params.date, body }),
  }),
  defineRoute({
    method: 'delete',
    path: '/forecast/special-days/:date',
    summary: 'Remove a declared closure or special day',
    description:
      'The date is forecast from the history again. 404 FORECAST_SPECIAL_DAY_NOT_FOUND when nothing is declared on it (a repeated delete included). Managers and owners.',
    access: manager,
    params: specialDayParam,
    query: companyIdQuery,
    response: specialDayDeleted,
    handler: ({ member, params }) => deleteSpecialDay().deleteSpecialDay({ member, date: params.date }),
  }),
];
