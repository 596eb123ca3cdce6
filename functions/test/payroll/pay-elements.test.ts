import { db } from '../../src/core/firebase';
import { addDays, instant } from '../../src/core/calendar';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { approvedPunch, payroll, reportOf, setPayroll, storeEmployees } from './helpers';

/**
 * Bonuses as pay elements through the API: recorded by a manager, paid in the period holding their
 * date, non-discretionary ones in the regular rate of the workweeks they were earned in (29 CFR
 * 778.208-778.210, per hour worked: 778.209). Los Angeles, FLSA, weekly periods from Monday.
 * Two workweeks: 2026-10-05 (44 h at $20: 4 h overtime) and 2026-10-12 (40 h at $20).
 */
const TZ = 'America/Los_Angeles';
const at = (date: string, hour: number) => instant(date, hour * 60, TZ);
let co: TestCompany;
const q = () => ({ companyId: co.companyId });
const record = (body: Record<string, unknown>, who = co.manager) =>
  payroll().post('/payroll/pay-elements').query(q()).set(bearer(who)).send(body);

beforeAll(async () => {
  co = await createCompany({ profile: { timezone: TZ, weekStartingDay: 1, payrollStartingDay: 1 } });
  await storeEmployees(co.companyId, {
    'emp-bo': { name: 'Bo', surname: 'Bonus', rateRegular: 20, employeeNumber: 'B1' },
  });
  await setPayroll(co, { payFrequency: 'weekly', overtimeRules: { kind: 'flsa' }, companyCode: 'CO1' });
  for (let d = 0; d < 4; d++)
    await approvedPunch(co, 'emp-bo', at(addDays('2026-10-05', d), 8), at(addDays('2026-10-05', d), 19));
  for (let d = 0; d < 5; d++)
    await approvedPunch(co, 'emp-bo', at(addDays('2026-10-12', d), 8), at(addDays('2026-10-12', d), 16));
});

const bonus = {
  employeeId: 'emp-bo',
  kind: 'attendanceBonus',
  discretionary: false,
  amountMinor: 100_00,
  date: '2026-10-11',
  earnedFrom: '2026-10-05',
  earnedTo: '2026-10-11',
};

describe('pay elements', () => {
  it('pays a $100 attendance bonus with the overtime it owes: $100 / 44 h = $2.2727 more, 4 h x half = $4.55', async () => {
    const res = await record(bonus);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ ...bonus, id: expect.any(String), createdBy: co.manager.uid });
    const { row } = await reportOf(co, '2026-10-05');
    const bo = row('emp-bo')!;
    expect(bo.payElements).toEqual([
      expect.objectContaining({
        kind: 'attendanceBonus',
        amount: 100_00,
        regularRateIncrease: 227.27,
        overtimeOnElement: 4_55,
        weeks: [
          expect.objectContaining({ weekStart: '2026-10-05', workedMinutes: 44 * 60, share: 100_00, premium: 4_55 }),
        ],
      }),
    ]);
    // 40 h x $20 + 4 h x $30 + $100 + $4.55
    expect(bo).toMatchObject({ payElementPay: 104_55, totalPay: 800_00 + 120_00 + 104_55 });
    const earnings = bo.earnings as { amount: number }[];
    expect(earnings.reduce((s, e) => s + e.amount, 0)).toBe(bo.totalPay);
  });

  it('allocates a bonus covering two workweeks per hour worked (778.209): $168 over 84 h, overtime only in the first', async () => {
    const res = await record({
      ...bonus,
      kind: 'productivityBonus',
      amountMinor: 168_00,
      date: '2026-10-18',
      earnedTo: '2026-10-18',
    });
    expect(res.status).toBe(201);
    const { row } = await reportOf(co, '2026-10-12');
    const [line] = row('emp-bo')!.payElements as Record<string, unknown>[];
    // $2.00 more per hour; 4 h overtime x $1.00
    expect(line).toMatchObject({ regularRateIncrease: 200, overtimeOnElement: 4_00 });
    expect(line.weeks).toEqual([
      expect.objectContaining({ weekStart: '2026-10-05', share: 88_00, premium: 4_00 }),
      expect.objectContaining({ weekStart: '2026-10-12', share: 80_00, premium: 0 }),
    ]);
  });

  it('pays a discretionary bonus as it is, outside the regular rate (778.211), and lists the elements', async () => {
    const res = await record({
      ...bonus,
      kind: 'discretionaryBonus',
      discretionary: true,
      amountMinor: 50_00,
      date: '2026-10-19',
      earnedTo: '2026-10-18',
    });
    expect(res.status).toBe(201);
    const { row } = await reportOf(co, '2026-10-19');
    expect(row('emp-bo')).toMatchObject({ payElementPay: 50_00, totalPay: 50_00 });
    const list = await payroll()
      .get('/payroll/pay-elements')
      .query({ ...q(), from: '2026-10-01', to: '2026-10-31' })
      .set(bearer(co.owner));
    expect(list.status).toBe(200);
    expect(list.body.data.map((e: { amountMinor: number }) => e.amountMinor)).toEqual([100_00, 168_00, 50_00]);
  });

  it('refuses a discretionary attendance bonus, an employee caller, an unknown employee and a closed period, writing nothing', async () => {
    const before = (await db().collection('companies').doc(co.companyId).collection('payElements').get()).size;
    const discretionary = await record({ ...bonus, discretionary: true });
    expect(discretionary.status).toBe(400);
    expect(discretionary.body.code).toBe('VALIDATION_FAILED');
    expect((await record(bonus, co.employee)).status).toBe(403);
    const unknown = await record({ ...bonus, employeeId: 'nobody' });
    expect([unknown.status, unknown.body.code]).toEqual([422, 'PAY_ELEMENT_EMPLOYEE_NOT_FOUND']);
    await payroll().post('/payroll/periods/2026-09-28/close').query(q()).set(bearer(co.manager)).expect(200);
    const closed = await record({ ...bonus, date: '2026-09-30', earnedFrom: '2026-09-28', earnedTo: '2026-09-30' });
    expect([closed.status, closed.body.code]).toEqual([422, 'PAY_ELEMENT_PERIOD_CLOSED']);
    expect((await db().collection('companies').doc(co.companyId).collection('payElements').get()).size).toBe(before);
  });

  it('exports the element under its codes: ADP BON, Paychex Bonus, Gusto bonus, generic pay_elements', async () => {
    await payroll().post('/payroll/periods/2026-10-05/close').query(q()).set(bearer(co.manager)).expect(200);
    const body = async (layout: string) =>
      (
        await payroll()
          .get('/payroll/periods/2026-10-05/export')
          .query({ ...q(), layout })
          .set(bearer(co.owner))
      ).body.data.body as string;
    expect(await body('adp')).toContain('CO1,20261011,B1,,,,,BON,104.55,');
    expect(await body('paychex')).toContain('CO1,B1,,,Bonus,,,,,,104.55,,,,,');
    const gusto = (await body('gusto')).trimEnd().split('\r\n');
    expect(gusto[0].split(',').at(-1)).toBe('bonus');
    expect(gusto[1].split(',').at(-1)).toBe('104.55');
    const generic = (await body('generic')).trimEnd().split('\r\n');
    expect(generic[1].split(',')[generic[0].split(',').indexOf('pay_elements')]).toBe('104.55');
  });
});
