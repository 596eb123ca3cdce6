import { api } from '../helpers/api';
import { addMember, createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, createUser } from '../helpers/users';
import { db } from '../../src/core/firebase';
import { addDays, instant } from '../../src/core/calendar';

/**
 * Payroll over real punches: a Los Angeles restaurant (weeks and pay periods from Monday,
 * biweekly), one hourly employee at $20 (employee number E-100), one without a number, one
 * salaried; punches added and approved through the attendance routes, tips imported as sales.
 */
const TZ = 'America/Los_Angeles';
let co: TestCompany;
let period: { startDate: string; endDate: string };
const employees = { hourly: 'emp-hourly', nameless: 'emp-nonumber', salaried: 'emp-salaried' };

const payroll = () => api('payroll');
const attendance = () => api('attendance');
const q = () => ({ companyId: co.companyId });

async function addApprovedPunch(
  employeeId: string,
  date: string,
  fromMinute: number,
  toMinute: number,
  breakMinutes = 0,
) {
  const clockInAt = instant(date, fromMinute, TZ);
  const clockOutAt = instant(date, toMinute, TZ);
  const breaks = breakMinutes
    ? [{ type: 'meal', startAt: clockInAt + 3 * 3600_000, endAt: clockInAt + 3 * 3600_000 + breakMinutes * 60_000 }]
    : [];
  const res = await attendance()
    .post('/punches')
    .query(q())
    .set(bearer(co.manager))
    .send({ employeeId, clockInAt, clockOutAt, breaks, reason: 'payroll test' });
  expect(res.status).toBe(201);
  const approved = await attendance()
    .post(`/punches/${res.body.data.id}/approve`)
    .query(q())
    .set(bearer(co.manager))
    .send({});
  expect(approved.status).toBe(200);
  return res.body.data.id as string;
}

beforeAll(async () => {
  co = await createCompany({ profile: { timezone: TZ, weekStartingDay: 1, payrollStartingDay: 1 } });
  const company = db().collection('companies').doc(co.companyId);
  const batch = db().batch();
  batch.set(company.collection('employees').doc(employees.hourly), {
    name: 'Hana',
    surname: 'Hourly',
    positions: [],
    archived: false,
    rateRegular: 20,
    employeeNumber: 'E-100',
  });
  batch.set(company.collection('employees').doc(employees.nameless), {
    name: 'Nico',
    surname: 'Nonumber',
    positions: [],
    archived: false,
    rateRegular: 18,
  });
  batch.set(company.collection('employees').doc(employees.salaried), {
    name: 'Sal',
    surname: 'Aried',
    positions: [],
    archived: false,
    salary: 52000,
    employeeNumber: 'E-300',
  });
  await batch.commit();
  const settings = await payroll()
    .patch('/payroll/settings')
    .query(q())
    .set(bearer(co.owner))
    .send({ payFrequency: 'biweekly', anchorDate: '2026-01-05', overtimeRules: { kind: 'flsa' }, companyCode: 'ABC' });
  expect(settings.status).toBe(200);
  const periods = await payroll()
    .get('/payroll/periods')
    .query({ ...q(), count: 3 })
    .set(bearer(co.manager));
  expect(periods.status).toBe(200);
  // the period before last: ended, and both its weeks are whole weeks in the past
  period = periods.body.data[2];
  // week 1: Monday to Friday, 9 hours a day (45 h) for the hourly employee
  for (let d = 0; d < 5; d++) await addApprovedPunch(employees.hourly, addDays(period.startDate, d), 9 * 60, 18 * 60);
  // week 2: one 8.5-hour day with a 30-minute unpaid meal break
  await addApprovedPunch(employees.hourly, addDays(period.startDate, 7), 10 * 60, 18 * 60 + 30, 30);
  await addApprovedPunch(employees.nameless, addDays(period.startDate, 8), 12 * 60, 16 * 60);
  await addApprovedPunch(employees.salaried, addDays(period.startDate, 8), 8 * 60, 18 * 60);
  const tips = await api('sales')
    .post('/sales/invoices')
    .query(q())
    .set(bearer(co.manager))
    .send({
      invoices: [
        {
          externalId: 't-1',
          posSource: 'square',
          closedAt: instant(addDays(period.startDate, 1), 13 * 60, TZ),
          currency: 'USD',
          amount: 5000,
          tips: 1234,
          employeeId: employees.hourly,
        },
        {
          externalId: 't-2',
          posSource: 'square',
          closedAt: instant(addDays(period.startDate, 2), 13 * 60, TZ),
          currency: 'USD',
          amount: 5000,
          tips: 766,
          employeeId: employees.hourly,
        },
      ],
    });
  expect(tips.status).toBe(200);
});

