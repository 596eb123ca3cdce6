/**
 * Schedule benchmark: one company with 200 employees and 20,000 shifts (100 days of one shift a
 * day each). Prints p50/p99 of
 *   - PUT /shifts/{id} with conflict checking (a new shift for an employee on a day they work),
 *     over HTTP against the module's Express app in a child process, beside the bare Firestore
 *     transaction of the reads and the write that PUT needs (shift, company, settings, employee,
 *     role, the employee's shifts of +-7 days; set the shift), without HTTP, auth, lock or checks;
 *   - GET /shifts for one week of the 200 employees (1,400 shifts) beside the bare indexed query.
 * Run: TEST_FIRESTORE_PORT=.. TEST_AUTH_PORT=.. node scripts/with-emulators.js npx tsx bench/schedule.ts
 * Target: PUT p50 within 3x the bare transaction.
 */
import { performance } from 'node:perf_hooks';
import { db } from '../src/core/firebase';
import { saveMembership } from '../src/core/memberships';
import { addDays } from '../src/core/calendar';
import { employeeWindowQuery, rangeQuery, shiftRef } from '../src/modules/schedule/repo';
import { companyDoc } from '../src/core/firestore';
import { settingsRef } from '../src/modules/companies/repo';
import { employeesCollection } from '../src/modules/employees/repo';
import { rolesCollection } from '../src/modules/roles/repo';
import { createUser } from '../test/helpers/users';
import { fmt, percentile, startModuleServer } from './lib';

const EMPLOYEES = 200;
const DAYS = 100;
const FIRST_DAY = '2026-01-05'; // a Monday
const PORT = Number(process.env.BENCH_PORT ?? 7611);
const PUTS = Number(process.env.BENCH_PUTS ?? 200);
const GETS = Number(process.env.BENCH_GETS ?? 40);

async function series(n: number, fn: (i: number) => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  out.sort((a, b) => a - b);
  return { p50: percentile(out, 50), p99: percentile(out, 99) };
}

