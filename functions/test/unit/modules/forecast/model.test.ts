import fc from 'fast-check';
import { DateTime } from 'luxon';
import { addDays, datesInRange } from '../../../../src/core/calendar';
import { backtest, baselineForecast } from '../../../../src/modules/forecast/backtest';
import { holidayCalendar, countryOfTimeZone } from '../../../../src/modules/forecast/holidays';
import { realHours } from '../../../../src/modules/forecast/hours';
import { forecastDay, METHODS, type Calendar, type History } from '../../../../src/modules/forecast/model';
import { seasonalHistory } from '../../../helpers/sales-history';

// a backtest of a year (52 origins, 11 methods and a Holt-Winters reference) takes seconds on a loaded machine
jest.setTimeout(120_000);

const noHolidays: Calendar = { holidayOf: () => null };
const sum = (v: ArrayLike<number>) => Array.from(v).reduce((a, b) => a + b, 0);

/** A history from per-day hour values (business hours 0..47), some days missing. */
function historyOf(start: string, days: (number[] | null)[]): History {
  const h: History = new Map();
  days.forEach((hours, i) => {
    if (!hours) return;
    const sales = new Float64Array(48);
    hours.forEach((v, k) => (sales[k] = v));
    h.set(addDays(start, i), { sales, covers: sales.map((v) => Math.round(v / 1000)) });
  });
  return h;
}

describe('forecast model', () => {
  it('never forecasts negative or non-finite sales or covers, whatever the history and method', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.option(fc.array(fc.integer({ min: 0, max: 2_000_000 }), { minLength: 48, maxLength: 48 }), { nil: null }),
          {
            minLength: 1,
            maxLength: 140,
          },
        ),
        fc.constantFrom(...METHODS),
        fc.integer({ min: 1, max: 42 }),
        (days, method, ahead) => {
          const history = historyOf('2026-01-01', days);
          const origin = addDays('2026-01-01', days.length - 1);
          const f = forecastDay(history, noHolidays, method, addDays(origin, ahead), origin);
          for (const v of [...f.sales, ...f.covers]) {
            expect(Number.isFinite(v)).toBe(true);
            expect(v).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('moves a holiday the way the history shows: lower where it sold less, higher where it sold more', () => {
    const calendar: Calendar = { holidayOf: (d) => (d.slice(5) === '07-04' ? 'Independence Day' : null) };
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ min: 0.3, max: 0.8, noNaN: true }), fc.double({ min: 1.25, max: 2, noNaN: true })),
        fc.constantFrom(...METHODS),
        fc.integer({ min: 1, max: 1000 }),
        (effect, method, seed) => {
          const history = seasonalHistory({
            startDate: '2025-05-01',
            endDate: '2026-06-27',
            calendar,
            holidayEffect: () => effect,
            noise: 0.03,
            seed,
          });
          const origin = '2026-06-27';
          const holiday = sum(forecastDay(history, calendar, method, '2026-07-04', origin).sales);
          const weekBefore = sum(forecastDay(history, calendar, method, '2026-06-27', addDays(origin, -7)).sales);
          // the same weekday a week earlier, forecast from a week earlier: no holiday effect
          if (effect < 1) expect(holiday).toBeLessThan(weekBefore);
          else expect(holiday).toBeGreaterThan(weekBefore);
        },
      ),
      { numRuns: 20 },
    );
  });

  it('leaves a holiday as it is when the history shows no effect, and has no effect without holiday history', () => {
    const calendar: Calendar = { holidayOf: (d) => (d.slice(5) === '07-04' ? 'Independence Day' : null) };
    const history = seasonalHistory({ startDate: '2026-01-01', endDate: '2026-06-27', calendar, noise: 0 });
    const f = forecastDay(history, calendar, METHODS[2], '2026-07-04', '2026-06-27');
    expect(f.holiday).toBe('Independence Day');
    expect(f.factors.holiday).toBe(1);
  });

  it('gives every business date its real hours: 23 or 25 on DST change days, 24 otherwise', () => {
    const zones = ['America/New_York', 'Europe/London', 'Australia/Sydney', 'UTC', 'America/Los_Angeles'];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 730 }),
        fc.constantFrom(...zones),
        fc.constantFrom(0, 3600 * 4, 3600 * 5 + 1800),
        (offset, timezone, dayChangeTime) => {
          const date = addDays('2026-01-01', offset);
          const hours = realHours(date, { timezone, dayChangeTime });
          // the day changes at a wall-clock time (plus() would add real seconds, which a DST night shortens)
          const wallClock = { hour: Math.floor(dayChangeTime / 3600), minute: (dayChangeTime % 3600) / 60 };
          const start = DateTime.fromISO(date, { zone: timezone }).set(wallClock);
          const end = DateTime.fromISO(addDays(date, 1), { zone: timezone }).set(wallClock);
          expect(hours.length).toBe(Math.round(end.diff(start, 'hours').hours));
          expect([23, 24, 25]).toContain(hours.length);
        },
      ),
    );
    const ny = { timezone: 'America/New_York', dayChangeTime: 4 * 3600 };
    // clocks go forward at 02:00 on 2026-03-08 (business day 2026-03-07 with a 04:00 day change), back on 2026-11-01
    expect(realHours('2026-03-07', ny)).toHaveLength(23);
    expect(realHours('2026-03-08', ny)).toHaveLength(24);
    const fallBack = realHours('2026-10-31', ny);
    expect(fallBack).toHaveLength(25);
    expect(fallBack.filter((h) => h.businessHour === 25)).toHaveLength(2);
  });

  it('reads public holidays and observances of the country of the time zone', () => {
    expect(countryOfTimeZone('America/New_York')).toBe('US');
    expect(countryOfTimeZone('Europe/London')).toBe('GB');
    const us = holidayCalendar('US');
    expect(us.holidayOf('2026-11-26')).toBe('Thanksgiving Day');
    expect(us.holidayOf('2026-11-24')).toBeNull();
    expect(holidayCalendar(null).holidayOf('2026-12-25')).toBeNull();
  });
});

