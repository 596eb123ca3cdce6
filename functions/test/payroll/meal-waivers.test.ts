import { addDays, instant } from '../../src/core/calendar';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { approvedPunch, payroll, reportOf, setPayroll, storeEmployees } from './helpers';

/**
 * California meal-period waivers through the API (Labor Code 512(a)): recorded per employee with
 * the date agreed and the scope, honoured by the meal premium and the timesheets within the
 * section's limits. Los Angeles, california rule set, weekly periods from Monday 2026-10-05.
 */
const TZ = 'America/Los_Angeles';
const MIN = 60_000;
const MONDAY = '2026-10-05';
let co: TestCompany;
const q = () => ({ companyId: co.companyId });

/** A punch from 08:00 of `day` lasting `minutes`, with one meal [after worked minute, length]. */
async function workday(employeeId: string, day: number, minutes: number, meal?: [number, number]) {
  const start = instant(addDays(MONDAY, day), 8 * 60, TZ);
  const meals = meal ? [{ startAt: start + meal[0] * MIN, endAt: start + (meal[0] + meal[1]) * MIN }] : [];
  return approvedPunch(co, employeeId, start, start + minutes * MIN, { meals });
}

const mealDays = async (employeeId: string) =>
  (((await reportOf(co, MONDAY)).row(employeeId)?.premiums ?? []) as { kind: string; date: string }[])
    .filter((p) => p.kind === 'mealPeriod')
    .map((p) => p.date);

const waive = (body: Record<string, unknown>, who = co.manager) =>
  payroll().post('/payroll/meal-waivers').query(q()).set(bearer(who)).send(body);

beforeAll(async () => {
  co = await createCompany({ profile: { timezone: TZ, weekStartingDay: 1, payrollStartingDay: 1 } });
  await storeEmployees(co.companyId, {
    'emp-short': { name: 'Sue', surname: 'Short', rateRegular: 20 },
    'emp-long': { name: 'Lou', surname: 'Long', rateRegular: 20 },
  });
  await setPayroll(co, { payFrequency: 'weekly', overtimeRules: { kind: 'california' } });
  // first-meal waiver from Tuesday: Monday 5 h 30 (before it), Tuesday 5 h 30, Wednesday 6 h 00, Thursday 6 h 01
  for (const [day, minutes] of [
    [0, 330],
    [1, 330],
    [2, 360],
    [3, 361],
  ])
    await workday('emp-short', day, minutes);
  // second-meal waiver: 11 h 30 worked with only the first meal (Mon); 12 h 01 (Tue); 11 h without any meal (Wed)
  await workday('emp-long', 0, 720, [240, 30]);
  await workday('emp-long', 1, 751, [240, 30]);
  await workday('emp-long', 2, 660);
});

describe('meal-period waivers', () => {
  it('are recorded with their scope and date, by a manager, with the employee consenting', async () => {
    const first = await waive({
      employeeId: 'emp-short',
      scope: 'firstMeal',
      agreedOn: '2026-10-06',
      effectiveFrom: '2026-10-06',
      employeeConsented: true,
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ scope: 'firstMeal', effectiveFrom: '2026-10-06', effectiveTo: null });
    const second = await waive({
      employeeId: 'emp-long',
      scope: 'secondMeal',
      agreedOn: '2026-10-01',
      effectiveFrom: '2026-10-01',
      employeeConsented: true,
    });
    expect(second.status).toBe(201);
    const list = await payroll().get('/payroll/meal-waivers').query(q()).set(bearer(co.owner));
    expect(list.body.data.map((w: { scope: string }) => w.scope)).toEqual(['secondMeal', 'firstMeal']);
  });

  it('waive the first meal only on days of at most 6 hours, from the day they cover', async () => {
    // Monday is before the waiver; Thursday's 6 h 01 is past what 512(a) lets be waived
    expect(await mealDays('emp-short')).toEqual(['2026-10-05', '2026-10-08']);
  });

  it('waive the second meal only up to 12 hours and when the first was taken', async () => {
    // Tuesday 12 h 01: not waivable; Wednesday: no first meal at all, the first-meal premium stands
    expect(await mealDays('emp-long')).toEqual(['2026-10-06', '2026-10-07']);
  });

  it("agree with the timesheets' missed_break", async () => {
    for (const employeeId of ['emp-short', 'emp-long']) {
      const res = await api('attendance')
        .get('/timesheets')
        .query({ ...q(), startDate: MONDAY, endDate: addDays(MONDAY, 6), employeeId })
        .set(bearer(co.manager));
      expect(res.status).toBe(200);
      const flagged = res.body.data.employees[0].days
        .filter((d: { exceptions: { type: string }[] }) => d.exceptions.some((e) => e.type === 'missed_break'))
        .map((d: { date: string }) => d.date);
      expect(flagged).toEqual(await mealDays(employeeId));
    }
  });

  it('end on the date an employee revokes them: the days after owe the premium again', async () => {
    const [waiver] = (
      await payroll()
        .get('/payroll/meal-waivers')
        .query({ ...q(), employeeId: 'emp-short' })
        .set(bearer(co.owner))
    ).body.data;
    const ended = await payroll()
      .post(`/payroll/meal-waivers/${waiver.id}/end`)
      .query(q())
      .set(bearer(co.manager))
      .send({ effectiveTo: '2026-10-06' });
    expect([ended.status, ended.body.data.effectiveTo]).toEqual([200, '2026-10-06']);
    expect(await mealDays('emp-short')).toEqual(['2026-10-05', '2026-10-07', '2026-10-08']);
  });

  it('refuse a waiver without consent, reaching back before it was agreed, by an employee, or of nobody', async () => {
    const base = {
      employeeId: 'emp-short',
      scope: 'firstMeal',
      agreedOn: '2026-10-06',
      effectiveFrom: '2026-10-06',
      employeeConsented: true,
    };
    for (const bad of [
      { ...base, employeeConsented: false },
      { ...base, effectiveFrom: '2026-10-05' },
    ]) {
      const res = await waive(bad);
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await waive(base, co.employee)).status).toBe(403);
    const nobody = await waive({ ...base, employeeId: 'nobody' });
    expect([nobody.status, nobody.body.code]).toEqual([422, 'MEAL_WAIVER_EMPLOYEE_NOT_FOUND']);
    const list = await payroll().get('/payroll/meal-waivers').query(q()).set(bearer(co.owner));
    expect(list.body.data).toHaveLength(2);
  });
});
