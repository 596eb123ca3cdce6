import fc from 'fast-check';
import { addDays, datesInRange, weekdayOf } from '../../../../src/core/calendar';
import { companyDayparts } from '../../../../src/modules/companies/dayparts';
import type { CompanyRules } from '../../../../src/modules/companies/service';
import { backtest, baselineForecast } from '../../../../src/modules/forecast/backtest';
import { daypartTotals } from '../../../../src/modules/forecast/dayparts';
import { holidayCalendar } from '../../../../src/modules/forecast/holidays';
import { holtWintersForecaster } from '../../../../src/modules/forecast/holt-winters';
import { forecastDay, methodNamed, METHODS, type Calendar, type History } from '../../../../src/modules/forecast/model';
import { forecastCalendar } from '../../../../src/modules/forecast/service';
import { generateRestaurant, RESTAURANTS, SPANISH_DAYPARTS } from '../../../forecast/generated-history';

// a backtest of a year (52 origins, 11 methods and a Holt-Winters reference) takes seconds on a loaded machine
jest.setTimeout(120_000);

const sum = (v: ArrayLike<number>) => Array.from(v).reduce((a, b) => a + b, 0);
const noHolidays: Calendar = { holidayOf: () => null };

/** A plain history: every day open with the same hours except the dates `closed`. */
function plainHistory(start: string, end: string, closed: (date: string) => boolean): History {
  const h: History = new Map();
  for (const date of datesInRange(start, end)) {
    if (closed(date)) continue;
    const sales = new Float64Array(48);
    for (let k = 12; k < 23; k++) sales[k] = 10_000 * (1 + (weekdayOf(date) % 3));
    h.set(date, { sales, covers: sales.map((v) => v / 2500) });
  }
  return h;
}

const madrid = generateRestaurant(RESTAURANTS[0]);

describe('forecast closures', () => {
  it('forecasts zero on a date closed on the same date and the same weekday a year back, and not after one closed day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 2, max: 20 }), (offset, length) => {
        // an annual closure of `length` days a year before [target, target + length)
        const target = addDays('2026-03-01', offset);
        const closedFrom = addDays(target, -365);
        const closedTo = addDays(closedFrom, length);
        const history = plainHistory('2025-01-01', addDays(target, -1), (d) => d >= closedFrom && d <= closedTo);
        const origin = addDays(target, -1);
        for (const method of [METHODS[0], methodNamed('weekday-index-28d-yearly')]) {
          const f = forecastDay(history, noHolidays, method, addDays(target, 1), origin);
          expect(f.closed).toBe('lastYear');
          expect(sum(f.sales)).toBe(0);
        }
        // one closed day a year back is not an annual closure
        const once = plainHistory('2025-01-01', origin, (d) => d === addDays(target, -364));
        expect(forecastDay(once, noHolidays, METHODS[0], target, origin).closed).toBeNull();
      }),
      { numRuns: 30 },
    );
  });

  it('forecasts zero on a declared closure and on a weekday closed the last 4 times, and shows a declared special day', () => {
    const origin = '2026-06-30';
    const history = plainHistory('2026-01-01', origin, (d) => d >= '2026-06-01' && weekdayOf(d) === 1);
    const cal = forecastCalendar(holidayCalendar(null), [
      { date: '2026-07-02', kind: 'closed', name: 'Renovation', factor: null },
      { date: '2026-07-03', kind: 'special', name: 'Private event', factor: 2 },
    ]);
    const method = methodNamed('weekday-index-14d');
    const declared = forecastDay(history, cal, method, '2026-07-02', origin);
    expect([declared.closed, sum(declared.sales)]).toEqual(['declared', 0]);
    const monday = forecastDay(history, cal, method, '2026-07-06', origin);
    expect([monday.closed, sum(monday.sales)]).toEqual(['weekday', 0]);
    const special = forecastDay(history, cal, method, '2026-07-03', origin);
    const ordinary = forecastDay(history, cal, method, '2026-07-10', origin);
    expect(special.holiday).toBe('Private event');
    expect(sum(special.sales)).toBeCloseTo(2 * sum(ordinary.sales), 0);
  });

  it('forecasts the Madrid restaurant Christmas Day at zero and its Nochevieja and Nochebuena as its history shows them', () => {
    const { history, truth, calendar } = madrid;
    const origin = '2025-12-21';
    const cut: History = new Map([...history].filter(([d]) => d <= origin));
    const r = backtest(cut, calendar, { dayparts: SPANISH_DAYPARTS, maxOrigins: 20 })!;
    const method = methodNamed(r.chosen);
    const christmas = forecastDay(cut, calendar, method, '2025-12-25', origin);
    expect(christmas.closed).toBe('holiday');
    expect(sum(christmas.sales)).toBe(0);
    for (const date of ['2025-12-24', '2025-12-31']) {
      const f = forecastDay(cut, calendar, method, date, origin);
      const t = truth.get(date)!;
      // within 15 % of the noise-free truth, day and dinner (Nochebuena's dinner closed, Nochevieja's the year's biggest)
      expect(Math.abs(sum(f.sales) / sum(t.sales) - 1)).toBeLessThan(0.15);
      const [fd, td] = [
        daypartTotals(f.sales, SPANISH_DAYPARTS).dinner,
        daypartTotals(t.sales, SPANISH_DAYPARTS).dinner,
      ];
      expect(Math.abs(fd - td)).toBeLessThan(0.15 * Math.max(td, sum(t.sales) * 0.1));
    }
  });
});