describe('forecast backtest', () => {
  it('scores a history that repeats every week exactly: every method and baseline has zero error', () => {
    const week = [1, 0.8, 0.9, 1, 1.2, 1.5, 1.4].map((k) =>
      Array.from({ length: 48 }, (_, h) => (h >= 11 && h < 23 ? Math.round(k * 10_000 * (1 + (h % 3))) : 0)),
    );
    const history = historyOf(
      '2026-01-05',
      datesInRange('2026-01-05', '2026-05-31').map((_, i) => week[i % 7]),
    );
    const r = backtest(history, noHolidays)!;
    expect(r.origins).toBeGreaterThan(5);
    for (const w of [...Object.values(r.methods), ...Object.values(r.baselines)]) {
      expect(w.day).toBeCloseTo(0, 9);
      expect(w.allDayparts).toBeCloseTo(0, 9);
    }
  });

  it('forecasts the baselines from the same weekday one week back, and the mean of four', () => {
    const history = historyOf('2026-01-01', [
      [100],
      null,
      null,
      null,
      null,
      null,
      null,
      [200],
      null,
      null,
      null,
      null,
      null,
      null,
      [300],
      null,
      null,
      null,
      null,
      null,
      null,
      [400],
    ]);
    expect(baselineForecast(history, 'lastWeek', '2026-01-29')[0]).toBe(400);
    expect(baselineForecast(history, 'lastFourWeeks', '2026-01-29')[0]).toBe(250);
  });

  it('beats the better baseline on a seasonal history with holidays', () => {
    const us = holidayCalendar('US');
    const effects: Record<string, number> = { 'Thanksgiving Day': 0.45, "Valentine's Day": 1.6, "Mother's Day": 1.5 };
    const history = seasonalHistory({
      startDate: '2025-01-01',
      endDate: '2026-06-30',
      calendar: us,
      holidayEffect: (n) => effects[n] ?? 1,
    });
    const r = backtest(history, us, { maxOrigins: 16 })!;
    expect(r.ratio.day).toBeLessThan(1);
    expect(r.ratio.allDayparts).toBeLessThan(1);
    expect(r.interval.day[0]).toBeLessThan(1);
    expect(r.interval.day[1]).toBeGreaterThan(1);
  });
});
