import { DateTime } from 'luxon';
import { addDays, businessToday, weekStart } from '../../src/core/calendar';
import type { DemoCompany } from '../../dev/demo/types';
import { coversRef } from '../../src/modules/reservations/repo';
import { api } from '../helpers/api';
import { addMember, snapshotCompany } from '../helpers/fixtures';
import { bearer, createUser, type TestUser } from '../helpers/users';
import { harborVine } from './helpers';

// a backtest of a year (52 origins, 11 methods and a Holt-Winters reference) takes seconds on a loaded machine
jest.setTimeout(120_000);

describe('forecast', () => {
  let company: DemoCompany;
  let manager: TestUser;
  beforeAll(async () => {
    ({ company, manager } = await harborVine({ sales: true }));
  });

  it('forecasts two weeks per day, daypart and real hour, with intervals and the method the backtest chose', async () => {
    const res = await api('forecast')
      .get('/forecast')
      .query({ companyId: company.companyId, weeks: 2 })
      .set(bearer(manager));
    expect(res.status).toBe(200);
    const f = res.body.data;
    expect(f).toMatchObject({ currency: 'USD', timezone: 'America/New_York', holidays: { country: 'US' } });
    expect(f.method.chosenBy).toBe('backtest');
    expect(f.historyDays).toBeGreaterThan(300);
    expect(f.days).toHaveLength(14);
    const today = businessToday(company.timezone, company.dayChangeTime);
    expect(f.days[0].date).toBe(addDays(today, 1));
    for (const day of f.days) {
      expect(day.salesMinor).toBeGreaterThan(0);
      expect(day.low).toBeLessThanOrEqual(day.salesMinor);
      expect(day.high).toBeGreaterThanOrEqual(day.salesMinor);
      const wallClock = { hour: Math.floor(company.dayChangeTime / 3600), minute: (company.dayChangeTime % 3600) / 60 };
      const start = DateTime.fromISO(day.date, { zone: company.timezone }).set(wallClock);
      const hours = Math.round(start.plus({ days: 1 }).diff(start, 'hours').hours);
      expect(day.hours).toHaveLength(hours);
      const parts = Object.values(day.dayparts) as { salesMinor: number }[];
      expect(Math.abs(parts.reduce((s, p) => s + p.salesMinor, 0) - day.salesMinor)).toBeLessThanOrEqual(4);
      // the company's dinner (its template's evening start), its selling window inside it
      expect(day.dayparts.dinner.start).toBeGreaterThanOrEqual(f.dayparts.dinner);
      expect(day.dayparts.dinner.end).toBeLessThanOrEqual(f.dayparts.late % 1440);
    }
  });

  it('gives a DST business day its real hours through the API (23 when clocks go forward)', async () => {
    // The next spring-forward in Boston: the second Sunday of March; at 02:00, before the 04:00 day change.
    const year = Number(businessToday(company.timezone, company.dayChangeTime).slice(0, 4)) + 1;
    const march = DateTime.fromObject({ year, month: 3, day: 1 }, { zone: company.timezone });
    const secondSunday = march.plus({ days: ((7 - march.weekday) % 7) + 7 }).toISODate()!;
    const res = await api('forecast')
      .get('/forecast')
      .query({ companyId: company.companyId, startDate: addDays(secondSunday, -1) })
      .set(bearer(manager));
    expect(res.status).toBe(200);
    expect(res.body.data.days[0].hours).toHaveLength(23);
    expect(res.body.data.days[1].hours).toHaveLength(24);
  });

  it('answers the backtest with both baselines per daypart and the chosen method', async () => {
    const res = await api('forecast')
      .get('/forecast/backtest')
      .query({ companyId: company.companyId })
      .set(bearer(manager));
    expect(res.status).toBe(200);
    const b = res.body.data.backtest;
    expect(b.origins).toBeGreaterThan(40);
    expect(Object.keys(b.baselines)).toEqual(['lastWeek', 'lastFourWeeks']);
    expect(b.baselines.lastWeek.dayparts.dinner).toBeGreaterThan(0);
    expect(b.methods[b.chosen].day).toBeLessThan(b.baselines[b.betterBaseline].day);
    expect(b.ratio.day).toBeLessThan(1);
  });

  it('refuses a company without sales history (422 FORECAST_NO_HISTORY), a past start and more than 6 weeks (400), and employees (403)', async () => {
    const bare = await harborVine({ sales: false });
    const none = await api('forecast')
      .get('/forecast')
      .query({ companyId: bare.company.companyId })
      .set(bearer(bare.manager));
    expect(none.status).toBe(422);
    expect(none.body.code).toBe('FORECAST_NO_HISTORY');
    const past = await api('forecast')
      .get('/forecast')
      .query({ companyId: company.companyId, startDate: '2020-01-01' })
      .set(bearer(manager));
    expect(past.status).toBe(400);
    const long = await api('forecast')
      .get('/forecast')
      .query({ companyId: company.companyId, weeks: 7 })
      .set(bearer(manager));
    expect(long.status).toBe(400);
    const employee = await createUser({ label: 'employee' });
    await addMember(company.companyId, employee, 'employee');
    const denied = await api('forecast').get('/forecast').query({ companyId: company.companyId }).set(bearer(employee));
    expect(denied.status).toBe(403);
  });
});

