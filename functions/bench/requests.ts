/**
 * Shift requests benchmark: one company, 60 Cook employees each with a published shift a day for
 * three weeks, and 40 open offers (replace) of some of them. Prints p50/p99 of
 *   - listing the offers an employee is eligible to take (each offer is an eligibility check: the
 *     taker's shifts of +-7 days, day-offs, company rules, role), beside one bare eligibility read;
 *   - a manager's pick that moves the shift (request + schedule locks, checks, one commit).
 * In process (the service functions, no HTTP): the cost is Firestore round trips and the rules.
 * Run: TEST_FIRESTORE_PORT=.. TEST_AUTH_PORT=.. node scripts/with-emulators.js npx tsx bench/requests.ts
 * Measured 2026-11-25 (Node Firestore emulator, 2 cores shared with other work): the available
 * listing p50 84 ms / p99 198 ms (684 / 2576 ms when each offer was checked on its own); one
 * eligibility check p50 15 ms; volunteer + pick p50 87 ms.
 */
import { performance } from 'node:perf_hooks';
import { addDays, businessToday } from '../src/core/calendar';
import { db } from '../src/core/firebase';
import { companyDoc } from '../src/core/firestore';
import type { Membership } from '../src/core/memberships';
import { settingsRef } from '../src/modules/companies/repo';
import { employeesCollection } from '../src/modules/employees/repo';
import { createRequest } from '../src/modules/requests/create';
import { listRequests } from '../src/modules/requests/reads';
import { step } from '../src/modules/requests/step';
import { rolesCollection } from '../src/modules/roles/repo';
import { transferFindings } from '../src/modules/schedule';
import { shiftRef } from '../src/modules/schedule/repo';
import { fmt, percentile } from './lib';

const EMPLOYEES = 60;
const DAYS = 21;
const OFFERS = 40;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

async function series(n: number, fn: (i: number) => Promise<unknown>) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  out.sort((a, b) => a - b);
  return `p50 ${fmt(percentile(out, 50))} ms, p99 ${fmt(percentile(out, 99))} ms`;
}

async function main() {
  const companyId = `bench-requests-${Date.now()}`;
  const first = addDays(businessToday('Europe/Madrid', 0), 2);
  const setup = db().batch();
  setup.set(companyDoc(companyId), {
    name: 'Bench Diner',
    timezone: 'Europe/Madrid',
    weekStartingDay: 1,
    betweenShifts: 60,
    maxDayHours: 10,
  });
  setup.set(settingsRef(companyId), {
    conflictsDetectionEnabled: true,
    maxHoursPerWeek: 48,
    fairWorkweekJurisdiction: 'seattle',
  });
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
    });
  }
  await setup.commit();
  const writes: [string, Record<string, unknown>][] = [];
  for (let d = 0; d < DAYS; d++) {
    const date = addDays(first, d);
    // employees alternate mornings and evenings by day parity, so half the company can take any offer
    for (let e = 0; e < EMPLOYEES; e++) {
      const start = (e + d) % 2 === 0 ? 540 : 1020;
      writes.push([
        `s-${e}-${date}`,
        {
          companyId,
          date,
          employeeId: `e${e}`,
          positionId: 'cook',
          subRoleId: 'line',
          start,
          end: start + 240,
          mode: 'published',
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
  for (let i = 0; i < writes.length; i += 500) {
    const batch = db().batch();
    for (const [id, doc] of writes.slice(i, i + 500)) batch.set(shiftRef(companyId, id), doc);
    await batch.commit();
  }
  const member = (e: number | null, role: Membership['role'] = 'employee'): Membership => ({
    companyId,
    uid: `u${e ?? 'm'}`,
    role,
    employeeId: e === null ? null : `e${e}`,
  });
  const offers: string[] = [];
  for (let i = 0; i < OFFERS; i++) {
    const e = 1 + (i % (EMPLOYEES - 1));
    const date = addDays(first, Math.floor(i / (EMPLOYEES - 1)) + (i % DAYS));
    offers.push((await createRequest({ member: member(e), body: { type: 'replace', shiftId: `s-${e}-${date}` } })).id);
  }
  console.log(`data: ${writes.length} shifts of ${EMPLOYEES} employees over ${DAYS} days, ${OFFERS} open offers`);

  let eligible = 0;
  const listing = await series(ROUNDS, async () => {
    eligible = (await listRequests({ member: member(0), query: { companyId, view: 'available' } })).length;
  });
  console.log(`GET /requests?view=available (${OFFERS} offers, ${eligible} eligible): ${listing}`);
  const one = await series(ROUNDS, (i) =>
    transferFindings(companyId, { shiftId: `s-1-${addDays(first, i % DAYS)}`, from: 'e1', to: 'e0' }),
  );
  console.log(`one eligibility check (the reads and rules of one offer): ${one}`);

  const picks = await series(Math.min(ROUNDS, OFFERS), async (i) => {
    const id = offers[i];
    const request = (await listRequests({ member: member(null, 'manager'), query: { companyId, view: 'all' } })).find(
      (r) => r.id === id,
    )!;
    const taker = [...Array(EMPLOYEES).keys()]
      .map((e) => `e${e}`)
      .find((e) => e !== request.employeeId && Number(e.slice(1)) % 2 !== Number(request.employeeId.slice(1)) % 2)!;
    const t = Number(taker.slice(1));
    await step({ member: member(t), id, action: 'volunteer' }).catch(() => undefined);
    const started = performance.now();
    await step({ member: member(null, 'manager'), id, action: 'pick', employeeId: taker }).catch(() => undefined);
    return performance.now() - started;
  });
  console.log(`volunteer + manager pick that moves the shift (including a listing to find the offer): ${picks}`);
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