describe('forecast closures and reopenings of the generated restaurants', () => {
  const beach = generateRestaurant(RESTAURANTS[1]);
  const campus = generateRestaurant(RESTAURANTS[2]);
  const upTo = (h: History, origin: string): History => new Map([...h].filter(([d]) => d <= origin));

  it('closes the campus café on a holiday it has not met yet, as it closed on every holiday it had', () => {
    const history = upTo(new Map([...campus.history].filter(([d]) => d >= '2025-09-01')), '2026-04-24');
    const f = forecastDay(
      history,
      campus.calendar,
      methodNamed('weekday-index-28d-yearly'),
      '2026-05-01',
      '2026-04-24',
    );
    expect([f.holiday, f.closed, sum(f.sales)]).toEqual(['Día del Trabajador', 'holiday', 0]);
  });

  it('reopens the beach restaurant after its winter break at the level the year before shows, not at zero', () => {
    const origin = '2026-02-28';
    const history = upTo(beach.history, origin);
    for (const name of ['weekday-index-7d-yearly', 'weekday-index-28d-yearly']) {
      let [forecast, truth] = [0, 0];
      for (const date of datesInRange('2026-03-03', '2026-03-08')) {
        const f = forecastDay(history, beach.calendar, methodNamed(name), date, origin);
        expect(f.closed).toBeNull();
        forecast += sum(f.sales);
        truth += sum(beach.truth.get(date)!.sales);
      }
      expect(Math.abs(forecast / truth - 1)).toBeLessThan(0.3);
    }
  });

  it('counts every day of every origin in the backtest, the closed ones at zero', () => {
    const r = backtest(upTo(campus.history, '2025-10-31'), campus.calendar, { withoutReference: true })!;
    expect(r.days).toBe(r.origins * r.horizonDays);
  });
});

describe('forecast holidays by country and region', () => {
  it('adds Nochebuena and Nochevieja to Spain, the regional day to Madrid only, and ignores an unknown region', () => {
    const es = holidayCalendar('ES');
    expect([es.holidayOf('2026-12-24'), es.holidayOf('2026-12-31')]).toEqual(['Nochebuena', 'Nochevieja']);
    expect(es.holidayOf('2026-05-02')).toBeNull();
    const md = holidayCalendar('ES', 'MD');
    expect(md.region).toBe('MD');
    expect(md.holidayOf('2026-05-02')).toMatch(/Madrid/);
    expect(holidayCalendar('ES', 'ZZ').region).toBeNull();
    expect(holidayCalendar('PT').holidayOf('2026-12-31')).not.toBeNull();
    expect(holidayCalendar('US').holidayOf('2026-12-31')).toBe("New Year's Eve");
  });
});

