import { DAY, monthHarness, runMonth, storedSales, type MonthVendor } from './month';
import { configureToastSim, refundToastItems, toastGroundTruth, toastSimData } from '../../../dev/vendors/toast';
import type { RunningVendorSimulator } from '../../../dev/vendors/server';

/**
 * A month of Toast, day by day (./month.ts): the seeded restaurant already holds checks voided a
 * day or more after they closed, reopened checks, gratuity and delivery service charges and
 * declared cash tips (dev/vendors/toast-data.ts); each day a closed check's order is voided, every
 * third day a check is reopened (and closed again two days later), every other day a time
 * entry's declared cash tips are corrected, and every fourth day a server refunds two items of a
 * check (taxed at different rates) with its tip and its gratuity service charge, each as Toast shows
 * it (modifiedDate now, voidDate, paymentStatus OPEN with its closedDate kept, the payment's Refund
 * and the RefundDetails of the refunded selections and service charges).
 */

const DAYS = 30;
const harness = monthHarness();
let sim: RunningVendorSimulator;

beforeAll(async () => {
  sim = await harness.start();
  configureToastSim({ days: DAYS, ordersPerDay: 8, employees: 5, end: Math.floor(Date.now() / DAY) * DAY - DAY });
});

afterAll(() => harness.stop());

const reopened: string[] = [];

const toast: MonthVendor = {
  slug: 'toast',
  oauth: false,
  truth: toastGroundTruth,
  changeDay(d) {
    const data = toastSimData();
    const at = Date.now() - 1000;
    const did: string[] = [];
    const standing = data.orders.filter(
      (o) => !o.voided && o.closedAt !== null && o.checks.every((c) => c.reopened === null && !c.deleted),
    );
    const voided = standing[(d * 7) % standing.length];
    voided.voided = true;
    voided.modifiedAt = at;
    for (const c of voided.checks) {
      c.voided = true;
      c.voidedAt = at;
      c.modifiedAt = at;
      for (const p of c.payments) p.voided = true;
    }
    did.push(`voided ${voided.guid}`);
    if (d % 3 === 0) {
      const o = standing[(d * 13 + 5) % standing.length];
      if (o !== voided) {
        o.checks[0].reopened = 'OPEN';
        o.checks[0].modifiedAt = at;
        o.modifiedAt = at;
        reopened.push(o.guid);
        did.push(`reopened ${o.checks[0].guid}`);
      }
    }
    if (d % 3 === 2 && reopened.length > 0) {
      const guid = reopened.shift();
      const o = data.orders.find((x) => x.guid === guid)!;
      o.checks[0].reopened = null;
      o.checks[0].modifiedAt = at;
      o.modifiedAt = at;
      did.push(`closed again ${o.checks[0].guid}`);
    }
    if (d % 2 === 1) {
      const entries = data.timeEntries.filter((t) => t.outAt !== null && !t.deleted);
      const t = entries[(d * 3) % entries.length];
      t.declaredCashTipsCents = 1_500 + d * 25;
      t.modifiedAt = at;
      did.push(`declared cash tips of ${t.guid} corrected`);
    }
    if (d % 4 === 1) {
      const refundable = standing.flatMap((o) =>
        o.checks.filter(
          (c) =>
            c.closedAt !== null &&
            c.amountCents > 1_000 &&
            c.payments.every((p) => p.refund === null) &&
            c.payments.some((p) => !p.voided && p.tipCents > 0),
        ),
      );
      // one with a gratuity service charge when there is one
      const check = refundable.find((c) => c.serviceCharges.some((sc) => sc.gratuity)) ?? refundable[0];
      const a = Math.floor(check.amountCents / 3);
      const b = Math.floor(check.amountCents / 4);
      refundToastItems(check.guid, {
        items: [
          { amountCents: a, taxCents: Math.round(a * 0.08) },
          { amountCents: b, taxCents: Math.round(b * 0.1) },
        ],
        gratuity: true,
        tip: true,
        at,
      });
      did.push(`refunded two items, the tip and the gratuity of ${check.guid}`);
    }
    return did;
  },
};

it('keeps every stored figure equal to the restaurant over a month of voids, reopened checks, gratuities and declared cash tips, after a rerun and a failed run', async () => {
  const co = await runMonth(toast, sim, DAYS);
  const stored = new Map((await storedSales(toast, co)).map((s) => [s.vendorId, s]));
  const truth = toastGroundTruth().sales;
  // the cases the month is about were all there, and stored as Toast says
  expect(truth.filter((s) => s.voided).length).toBeGreaterThan(DAYS);
  expect(truth.filter((s) => (s.serviceCharges ?? 0) > 0).length).toBeGreaterThan(3);
  // refunds of items with their tip (and a gratuity) read from the RefundDetails
  const refunds = toastSimData().orders.flatMap((o) =>
    o.checks.flatMap((c) => c.payments.filter((p) => p.refund?.details).map((p) => `${p.guid}:refund`)),
  );
  expect(refunds.length).toBeGreaterThanOrEqual(7);
  for (const id of refunds)
    expect({ id, ...stored.get(id) }).toMatchObject({
      id,
      refund: true,
      amount: truth.find((s) => s.vendorId === id)!.amount,
      tips: truth.find((s) => s.vendorId === id)!.tips,
      serviceCharges: truth.find((s) => s.vendorId === id)!.serviceCharges ?? 0,
    });
  expect(truth.some((s) => s.refund && (s.serviceCharges ?? 0) < 0 && s.tips < 0)).toBe(true);
  for (const s of truth.filter((x) => (x.serviceCharges ?? 0) > 0 && !x.voided))
    expect({ id: s.vendorId, serviceCharges: stored.get(s.vendorId)?.serviceCharges }).toEqual({
      id: s.vendorId,
      serviceCharges: s.serviceCharges,
    });
}, 900_000);
