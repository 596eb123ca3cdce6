import { parse } from 'csv-parse/sync';
import { addDays, instant } from '../../src/core/calendar';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { definePool, distributeOf, lockOf, role, sales } from '../tip-pools/helpers';
import { approvedPunch, payroll, reportOf, setPayroll, setPolicies, storeEmployees } from './helpers';

/**
 * Tips through payroll, worked by hand (docs/TIPS.md section 6, docs/PAYROLL.md "Tips"): a Texas
 * restaurant (federal tip credit: $2.13 cash wage, $7.25 minimum), weekly pay periods from Monday.
 * In the week of Monday 2026-11-23 Ana serves 11:00-17:00 and Ben 11:00-15:00 on five days
 * (1800 and 1200 minutes), both at $2.13. Ana's card tips are $100.00, Ben's nothing; an hours pool
 * of the servers takes the card tips: Ana gets 10000 x 1800 / 3000 = $60.00, Ben $40.00.
 *
 * Tips paid: Ana 100.00 - 100.00 + 60.00 = $60.00, Ben $40.00 (together the $100.00 of the POS).
 * Make-up (the week's tips after the pool): Ana 30 h x 7.25 = 217.50 - 63.90 - 60.00 = $93.60, of
 * which a $10.00 tipCreditMakeUp pay element already pays $10.00, so the line pays $83.60; Ben
 * 145.00 - 42.60 - 40.00 = $62.40. Each is paid exactly the minimum wage for their hours:
 * Ana 63.90 + 10.00 + 83.60 + 60.00 = $217.50, Ben 42.60 + 62.40 + 40.00 = $145.00.
 * The same week in California: no tip credit, so no make-up line.
 */
const WEEK = '2026-11-23';

async function restaurant(state: string, timezone: string) {
  const co = await createCompany({
    profile: { timezone, weekStartingDay: 1, payrollStartingDay: 1, lawLocation: { state, county: null, city: null } },
  });
  await setPayroll(co, { payFrequency: 'weekly', overtimeRules: { kind: 'flsa' }, companyCode: 'ABC' });
  const server = await role(co, 'Server', 'FOH');
  await storeEmployees(co.companyId, {
    ana: { name: 'Ana', surname: 'Avila', rateRegular: 2.13, employeeNumber: 'E-1' },
    ben: { name: 'Ben', surname: 'Bello', rateRegular: 2.13, employeeNumber: 'E-2' },
  });
  const at = (date: string, hour: number) => instant(date, hour * 60, timezone);
  for (let d = 0; d < 5; d++) {
    const day = addDays(WEEK, d);
    await approvedPunch(co, 'ana', at(day, 11), at(day, 17), { positionId: server });
    await approvedPunch(co, 'ben', at(day, 11), at(day, 15), { positionId: server });
  }
  await sales(co, [['a1', 'ana', at(WEEK, 13), 50000, 10000]]);
  return { co, server };
}

const exportOf = (co: TestCompany, layout: string) =>
  payroll().get(`/payroll/periods/${WEEK}/export`).query({ companyId: co.companyId, layout }).set(bearer(co.owner));
const table = (body: string) => parse(body, { columns: true }) as Record<string, string>[];
const rows = (body: string) => parse(body) as string[][];