describe('forecast backtest on two and a half years of a Spanish restaurant', () => {
  it('chooses a yearly method, beats the naive baselines and Holt-Winters, and its 80 % intervals hold 75-85 % out of sample', () => {
    const r = backtest(madrid.history, madrid.calendar, { dayparts: SPANISH_DAYPARTS, maxOrigins: 52 })!;
    expect(methodNamed(r.chosen).yearly).toBe(true);
    expect(r.ratio.day).toBeLessThan(0.85);
    expect(r.ratioToHoltWinters.day).toBeLessThan(1);
    for (const level of ['day', 'daypart'] as const) {
      expect(r.coverage[level]).toBeGreaterThanOrEqual(0.72);
      expect(r.coverage[level]).toBeLessThanOrEqual(0.88);
    }
    expect(r.dayparts).toEqual(SPANISH_DAYPARTS);
    expect(r.predictions.length).toBeGreaterThan(20);
    for (const p of r.predictions) {
      expect(p.low).toBeLessThanOrEqual(p.salesMinor);
      expect(p.high).toBeGreaterThanOrEqual(p.salesMinor);
      expect(Math.abs(sum(Object.values(p.dayparts).map((d) => d.actualMinor)) - p.actualMinor)).toBeLessThanOrEqual(4);
    }
  });

  it('forecasts the baselines from the days up to the origin only, however far ahead', () => {
    const history = plainHistory('2026-01-01', '2026-06-30', () => false);
    history.get('2026-06-16')!.sales[12] = 777_777;
    const origin = '2026-06-20';
    // two weeks ahead of the origin, 'last week' is the same weekday before the origin, not the week after it
    expect(baselineForecast(history, 'lastWeek', '2026-06-30', origin)[12]).toBe(777_777);
    expect(baselineForecast(history, 'lastWeek', '2026-06-23', origin)[12]).toBe(777_777);
  });

  it('lets Holt-Winters follow a weekly pattern that changed', () => {
    const history = plainHistory('2026-01-05', '2026-06-30', () => false);
    // from May on, Saturdays sell three times as much
    for (const [date, d] of history)
      if (date >= '2026-05-01' && weekdayOf(date) === 6) d.sales = d.sales.map((v) => v * 3);
    const f = holtWintersForecaster(history, '2026-06-26');
    const saturday = '2026-06-27';
    expect(sum(f(saturday)) / sum(history.get(saturday)!.sales)).toBeGreaterThan(0.85);
  });

  it('gives Holt-Winters no error on a history that repeats every week', () => {
    const history = plainHistory('2026-01-05', '2026-06-30', () => false);
    const f = holtWintersForecaster(history, '2026-06-23');
    for (let k = 1; k <= 7; k++) {
      const date = addDays('2026-06-23', k);
      expect(sum(f(date)) / sum(history.get(date)!.sales)).toBeCloseTo(1, 3);
    }
  });
});

const rules = (settings: Record<string, unknown>, daysStructure?: Record<string, unknown>) =>
  ({ profile: { daysStructure }, settings: { morningPeriodEnd: 960, ...settings } }) as unknown as CompanyRules;

describe("the company's dayparts", () => {
  it('come from the setting, else the template, else the defaults with morningPeriodEnd, always in order', () => {
    expect(companyDayparts(rules({ dayparts: { lunch: 780, dinner: 1230, late: 1500 } }))).toMatchObject({
      lunch: 780,
      dinner: 1230,
      late: 1500,
      source: 'setting',
    });
    const spanish = {
      Monday: { morning: { start: 780 }, evening: { start: 1230 } },
      Tuesday: { morning: { start: 780 }, evening: { start: 1230 } },
      Sunday: { morning: { start: 720 } },
    };
    expect(companyDayparts(rules({}, spanish))).toEqual({ lunch: 780, dinner: 1230, late: 1590, source: 'template' });
    expect(companyDayparts(rules({ morningPeriodEnd: 1020 }))).toEqual({
      lunch: 660,
      dinner: 1020,
      late: 1320,
      source: 'default',
    });
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 1439 }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 1439 }), { nil: undefined }),
        fc.integer({ min: 0, max: 2880 }),
        (morning, evening, morningPeriodEnd) => {
          const day = {
            ...(morning !== undefined ? { morning: { start: morning } } : {}),
            ...(evening !== undefined ? { evening: { start: evening } } : {}),
          };
          const d = companyDayparts(rules({ morningPeriodEnd }, { Friday: day }));
          expect(d.lunch).toBeLessThanOrEqual(d.dinner);
          expect(d.dinner).toBeLessThanOrEqual(d.late);
        },
      ),
    );
  });
});
