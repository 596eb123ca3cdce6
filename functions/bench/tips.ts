/**
 * Tip-pool benchmark: distributing a week for 200 employees and 20,000 sales (an hours pool of the
 * servers taking their card tips: every employee contributes and shares, 200 entries), against a
 * bare read of those sales (one range query of the week's invoices, documents turned into
 * objects). The first distribution writes the 200 entries; the next ones divide the open period
 * again and find every entry unchanged (a retry writes only the distribution). Both run
 * alternately in one process, RUNS times; p50 of each and the ratio.
 * Target: the distribution within 2x of the bare read.
 * Run: TEST_FIRESTORE_PORT=.. TEST_AUTH_PORT=.. node scripts/with-emulators.js npx tsx bench/tips.ts
 */
import { performance } from 'node:perf_hooks';
import { addDays, instant, weekOf } from '../src/core/calendar';
import { db } from '../src/core/firebase';
import { saveMembership, type Membership } from '../src/core/memberships';
import { approveMany, upsertVendorPunch } from '../src/modules/attendance';
import { importInvoices } from '../src/modules/sales/importer';
import { invoicesCollection } from '../src/modules/sales/repo';
import { distribute } from '../src/modules/tip-pools/distribute';
import { createPool } from '../src/modules/tip-pools/pools';

const EMPLOYEES = 200;
const SALES = 20_000;
const SHIFTS = 3;
const TZ = 'America/New_York';
const RUNS = 5;

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const secondsSince = (t: number) => ((performance.now() - t) / 1000).toFixed(1);

async function main() {
  const companyId = `bench-tips-${Date.now()}`;
  const company = db().collection('companies').doc(companyId);
  const batch = db().batch();
  batch.set(company, { name: 'Bench Tips', timezone: TZ, weekStartingDay: 1, payrollStartingDay: 1 });
  batch.set(company.collection('roles').doc('r-server'), {
    name: 'Server',
    type: 'FOH',
    rate: 0,
    archived: false,
    subRoles: {},
  });
  for (let i = 0; i < EMPLOYEES; i++)
    batch.set(company.collection('employees').doc(`e${i}`), {
      name: `E${i}`,
      surname: 'Bench',
      positions: [{ categoryId: 'r-server' }],
      archived: false,
      rateRegular: 2.13,
    });
  await batch.commit();
  const member: Membership = { companyId, uid: 'bench-owner', role: 'owner', employeeId: null };
  await saveMembership(member);

  // the week before last: ended, in the past
  const week = weekOf(addDays(new Date().toISOString().slice(0, 10), -14), { weekStartingDay: 1 }).start;
  let t = performance.now();
  const ids: string[] = [];
  const work: Promise<void>[] = [];
  for (let i = 0; i < EMPLOYEES; i++)
    for (let d = 0; d < SHIFTS; d++) {
      const date = addDays(week, (i + d * 2) % 7);
      const start = 11 * 60 + (i % 4) * 30;
      work.push(
        upsertVendorPunch(companyId, {
          slug: 'bench',
          externalId: `${i}-${date}`,
          employeeId: `e${i}`,
          positionId: 'r-server',
          clockInAt: instant(date, start, TZ),
          clockOutAt: instant(date, start + (5 + (i % 4)) * 60, TZ),
        }).then((outcome) => void (outcome.punch && ids.push(outcome.punch.id))),
      );
      if (work.length >= 40) await Promise.all(work.splice(0));
    }
  await Promise.all(work);
  await approveMany({ companyId, uid: member.uid, approver: member, punchIds: ids });
  console.log(`seeded ${ids.length} approved punches in ${secondsSince(t)} s`);
  t = performance.now();
  for (let chunk = 0; chunk < SALES; chunk += 5000) {
    const items = Array.from({ length: Math.min(5000, SALES - chunk) }, (_, k) => {
      const n = chunk + k;
      const i = n % EMPLOYEES;
      const date = addDays(week, (i + 2 * (Math.floor(n / EMPLOYEES) % SHIFTS)) % 7);
      return {
        externalId: `s${n}`,
        posSource: 'square',
        closedAt: instant(date, 12 * 60 + (n % 180), TZ),
        currency: 'USD',
        amount: 2_000 + (n % 97) * 50,
        tips: 300 + (n % 41) * 7,
        employeeId: `e${i}`,
      };
    });
    const result = await importInvoices({ companyId, items });
    if (result.rejectedItems?.length) throw new Error(`rejected: ${JSON.stringify(result.rejectedItems[0])}`);
  }
  console.log(`seeded ${SALES} sales in ${secondsSince(t)} s`);
  const pool = await createPool({
    companyId,
    body: {
      name: 'Servers',
      period: 'week',
      tipClasses: ['card'],
      contributorRoleIds: ['r-server'],
      tipOut: null,
      shareBy: 'hours',
      shares: [{ roleId: 'r-server' }],
      employeePoints: {},
      tipCreditTaken: false,
    },
  });

  const bareRead = async () => {
    const snap = await invoicesCollection(companyId)
      .where('businessDate', '>=', week)
      .where('businessDate', '<=', addDays(week, 6))
      .get();
    return snap.docs.map((d) => ({ id: d.id, ...d.data() }));
  };
  const run = () => distribute({ member, poolId: pool.id, periodStart: week });

  t = performance.now();
  const first = await run();
  const firstMs = performance.now() - t;
  const read = await bareRead();
  const bare: number[] = [];
  const full: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    await bareRead();
    bare.push(performance.now() - t);
    t = performance.now();
    await run();
    full.push(performance.now() - t);
  }
  const ratio = p50(full) / p50(bare);
  const shares = first.entries.reduce((s, e) => s + e.share, 0);
  console.log(
    `distribution: ${first.entries.length} entries, $${(first.entered / 100).toFixed(2)} entered, $${(shares / 100).toFixed(2)} shared; ${read.length} sales read bare`,
  );
  console.log(`first distribution (writes the entries): ${firstMs.toFixed(1)} ms`);
  console.log(`bare read of the week's sales: p50 ${p50(bare).toFixed(1)} ms`);
  console.log(`distribution of the week:      p50 ${p50(full).toFixed(1)} ms`);
  console.log(`ratio distribution / bare read: ${ratio.toFixed(2)}x (target <= 2x) ${ratio <= 2 ? 'MET' : 'NOT MET'}`);
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