describe('tips through payroll: pool shares and the tip-credit make-up (federal)', () => {
  let co: TestCompany;
  let poolId: string;

  beforeAll(async () => {
    const r = await restaurant('TX', 'America/Chicago');
    co = r.co;
    const pool = await definePool(co, {
      name: 'Servers',
      period: 'week',
      tipClasses: ['card'],
      contributorRoleIds: [r.server],
      shareBy: 'hours',
      shares: [{ roleId: r.server }],
      tipCreditTaken: true,
    });
    expect(pool.status).toBe(201);
    poolId = pool.body.data.id;
    expect((await distributeOf(co, poolId, WEEK)).status).toBe(200);
    const element = await payroll()
      .post('/payroll/pay-elements')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({
        employeeId: 'ana',
        kind: 'tipCreditMakeUp',
        discretionary: false,
        amountMinor: 10_00,
        date: addDays(WEEK, 4),
        earnedFrom: WEEK,
        earnedTo: addDays(WEEK, 6),
      });
    expect(element.status).toBe(201);
  }, 120_000);

  it('pays an open pool period as nobody pays it yet, and refuses to close payroll over it', async () => {
    const { row } = await reportOf(co, WEEK);
    expect(row('ana')).toMatchObject({ tips: 10000 });
    expect(row('ana')!.poolShares).toBeUndefined();
    const close = await payroll()
      .post(`/payroll/periods/${WEEK}/close`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(close.status).toBe(422);
    expect(close.body.code).toBe('PERIOD_HAS_OPEN_TIP_POOLS');
    expect(close.body.details).toEqual([{ message: 'open tip-pool period', poolId, periodStart: WEEK }]);
  });

  it('shows the locked shares and the make-up as lines of their own, to the cent', async () => {
    expect((await lockOf(co, poolId, WEEK)).status).toBe(200);
    const { report, row } = await reportOf(co, WEEK);
    expect(row('ana')).toMatchObject({
      regularPay: 6390,
      payElementPay: 1000,
      tips: 6000,
      poolShares: 6000,
      poolContributions: 10000,
      makeUpPay: 8360,
      totalPay: 21750,
    });
    expect(row('ana')!.makeUp).toEqual([
      expect.objectContaining({
        weekStart: WEEK,
        weekEnd: addDays(WEEK, 6),
        jurisdiction: 'TX',
        minutes: 1800,
        cashWages: 6390,
        tips: 6000,
        minimumForHours: 21750,
        owed: 9360,
        paidAsElements: 1000,
        amount: 8360,
      }),
    ]);
    expect(row('ana')!.poolEntries).toEqual([
      expect.objectContaining({ poolId, kind: 'pool', periodStart: WEEK, contributed: 10000, share: 6000 }),
    ]);
    const earnings = (row('ana')!.earnings as { kind: string; amount: number }[]).filter((e) =>
      ['tips', 'tipPoolShare', 'tipCreditMakeUp'].includes(e.kind),
    );
    expect(earnings.map((e) => [e.kind, e.amount])).toEqual([
      ['tipCreditMakeUp', 8360],
      ['tipPoolShare', 6000],
    ]);
    expect(row('ben')).toMatchObject({
      regularPay: 4260,
      tips: 4000,
      poolShares: 4000,
      makeUpPay: 6240,
      totalPay: 14500,
    });
    expect(report.totals).toMatchObject({ tips: 10000, poolShares: 10000, makeUp: 8360 + 6240 });
  });

  it('withholds the shares and the make-up from a manager while tips are hidden', async () => {
    await setPolicies(co, { hideTipsFromManagers: true });
    const res = await payroll()
      .get(`/payroll/periods/${WEEK}/report`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(res.status).toBe(200);
    const ana = res.body.data.employees.find((e: { employeeId: string }) => e.employeeId === 'ana');
    // withheld: the tips null, the optional tip fields left out
    expect(ana).toMatchObject({ tips: null, totalPay: null, regularPay: 6390 });
    for (const field of ['poolShares', 'poolContributions', 'poolEntries', 'makeUpPay', 'makeUp', 'cashTips'])
      expect(ana).not.toHaveProperty(field);
    expect(res.body.data.totals).toMatchObject({ tips: null });
    expect(res.body.data.totals).not.toHaveProperty('poolShares');
    expect(res.body.data.totals).not.toHaveProperty('makeUp');
    const amounts = (ana.earnings as { kind: string; amount: number | null }[]).filter((e) =>
      ['tips', 'tipPoolShare', 'tipCreditMakeUp'].includes(e.kind),
    );
    expect(amounts.map((e) => e.amount)).toEqual([null, null]);
    // the totals' pay leaves the make-up out: with the cash wages it would tell the tips
    expect(res.body.data.totals.pay).toBe(6390 + 1000 + 4260);
    const back = await api('companies')
      .patch(`/companies/${co.companyId}/policies`)
      .set(bearer(co.owner))
      .send({ hideTipsFromManagers: false });
    expect(back.status).toBe(200);
  });

  it('closes, and the four exports carry the shares and the make-up under their codes', async () => {
    const close = await payroll()
      .post(`/payroll/periods/${WEEK}/close`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(close.status).toBe(200);
    const generic = table((await exportOf(co, 'generic')).body.data.body);
    expect(generic.find((l) => l.employee_id === 'ana')).toMatchObject({
      tips: '60.00',
      tip_pool_shares: '60.00',
      tip_credit_make_up: '83.60',
      pay_elements: '10.00',
      total_pay: '217.50',
    });
    expect(generic.find((l) => l.employee_id === 'ben')).toMatchObject({
      tips: '40.00',
      tip_pool_shares: '40.00',
      tip_credit_make_up: '62.40',
      total_pay: '145.00',
    });
    // ADP: Earnings 3 code and amount (columns 8 and 9); Ana's own paycheck tips are 0, so no TIP line
    const adp = rows((await exportOf(co, 'adp')).body.data.body).slice(1);
    const earningsOf = (file: string) => adp.filter((l) => l[2] === file && l[7]).map((l) => [l[7], l[8]]);
    expect(earningsOf('E-1')).toEqual([
      ['TPL', '60.00'],
      ['TCM', '83.60'],
      ['BON', '10.00'],
    ]);
    expect(earningsOf('E-2')).toEqual([
      ['TPL', '40.00'],
      ['TCM', '62.40'],
    ]);
    // Paychex: pay component (5) and amount (11)
    const paychex = rows((await exportOf(co, 'paychex')).body.data.body).slice(1);
    expect(paychex.filter((l) => l[1] === 'E-1').map((l) => [l[4], l[5], l[7], l[10]])).toEqual([
      ['Hourly', '2.13', '30.00', ''],
      ['Tip Pool', '', '', '60.00'],
      ['Tip Credit Makeup', '', '', '83.60'],
      ['Bonus', '', '', '10.00'],
    ]);
    // Gusto: the shares are paycheck tips; the make-up rides in correction_payment (no field of its own)
    const gusto = table((await exportOf(co, 'gusto')).body.data.body);
    expect(gusto.find((l) => l.last_name === 'Avila')).toMatchObject({
      regular_hours: '30.00',
      paycheck_tips: '60.00',
      correction_payment: '83.60',
      bonus: '10.00',
    });
    expect(gusto.find((l) => l.last_name === 'Bello')).toMatchObject({
      paycheck_tips: '40.00',
      correction_payment: '62.40',
    });
  });

  it('refuses to divide a pool period payroll closed over without a lock', async () => {
    const next = addDays(WEEK, -7);
    const close = await payroll()
      .post(`/payroll/periods/${next}/close`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(close.status).toBe(200);
    const res = await distributeOf(co, poolId, next);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('TIP_PERIOD_PAYROLL_CLOSED');
  });
});

describe('tips through payroll: California', () => {
  it('a week at $2.13 with tips owes no make-up line (no tip credit in California)', async () => {
    const { co } = await restaurant('CA', 'America/Los_Angeles');
    const { row, report } = await reportOf(co, WEEK);
    expect(row('ana')).toMatchObject({ tips: 10000, regularPay: 6390 });
    expect(row('ana')!.makeUp).toBeUndefined();
    expect(row('ben')!.makeUp).toBeUndefined();
    expect(report.totals.makeUp).toBe(0);
  }, 120_000);
});
