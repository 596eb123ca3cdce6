import { DAY, declaredTipsEqualTruth, monthHarness, runMonth, storedSales, type MonthVendor } from './month';
import {
  applySpotonTipTo,
  configureSpotonSim,
  declareSpotonCashTips,
  deleteSpotonOrder,
  spotonGroundTruth,
  spotonSimData,
} from '../../../dev/vendors/spoton';
import type { RunningVendorSimulator } from '../../../dev/vendors/server';

/**
 * A month of SpotOn, day by day (./month.ts): the seeded location already holds auto-gratuities,
 * gift cards sold, tips applied to another server, processing fees on card tips, deleted orders
 * and entries and declared cash tips; each day a closed order is deleted, every third day a tip is
 * handed to another employee and every other day an entry's declared cash tips are corrected.
 * SpotOn serves nothing newer than 5 minutes: each change is dated six minutes back.
 */

const DAYS = 30;
const harness = monthHarness();
let sim: RunningVendorSimulator;

beforeAll(async () => {
  sim = await harness.start();
  configureSpotonSim({ days: DAYS, ordersPerDay: 6, employees: 5, end: Math.floor(Date.now() / DAY) * DAY - DAY });
});

afterAll(() => harness.stop());

const spoton: MonthVendor = {
  slug: 'spoton',
  oauth: false,
  truth: spotonGroundTruth,
  changeDay(d) {
    const data = spotonSimData();
    const at = Date.now() - 6 * 60_000;
    const did: string[] = [];
    const closed = data.orders.filter(
      (o) => o.closedAt !== null && !o.deleted && o.checks.some((c) => c.payments.length),
    );
    const gone = closed[(d * 7) % closed.length];
    deleteSpotonOrder(gone.id, at);
    did.push(`deleted ${gone.id}`);
    if (d % 3 === 0) {
      const handed = closed[(d * 13 + 5) % closed.length];
      const other = data.employees.find((e) => e.active && e.id !== handed.ownerEmployeeId)!;
      if (handed !== gone) {
        applySpotonTipTo(handed.id, other.id, at);
        did.push(`tip of ${handed.id} applied to ${other.id}`);
      }
    }
    if (d % 2 === 1) {
      const entry = data.entries.filter((t) => t.outAt !== null && !t.deleted)[(d * 3) % 40];
      declareSpotonCashTips(entry.id, 2_000 + d, 500, at);
      did.push(`declared cash tips of ${entry.id} corrected`);
    }
    return did;
  },
};

it('keeps every stored figure equal to the location over a month of deletions, auto-gratuities, gift cards and tips applied to others, after a rerun and a failed run', async () => {
  const co = await runMonth(spoton, sim, DAYS);
  await declaredTipsEqualTruth(spoton, co);
  // the tips each sale credits to another employee than its owner, as SpotOn applied them
  const stored = new Map((await storedSales(spoton, co)).map((s) => [s.vendorId, s]));
  const truth = spotonGroundTruth().sales;
  expect(truth.filter((s) => (s.tipsTo ?? []).length > 0).length).toBeGreaterThan(10);
  for (const s of truth)
    expect({ id: s.vendorId, tipsTo: stored.get(s.vendorId)?.tipsTo ?? [] }).toEqual({
      id: s.vendorId,
      tipsTo: s.tipsTo ?? [],
    });
}, 600_000);
