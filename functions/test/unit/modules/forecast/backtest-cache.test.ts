import fc from 'fast-check';
import { addDays } from '../../../../src/core/calendar';
import { backtest } from '../../../../src/modules/forecast/backtest';
import { holidayCalendar } from '../../../../src/modules/forecast/holidays';
import type { History } from '../../../../src/modules/forecast/model';
import { backtestOf } from '../../../../src/modules/forecast/service';
import { seasonalHistory } from '../../../helpers/sales-history';

// a backtest of a year (52 origins, 11 methods and a Holt-Winters reference) takes seconds on a loaded machine
jest.setTimeout(120_000);

const holidays = holidayCalendar('US');
const START = '2026-01-01';
const base = () => seasonalHistory({ startDate: START, endDate: '2026-03-25', calendar: holidays, seed: 7 });
const copy = (h: History): History =>
  new Map([...h].map(([date, d]) => [date, { sales: d.sales.slice(), covers: d.covers.slice() }]));

describe("the forecast's backtest, run once per distinct history", () => {
  it('answers what the backtest answers, for the same history asked again and for any change to one hour', () => {
    const history = base();
    const days = history.size;
    expect(backtest(history, holidays, { maxOrigins: 12 })?.methods).toBeDefined();
    expect(backtestOf(history, holidays, 12)).toEqual(backtest(history, holidays, { maxOrigins: 12 }));
    fc.assert(
      fc.property(fc.nat(days - 1), fc.nat(47), fc.double({ min: 0, max: 5, noNaN: true }), (day, hour, factor) => {
        const changed = copy(history);
        const date = addDays(START, day);
        const actuals = changed.get(date);
        fc.pre(actuals !== undefined);
        actuals!.sales[hour] = Math.round(actuals!.sales[hour] * factor + 1000);
        expect(backtestOf(changed, holidays, 12)).toEqual(backtest(changed, holidays, { maxOrigins: 12 }));
      }),
      { numRuns: 10 },
    );
    // the same history again, and the full backtest beside the forecast's short one
    expect(backtestOf(history, holidays, 12)).toEqual(backtest(history, holidays, { maxOrigins: 12 }));
    expect(backtestOf(history, holidays)).toEqual(backtest(history, holidays));
  });

  it('hands each caller its own copy: changing an answer changes no later one', () => {
    const history = base();
    const first = backtestOf(history, holidays, 12)!;
    first.interval.day[0] = -1;
    first.chosen = 'changed';
    expect(backtestOf(history, holidays, 12)).toEqual(backtest(history, holidays, { maxOrigins: 12 }));
  });
});
