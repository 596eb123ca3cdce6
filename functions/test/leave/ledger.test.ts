import { instant } from '../../src/core/calendar';
import { api } from '../helpers/api';
import { snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { approvedPunch } from '../payroll/helpers';
import { accrue, balanceOf, balances, californiaCompany, CALIFORNIA_TZ as TZ, H, leave, putPolicy } from './helpers';

/**
 * The ledger end to end: accrual from punches approved through the attendance API, a second run
 * writing nothing, a punch edited and one deleted after they accrued corrected by new entries, the
 * balance always the sum of the entries, adjustments with reason and author, who reads what.
 */
let co: TestCompany;
const q = () => ({ companyId: co.companyId });
const at = (date: string, hour: number) => instant(date, hour * 60, TZ);

beforeAll(async () => {
  co = await californiaCompany('San Francisco', { hiring: '2025-03-10' });
  await putPolicy(co, 'sick', {
    name: 'Paid sick leave',
    kind: 'sick',
    accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 30 },
    yearStart: { kind: 'calendar' },
    waitingDays: 90,
  });
});

async function entries(employeeId = co.employeeId) {
  const res = await leave()
    .get('/leave-entries')
    .query({ ...q(), employeeId })
    .set(bearer(co.manager));
  expect(res.status).toBe(200);
  return res.body.data as {
    kind: string;
    minutes: number;
    by: string;
    reason: string | null;
    source: Record<string, string[]>;
  }[];
}

describe('the leave ledger through the API', () => {
  const punches: string[] = [];

  it('accrues 1 h per 30 h from approved punches, naming them, and a second run writes nothing', async () => {
    // 3 days of 10 h in January 2026 = 30 h = 60 minutes of leave
    for (const day of ['2026-01-05', '2026-01-06', '2026-01-07'])
      punches.push(await approvedPunch(co, co.employeeId, at(day, 8), at(day, 18)));
    const written = await accrue(co, '2026-01-31');
    expect(written).toMatchObject([{ kind: 'accrual', minutes: 60, year: '2026-01-01' }]);
    expect([...written[0].source.punchIds].sort()).toEqual([...punches].sort());
    const before = await snapshotCompany(co.companyId);
    expect(await accrue(co, '2026-01-31')).toEqual([]);
    expect(await snapshotCompany(co.companyId)).toEqual(before);
    expect((await balanceOf(co, co.employeeId, 'sick', '2026-01-31')).balanceMinutes).toBe(60);
  });

  it('a punch edited after it accrued is corrected by a new entry, not by rewriting the old one', async () => {
    const p = punches[0];
    await api('attendance')
      .post(`/punches/${p}/unapprove`)
      .query(q())
      .set(bearer(co.manager))
      .send({ reason: 'fix' })
      .expect(200);
    await api('attendance')
      .patch(`/punches/${p}`)
      .query(q())
      .set(bearer(co.manager))
      .send({ clockOutAt: at('2026-01-05', 14), reason: 'left at 14:00' })
      .expect(200);
    // unapproved: its 10 h no longer count
    expect(await accrue(co, '2026-01-31')).toMatchObject([
      { kind: 'accrual', minutes: -20, source: { removedPunchIds: [p] } },
    ]);
    await api('attendance').post(`/punches/${p}/approve`).query(q()).set(bearer(co.manager)).send({}).expect(200);
    // 6 + 10 + 10 = 26 h: 52 minutes
    expect(await accrue(co, '2026-01-31')).toMatchObject([{ kind: 'accrual', minutes: 12 }]);
    expect((await balanceOf(co, co.employeeId, 'sick', '2026-01-31')).balanceMinutes).toBe(52);
  });

  it('a punch deleted after it accrued: the balance is the accrual of the remaining hours', async () => {
    const p = punches[1];
    await api('attendance')
      .post(`/punches/${p}/unapprove`)
      .query(q())
      .set(bearer(co.manager))
      .send({ reason: 'dup' })
      .expect(200);
    await api('attendance')
      .delete(`/punches/${p}`)
      .query({ ...q(), reason: 'duplicate' })
      .set(bearer(co.manager))
      .expect(200);
    expect(await accrue(co, '2026-01-31')).toMatchObject([
      { kind: 'accrual', minutes: -20, source: { removedPunchIds: [p] } },
    ]);
    const all = await entries();
    const sum = all.reduce((s, e) => s + e.minutes, 0);
    const b = await balanceOf(co, co.employeeId, 'sick', '2026-01-31');
    expect(b.balanceMinutes).toBe(sum);
    expect(b.balanceMinutes).toBe(Math.floor((16 * H) / 30)); // 6 h + 10 h remain
    expect(b).toMatchObject({ usableFrom: '2025-06-08', year: { start: '2026-01-01', end: '2027-01-01' } });
  });

  it('counts the minutes worked: an unpaid meal break accrues nothing', async () => {
    // 08:00-18:00 with a one-hour unpaid meal: 9 h; 16 h + 9 h = 25 h = 50 minutes, 18 more
    await approvedPunch(co, co.employeeId, at('2026-01-12', 8), at('2026-01-12', 18), {
      meals: [{ startAt: at('2026-01-12', 12), endAt: at('2026-01-12', 13) }],
    });
    expect(await accrue(co, '2026-01-31')).toMatchObject([{ kind: 'accrual', minutes: 18 }]);
    expect((await balanceOf(co, co.employeeId, 'sick', '2026-01-31')).balanceMinutes).toBe(50);
  });

  it('a manager adjusts with a reason and is named as the author; a zero or reasonless one is refused', async () => {
    const res = await leave()
      .post('/leave-adjustments')
      .query(q())
      .set(bearer(co.manager))
      .send({
        employeeId: co.employeeId,
        policyId: 'sick',
        minutes: 120,
        reason: 'hours from the old system',
        date: '2026-01-31',
      })
      .expect(201);
    expect(res.body.data).toMatchObject({
      kind: 'adjustment',
      by: co.manager.uid,
      reason: 'hours from the old system',
    });
    expect((await balanceOf(co, co.employeeId, 'sick', '2026-01-31')).balanceMinutes).toBe(50 + 120);
    for (const body of [
      { employeeId: co.employeeId, policyId: 'sick', minutes: 0, reason: 'x' },
      { employeeId: co.employeeId, policyId: 'sick', minutes: 10, reason: ' ' },
    ])
      expect((await leave().post('/leave-adjustments').query(q()).set(bearer(co.manager)).send(body)).status).toBe(400);
    const missing = await leave()
      .post('/leave-adjustments')
      .query(q())
      .set(bearer(co.manager))
      .send({ employeeId: co.employeeId, policyId: 'nope', minutes: 10, reason: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('LEAVE_POLICY_NOT_FOUND');
  });

  it('an employee reads their own balance and entries, not a colleague’s; adjustments are for managers', async () => {
    const own = await balances(co, co.employeeId, '2026-01-31', co.employee);
    expect(own).toHaveLength(1);
    const mine = await leave().get('/leave-entries').query(q()).set(bearer(co.employee)).expect(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    const other = await leave()
      .get('/leave-balances')
      .query({ ...q(), employeeId: 'someone-else' })
      .set(bearer(co.employee));
    expect(other.status).toBe(403);
    const adj = await leave()
      .post('/leave-adjustments')
      .query(q())
      .set(bearer(co.employee))
      .send({ employeeId: co.employeeId, policyId: 'sick', minutes: 10, reason: 'me' });
    expect(adj.status).toBe(403);
  });
});
