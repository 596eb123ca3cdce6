import { addDays } from '../../src/core/calendar';
import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { addMember, createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, createUser, type TestUser } from '../helpers/users';
import { payroll, periods, reportOf, setPayroll, storeEmployees } from '../payroll/helpers';
import { balanceOf, H, leave, putPolicy } from './helpers';

/**
 * Paid time off cancelled after the pay period that paid it closed: the minutes go back to the
 * balance, the closed report stays as paid, and the next open period's report takes the pay back
 * by a prior-period adjustment line (`leaveReturned`), once: a report frozen with it settles it.
 */
jest.setTimeout(120_000);
const TZ = 'America/Los_Angeles';
const E = 'emp-dana';
let co: TestCompany;
let dana: TestUser;
const q = () => ({ companyId: co.companyId });
let closed: { startDate: string; endDate: string };
let current: { startDate: string; endDate: string };

beforeAll(async () => {
  co = await createCompany({
    profile: { timezone: TZ, lawLocation: { state: 'CA', county: 'Los Angeles', city: 'Los Angeles' } },
  });
  await storeEmployees(co.companyId, { [E]: { name: 'Dana', surname: 'Diaz', rateRegular: 20, hiring: '2024-01-01' } });
  dana = await createUser({ label: 'dana' });
  await addMember(co.companyId, dana, 'employee', E);
  await setPayroll(co, { payFrequency: 'weekly' });
  [current, closed] = await periods(co, 2);
  await putPolicy(co, 'sick', {
    name: 'Sick',
    kind: 'sick',
    accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 30 },
  });
  await leave()
    .post('/leave-adjustments')
    .query(q())
    .set(bearer(co.manager))
    .send({ employeeId: E, policyId: 'sick', minutes: 40 * H, reason: 'opening balance' })
    .expect(201);
});

describe('cancelling paid time off of a closed pay period', () => {
  it('gives the minutes back and takes the pay back in the next open period, the closed report as paid', async () => {
    // asked and approved ahead, for a day off that has passed since: a day of the ended period
    const ahead = addDays(current.endDate, 3);
    const created = await api('requests')
      .post('/requests')
      .query(q())
      .set(bearer(dana))
      .send({ type: 'dayOff', startDate: ahead, endDate: ahead, leavePolicyId: 'sick', leaveMinutes: 8 * H });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    await api('requests').post(`/requests/${id}/approve`).query(q()).set(bearer(co.manager)).send({}).expect(200);
    const day = addDays(closed.startDate, 2);
    const company = db().collection('companies').doc(co.companyId);
    await company.collection('shiftRequests').doc(id).update({ 'dayOff.startDate': day, 'dayOff.endDate': day });
    await company.collection('leaveEntries').doc(`${id}_usage`).update({ date: day });
    const close = await payroll().post(`/payroll/periods/${closed.startDate}/close`).query(q()).set(bearer(co.owner));
    expect(close.status).toBe(200);
    const paid = (await reportOf(co, closed.startDate)).row(E)!;
    expect(paid.leave).toEqual([
      expect.objectContaining({ requestId: id, minutes: 8 * H, rate: 20_00, amount: 160_00 }),
    ]);
    expect((await reportOf(co, current.startDate)).row(E)).toBeUndefined();

    await api('requests').post(`/requests/${id}/cancel`).query(q()).set(bearer(dana)).send({}).expect(200);
    expect((await balanceOf(co, E, 'sick')).balanceMinutes).toBe(40 * H);
    // the closed report is as it was paid
    expect((await reportOf(co, closed.startDate)).row(E)).toEqual(paid);
    const open = (await reportOf(co, current.startDate)).row(E)!;
    expect(open.adjustments).toEqual([
      expect.objectContaining({
        kind: 'leaveReturned',
        requestId: id,
        policyId: 'sick',
        date: day,
        closedPeriodStart: closed.startDate,
        closedPeriodEnd: closed.endDate,
        minutes: -8 * H,
        rate: 20_00,
        amount: -160_00,
      }),
    ]);
    expect(open.adjustmentPay).toBe(-160_00);
    expect(open.totalPay).toBe(-160_00);
    // the employee sees the line of their own pay
    const own = await payroll().get(`/payroll/periods/${current.startDate}/report`).query(q()).set(bearer(dana));
    if (own.status === 200) {
      const mine = own.body.data.employees.find((e: { employeeId: string }) => e.employeeId === E);
      expect(mine.adjustments[0]).toMatchObject({ kind: 'leaveReturned', amount: -160_00 });
    }
  });
});
