/**
 * What a restaurant's frequent operations cost in Firestore operations: a company of 30 employees
 * (each a member) with a published week of shifts, its ten most frequent operations called through
 * the real module apps (each after the instance forgot the caller's membership: what a fresh
 * instance pays), the fan-out of the events they record, and the budget check of a model call.
 * Counted at the client as Firestore bills them (bench/firestore-ops.ts), one call at a time, and
 * printed beside the figures of the code before issue 58's changes (BEFORE, measured by this file
 * on that commit) with their ratio. Counts, not times: they hold on real Firestore.
 *
 * Run: cd functions && TEST_FIRESTORE_PORT=.. TEST_AUTH_PORT=.. node scripts/with-emulators.js npx tsx bench/costs.ts
 */
import { addDays, businessToday } from '../src/core/calendar';
import { db } from '../src/core/firebase';
import { forgetMembership, saveMembership } from '../src/core/memberships';
import { reserve } from '../src/ai/budgets';
import { fanOut } from '../src/modules/events/fanout';
import { shiftRef } from '../src/modules/schedule/repo';
import { api } from '../test/helpers/api';
import { createCompany } from '../test/helpers/fixtures';
import { bearer, type TestUser } from '../test/helpers/users';
import { countFirestoreOps, since, snapshot, type OpCounts } from './firestore-ops';

const EMPLOYEES = 30;
const ZONE = 'America/New_York';

/** The figures of this benchmark on commit 4c68a79, before the changes of issue 58 (reads, writes). */
const BEFORE: Record<string, [number, number]> = {
  'POST /clock/in (employee)': [16, 4],
  'POST /clock/out (employee)': [14, 6],
  'GET /shifts/user-shifts (employee)': [11, 0],
  'GET /shifts, the week (employee)': [147, 0],
  'GET /shifts, the week (manager)': [144, 0],
  'GET /notifications (employee)': [6, 0],
  'GET /employees (manager)': [35, 0],
  'GET /roles (employee)': [5, 0],
  'GET /sales, a day (manager)': [8, 0],
  'GET /sales, a day with ratio (manager)': [95, 0],
  'GET /timesheets, the week (manager)': [145, 0],
  'GET /requests (employee)': [7, 0],
  'GET /conversations (employee)': [2, 0],
  'POST /requests, a day off (employee)': [10, 5],
  'POST /shifts/publish, a week of 150 drafts (manager)': [483, 170],
  'GET /sales, ratio hidden from managers (manager)': [95, 0],
  'fan-out of punch.flagged': [37, 10],
  'fan-out of request.created': [37, 10],
  'fan-out of shift.published': [66, 62],
  'model call 1: budget check, no budget': [2, 0],
  'model call 2: budget check, no budget': [2, 0],
};