describe('pay periods', () => {
  it('lists biweekly periods from the current one, two weeks each, starting on the payroll starting day', async () => {
    const res = await payroll()
      .get('/payroll/periods')
      .query({ ...q(), count: 3 })
      .set(bearer(co.manager));
    const [current, previous] = res.body.data;
    expect(current.current).toBe(true);
    expect(addDays(previous.endDate, 1)).toBe(current.startDate);
    expect(addDays(previous.startDate, 13)).toBe(previous.endDate);
    expect(new Date(`${previous.startDate}T12:00:00Z`).getUTCDay()).toBe(1);
  });

  it('answers 404 PERIOD_NOT_FOUND for a date that does not start a period', async () => {
    const res = await payroll()
      .get(`/payroll/periods/${addDays(period.startDate, 1)}/report`)
      .query(q())
      .set(bearer(co.manager));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('PERIOD_NOT_FOUND');
  });
});

describe('the period report', () => {
  it('pays 40 regular and 5 overtime hours for a 45-hour week, breaks unpaid, tips added', async () => {
    const res = await payroll().get(`/payroll/periods/${period.startDate}/report`).query(q()).set(bearer(co.owner));
    expect(res.status).toBe(200);
    const hana = res.body.data.employees.find((e: { employeeId: string }) => e.employeeId === employees.hourly);
    // week 1: 45 h -> 40 regular + 5 overtime; week 2: 8.5 h - 0.5 h break = 8 h regular
    expect(hana).toMatchObject({
      workedMinutes: 53 * 60,
      regularMinutes: 48 * 60,
      overtimeMinutes: 5 * 60,
      doubleTimeMinutes: 0,
    });
    // $20/h = 2000 minor units; overtime 1.5x = 3000
    expect(hana).toMatchObject({
      regularRate: 2000,
      overtimeRate: 3000,
      regularPay: 48 * 2000,
      overtimePay: 5 * 3000,
      tips: 2000,
    });
    expect(hana.totalPay).toBe(48 * 2000 + 5 * 3000 + 2000);
    expect(hana.days.find((d: { date: string }) => d.date === addDays(period.startDate, 4))).toMatchObject({
      regularMinutes: 4 * 60,
      overtimeMinutes: 5 * 60,
    });
    expect(res.body.data).toMatchObject({ currency: 'USD', overtimeRules: 'flsa', pendingPunches: 0, hidden: [] });
  });

  it("shows salaried employees' hours without hourly pay", async () => {
    const res = await payroll().get(`/payroll/periods/${period.startDate}/report`).query(q()).set(bearer(co.owner));
    const sal = res.body.data.employees.find((e: { employeeId: string }) => e.employeeId === employees.salaried);
    expect(sal).toMatchObject({ salaried: true, workedMinutes: 600, regularPay: 0, totalPay: 0 });
  });

  it('withholds pay from managers when hideFinancialInfoFromManagers is on', async () => {
    const other = await createCompany();
    await db()
      .collection('companies')
      .doc(other.companyId)
      .collection('config')
      .doc('managerPermissions')
      .set({ hideFinancialInfo: true });
    const periods = await payroll()
      .get('/payroll/periods')
      .query({ companyId: other.companyId })
      .set(bearer(other.manager));
    const res = await payroll()
      .get(`/payroll/periods/${periods.body.data[0].startDate}/report`)
      .query({ companyId: other.companyId })
      .set(bearer(other.manager));
    expect(res.status).toBe(200);
    expect(res.body.data.hidden).toEqual(['pay']);
    expect(res.body.data.totals.pay).toBeNull();
  });
});

