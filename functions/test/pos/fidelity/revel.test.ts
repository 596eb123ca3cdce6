import { DAY, monthHarness, runMonth, type MonthVendor } from './month';
import {
  configureRevelSim,
  deleteRevelOrder,
  reopenRevelOrder,
  revelGroundTruth,
  revelSimData,
} from '../../../dev/vendors/revel';
import type { RunningVendorSimulator } from '../../../dev/vendors/server';

/**
 * A month of Revel, day by day (./month.ts): the seeded establishment already holds automatic
 * gratuities, service charges, deleted and reopened orders and deleted time-sheet entries; each day
 * a closed order is deleted, and every third day one is reopened, to be closed again two days later.
 */

const DAYS = 30;
const harness = monthHarness();
let sim: RunningVendorSimulator;

beforeAll(async () => {
  sim = await harness.start();
  // ending three days back: the seeded refunds and edits (up to three days after the end) lie in the past
  configureRevelSim({ days: DAYS, ordersPerDay: 6, employees: 4, end: Math.floor(Date.now() / DAY) * DAY - 3 * DAY });
});

afterAll(() => harness.stop());

const reopened: number[] = [];
const revel: MonthVendor = {
  slug: 'revel',
  oauth: false,
  truth: revelGroundTruth,
  changeDay(d) {
    const closed = revelSimData().orders.filter((o) => o.closed && !o.deleted && o.payments.length > 0);
    const did: string[] = [];
    const gone = closed[(d * 11) % closed.length];
    deleteRevelOrder(gone.id);
    did.push(`deleted ${gone.id}`);
    if (d % 3 === 0) {
      const again = closed[(d * 13 + 5) % closed.length];
      if (again.id !== gone.id) {
        reopenRevelOrder(again.id);
        reopened.push(again.id);
        did.push(`reopened ${again.id}`);
      }
    }
    if (d % 3 === 2 && reopened.length > 0) {
      const id = reopened.shift()!;
      reopenRevelOrder(id, true);
      did.push(`closed ${id} again`);
    }
    return did;
  },
};

it(
  'keeps every stored figure equal to the establishment over a month of deletions, reopens, gratuities and service charges, after a rerun and a failed run',
  () => runMonth(revel, sim, DAYS),
  600_000,
);