async function main() {
  countFirestoreOps();
  const co = await createCompany({ profile: { name: 'Bench Bistro', timezone: ZONE, weekStartingDay: 1 } });
  const { companyId } = co;
  const company = db().collection('companies').doc(companyId);
  const monday = addDays(businessToday(ZONE, 0), 1);
  const batch = db().batch();
  const employeeIds = [co.employeeId];
  for (let i = 0; i < EMPLOYEES - 3; i++) {
    const id = `bench-e${String(i).padStart(2, '0')}`;
    employeeIds.push(id);
    batch.set(company.collection('employees').doc(id), {
      name: `Name${i}`,
      surname: 'Bench',
      positions: [],
      archived: false,
    });
  }
  // the week ahead published, the week after it drafted (published by the benchmark)
  for (const [i, employeeId] of employeeIds.entries())
    for (let d = 0; d < 12; d++) {
      if (d === 5 || d === 6) continue;
      batch.set(shiftRef(companyId, `bench-${employeeId}-${d}`), {
        companyId,
        date: addDays(monday, d < 5 ? d : d + 2),
        employeeId,
        positionId: null,
        subRoleId: null,
        start: 9 * 60 + (i % 4) * 30,
        end: 17 * 60,
        mode: d < 5 ? 'published' : 'draft',
        scheduleId: null,
        note: '',
        onHold: false,
        minutes: 480,
        workedMinutes: 480,
        createdAt: 1,
        updatedAt: 1,
      });
    }
  await batch.commit();
  await Promise.all(
    employeeIds
      .slice(1)
      .map((e) => saveMembership({ companyId, uid: `${companyId}-${e}`, role: 'employee', employeeId: e })),
  );

  const rows: Array<{ label: string; ops: OpCounts }> = [];
  const q = { companyId };
  const week = { ...q, startDate: monday, endDate: addDays(monday, 6) };
  const measure = async (
    label: string,
    user: TestUser,
    send: (auth: Record<string, string>) => PromiseLike<{ status: number; text: string }>,
  ) => {
    forgetMembership(companyId, user.uid);
    const before = snapshot();
    const res = await send(bearer(user));
    if (res.status >= 300) throw new Error(`${label}: ${res.status} ${res.text.slice(0, 300)}`);
    rows.push({ label, ops: since(before) });
  };
  const outbox = async () => (await company.collection('outbox').get()).docs.map((d) => d.id);
  const eventsBefore = new Set(await outbox());

  await measure('POST /clock/in (employee)', co.employee, (a) =>
    api('attendance').post('/clock/in').query(q).set(a).send({}),
  );
  await measure('POST /clock/out (employee)', co.employee, (a) =>
    api('attendance').post('/clock/out').query(q).set(a).send({}),
  );
  await measure('GET /shifts/user-shifts (employee)', co.employee, (a) =>
    api('schedule').get('/shifts/user-shifts').set(a),
  );
  await measure('GET /shifts, the week (employee)', co.employee, (a) =>
    api('schedule').get('/shifts').query(week).set(a),
  );
  await measure('GET /shifts, the week (manager)', co.manager, (a) =>
    api('schedule').get('/shifts').query(week).set(a),
  );
  await measure('GET /notifications (employee)', co.employee, (a) =>
    api('events').get('/notifications').query(q).set(a),
  );
  await measure('GET /employees (manager)', co.manager, (a) => api('employees').get('/employees').query(q).set(a));
  await measure('GET /roles (employee)', co.employee, (a) => api('roles').get('/roles').query(q).set(a));
  const day = { ...q, startDate: monday, endDate: monday };
  await measure('GET /sales, a day (manager)', co.manager, (a) => api('sales').get('/sales').query(day).set(a));
  await measure('GET /sales, a day with ratio (manager)', co.manager, (a) =>
    api('sales')
      .get('/sales')
      .query({ ...day, fields: 'totalSales,ratio' })
      .set(a),
  );
  await measure('GET /timesheets, the week (manager)', co.manager, (a) =>
    api('attendance').get('/timesheets').query(week).set(a),
  );
  await measure('GET /requests (employee)', co.employee, (a) => api('requests').get('/requests').query(q).set(a));
  await measure('GET /conversations (employee)', co.employee, (a) => api('chat').get('/conversations').query(q).set(a));
  await measure('POST /requests, a day off (employee)', co.employee, (a) =>
    api('requests')
      .post('/requests')
      .query(q)
      .set(a)
      .send({ type: 'dayOff', startDate: addDays(monday, 14), endDate: addDays(monday, 14) }),
  );

  const nextWeek = { startDate: addDays(monday, 7), endDate: addDays(monday, 13) };
  await measure('POST /shifts/publish, a week of 150 drafts (manager)', co.manager, (a) =>
    api('schedule').post('/shifts/publish').query(q).set(a).send(nextWeek),
  );

  // labour cost the view withholds (pay hidden from managers): before, computed and then withheld
  const hide = await api('companies')
    .patch(`/companies/${companyId}/policies`)
    .set(bearer(co.owner))
    .send({ hideFinancialInfoFromManagers: true });
  if (hide.status !== 200) throw new Error(`PATCH policies: ${hide.status} ${hide.text.slice(0, 300)}`);
  await measure('GET /sales, ratio hidden from managers (manager)', co.manager, (a) =>
    api('sales')
      .get('/sales')
      .query({ ...day, fields: 'totalSales,ratio' })
      .set(a),
  );

  // the fan-out of each event the calls recorded (as the events queue's task runs it)
  for (const eventId of (await outbox()).filter((id) => !eventsBefore.has(id))) {
    const type = (await company.collection('outbox').doc(eventId).get()).get('type') as string;
    const before = snapshot();
    await fanOut({ companyId, eventId });
    rows.push({ label: `fan-out of ${type}`, ops: since(before) });
  }

  // two model calls' budget checks for a bucket without a budget (the call itself not made)
  for (const n of [1, 2]) {
    const before = snapshot();
    await reserve({ kind: 'company', companyId }, 'chat.answer', 1_000_000);
    rows.push({ label: `model call ${n}: budget check, no budget`, ops: since(before) });
  }

  const width = Math.max(...rows.map((r) => r.label.length));
  console.log(`Firestore operations per call, a company of ${EMPLOYEES} employees with a published week`);
  console.log(`${'call'.padEnd(width)}  reads before  reads now  ratio   writes before  writes now`);
  for (const { label, ops } of rows) {
    const [reads, writes] = BEFORE[label] ?? [NaN, NaN];
    const ratio = reads > 0 ? (ops.reads / reads).toFixed(2) : '-';
    console.log(
      `${label.padEnd(width)}  ${String(reads).padStart(12)}  ${String(ops.reads).padStart(9)}  ${ratio.padStart(5)}   ${String(writes).padStart(13)}  ${String(ops.writes).padStart(10)}`,
    );
  }
  if (process.env.BENCH_JSON)
    console.log(JSON.stringify(Object.fromEntries(rows.map((r) => [r.label, [r.ops.reads, r.ops.writes]]))));
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
