import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { moduleNamed } from '../../src/modules/registry';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, type TestUser } from '../helpers/users';

export const H = 60;
/** The time zone of every California company of these tests. */
export const CALIFORNIA_TZ = 'America/Los_Angeles';
const COUNTY_OF = { 'San Francisco': 'San Francisco', Oakland: 'Alameda', 'Los Angeles': 'Los Angeles' } as const;

/** A company in a California city, its fixture employee's record updated with `employee` (e.g. the hiring date). */
export async function californiaCompany(city: keyof typeof COUNTY_OF, employee: Record<string, unknown> = {}) {
  const co = await createCompany({
    profile: { timezone: CALIFORNIA_TZ, lawLocation: { state: 'CA', county: COUNTY_OF[city], city } },
  });
  if (Object.keys(employee).length) {
    await db().collection('companies').doc(co.companyId).collection('employees').doc(co.employeeId).update(employee);
  }
  return co;
}
export const leave = () => api('leave');

/** PUT /leave-policies/{id} as the owner; expects 200. */
export async function putPolicy(co: TestCompany, id: string, body: Record<string, unknown>) {
  const res = await leave()
    .put(`/leave-policies/${id}`)
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send(body);
  expect(res.status).toBe(200);
  return res.body.data;
}

/** POST /leave-accruals as the manager through a date; the entries written. */
export async function accrue(co: TestCompany, through: string, employeeId?: string) {
  const res = await leave()
    .post('/leave-accruals')
    .query({ companyId: co.companyId })
    .set(bearer(co.manager))
    .send({ through, ...(employeeId ? { employeeId } : {}) });
  expect(res.status).toBe(200);
  return res.body.data.written as { kind: string; minutes: number; year: string; source: Record<string, string[]> }[];
}

/** GET /leave-balances for one employee (as `who`, default the manager) on a date. */
export async function balances(co: TestCompany, employeeId: string, date?: string, who: TestUser = co.manager) {
  const res = await leave()
    .get('/leave-balances')
    .query({ companyId: co.companyId, employeeId, ...(date ? { date } : {}) })
    .set(bearer(who));
  expect(res.status).toBe(200);
  return res.body.data as { policyId: string; balanceMinutes: number; [k: string]: unknown }[];
}

export async function balanceOf(co: TestCompany, employeeId: string, policyId: string, date?: string) {
  return (await balances(co, employeeId, date)).find((b) => b.policyId === policyId)!;
}

/**
 * Approved punches stored directly (a year of work in one batch, faster than two calls per punch):
 * each [businessDate, minutes] from 09:00 UTC, no breaks.
 */
export async function storeApprovedPunches(companyId: string, employeeId: string, days: [string, number][]) {
  const punches = db().collection('companies').doc(companyId).collection('punches');
  const ids: string[] = [];
  for (let i = 0; i < days.length; i += 400) {
    const batch = db().batch();
    for (const [date, minutes] of days.slice(i, i + 400)) {
      const ref = punches.doc();
      const clockInAt = Date.parse(`${date}T09:00:00Z`);
      batch.set(ref, {
        employeeId,
        positionId: null,
        businessDate: date,
        clockInAt,
        clockOutAt: clockInAt + minutes * 60_000,
        breaks: [],
        state: 'approved',
        source: 'app',
        workedMinutes: minutes,
        createdAt: clockInAt,
        updatedAt: clockInAt,
        approvedAt: clockInAt,
        approvedBy: 'test',
      });
      ids.push(ref.id);
    }
    await batch.commit();
  }
  return ids;
}

interface Delivery {
  queue: string;
  body: { data: Record<string, unknown> };
}

/** The accrual tasks the Cloud Tasks emulator delivered for the company (`match` narrows them), waiting for `expected`. */
export async function accrualTasks(
  co: TestCompany,
  match: (data: Record<string, unknown>) => boolean = () => true,
  expected = 1,
): Promise<Delivery[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const all = (await (await fetch(`${process.env.TASKS_SINK_URL}/deliveries`)).json()) as Delivery[];
    const mine = all.filter(
      (d) => d.queue === 'leaveAccruals' && d.body?.data?.companyId === co.companyId && match(d.body.data),
    );
    if (mine.length >= expected || Date.now() > deadline) return mine;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Hands a delivered accrual task to the queue's real handler, as the task function does. */
export async function runAccrualTask(delivery: Delivery) {
  const definition = moduleNamed('leave').queues!.find((q) => q.name === 'leaveAccruals')!;
  return (await definition.run()(delivery.body.data)) as { through: string; written: number };
}

/** Every ledger entry of the company, straight from the store. */
export async function storedEntries(co: TestCompany) {
  const snap = await db().collection('companies').doc(co.companyId).collection('leaveEntries').get();
  return snap.docs.map((d) => d.data() as { employeeId: string; policyId: string; kind: string; minutes: number });
}