describe('schedule generation from forecast demand', () => {
  it('generates a Harbor & Vine week within 1 point of its labor-% target, every seat with its reason, and it commits with every rule held', async () => {
    const { company, manager } = await harborVine({ sales: true });
    const next = addDays(weekStart(businessToday(company.timezone, company.dayChangeTime), company.weekStartingDay), 7);
    const target = 12;
    const res = await api('schedule')
      .post('/schedule-proposals')
      .query({ companyId: company.companyId })
      .set(bearer(manager))
      .send({ startDate: next, endDate: addDays(next, 6), seatsFrom: 'forecast', laborTargetPercent: target });
    expect(res.status).toBe(201);
    const p = res.body.data;
    expect(p.demand).toMatchObject({ seatsFrom: 'forecast', currency: 'USD', laborTargetPercent: target });
    expect(p.demand.projectedSalesMinor).toBeGreaterThan(0);
    expect(Math.abs(p.demand.laborPercent - target)).toBeLessThanOrEqual(1);
    const cost = p.assignments.reduce((s: number, a: { why: { costMinor: number } }) => s + a.why.costMinor, 0);
    expect(p.demand.laborCostMinor).toBe(cost);
    for (const a of p.assignments) {
      expect(['minimum', 'productivity', 'laborTarget']).toContain(a.because.kind);
      expect(a.because.daypart).toBe(a.slotKey);
      expect(a.because.forecastSalesMinor).toBeGreaterThan(0);
    }
    // managers on dinner, by the fixed minimum
    expect(
      p.assignments.some(
        (a: { positionId: string; because: { kind: string } }) =>
          a.positionId === 'role-mgr' && a.because.kind === 'minimum',
      ),
    ).toBe(true);

    const done = await api('schedule')
      .post(`/schedule-proposals/${p.id}/commit`)
      .query({ companyId: company.companyId })
      .set(bearer(manager))
      .send();
    expect(done.status).toBe(200);
    expect(done.body.data.committed).toHaveLength(p.assignments.length);
    expect(done.body.data.warnings).toEqual([]);
  });

  it('puts the forecast seats on top of the template, and refuses a bad labor target writing nothing', async () => {
    const { company, manager } = await harborVine({ sales: true });
    const next = addDays(weekStart(businessToday(company.timezone, company.dayChangeTime), company.weekStartingDay), 7);
    const range = { startDate: next, endDate: addDays(next, 1) };
    const both = await api('schedule')
      .post('/schedule-proposals')
      .query({ companyId: company.companyId })
      .set(bearer(manager))
      .send({ ...range, seatsFrom: 'template+forecast', timeLimitSeconds: 2 });
    expect(both.status).toBe(201);
    const kinds = new Set(
      [...both.body.data.assignments, ...both.body.data.unfilled.map((u: { seat: unknown }) => u.seat)].map(
        (s: { because: { kind: string } }) => s.because.kind,
      ),
    );
    expect(kinds).toEqual(new Set(['template', 'minimum', 'productivity']));
    expect(both.body.data.demand.laborTargetPercent).toBeNull();

    const before = await snapshotCompany(company.companyId);
    const bad = await api('schedule')
      .post('/schedule-proposals')
      .query({ companyId: company.companyId })
      .set(bearer(manager))
      .send({ ...range, seatsFrom: 'forecast', laborTargetPercent: 0 });
    expect(bad.status).toBe(400);
    const templateTarget = await api('schedule')
      .post('/schedule-proposals')
      .query({ companyId: company.companyId })
      .set(bearer(manager))
      .send({ ...range, laborTargetPercent: 20 });
    expect(templateTarget.status).toBe(400);
    expect(templateTarget.body.code).toBe('VALIDATION_FAILED');
    expect(await snapshotCompany(company.companyId)).toEqual(before);
  });

  it('staffs a front-of-house covers role for the covers booked with the reservation partner when they exceed the forecast', async () => {
    const { company, manager } = await harborVine({ sales: true });
    const next = addDays(weekStart(businessToday(company.timezone, company.dayChangeTime), company.weekStartingDay), 7);
    // 400 covers booked at 19:00 and 20:00: hosts serve 40 covers an hour, so the 6-hour dinner needs ceil(400 / 240) = 2
    const byHour = Array.from({ length: 48 }, (_, h) => (h === 19 || h === 20 ? 200 : 0));
    await coversRef(company.companyId, next).set({ date: next, covers: 400, reservations: 90, byHour });
    const res = await api('schedule')
      .post('/schedule-proposals')
      .query({ companyId: company.companyId })
      .set(bearer(manager))
      .send({ startDate: next, endDate: next, seatsFrom: 'forecast', roleIds: ['role-host'], timeLimitSeconds: 2 });
    expect(res.status).toBe(201);
    const seats = [...res.body.data.assignments, ...res.body.data.unfilled.map((u: { seat: unknown }) => u.seat)];
    const dinner = seats.filter((s: { slotKey: string }) => s.slotKey === 'dinner');
    expect(dinner).toHaveLength(2);
    expect(dinner[0].because).toMatchObject({ bookedCovers: 400, requiredSeats: 2, basis: 'covers', perLaborHour: 40 });
    expect(dinner[0].because.forecastCovers).toBeLessThan(240);
    const lunch = seats.filter((s: { slotKey: string }) => s.slotKey === 'lunch');
    expect(
      lunch.map((s: { because: { kind: string; bookedCovers: number } }) => [s.because.kind, s.because.bookedCovers]),
    ).toEqual([['minimum', 0]]);
  });
});