describe('closing, exporting and reopening', () => {
  it('refuses to close the current period (not ended)', async () => {
    const periods = await payroll().get('/payroll/periods').query(q()).set(bearer(co.manager));
    const res = await payroll()
      .post(`/payroll/periods/${periods.body.data[0].startDate}/close`)
      .query(q())
      .set(bearer(co.manager));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('PERIOD_NOT_ENDED');
  });

  it('refuses to close a period with a punch waiting for approval, and leaves it unlocked', async () => {
    const clockInAt = instant(addDays(period.startDate, 9), 9 * 60, TZ);
    const pending = await attendance()
      .post('/punches')
      .query(q())
      .set(bearer(co.manager))
      .send({ employeeId: employees.nameless, clockInAt, clockOutAt: clockInAt + 3600_000, reason: 'late entry' });
    expect(pending.status).toBe(201);
    const res = await payroll().post(`/payroll/periods/${period.startDate}/close`).query(q()).set(bearer(co.manager));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('PERIOD_HAS_UNAPPROVED_PUNCHES');
    const gone = await attendance()
      .delete(`/punches/${pending.body.data.id}`)
      .query({ ...q(), reason: 'entered by mistake' })
      .set(bearer(co.manager));
    expect(gone.status).toBe(200);
  });

  it('exports nothing before the period is closed', async () => {
    const res = await payroll()
      .get(`/payroll/periods/${period.startDate}/export`)
      .query({ ...q(), layout: 'generic' })
      .set(bearer(co.manager));
    expect(res.body.code).toBe('PERIOD_NOT_CLOSED');
  });

  it('closes an ended, fully approved period: its punches lock and its report is frozen', async () => {
    const res = await payroll().post(`/payroll/periods/${period.startDate}/close`).query(q()).set(bearer(co.manager));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ startDate: period.startDate, status: 'closed', closedBy: co.manager.uid });
    const again = await payroll().post(`/payroll/periods/${period.startDate}/close`).query(q()).set(bearer(co.manager));
    expect(again.body.code).toBe('PERIOD_ALREADY_CLOSED');
    const clockInAt = instant(addDays(period.startDate, 10), 9 * 60, TZ);
    const late = await attendance()
      .post('/punches')
      .query(q())
      .set(bearer(co.manager))
      .send({ employeeId: employees.hourly, clockInAt, clockOutAt: clockInAt + 3600_000, reason: 'forgotten' });
    expect(late.status).toBe(422);
    // a rate change after closing does not change the frozen report
    await db()
      .collection('companies')
      .doc(co.companyId)
      .collection('employees')
      .doc(employees.hourly)
      .update({ rateRegular: 99 });
    const report = await payroll().get(`/payroll/periods/${period.startDate}/report`).query(q()).set(bearer(co.owner));
    expect(
      report.body.data.employees.find((e: { employeeId: string }) => e.employeeId === employees.hourly).regularRate,
    ).toBe(2000);
    expect(report.body.data.period.status).toBe('closed');
  });

  it('exports the closed period in the generic and Gusto layouts', async () => {
    const generic = await payroll()
      .get(`/payroll/periods/${period.startDate}/export`)
      .query({ ...q(), layout: 'generic' })
      .set(bearer(co.owner));
    expect(generic.status).toBe(200);
    expect(generic.body.data).toMatchObject({
      contentType: 'text/csv; charset=utf-8',
      filename: `payroll-${co.companyId}-${period.startDate}_${period.endDate}-generic.csv`,
    });
    const lines = generic.body.data.body.split('\r\n');
    expect(lines[0]).toMatch(/^employee_id,employee_number,last_name,first_name/);
    expect(lines.find((l: string) => l.startsWith(`${employees.hourly},E-100,Hourly,Hana`))).toContain(
      ',48.00,5.00,0.00,53.00,20.00,30.00,',
    );
    const gusto = await payroll()
      .get(`/payroll/periods/${period.startDate}/export`)
      .query({ ...q(), layout: 'gusto' })
      .set(bearer(co.owner));
    expect(gusto.body.data.body).toContain('Hourly,Hana,E-100,48.00,5.00,0.00,20.00');
  });

  it('refuses the ADP layout while an employee has no employee number, naming them', async () => {
    const res = await payroll()
      .get(`/payroll/periods/${period.startDate}/export`)
      .query({ ...q(), layout: 'adp' })
      .set(bearer(co.owner));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('EXPORT_MISSING_EMPLOYEE_NUMBERS');
    expect(res.body.details.map((d: { employeeId: string }) => d.employeeId)).toEqual([employees.nameless]);
  });

  it('reopens for owners only, with a reason kept in the history, and unlocks the punches', async () => {
    const manager = await payroll()
      .post(`/payroll/periods/${period.startDate}/reopen`)
      .query(q())
      .set(bearer(co.manager))
      .send({ reason: 'fix a punch' });
    expect(manager.status).toBe(403);
    const res = await payroll()
      .post(`/payroll/periods/${period.startDate}/reopen`)
      .query(q())
      .set(bearer(co.owner))
      .send({ reason: 'fix a punch' });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('open');
    const stored = (
      await db().collection('companies').doc(co.companyId).collection('payPeriods').doc(period.startDate).get()
    ).data()!;
    expect(
      stored.history.map((h: { action: string; by: string; reason: string | null }) => [h.action, h.by, h.reason]),
    ).toEqual([
      ['close', co.manager.uid, null],
      ['reopen', co.owner.uid, 'fix a punch'],
    ]);
    const clockInAt = instant(addDays(period.startDate, 10), 9 * 60, TZ);
    const late = await attendance()
      .post('/punches')
      .query(q())
      .set(bearer(co.manager))
      .send({ employeeId: employees.hourly, clockInAt, clockOutAt: clockInAt + 3600_000, reason: 'forgotten' });
    expect(late.status).toBe(201);
  });

  it('lets exactly one of two concurrent closes win', async () => {
    const pending = await attendance()
      .get('/punches')
      .query({ ...q(), startDate: period.startDate, endDate: period.endDate, state: 'pending' })
      .set(bearer(co.manager));
    for (const p of pending.body.data)
      await attendance().post(`/punches/${p.id}/approve`).query(q()).set(bearer(co.manager)).send({});
    const results = await Promise.all(
      [0, 1].map(() => payroll().post(`/payroll/periods/${period.startDate}/close`).query(q()).set(bearer(co.manager))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
  });
});

