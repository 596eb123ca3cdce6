import { addDays, instant } from '../../src/core/calendar';
import { moduleNamed } from '../../src/modules/registry';
import { api } from '../helpers/api';
import type { TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { approvedPunch, payroll, periods, setPayroll } from '../payroll/helpers';
import {
  accrualTasks,
  balanceOf,
  californiaCompany,
  CALIFORNIA_TZ as TZ,
  putPolicy,
  runAccrualTask,
  storeApprovedPunches,
  storedEntries,
} from './helpers';

/**
 * Accrual without a manager's call, end to end: approving punches through the attendance API and
 * closing a pay period through the payroll API each hand a task to the leave accrual queue (the
 * Cloud Tasks emulator delivers it to the test's sink, the test hands it to the real handler), and
 * the daily job hands every company with a leave policy to it. A task delivered again, or the job
 * run twice, writes nothing more.
 */
jest.setTimeout(120_000);
let co: TestCompany;
let previous: { startDate: string; endDate: string };
const at = (date: string, hour: number) => instant(date, hour * 60, TZ);
const mine = (policyId: string) => async () =>
  (await storedEntries(co)).filter((e) => e.employeeId === co.employeeId && e.policyId === policyId);

beforeAll(async () => {
  co = await californiaCompany('San Francisco', { hiring: '2025-03-10' });
  await setPayroll(co, { payFrequency: 'weekly' });
  [, previous] = await periods(co, 2);
  await putPolicy(co, 'sick', {
    name: 'Paid sick leave',
    kind: 'sick',
    accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 30 },
    yearStart: { kind: 'calendar' },
  });
});

describe('automatic accrual', () => {
  it('approving punches accrues, once however often its task is delivered', async () => {
    // 3 days of 10 h in the last ended week = 30 h = 60 minutes of leave
    for (const i of [0, 1, 2]) {
      const day = addDays(previous.startDate, i);
      await approvedPunch(co, co.employeeId, at(day, 8), at(day, 18));
    }
    const tasks = await accrualTasks(co, (d) => d.employeeId === co.employeeId, 3);
    expect(tasks).toHaveLength(3);
    expect(tasks.every((t) => t.body.data.cause === 'approvedHoursChanged')).toBe(true);
    expect((await runAccrualTask(tasks[0])).written).toBe(1);
    // the other approvals' tasks, and the first one delivered again (a retry), write nothing
    for (const t of [...tasks.slice(1), tasks[0]]) expect((await runAccrualTask(t)).written).toBe(0);
    expect(await mine('sick')()).toMatchObject([{ kind: 'accrual', minutes: 60 }]);
    expect((await balanceOf(co, co.employeeId, 'sick')).balanceMinutes).toBe(60);
  });

  it('taking an approval back corrects the accrual by a new entry, through its own task', async () => {
    const day = addDays(previous.startDate, 4);
    const id = await approvedPunch(co, co.employeeId, at(day, 8), at(day, 18));
    const seen = (await accrualTasks(co, (d) => d.employeeId === co.employeeId, 4)).length;
    for (const t of await accrualTasks(co, (d) => d.employeeId === co.employeeId, seen)) await runAccrualTask(t);
    expect((await balanceOf(co, co.employeeId, 'sick')).balanceMinutes).toBe(80);
    const res = await api('attendance')
      .post(`/punches/${id}/unapprove`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ reason: 'wrong day' });
    expect(res.status).toBe(200);
    const tasks = await accrualTasks(co, (d) => d.employeeId === co.employeeId, seen + 1);
    expect(tasks).toHaveLength(seen + 1);
    expect((await runAccrualTask(tasks.at(-1)!)).written).toBe(1);
    expect((await mine('sick')()).map((e) => e.minutes)).toEqual(expect.arrayContaining([60, 20, -20]));
    expect((await balanceOf(co, co.employeeId, 'sick')).balanceMinutes).toBe(60);
    await api('attendance')
      .delete(`/punches/${id}`)
      .query({ companyId: co.companyId, reason: 'entered by mistake' })
      .set(bearer(co.manager))
      .expect(200);
  });

  it('closing a pay period accrues (a PTO policy per pay period), once', async () => {
    await putPolicy(co, 'pto', {
      name: 'PTO',
      kind: 'pto',
      accrual: { method: 'perPayPeriod', minutesPerPeriod: 60, frequency: 'weekly' },
      yearStart: { kind: 'calendar' },
    });
    expect(await mine('pto')()).toEqual([]);
    const res = await payroll()
      .post(`/payroll/periods/${previous.startDate}/close`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(res.status).toBe(200);
    const [task] = await accrualTasks(co, (d) => d.cause === `payPeriodClosed ${previous.startDate}`);
    expect(task.body.data.employeeId).toBeNull();
    expect((await runAccrualTask(task)).written).toBeGreaterThan(0);
    // every weekly period ended by today, the closed one among them (and last year's, closed and carried)
    const pto = await mine('pto')();
    const periodsCounted = pto.flatMap((e) => (e as unknown as { source: { periods: string[] } }).source.periods);
    expect(periodsCounted).toContain(previous.endDate);
    expect(pto.filter((e) => e.kind === 'accrual').length).toBeGreaterThan(0);
    expect((await runAccrualTask(task)).written).toBe(0);
    expect(await mine('pto')()).toHaveLength(pto.length);
  });

  it('the daily job hands the company to the queue once a day; run twice, it writes once', async () => {
    // hours stored without an approval announcing them (a lost task): the job catches them up
    const day = addDays(previous.startDate, 3);
    await storeApprovedPunches(co.companyId, co.employeeId, [[day, 15 * 60]]);
    const job = moduleNamed('leave').jobs!.find((j) => j.name === 'leaveAccrualsDaily')!;
    const first = (await job.run()()) as { companies: number; enqueued: number };
    const second = (await job.run()()) as { companies: number; enqueued: number };
    expect(first.companies).toBeGreaterThanOrEqual(1);
    // the second run's task ids are the first's: Cloud Tasks refuses them
    expect(second.enqueued).toBe(0);
    const tasks = await accrualTasks(co, (d) => String(d.cause).startsWith('daily '));
    expect(tasks).toHaveLength(1);
    const before = (await mine('sick')()).length;
    expect((await runAccrualTask(tasks[0])).written).toBe(1);
    expect((await runAccrualTask(tasks[0])).written).toBe(0);
    const sick = await mine('sick')();
    expect(sick).toHaveLength(before + 1);
    // 15 h more: 45 h in all = 90 minutes
    expect((await balanceOf(co, co.employeeId, 'sick')).balanceMinutes).toBe(90);
  });
});
