import { DAY, monthHarness, runMonth, type MonthVendor } from './month';
import {
  cloverGroundTruth,
  cloverSimData,
  configureCloverSim,
  fixCloverShift,
  reopenCloverOrder,
  voidCloverRefund,
} from '../../../dev/vendors/clover';
import type { RunningVendorSimulator } from '../../../dev/vendors/server';

/**
 * A month of Clover, day by day (./month.ts): the seeded merchant already holds test-mode orders,
 * service charges, voided attempts, reopened checks and voided refunds; each day a paid check is
 * reopened (every third one paid again with a new tip), a refund is voided every fifth day and a
 * manager fixes an old shift's clock-out. A Clover shift deletion is not applied (not reversed yet).
 */

const DAYS = 30;
const harness = monthHarness();
let sim: RunningVendorSimulator;

beforeAll(async () => {
  sim = await harness.start();
  configureCloverSim({ days: DAYS, ordersPerDay: 6, employees: 4, end: Math.floor(Date.now() / DAY) * DAY });
});

afterAll(() => harness.stop());

const clover: MonthVendor = {
  slug: 'clover',
  oauth: true,
  truth: cloverGroundTruth,
  changeDay(d) {
    const data = cloverSimData();
    const did: string[] = [];
    const paid = data.orders.filter(
      (o) => !o.testMode && o.state === 'locked' && o.refunds.length === 0 && !o.payments.some((p) => p.voidReason),
    );
    const check = paid[(d * 7) % paid.length];
    if (check) {
      reopenCloverOrder(check.id, d % 3 === 2 ? { tipAmount: 700 + d } : undefined);
      did.push(`reopened ${check.id}${d % 3 === 2 ? ' and paid again' : ''}`);
    }
    const refund = data.orders.flatMap((o) => o.refunds).find((r) => !r.voided);
    if (d % 5 === 4 && refund) {
      voidCloverRefund(refund.id);
      did.push(`voided refund ${refund.id}`);
    }
    const shifts = data.shifts.filter((s) => s.outTime !== null && s.overrideOutTime === null);
    const shift = shifts[(d * 5) % shifts.length];
    if (shift?.outTime) {
      fixCloverShift(shift.id, shift.outTime + 20 * 60_000);
      did.push(`fixed the clock-out of ${shift.id}`);
    }
    return did;
  },
};

it(
  'keeps every stored figure equal to the merchant over a month of voids, reopens, service charges, cash tips and late fixes, after a rerun and a failed run',
  () => runMonth(clover, sim, DAYS),
  600_000,
);
