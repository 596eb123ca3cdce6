import { DAY, monthHarness, runMonth, storedSales, type MonthVendor } from './month';
import { configureSquareSim, squareGroundTruth, squareSimData } from '../../../dev/vendors/square';
import { SIMULATED, type RunningVendorSimulator } from '../../../dev/vendors/server';

/**
 * A month of Square (one location, an access token), day by day (./month.ts): the seeded location
 * already holds auto-gratuities (AUTO_GRATUITY service charges), split cash and card tenders,
 * returns and declared cash tips on timecards (dev/vendors/square-data.ts); each day a sale's tip
 * is adjusted, every other day a sale is returned (a return order, as Square records it), and
 * every third day a timecard's declared cash tips are corrected, each dated now as Square shows it
 * (updated_at). Square completes orders for good (no void after completion): a return is the
 * reversal, read as a negative sale.
 */

const DAYS = 30;
const LOCATION = SIMULATED.square_api_key.locationId;
const harness = monthHarness();
let sim: RunningVendorSimulator;

beforeAll(async () => {
  sim = await harness.start();
  configureSquareSim({ days: DAYS, ordersPerDay: 8, teamMembers: 6, endAt: Math.floor(Date.now() / DAY) * DAY - DAY });
});

afterAll(() => harness.stop());

const square: MonthVendor = {
  slug: 'square_api_key',
  oauth: false,
  truth: () => squareGroundTruth(LOCATION),
  changeDay(d) {
    const data = squareSimData();
    const at = Date.now() - 1000;
    const did: string[] = [];
    const sales: number[] = [];
    for (let i = 0; i < data.orders.count; i++)
      if (!data.orders.isReturn(i) && data.orders.linked(i) === -1 && data.orders.locationId(i) === LOCATION)
        sales.push(i);
    const tipped = sales[(d * 7) % sales.length];
    data.orders.modify(tipped, at, 150);
    did.push(`tip of ${data.orders.orderId(tipped)} adjusted`);
    if (d % 2 === 0) {
      const returned = sales[(d * 11 + 3) % sales.length];
      if (returned !== tipped) {
        data.orders.addReturn(returned, at);
        did.push(`${data.orders.orderId(returned)} returned`);
      }
    }
    if (d % 3 === 1) {
      const cards = data.timecards.filter((t) => t.location_id === LOCATION && t.status === 'CLOSED');
      const t = cards[(d * 5) % cards.length];
      t.declared_cash_tip_money = { amount: 2_000 + d * 25, currency: 'USD' };
      t.version++;
      t.updated_at = new Date(at).toISOString();
      did.push(`declared cash tips of ${t.id} corrected`);
    }
    return did;
  },
};

it('keeps every stored figure equal to the location over a month of tip adjustments, returns, auto-gratuities and declared cash tips, after a rerun and a failed run', async () => {
  const co = await runMonth(square, sim, DAYS);
  const stored = new Map((await storedSales(square, co)).map((s) => [s.vendorId, s]));
  const truth = squareGroundTruth(LOCATION).sales;
  expect(truth.filter((s) => s.refund).length).toBeGreaterThan(DAYS / 2 - 1);
  const charged = truth.filter((s) => (s.serviceCharges ?? 0) !== 0);
  expect(charged.length).toBeGreaterThan(3);
  for (const s of charged)
    expect({ id: s.vendorId, serviceCharges: stored.get(s.vendorId)?.serviceCharges }).toEqual({
      id: s.vendorId,
      serviceCharges: s.serviceCharges,
    });
}, 900_000);