async function main() {
  const companyId = `bench-schedule-${Date.now()}`;
  const company = companyDoc(companyId);
  const setup = db().batch();
  setup.set(company, {
    name: 'Bench Diner',
    timezone: 'Europe/Madrid',
    weekStartingDay: 1,
    betweenShifts: 60,
    maxDayHours: 10,
  });
  setup.set(settingsRef(companyId), { conflictsDetectionEnabled: true, maxHoursPerWeek: 48 });
  setup.set(rolesCollection(companyId).doc('cook'), {
    name: 'Cook',
    rate: 15,
    archived: false,
    subRoles: { line: { name: 'Line', priority: 0 } },
  });
  for (let e = 0; e < EMPLOYEES; e++) {
    setup.set(employeesCollection(companyId).doc(`e${e}`), {
      name: `E${e}`,
      surname: 'Bench',
      archived: false,
      positions: [{ categoryId: 'cook', subcategoryId: 'line' }],
      availabilities: { maxHoursInWeek: 40, maxDaysPerWeek: 6 },
    });
  }
  await setup.commit();

  const t = performance.now();
  const docs: [string, Record<string, unknown>][] = [];
  for (let d = 0; d < DAYS; d++) {
    const date = addDays(FIRST_DAY, d);
    for (let e = 0; e < EMPLOYEES; e++) {
      docs.push([
        `s-${e}-${date}`,
        {
          companyId,
          date,
          employeeId: `e${e}`,
          positionId: 'cook',
          subRoleId: 'line',
          start: 540,
          end: 780,
          mode: d % 14 < 7 ? 'published' : 'draft',
          scheduleId: null,
          note: '',
          onHold: false,
          minutes: 240,
          workedMinutes: 240,
          createdAt: 1,
          updatedAt: 1,
        },
      ]);
    }
  }
  for (let i = 0; i < docs.length; i += 500) {
    const batch = db().batch();
    for (const [id, doc] of docs.slice(i, i + 500)) batch.set(shiftRef(companyId, id), doc);
    await batch.commit();
  }
  console.log(
    `data: ${docs.length} shifts of ${EMPLOYEES} employees over ${DAYS} days, written in ${fmt((performance.now() - t) / 1000)} s`,
  );

  const manager = await createUser({ label: 'bench-manager' });
  await saveMembership({ companyId, uid: manager.uid, role: 'manager', employeeId: null });
  const server = await startModuleServer(['schedule'], PORT);
  const base = `http://127.0.0.1:${PORT}/schedule`;
  const headers = { authorization: `Bearer ${manager.token}`, 'content-type': 'application/json' };

  // PUT: employee i % 200 on a weekday of a published week (warm-up: the week after), 15:00-18:00 after their 09:00-13:00 shift.
  const putTarget = (i: number, offset: number) => ({
    employeeId: `e${i % EMPLOYEES}`,
    date: addDays(FIRST_DAY, (offset ? 14 : 0) + 1 + (Math.floor(i / EMPLOYEES) % 5)),
  });
  const put = (offset: number) => async (i: number) => {
    const { employeeId, date } = putTarget(i, offset);
    const url = `${base}/shifts/bench-${offset}-${i}?companyId=${companyId}&date=${date}&employeeId=${employeeId}`;
    const res = await fetch(url, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ start: 900, end: 1080, positionId: 'cook', subRoleId: 'line' }),
    });
    if (res.status !== 200) throw new Error(`PUT ${res.status} ${await res.text()}`);
  };
  const bare = (offset: number) => async (i: number) => {
    const { employeeId, date } = putTarget(i, offset);
    const ref = shiftRef(companyId, `bare-${offset}-${i}`);
    await db().runTransaction(async (tx) => {
      await Promise.all([
        tx.getAll(
          ref,
          company,
          settingsRef(companyId),
          employeesCollection(companyId).doc(employeeId),
          rolesCollection(companyId).doc('cook'),
        ),
        tx.get(employeeWindowQuery(companyId, employeeId, addDays(date, -7), addDays(date, 7))),
      ]);
      tx.set(ref, {
        companyId,
        date,
        employeeId,
        positionId: 'cook',
        subRoleId: 'line',
        start: 1140,
        end: 1200,
        mode: 'published',
        scheduleId: null,
        note: '',
        onHold: false,
        minutes: 60,
        workedMinutes: 60,
        createdAt: 1,
        updatedAt: 1,
      });
    });
  };

  // Warm-up (module load, token cache, connections), then alternate the two series in blocks so both see the same load.
  await series(10, put(1000));
  await series(10, bare(1000));
  const putTimes: number[] = [];
  const bareTimes: number[] = [];
  const BLOCK = 20;
  for (let b = 0; b < PUTS / BLOCK; b++) {
    for (let i = b * BLOCK; i < (b + 1) * BLOCK; i++) {
      let s = performance.now();
      await put(0)(i);
      putTimes.push(performance.now() - s);
      s = performance.now();
      await bare(0)(i);
      bareTimes.push(performance.now() - s);
    }
  }
  putTimes.sort((a, b) => a - b);
  bareTimes.sort((a, b) => a - b);
  const putP50 = percentile(putTimes, 50);
  const bareP50 = percentile(bareTimes, 50);
  console.log(`PUT /shifts/{id} with conflict checking (${PUTS} writes, ${docs.length}+ shifts in the company):`);
  console.log(`  HTTP PUT         p50 ${fmt(putP50)} ms   p99 ${fmt(percentile(putTimes, 99))} ms`);
  console.log(`  bare transaction p50 ${fmt(bareP50)} ms   p99 ${fmt(percentile(bareTimes, 99))} ms`);
  console.log(`  ratio p50 ${fmt(putP50 / bareP50, 2)}x (target <= 3x)`);

  // GET one published week of all 200 employees.
  const week = { from: FIRST_DAY, to: addDays(FIRST_DAY, 6) };
  const get = async () => {
    const res = await fetch(`${base}/shifts?companyId=${companyId}&startDate=${week.from}&endDate=${week.to}`, {
      headers,
    });
    const body = (await res.json()) as { data: unknown[] };
    if (res.status !== 200) throw new Error(`GET ${res.status}`);
    return body.data.length;
  };
  const count = await get();
  const { query } = rangeQuery({ companyId, from: week.from, to: week.to, modes: ['published', 'manual'] });
  await query.get();
  const g = await series(GETS, get);
  const q = await series(GETS, () => query.get());
  console.log(`GET /shifts, one week of ${EMPLOYEES} employees (${count} shifts):`);
  console.log(`  HTTP GET         p50 ${fmt(g.p50)} ms   p99 ${fmt(g.p99)} ms`);
  console.log(`  bare query       p50 ${fmt(q.p50)} ms   p99 ${fmt(q.p99)} ms`);
  console.log(`  ratio p50 ${fmt(g.p50 / q.p50, 2)}x`);

  server.kill();
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
