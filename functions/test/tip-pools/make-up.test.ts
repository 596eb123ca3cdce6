import { addDays, instant } from '../../src/core/calendar';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { approvedPunch, storeEmployees } from '../payroll/helpers';
import { sales, tipPools } from './helpers';

/**
 * The tip-credit make-up of a workweek through the API (docs/TIPS.md section 5): two servers paid
 * the federal $2.13 cash wage work 30 hours in the week of Monday 2026-11-23; one has $100.00 of
 * tips (owed $217.50 - $63.90 - $100.00 = $53.60), the other $200.00 (owed nothing). The same week
 * in California: no tip credit, no make-up.
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
  tipPools().get('/tip-credit/make-up').query({ companyId: co.companyId, weekStart }).set(bearer(co.owner));

describe('the tip-credit make-up of a workweek', () => {
  it('federal: 30 h at $2.13 with $100.00 of tips owes $53.60; with $200.00 nothing', async () => {
    const co = await week('TX', 'America/Chicago');
    const res = await makeUp(co);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ jurisdiction: 'US', creditAllowed: true, minimumWage: 725, cashWage: 213 });
    expect(res.body.data.source).toContain('203(m)(2)(A)(i)');
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
});
