/**
 * Read endpoints benchmark: GET /roles and GET /employees (25 and 500 employees) through the real module
 * apps (autocannon over HTTP), side by side with the limit: a bare loop of firebase-admin reads of
 * the same documents (the caller's membership plus the listed collection) against the same
 * Firestore emulator, at the same concurrency. Target: endpoint >= 60% of the bare-read rate.
 *
 * Run: cd functions && node scripts/with-emulators.js npx tsx bench/read-endpoints.ts
 */
import autocannon from 'autocannon';
import { db } from '../src/core/firebase';
import { createCompany, type TestCompany } from '../test/helpers/fixtures';
import { concurrentLoop, fmt, startModuleServer, type LoopResult } from './lib';

const PORT = 7390;
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

async function seedEmployees(co: TestCompany, count: number, roleIds: string[]) {
  const col = db().collection(`companies/${co.companyId}/employees`);
  for (let i = 0; i < count; i += 400) {
    const batch = db().batch();
    for (let j = i; j < Math.min(count, i + 400); j++) {
      const roleId = roleIds[j % roleIds.length];
      batch.set(col.doc(`e${String(j).padStart(4, '0')}`), {
        name: `Name${j}`,
        surname: `Surname${j}`,
        email: `e${j}@bench.local`,
        phone: `555-${j}`,
        archived: false,
        positions: [{ categoryId: roleId, subcategoryId: 'main' }],
        rateRegular: 15 + (j % 7),
        availabilities: {
          maxHoursInWeek: 40,
          Monday: { allDay: true, priority: 1 },
          Tuesday: { shift1: { start: 600, end: 1320 } },
        },
      });
    }
    await batch.commit();
  }
}

async function seedRoles(co: TestCompany): Promise<string[]> {
  const batch = db().batch();
  const ids = ['server', 'bar', 'host', 'line', 'dish', 'mgr'].map((name, i) => {
    const ref = db().collection(`companies/${co.companyId}/roles`).doc(name);
    batch.set(ref, {
      name,
      priority: i,
      rate: 15 + i,
      archived: false,
      subRoles: { main: { name: 'Main', priority: 1 } },
    });
    return ref.id;
  });
  await batch.commit();
  return ids;
}

async function endpoint(url: string, token: string): Promise<LoopResult> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

async function main() {
  const small = await createCompany();
  const large = await createCompany();
  const smallRoles = await seedRoles(small);
  const largeRoles = await seedRoles(large);
  await seedEmployees(small, 24, smallRoles); // + the fixture's own employee = 25
  await seedEmployees(large, 499, largeRoles);

  const server = await startModuleServer(['roles', 'employees'], PORT);
  const base = `http://127.0.0.1:${PORT}`;
  const membership = (co: TestCompany) => db().collection('memberships').doc(`${co.companyId}_${co.owner.uid}`);
  const cases = [
    {
      name: 'GET /roles',
      url: `${base}/roles/roles?companyId=${small.companyId}`,
      co: small,
      collection: 'roles',
      where: null,
    },
    {
      name: 'GET /employees (25)',
      url: `${base}/employees/employees?companyId=${small.companyId}`,
      co: small,
      collection: 'employees',
      where: true,
    },
    {
      name: 'GET /employees (500)',
      url: `${base}/employees/employees?companyId=${large.companyId}`,
      co: large,
      collection: 'employees',
      where: true,
    },
  ];

  const rows: string[] = [];
  for (const c of cases) {
    // warm both paths (token verification cache, gRPC channel, JIT)
    await fetch(c.url, { headers: { authorization: `Bearer ${c.co.owner.token}` } });
    const api = await endpoint(c.url, c.co.owner.token);
    const collection = db().collection(`companies/${c.co.companyId}/${c.collection}`);
    const bare = await concurrentLoop(
      () =>
        Promise.all([
          membership(c.co).get(),
          c.where ? collection.where('archived', '==', false).get() : collection.get(),
        ]),
      CONNECTIONS,
      SECONDS,
    );
    const ratio = api.perSecond / bare.perSecond;
    rows.push(
      `| ${c.name} | ${fmt(api.perSecond)} | ${fmt(api.p50)} | ${fmt(api.p99)} | ${fmt(bare.perSecond)} | ${fmt(bare.p50)} | ${fmt(bare.p99)} | ${fmt(ratio * 100, 0)}% |`,
    );
  }
  server.kill();
  console.log(
    `\nRead endpoints vs bare firebase-admin reads (${CONNECTIONS} concurrent, ${SECONDS}s each; target >= 60%)`,
  );
  console.log('| case | endpoint req/s | p50 ms | p99 ms | bare reads/s | p50 ms | p99 ms | endpoint / bare |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
