import { addDays, businessToday } from '../../src/core/calendar';
import { db } from '../../src/core/firebase';
import { FIELD, FIELD_COUNT, newDayVector } from '../../src/modules/sales/aggregate';
import { dayDocument } from '../../src/modules/sales/importer';
import { dayRef, stateRef } from '../../src/modules/sales/repo';
import { api } from '../helpers/api';
import { createCompany, snapshotCompany } from '../helpers/fixtures';
import { bearer, type TestUser } from '../helpers/users';
import { generateRestaurant, RESTAURANTS, SPANISH_DAYPARTS } from './generated-history';

const TZ = 'Europe/Madrid';
const DAY_CHANGE = 4 * 3600;

/** A year of the generated Madrid restaurant up to yesterday, stored as actual-sales day records. */
async function seedMadridYear(companyId: string, yesterday: string) {
  const spec = { ...RESTAURANTS[0], startDate: addDays(yesterday, -364), endDate: yesterday };
  const { history } = generateRestaurant(spec);
  const entries = [...history];
  const now = Date.now();
  for (let i = 0; i < entries.length; i += 400) {
    const batch = db().batch();
    for (const [date, d] of entries.slice(i, i + 400)) {
      const v = newDayVector();
      for (let h = 0; h < 48; h++) {
        v[h * FIELD_COUNT + FIELD.sales] = d.sales[h];
        v[h * FIELD_COUNT + FIELD.customers] = d.covers[h];
        v[h * FIELD_COUNT + FIELD.invoices] = d.sales[h] > 0 ? 1 : 0;
      }
      batch.set(dayRef(companyId, date), dayDocument(date, 'EUR', v, now));
    }
    if (i === 0) batch.set(stateRef(companyId), { currency: 'EUR', updatedAt: now });
    await batch.commit();
  }
  return history;
}

