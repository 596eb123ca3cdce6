import { addDays, instant } from '../../src/core/calendar';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { approvedPunch, payroll, reportOf, setPayroll, setPolicies, storeEmployees } from '../payroll/helpers';
import { role, sales } from './helpers';

/**
 * The tip-credit make-up of a workweek through the API (docs/TIPS.md section 5): two servers paid
 * the federal $2.13 cash wage work 30 hours in the week of Monday 2026-11-23; one has $100.00 of
 * tips (owed $217.50 - $63.90 - $100.00 = $53.60), the other $200.00 (owed nothing). The same week
 * in California: no tip credit, no make-up. A server who also tends bar at $9.00 has the week's
 * straight-time pay as cash wages, as the payroll report of the period the week ends in pays it.
 */
const WEEK = '2026-11-23';

async function week(state: string, timezone: string): Promise<TestCompany> {
  const co = await createCompany({
    profile: { timezone, weekStartingDay: 1, lawLocation: { state, county: null, city: null } },
  });
  await storeEmployees(co.companyId, {
    low: { name: 'Lou', surname: 'Low', rateRegular: 2.13 },
    high: { name: 'Hal', surname: 'High', rateRegular: 2.13 },
  });
  const at = (date: string, hour: number) => instant(date, hour * 60, timezone);
  for (let d = 0; d < 5; d++)
    for (const id of ['low', 'high']) await approvedPunch(co, id, at(addDays(WEEK, d), 11), at(addDays(WEEK, d), 17));
  await sales(co, [
    ['l1', 'low', at(WEEK, 13), 50000, 10000],
    ['h1', 'high', at(WEEK, 13), 90000, 20000],
  ]);
  return co;
}

const makeUp = (co: TestCompany, weekStart = WEEK) =>
  payroll().get('/tip-credit/make-up').query({ companyId: co.companyId, weekStart }).set(bearer(co.owner));

describe('the tip-credit make-up of a workweek', () => {
  it('Texas (the federal figures): 30 h at $2.13 with $100.00 of tips owes $53.60; with $200.00 nothing', async () => {
    const co = await week('TX', 'America/Chicago');
    const res = await makeUp(co);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ jurisdiction: 'TX', creditAllowed: true, minimumWage: 725, cashWage: 213 });
    expect(res.body.data.source).toContain('62.052(a)');
    const by = new Map(res.body.data.employees.map((e: { employeeId: string }) => [e.employeeId, e]));
    expect(by.get('low')).toEqual({
      employeeId: 'low',
      minutes: 1800,
      cashRate: 213,
      tipCreditTaken: true,
      cashWages: 6390,
      tips: 10000,
      minimumForHours: 21750,
      makeUp: 5360,
    });
    expect(by.get('high')).toMatchObject({ tips: 20000, makeUp: 0 });
    expect((await makeUp(co, '2026-11-24')).body.code).toBe('TIP_PERIOD_NOT_A_START');
  });

  it('federal (Georgia, a state without a row of its own): the same week owes $53.60 under 29 U.S.C. 203(m)', async () => {
    const co = await week('GA', 'America/New_York');
    const res = await makeUp(co);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ jurisdiction: 'US', creditAllowed: true, minimumWage: 725, cashWage: 213 });
    expect(res.body.data.source).toContain('203(m)(2)(A)(i)');
    const by = new Map(
      res.body.data.employees.map((e: { employeeId: string; makeUp: number }) => [e.employeeId, e.makeUp]),
    );
    expect([by.get('low'), by.get('high')]).toEqual([5360, 0]);
  });

  it('withholds the tips and the make-up (which would tell them) from a manager while tips are hidden', async () => {
    const co = await week('TX', 'America/Chicago');
    await setPolicies(co, { hideTipsFromManagers: true });
    const res = await payroll()
      .get('/tip-credit/make-up')
      .query({ companyId: co.companyId, weekStart: WEEK })
      .set(bearer(co.manager));
    expect(res.status).toBe(200);
    const low = res.body.data.employees.find((e: { employeeId: string }) => e.employeeId === 'low');
    expect(low).toMatchObject({ minutes: 1800, cashWages: 6390, minimumForHours: 21750 });
    expect(low).not.toHaveProperty('tips');
    expect(low).not.toHaveProperty('makeUp');
  });

  it('California: no tip credit, so no make-up (the cash wage must be the full minimum)', async () => {
    const co = await week('CA', 'America/Los_Angeles');
    const res = await makeUp(co);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ jurisdiction: 'CA', creditAllowed: false, minimumWage: null });
    expect(
      res.body.data.employees.map((e: { makeUp: number; tipCreditTaken: boolean }) => [e.tipCreditTaken, e.makeUp]),
    ).toEqual([
      [false, 0],
      [false, 0],
    ]);
  });

  it('a server who tends bar part of the week: the straight-time pay of both rates, as the report of the period (starting mid-week) the week ends in pays it', async () => {
    // Mon-Tue 11:00-17:00 at the bar ($9.00: 12 h = $108.00), Wed-Fri serving ($2.13: 18 h = $38.34);
    // $50.00 of tips on Monday. 30 h x $7.25 = $217.50 - $146.34 - $50.00 = $21.16 owed (at $2.13
    // for every hour it would be $103.60). Weekly pay periods from Wednesday: the week of Monday
    // 2026-11-23 ends in the period of Wednesday 2026-11-25, which pays its make-up; the period of
    // 2026-11-18 holds its Monday and Tuesday and no make-up of it.
    const timezone = 'America/Chicago';
    const co = await createCompany({
      profile: {
        timezone,
        weekStartingDay: 1,
        payrollStartingDay: 3,
        lawLocation: { state: 'TX', county: null, city: null },
      },
    });
    await setPayroll(co, { payFrequency: 'weekly', overtimeRules: { kind: 'flsa' } });
    const bar = await role(co, 'Bar', 'FOH');
    const server = await role(co, 'Server', 'FOH');
    await storeEmployees(co.companyId, {
      mia: { name: 'Mia', surname: 'Mixed', rateRegular: 2.13, positionRates: { [bar]: 9 } },
    });
    const at = (date: string, hour: number) => instant(date, hour * 60, timezone);
    for (let d = 0; d < 5; d++) {
      const day = addDays(WEEK, d);
      await approvedPunch(co, 'mia', at(day, 11), at(day, 17), { positionId: d < 2 ? bar : server });
    }
    await sales(co, [['m1', 'mia', at(WEEK, 13), 40000, 5000]]);

    const res = await makeUp(co);
    expect(res.status).toBe(200);
    expect(res.body.data.employees).toEqual([
      {
        employeeId: 'mia',
        minutes: 1800,
        cashRate: 488,
        tipCreditTaken: true,
        cashWages: 14634,
        tips: 5000,
        minimumForHours: 21750,
        makeUp: 2116,
      },
    ]);
    const { row } = await reportOf(co, '2026-11-25');
    expect(row('mia')!.makeUp).toEqual([expect.objectContaining({ weekStart: WEEK, owed: 2116, amount: 2116 })]);
    expect((await reportOf(co, '2026-11-18')).row('mia')!.makeUp).toBeUndefined();
  });
});
