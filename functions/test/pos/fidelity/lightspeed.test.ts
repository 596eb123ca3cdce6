import { DAY, declaredTipsEqualTruth, monthHarness, runMonth, type MonthVendor } from './month';
import {
  configureLightspeedSim,
  fixLightspeedShift,
  lightspeedGroundTruth,
  lightspeedSimData,
  takeBackLightspeedSale,
} from '../../../dev/vendors/lightspeed';
import type { RunningVendorSimulator } from '../../../dev/vendors/server';

/**
 * A month of Lightspeed K-Series, day by day (./month.ts), over both locations of the business: the
 * seeded business already holds VOID and RECALL records (a recalled receipt closed again), CANCEL
 * inputs, cancelled accounts, refunds and declared cash tips; each day a closed sale is voided,
 * every third day another is recalled and closed again, and every other day a manager fixes a
 * shift's clock-out and declared cash tips. (A deleted shift cannot be read: docs/POS_SYNC.md.)
 */

const DAYS = 30;
const harness = monthHarness();
let sim: RunningVendorSimulator;

beforeAll(async () => {
  sim = await harness.start();
  // ending three days back: the seeded take-backs (up to ten hours after a sale) lie in the past
  configureLightspeedSim({
    days: DAYS,
    ordersPerDay: 6,
    employees: 6,
    end: Math.floor(Date.now() / DAY) * DAY - 3 * DAY,
  });
});

afterAll(() => harness.stop());

const lightspeed: MonthVendor = {
  slug: 'lightspeed',
  oauth: true,
  linkByHand: true,
  truth: lightspeedGroundTruth,
  changeDay(d) {
    const data = lightspeedSimData();
    const takenBack = new Set(data.sales.map((s) => s.previousAccountId));
    const standing = data.sales.filter((s) => s.type === 'SALE' && !s.cancelled && !takenBack.has(s.accountFiscId));
    const did: string[] = [];
    const now = Date.now();
    const voided = standing[(d * 7) % standing.length];
    takeBackLightspeedSale(voided.accountFiscId, 'VOID', now - 60_000);
    did.push(`voided ${voided.accountFiscId}`);
    if (d % 3 === 1) {
      const recalled = standing[(d * 11 + 3) % standing.length];
      if (recalled !== voided) {
        takeBackLightspeedSale(recalled.accountFiscId, 'RECALL', now - 180_000);
        did.push(`recalled ${recalled.accountFiscId} and closed it again`);
      }
    }
    if (d % 2 === 0) {
      const closed = data.shifts.filter((s) => s.events.some((e) => e.eventType === 'CLOCK_OUT'));
      const shift = closed[(d * 5) % closed.length];
      fixLightspeedShift(shift.uuid, now - 30_000, `${10 + d}.50`);
      did.push(`fixed shift ${shift.uuid}`);
    }
    return did;
  },
};

it('keeps every stored figure equal to the business over a month of voids, recalls, cancellations and shift fixes at two locations, after a rerun and a failed run', async () => {
  const co = await runMonth(lightspeed, sim, DAYS);
  await declaredTipsEqualTruth(lightspeed, co);
  const data = lightspeedSimData();
  expect(new Set(data.sales.map((s) => s.blId)).size).toBe(2);
  expect(lightspeedGroundTruth().sales.filter((s) => s.voided).length).toBeGreaterThan(DAYS);
}, 600_000);