describe('a forecast a Spanish restaurant can plan on', () => {
  let companyId: string;
  let owner: TestUser;
  let manager: TestUser;
  let today: string;
  let history: Awaited<ReturnType<typeof seedMadridYear>>;

  beforeAll(async () => {
    ({ companyId, owner, manager } = await createCompany({}));
    const profile = await api('companies')
      .patch(`/companies/${companyId}`)
      .set(bearer(owner))
      .send({ timezone: TZ, country: 'ES', region: 'MD' });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ country: 'ES', region: 'MD', timezone: TZ });
    const settings = await api('companies')
      .patch(`/companies/${companyId}/settings`)
      .set(bearer(owner))
      .send({ dayChangeTime: DAY_CHANGE, dayparts: SPANISH_DAYPARTS });
    expect(settings.status).toBe(200);
    today = businessToday(TZ, DAY_CHANGE);
    history = await seedMadridYear(companyId, addDays(today, -1));
  }, 60_000);

  it('lets only the owner change the country, and refuses a malformed one writing nothing', async () => {
    const before = await snapshotCompany(companyId);
    const byManager = await api('companies')
      .patch(`/companies/${companyId}`)
      .set(bearer(manager))
      .send({ country: 'PT' });
    expect(byManager.status).toBe(403);
    // malformed, and well-formed regions the country does not have
    for (const body of [
      { country: 'es' },
      { country: 'ESP' },
      { region: 'madrid' },
      { region: 'ZZ' },
      { country: 'PT', region: 'MD' },
    ]) {
      const bad = await api('companies').patch(`/companies/${companyId}`).set(bearer(owner)).send(body);
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('VALIDATION_FAILED');
    }
    const badParts = await api('companies')
      .patch(`/companies/${companyId}/settings`)
      .set(bearer(owner))
      .send({ dayparts: { lunch: 900, dinner: 800, late: 1500 } });
    expect(badParts.status).toBe(400);
    expect(await snapshotCompany(companyId)).toEqual(before);
    // the holiday calendar follows the company's country, not its time zone
    const lisbon = await api('companies')
      .patch(`/companies/${companyId}`)
      .set(bearer(owner))
      .send({ country: 'PT', region: null });
    expect(lisbon.status).toBe(200);
    const pt = await api('forecast').get('/forecast').query({ companyId }).set(bearer(manager));
    expect(pt.body.data.holidays).toMatchObject({ country: 'PT', region: null });
    const back = await api('companies')
      .patch(`/companies/${companyId}`)
      .set(bearer(owner))
      .send({ country: 'ES', region: 'MD' });
    expect(back.status).toBe(200);
  }, 60_000);

  it('declares closures and special days, forecasts them, and forecasts Christmas at zero and Nochevieja as the history shows', async () => {
    const closed = addDays(today, 3);
    const special = addDays(today, 4);
    const put = (date: string, body: object, user = manager) =>
      api('forecast').put(`/forecast/special-days/${date}`).query({ companyId }).set(bearer(user)).send(body);
    expect((await put(closed, { kind: 'closed', name: 'Renovation' })).status).toBe(200);
    // a retried PUT answers the same and writes the same day
    for (let i = 0; i < 2; i++) {
      const res = await put(special, { kind: 'special', name: 'Private event', factor: 1.5 });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ date: special, kind: 'special', name: 'Private event', factor: 1.5 });
    }
    const before = await snapshotCompany(companyId);
    for (const [date, body] of [
      [addDays(today, 5), { kind: 'closed', name: 'x', factor: 2 }],
      [addDays(today, 5), { kind: 'open', name: 'x' }],
      [addDays(today, 5), { kind: 'special', name: '' }],
      ['2026-02-30', { kind: 'closed', name: 'x' }],
    ] as const) {
      const bad = await put(date, body);
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('VALIDATION_FAILED');
    }
    expect(await snapshotCompany(companyId)).toEqual(before);
    const listed = await api('forecast').get('/forecast/special-days').query({ companyId }).set(bearer(manager));
    expect(listed.body.data.specialDays.map((d: { date: string }) => d.date)).toEqual([closed, special]);

    const week = await api('forecast').get('/forecast').query({ companyId, weeks: 1 }).set(bearer(manager));
    expect(week.status).toBe(200);
    const f = week.body.data;
    expect(f).toMatchObject({ currency: 'EUR', holidays: { country: 'ES', region: 'MD' }, dayparts: SPANISH_DAYPARTS });
    const day = (date: string) => f.days.find((d: { date: string }) => d.date === date);
    expect(day(closed)).toMatchObject({
      closed: 'declared',
      salesMinor: 0,
      special: { kind: 'closed', name: 'Renovation' },
    });
    expect(day(special)).toMatchObject({ holiday: 'Private event', special: { kind: 'special', factor: 1.5 } });
    expect(day(special).factors.holiday).toBe(1.5);
    // the Spanish dinner is dinner: from 20:00, with no late part
    const open = f.days.find((d: { salesMinor: number }) => d.salesMinor > 0);
    expect(open.dayparts.dinner.salesMinor).toBeGreaterThan(open.dayparts.lunch.salesMinor * 0.5);
    expect(open.dayparts.late.salesMinor).toBe(0);
    expect(open.dayparts.dinner.start).toBeGreaterThanOrEqual(1200);

    const removed = await api('forecast')
      .delete(`/forecast/special-days/${closed}`)
      .query({ companyId })
      .set(bearer(manager));
    expect(removed.status).toBe(200);
    const again = await api('forecast')
      .delete(`/forecast/special-days/${closed}`)
      .query({ companyId })
      .set(bearer(manager));
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('FORECAST_SPECIAL_DAY_NOT_FOUND');

    // the next Christmas and New Year's Eve: the history holds last year's (Christmas closed, Nochevieja's late dinner)
    const year = Number(today.slice(0, 4)) + (today.slice(5) > '12-20' ? 1 : 0);
    const christmasWeek = await api('forecast')
      .get('/forecast')
      .query({ companyId, startDate: `${year}-12-21`, weeks: 2 })
      .set(bearer(manager));
    expect(christmasWeek.status).toBe(200);
    const cw = christmasWeek.body.data;
    const on = (date: string) => cw.days.find((d: { date: string }) => d.date === date);
    expect(on(`${year}-12-25`)).toMatchObject({ closed: 'holiday', salesMinor: 0, holiday: 'Navidad' });
    const eve = on(`${year}-12-31`);
    expect(eve.holiday).toBe('Nochevieja');
    const lastEve = `${year - 1}-12-31`;
    const sold = Array.from(history.get(lastEve)!.sales).reduce((a, b) => a + b, 0);
    // the night's own effect as the history shows it (last year's against the same weekdays around it), within 25 % of last year's night
    expect(eve.factors.holiday).toBeGreaterThan(1.2);
    expect(Math.abs(eve.salesMinor / sold - 1)).toBeLessThan(0.25);
    expect(eve.dayparts.dinner.salesMinor).toBeGreaterThan(eve.dayparts.lunch.salesMinor);
  }, 60_000);

  it('uses the method its backtest reports as chosen, with calibrated intervals, their coverage and per-origin predictions', async () => {
    const [forecast, bt] = await Promise.all([
      api('forecast').get('/forecast').query({ companyId }).set(bearer(manager)),
      api('forecast').get('/forecast/backtest').query({ companyId }).set(bearer(manager)),
    ]);
    expect(forecast.status).toBe(200);
    expect(bt.status).toBe(200);
    const b = bt.body.data.backtest;
    expect(forecast.body.data.method.name).toBe(b.chosen);
    expect(forecast.body.data.method.backtestDayWape).toBe(b.methods[b.chosen].day);
    expect(b.dayparts).toEqual(SPANISH_DAYPARTS);
    expect(b.references.holtWinters.day).toBeGreaterThan(0);
    expect(b.coverage.day).toBeGreaterThan(0.6);
    expect(b.coverage.day).toBeLessThan(0.95);
    expect(b.predictions.length).toBeGreaterThan(20);
    const d0 = forecast.body.data.days.find((d: { salesMinor: number }) => d.salesMinor > 0);
    // the multiplier applies to the unrounded forecast: within a cent of the rounded one's product
    expect(Math.abs(d0.low - d0.salesMinor * b.interval.day[0])).toBeLessThanOrEqual(1);
    expect(d0.low).toBeLessThan(d0.salesMinor);
  }, 60_000);

  it("splits GET /sales's morning and evening where the company's dinner starts", async () => {
    const yesterday = addDays(today, -1);
    const date = [...history.keys()]
      .filter((d) => d <= yesterday)
      .sort()
      .pop()!;
    const res = await api('sales')
      .get('/sales')
      .query({ companyId, startDate: date, endDate: date })
      .set(bearer(manager));
    expect(res.status).toBe(200);
    const sales = history.get(date)!.sales;
    const before = Array.from(sales.slice(0, SPANISH_DAYPARTS.dinner / 60)).reduce((a, b) => a + b, 0);
    expect(res.body.data.buckets[0].morningSales).toBe(before);
  });
});
