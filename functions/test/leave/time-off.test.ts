import { addDays, businessToday } from '../../src/core/calendar';
import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import {
  accrue,
  balanceOf,
  californiaCompany,
  CALIFORNIA_TZ as TZ,
  H,
  leave,
  putPolicy,
  storeApprovedPunches,
} from './helpers';

/**
 * Paid time off through the day-off requests: a request names a leave policy and minutes; the
 * manager's approval takes them from the balance (refused past it, unless the policy allows going
 * negative, or past its cap on use), cancelling the approved request gives them back.
 */
let co: TestCompany;
const q = () => ({ companyId: co.companyId });
const day = (n: number) => addDays(businessToday(TZ, 0), n);
const requests = () => api('requests');

async function askDayOff(date: string, policyId: string, minutes: number) {
  const res = await requests()
    .post('/requests')
    .query(q())
    .set(bearer(co.employee))
    .send({ type: 'dayOff', startDate: date, endDate: date, leavePolicyId: policyId, leaveMinutes: minutes });
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({ state: 'pending_manager', leave: { policyId, minutes } });
  return res.body.data.id as string;
}
const step = (id: string, action: string, who = co.manager) =>
  requests().post(`/requests/${id}/${action}`).query(q()).set(bearer(who)).send({});

beforeAll(async () => {
  co = await californiaCompany('Oakland', { hiring: '2024-01-15' });
  await putPolicy(co, 'sick', {
    name: 'Paid sick leave',
    kind: 'sick',
    accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 30 },
    waitingDays: 90,
  });
  // 60 h worked this year: 2 h of sick leave
  const year = day(0).slice(0, 4);
  await storeApprovedPunches(
    co.companyId,
    co.employeeId,
    Array.from({ length: 6 }, (_, i) => [`${year}-02-0${i + 1}`, 10 * H] as [string, number]),
  );
  await accrue(co, day(0), co.employeeId);
  // put after the accrual run: its balance starts at zero
  await putPolicy(co, 'pto', {
    name: 'Vacation',
    kind: 'pto',
    accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 1000 },
    negativeAllowedMinutes: 8 * H,
    annualUseCapMinutes: 12 * H,
  });
});

describe('paid time off through day-off requests', () => {
  let id: string;

  it('approval past the balance is refused with 422 LEAVE_BALANCE_EXCEEDED, and nothing is written', async () => {
    expect((await balanceOf(co, co.employeeId, 'sick')).balanceMinutes).toBe(2 * H);
    id = await askDayOff(day(7), 'sick', 3 * H);
    const before = await snapshotCompany(co.companyId);
    const res = await step(id, 'approve');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('LEAVE_BALANCE_EXCEEDED');
    expect(res.body.details[0]).toMatchObject({ balanceMinutes: 2 * H, requestedMinutes: 3 * H });
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('approval within the balance takes the minutes, naming the request; the schedule has the day off', async () => {
    await leave()
      .post('/leave-adjustments')
      .query(q())
      .set(bearer(co.manager))
      .send({ employeeId: co.employeeId, policyId: 'sick', minutes: 2 * H, reason: 'carried from the old system' })
      .expect(201);
    const res = await step(id, 'approve');
    expect(res.status).toBe(200);
    expect(res.body.data.state).toBe('approved');
    const b = await balanceOf(co, co.employeeId, 'sick', day(7));
    expect(b).toMatchObject({ balanceMinutes: 1 * H, usedMinutes: 3 * H });
    const entries = await leave()
      .get('/leave-entries')
      .query({ ...q(), policyId: 'sick' })
      .set(bearer(co.employee))
      .expect(200);
    expect(entries.body.data.find((e: { kind: string }) => e.kind === 'usage')).toMatchObject({
      minutes: -3 * H,
      date: day(7),
      source: { requestId: id },
      by: co.manager.uid,
    });
    const off = await db()
      .collection('companies')
      .doc(co.companyId)
      .collection('timeOff')
      .where('requestId', '==', id)
      .get();
    expect(off.size).toBe(1);
  });

  it('cancelling the approved request gives the hours back, once', async () => {
    expect((await step(id, 'cancel', co.employee)).status).toBe(200);
    expect((await balanceOf(co, co.employeeId, 'sick', day(7))).balanceMinutes).toBe(4 * H);
    expect((await step(id, 'cancel', co.employee)).status).toBe(409);
    expect((await balanceOf(co, co.employeeId, 'sick', day(7))).balanceMinutes).toBe(4 * H);
  });

  it('a policy allowing a negative balance approves past zero, down to its limit; its cap on use still holds', async () => {
    const first = await askDayOff(day(9), 'pto', 6 * H);
    expect((await step(first, 'approve')).status).toBe(200);
    expect((await balanceOf(co, co.employeeId, 'pto', day(9))).balanceMinutes).toBe(-6 * H);
    const second = await askDayOff(day(10), 'pto', 7 * H);
    const refused = await step(second, 'approve');
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('LEAVE_BALANCE_EXCEEDED');
    // the PTO balance alone: the sick leave balance is another policy's
    expect(refused.body.details[0]).toMatchObject({ balanceMinutes: -6 * H, requestedMinutes: 7 * H });
    await leave()
      .post('/leave-adjustments')
      .query(q())
      .set(bearer(co.manager))
      .send({ employeeId: co.employeeId, policyId: 'pto', minutes: 20 * H, reason: 'annual grant' })
      .expect(201);
    const capped = await step(second, 'approve');
    expect(capped.status).toBe(422);
    expect(capped.body.code).toBe('LEAVE_USE_CAP_EXCEEDED');
    expect(capped.body.details[0]).toMatchObject({ usedMinutes: 6 * H, capMinutes: 12 * H });
  });

  it('a request with a leave policy and no minutes is refused at creation', async () => {
    const res = await requests()
      .post('/requests')
      .query(q())
      .set(bearer(co.employee))
      .send({ type: 'dayOff', startDate: day(20), endDate: day(20), leavePolicyId: 'sick' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});