describe('settings', () => {
  it('are changed by owners only and validate the overtime rule set', async () => {
    const manager = await payroll()
      .patch('/payroll/settings')
      .query(q())
      .set(bearer(co.manager))
      .send({ payFrequency: 'weekly' });
    expect(manager.status).toBe(403);
    const bad = await payroll()
      .patch('/payroll/settings')
      .query(q())
      .set(bearer(co.owner))
      .send({ overtimeRules: { kind: 'california', dailyOvertimeMinutes: 720, dailyDoubleTimeMinutes: 480 } });
    expect(bad.status).toBe(400);
    const outsider = await createUser({ label: 'payroll-outsider' });
    await addMember(co.companyId, outsider, 'employee');
    const employee = await payroll().get('/payroll/settings').query(q()).set(bearer(outsider));
    expect(employee.status).toBe(403);
  });
});

describe('actual labor in sales', () => {
  it('adds the cost of the approved punches beside the scheduled cost (GET /sales with ratio)', async () => {
    const day = addDays(period.startDate, 1);
    const res = await api('sales')
      .get('/sales')
      .query({ ...q(), startDate: day, endDate: day, fields: 'totalSales,ratio' })
      .set(bearer(co.owner));
    expect(res.status).toBe(200);
    // Hana's approved 9-hour punch that day at her current rate ($99 since the test above): 89,100 cents; nothing scheduled
    expect(res.body.data.buckets[0]).toMatchObject({
      totalSales: 5000,
      laborCost: 0,
      actualLaborCost: 9 * 9900,
      actualRatio: 17.82,
    });
    const filtered = await api('sales')
      .get('/sales')
      .query({ ...q(), startDate: day, endDate: day, fields: 'ratio', employeeId: employees.nameless })
      .set(bearer(co.owner));
    expect(filtered.body.data.buckets[0].actualLaborCost).toBe(0);
  });
});

describe('GET /payroll/periods/current', () => {
  it('answers the period containing business today, the same as the first of the list', async () => {
    const [current, list] = await Promise.all([
      payroll().get('/payroll/periods/current').query(q()).set(bearer(co.manager)),
      payroll()
        .get('/payroll/periods')
        .query({ ...q(), count: 1 })
        .set(bearer(co.manager)),
    ]);
    expect(current.status).toBe(200);
    expect(current.body.data).toEqual(list.body.data[0]);
    expect(current.body.data.current).toBe(true);
  });
});
