import { addDays, businessToday } from '../../src/core/calendar';
import { api } from '../helpers/api';
import type { TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { inboxAfterFanOut, outboxOf } from '../events/helpers';
import { accrue, californiaCompany, CALIFORNIA_TZ as TZ, H, putPolicy, storeApprovedPunches } from './helpers';

/**
 * `leave.balance_changed` end to end: one event per request's consumption (approval) and give-back
 * (cancellation), one per policy at a year end, each in the commit of its entries (the outbox), none
 * written again by a second run or a refused second cancel; addressed to the employee and managers.
 */
jest.setTimeout(120_000);
let co: TestCompany;
const q = () => ({ companyId: co.companyId });
const today = () => businessToday(TZ, 0);
const lastYear = () => String(Number(today().slice(0, 4)) - 1);
const requests = () => api('requests');
type Changed = { data: Record<string, unknown>; subjects: Record<string, string[]>; id: string };
const changes = async () => (await outboxOf(co.companyId, 'leave.balance_changed')) as Changed[];
const byCause = async (cause: string) => (await changes()).filter((e) => e.data.cause === cause);

beforeAll(async () => {
  co = await californiaCompany('Oakland', { hiring: '2024-01-15' });
  await putPolicy(co, 'sick', {
    name: 'Paid sick leave',
    kind: 'sick',
    accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 30 },
    yearStart: { kind: 'calendar' },
  });
  await putPolicy(co, 'pto', {
    name: 'Vacation',
    kind: 'pto',
    accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 30 },
    yearStart: { kind: 'calendar' },
    carryoverCapMinutes: 1 * H,
  });
  // 90 h worked last year: 3 h of each
  await storeApprovedPunches(
    co.companyId,
    co.employeeId,
    Array.from({ length: 9 }, (_, i) => [`${lastYear()}-03-0${i + 1}`, 10 * H] as [string, number]),
  );
});

describe('leave.balance_changed', () => {
  it('a year end is one event per policy with its entries, carried and forfeited; a second run adds none', async () => {
    await accrue(co, today());
    const closes = await byCause('yearEnd');
    expect(closes).toHaveLength(2);
    const pto = closes.find((e) => e.data.policyId === 'pto')!;
    expect(pto.data).toEqual({
      employeeId: co.employeeId,
      policyId: 'pto',
      policyName: 'Vacation',
      leaveKind: 'pto',
      cause: 'yearEnd',
      requestId: null,
      year: `${lastYear()}-01-01`,
      date: `${lastYear()}-12-31`,
      entries: [
        { kind: 'forfeiture', minutes: -2 * H },
        { kind: 'carryoverOut', minutes: -1 * H },
        { kind: 'carryoverIn', minutes: 1 * H },
      ],
      minutes: -2 * H,
      balanceMinutes: 1 * H,
    });
    const sick = closes.find((e) => e.data.policyId === 'sick')!;
    expect(sick.data).toMatchObject({
      minutes: 0,
      balanceMinutes: 3 * H,
      entries: [{ kind: 'carryoverOut' }, { kind: 'carryoverIn' }],
    });
    expect(sick.subjects).toEqual({ employeeIds: [co.employeeId], leavePolicyIds: ['sick'] });
    await accrue(co, today());
    expect(await changes()).toHaveLength(2);
  });

  it('approving a paid day off is one event (the minutes taken), cancelling it one more (given back), once', async () => {
    const date = addDays(today(), 7);
    const created = await requests()
      .post('/requests')
      .query(q())
      .set(bearer(co.employee))
      .send({ type: 'dayOff', startDate: date, endDate: date, leavePolicyId: 'sick', leaveMinutes: 2 * H });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    expect(await byCause('usage')).toHaveLength(0);
    await requests().post(`/requests/${id}/approve`).query(q()).set(bearer(co.manager)).send({}).expect(200);
    const [used] = await byCause('usage');
    expect(used.data).toMatchObject({
      cause: 'usage',
      requestId: id,
      date,
      entries: [{ kind: 'usage', minutes: -2 * H }],
      minutes: -2 * H,
      balanceMinutes: 1 * H,
    });
    expect(used.subjects.requestIds).toEqual([id]);
    // addressed to the employee and managers
    expect(await inboxAfterFanOut(co.companyId, [used], co.employee)).toContain('leave.balance_changed');
    expect(await inboxAfterFanOut(co.companyId, [], co.manager)).toContain('leave.balance_changed');

    await requests().post(`/requests/${id}/cancel`).query(q()).set(bearer(co.employee)).send({}).expect(200);
    const given = await byCause('usageReturned');
    expect(given).toHaveLength(1);
    expect(given[0].data).toMatchObject({ requestId: id, minutes: 2 * H, balanceMinutes: 3 * H });
    expect((await requests().post(`/requests/${id}/cancel`).query(q()).set(bearer(co.employee)).send({})).status).toBe(
      409,
    );
    expect(await byCause('usageReturned')).toHaveLength(1);
    expect(await byCause('usage')).toHaveLength(1);
  });
});
