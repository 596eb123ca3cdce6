/**
 * Payroll benchmark: the report of a biweekly pay period for 200 employees from their
 * approved punches (10 shifts of 8 to 10 hours each, so overtime in some weeks), against a bare read
 * of the same punches (one range query over the weeks the report reads, documents turned into
 * objects). Both run side by side in one process, alternating, 15 times; p50 of each and the ratio.
 * Half the employees hold two positions with a rate of their own for one, so the report resolves
 * rates per punch and prices overtime on the weekly regular rate of pay.
 * Target: the report within 1.5x of the bare read.
 * Run: TEST_FIRESTORE_PORT=.. TEST_AUTH_PORT=.. node scripts/with-emulators.js npx tsx bench/payroll.ts
 */
import { performance } from 'node:perf_hooks';
import { addDays, instant } from '../src/core/calendar';
import { db } from '../src/core/firebase';
import { saveMembership, type Membership } from '../src/core/memberships';
import { approveMany, upsertVendorPunch } from '../src/modules/attendance';
import { datesToRead } from '../src/modules/payroll/pay';
import { getReport, listPeriods } from '../src/modules/payroll/service';

const EMPLOYEES = 200;
const TZ = 'America/New_York';
const RUNS = 15;

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const companyId = `bench-payroll-${Date.now()}`;
  const company = db().collection('companies').doc(companyId);
  let batch = db().batch();
  batch.set(company, { name: 'Bench Payroll', timezone: TZ, weekStartingDay: 1, payrollStartingDay: 1 });
  batch.set(company.collection('roles').doc('r-server'), { name: 'Server', rate: 15, archived: false, subRoles: {} });
  batch.set(company.collection('roles').doc('r-cook'), { name: 'Cook', rate: 18, archived: false, subRoles: {} });
  for (let i = 0; i < EMPLOYEES; i++) {
    batch.set(company.collection('employees').doc(`e${i}`), {
      name: `E${i}`,
      surname: 'Bench',
      positions: [{ categoryId: 'r-server', subcategoryId: 'x' }, ...(i % 2 ? [{ categoryId: 'r-cook' }] : [])],
      ...(i % 2 ? { positionRates: { 'r-server': 13 + (i % 5), 'r-cook': 19 } } : {}),
      archived: false,
      rateRegular: 14 + (i % 7),
      employeeNumber: `N${i}`,
    });
    if (i % 400 === 399) {
      await batch.commit();
      batch = db().batch();
    }
  }
  await batch.commit();
  const member: Membership = { companyId, uid: 'bench-owner', role: 'owner', employeeId: null };
  await saveMembership(member);

  const [, period] = await listPeriods({ companyId, count: 2 });
  let t = performance.now();
  const ids: string[] = [];
  const work: Promise<void>[] = [];
  for (let i = 0; i < EMPLOYEES; i++) {
    for (let d = 0; d < 14; d++) {
      if (d % 7 >= 5) continue; // weekends off: 10 shifts in the period
      const date = addDays(period.startDate, d);
      const start = 10 * 60 + (i % 4) * 30;
      const hours = 8 + ((i + d) % 3);
      work.push(
        upsertVendorPunch(companyId, {
          slug: 'bench',
          externalId: `${i}-${date}`,
          employeeId: `e${i}`,
          clockInAt: instant(date, start, TZ),
          clockOutAt: instant(date, start + hours * 60, TZ),
        }).then((outcome) => void (outcome.punch && ids.push(outcome.punch.id))),
      );
      if (work.length >= 40) await Promise.all(work.splice(0));
    }
  }
  await Promise.all(work);
  await approveMany({ companyId, uid: member.uid, approver: member, punchIds: ids });
  console.log(
    `seeded ${ids.length} approved punches for ${EMPLOYEES} employees in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  const { startDate: from, endDate: to } = datesToRead(period, { weekStartingDay: 1 });
  const bareRead = async () => {
    const snap = await company
      .collection('punches')
      .where('businessDate', '>=', from)
      .where('businessDate', '<=', to)
      .get();
    return snap.docs.map((d) => ({ id: d.id, ...d.data() }));
  };
  const report = () => getReport({ member, startDate: period.startDate });

  await bareRead();
  const check = await report();
  const bare: number[] = [];
  const full: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    await bareRead();
    bare.push(performance.now() - t);
    t = performance.now();
    await report();
    full.push(performance.now() - t);
  }
  const ratio = p50(full) / p50(bare);
  console.log(
    `report: ${check.employees.length} employees, ${(check.totals.workedMinutes / 60).toFixed(0)} h worked, ${(check.totals.overtimeMinutes / 60).toFixed(0)} h overtime`,
  );
  console.log(`bare read of the punches: p50 ${p50(bare).toFixed(1)} ms`);
  console.log(`payroll report:           p50 ${p50(full).toFixed(1)} ms`);
  console.log(`ratio report / bare read: ${ratio.toFixed(2)}x (target <= 1.5x) ${ratio <= 1.5 ? 'MET' : 'NOT MET'}`);
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
