import { VendorError } from '../../../src/pos/connectors';
import { byId, collect, failureOf, pointedSimulator, streamsOf } from '../../helpers/streams';
import type { PosSale, StreamAuth } from '../../../src/pos/connectors/types';
import { SIMULATED_OAUTH_ACCOUNTS, SIMULATED_OAUTH_APPS } from '../../../dev/vendors/accounts';
import { cloverGroundTruth, cloverOrderTruth, cloverSimData, configureCloverSim } from '../../../dev/vendors/clover';
import type { RunningVendorSimulator } from '../../../dev/vendors/server';
import { deleteCloverShift, fixCloverShift } from '../../../dev/vendors/clover';
import { CLOVER_SHIFT_LOOKBACK_MS } from '../../../src/pos/connectors/vendors/clover';

/**
 * The Clover data streams (roster, punches, sales) run over HTTP against the Clover simulator and
 * its seeded merchant (dev/vendors/clover-data.ts), whose records are the ground truth here.
 */

const DAY = 86_400_000;
const MERCHANT = SIMULATED_OAUTH_ACCOUNTS.clover.merchantId;
const ORDERS = `/clover/v3/merchants/${MERCHANT}/orders`;
const TOKEN = 'SIMclvAT-streams-test-token-0123456789';

let sim: RunningVendorSimulator;
const auth: StreamAuth = { accountId: MERCHANT, accessToken: TOKEN };

beforeAll(async () => {
  sim = await pointedSimulator();
});

beforeEach(() => {
  sim.state.issueToken(
    'clover',
    'access',
    TOKEN,
    { clientId: SIMULATED_OAUTH_APPS.clover.clientId, account: MERCHANT, scopes: [] },
    3600,
  );
});

afterEach(() => {
  sim.state.reset();
});

afterAll(async () => {
  await sim.close();
});

const streams = () => streamsOf('clover');

const SHIFTS = `/clover/v3/merchants/${MERCHANT}/shifts`;
const HOUR = 3_600_000;

const salesModifiedIn = (from: number, to: number) =>
  cloverSimData()
    .orders.filter((o) => o.modifiedTime >= from && o.modifiedTime < to)
    .flatMap(cloverOrderTruth);

describe('clover streams', () => {
  it('reads a roster equal to the seeded employees, deleted ones inactive and roles as job titles', async () => {
    const got = (await collect(streams().roster(auth))).flat();
    expect(byId(got)).toEqual(byId(cloverGroundTruth().employees));
    expect(got.some((e) => !e.active)).toBe(true);
    expect(got.every((e) => e.jobTitle !== null)).toBe(true);
  });

  it('reads the shifts clocked in during a window record by record, manager overrides applied', async () => {
    const data = cloverSimData();
    const from = data.start + 5 * DAY;
    const to = from + 10 * DAY;
    const got = (await collect(streams().punches(auth, { from, to }))).flat();
    const expected = cloverGroundTruth().punches.filter((p) => {
      const shift = data.shifts.find((s) => s.id === p.vendorId);
      return shift !== undefined && shift.inTime >= from && shift.inTime < to;
    });
    expect(expected.length).toBeGreaterThan(50);
    expect(byId(got)).toEqual(byId(expected));
    expect(data.shifts.some((s) => s.overrideInTime !== null && s.inTime >= from && s.inTime < to)).toBe(true);
  });

  it('reads the shifts changed since a time, open shifts included', async () => {
    const data = cloverSimData();
    const since = data.end - 4 * DAY;
    const got = (await collect(streams().punches(auth, { modifiedSince: since }))).flat();
    // no modification time on a shift: every one clocked in within the lookback before the cursor
    const inLookback = new Set(
      data.shifts.filter((s) => s.inTime >= since - CLOVER_SHIFT_LOOKBACK_MS).map((s) => s.id),
    );
    const expected = cloverGroundTruth().punches.filter((p) => inLookback.has(p.vendorId));
    expect(expected.some((p) => p.modifiedAt < since)).toBe(true);
    expect(byId(got)).toEqual(byId(expected));
    expect(got.some((p) => p.clockOutAt === null)).toBe(true);
  });

  it('reads the sales of a window equal to the truth: refunds negative, cash tips apart, integer cents', async () => {
    const data = cloverSimData();
    const from = data.start;
    const to = data.end;
    const got = (await collect(streams().sales(auth, { from, to }))).flat();
    const expected = salesModifiedIn(from, to);
    expect(byId(got)).toEqual(byId(expected));
    const refunds = got.filter((s) => s.refund && !s.voided);
    expect(refunds.length).toBeGreaterThan(0);
    expect(refunds.every((s) => s.amount < 0 && s.tips <= 0 && s.refundOf !== null)).toBe(true);
    const sales = got.filter((s) => !s.refund);
    expect(sales.some((s) => s.cashTips > 0 && s.cashTips === s.tips)).toBe(true);
    expect(sales.some((s) => s.tips > 0 && s.cashTips === 0)).toBe(true);
    expect(
      got.every((s) => Number.isInteger(s.amount) && Number.isInteger(s.tips) && Number.isInteger(s.cashTips)),
    ).toBe(true);
    expect(data.orders.some((o) => o.state === 'open' || o.payments.some((p) => p.result === 'VOIDED'))).toBe(true);
  });

  it('nets a fully refunded order to zero: the refunded tip is a refunded tip, not refunded sales', async () => {
    const data = cloverSimData();
    const got = (await collect(streams().sales(auth, { from: data.start, to: data.end }))).flat();
    const refunded = data.orders.filter(
      (o) =>
        o.state === 'locked' &&
        o.payments.length === 1 &&
        o.payments[0].result === 'SUCCESS' &&
        o.refunds.some((r) => !r.voided && r.tipAmount > 0 && r.taxAmount === o.payments[0].taxAmount),
    );
    expect(refunded.length).toBeGreaterThan(0);
    for (const o of refunded) {
      const [sale, refund] = [got.find((s) => s.vendorId === o.id), got.find((s) => s.refundOf === o.id)];
      expect([(sale?.amount ?? 0) + (refund?.amount ?? 0), (sale?.tips ?? 0) + (refund?.tips ?? 0)]).toEqual([0, 0]);
    }
  });

  it('pages through the orders 1000 at a time and reads each order once', async () => {
    const data = cloverSimData();
    const from = data.start;
    const to = from + 25 * DAY;
    const orders = data.orders.filter((o) => o.modifiedTime >= from && o.modifiedTime < to);
    expect(orders.length).toBeGreaterThan(1000);
    const pages = await collect(streams().sales(auth, { from, to }));
    const got = pages.flat();
    expect(pages.length).toBe(Math.ceil(orders.length / 1000));
    expect(sim.state.callsTo(ORDERS)).toBe(Math.ceil((orders.length + 1) / 1000));
    expect(new Set(got.map((s) => s.vendorId)).size).toBe(got.length);
    expect(byId(got)).toEqual(byId(salesModifiedIn(from, to)));
  });

  it('reads the sales modified since a time', async () => {
    const since = cloverSimData().end - 3 * DAY;
    const got = (await collect(streams().sales(auth, { modifiedSince: since }))).flat();
    expect(got.length).toBeGreaterThan(0);
    expect(byId(got)).toEqual(byId(cloverGroundTruth().sales.filter((s) => s.modifiedAt >= since)));
  });

  it('splits a window longer than 90 days into requests Clover answers in full', async () => {
    // 130 days of data: one request for all of them would be cut to the last 90 days
    const data = configureCloverSim({ days: 130, ordersPerDay: 10, employees: 4 });
    try {
      const got = (await collect(streams().sales(auth, { from: data.start, to: data.end }))).flat();
      expect(streams().maxWindowMs?.sales).toBe(90 * DAY);
      expect(got.some((s) => s.modifiedAt < data.end - 90 * DAY)).toBe(true);
      expect(byId(got)).toEqual(byId(salesModifiedIn(data.start, data.end)));
      expect(sim.state.callsTo(ORDERS)).toBe(2);
    } finally {
      configureCloverSim();
    }
  });

  it('retries a 429 through the retry policy, honouring its Retry-After', async () => {
    const data = cloverSimData();
    const retried: VendorError[] = [];
    const retry = async <T>(request: () => Promise<T>): Promise<T> => {
      try {
        return await request();
      } catch (err) {
        if (!(err instanceof VendorError) || err.failure !== 'rate_limited') throw err;
        retried.push(err);
        return request();
      }
    };
    const pages: PosSale[][] = [];
    for await (const page of streams().sales({ ...auth, retry }, { from: data.start, to: data.end })) {
      if (pages.length === 0) sim.state.failNext('clover', 429, { retryAfter: 3 });
      pages.push(page);
    }
    expect(retried.map((e) => e.retryAfterMs)).toEqual([3000]);
    expect(byId(pages.flat())).toEqual(byId(salesModifiedIn(data.start, data.end)));
  });

  it('answers rate_limited for a 429 without a retry policy and unavailable for a 503', async () => {
    sim.state.failNext('clover', 429, { retryAfter: 7 });
    const limited = await failureOf(collect(streams().roster(auth)));
    expect(limited.failure).toBe('rate_limited');
    expect(limited.retryAfterMs).toBe(7000);
    sim.state.failNext('clover', 503);
    expect(await failureOf(collect(streams().punches(auth, { from: 0, to: DAY })))).toMatchObject({
      failure: 'unavailable',
    });
  });

  it('answers rejected for a revoked token or another merchant, without the token in the message', async () => {
    sim.state.revoke(TOKEN);
    const revoked = await failureOf(collect(streams().roster(auth)));
    expect(revoked.failure).toBe('rejected');
    expect(revoked.message).not.toContain(TOKEN);
    sim.state.reset();
    sim.state.issueToken(
      'clover',
      'access',
      TOKEN,
      { clientId: SIMULATED_OAUTH_APPS.clover.clientId, account: MERCHANT, scopes: [] },
      3600,
    );
    const other = await failureOf(
      collect(streams().sales({ ...auth, accountId: 'SIMCLVRMRCH99' }, { from: 0, to: DAY })),
    );
    expect(other.failure).toBe('rejected');
  });

  it('fails a malformed page as invalid without yielding any of it', async () => {
    const data = cloverSimData();
    sim.state.malformPage('clover');
    const yielded: PosSale[][] = [];
    const err = await failureOf(
      (async () => {
        for await (const page of streams().sales(auth, { from: data.start, to: data.end })) yielded.push(page);
      })(),
    );
    expect(err.failure).toBe('invalid');
    expect(yielded).toHaveLength(0);
  });
});

describe('clover money, voids and late edits (issue 60)', () => {
  const whole = async () => {
    const data = cloverSimData();
    return (await collect(streams().sales(auth, { from: data.start, to: data.end }))).flat();
  };

  it('reverses an order whose payments were voided after it closed (reopened): voided, nothing left of it', async () => {
    const data = cloverSimData();
    const reopened = data.orders.filter(
      (o) => !o.testMode && o.state === 'open' && o.payments.some((p) => p.voidReason === 'REOPEN_ORDER'),
    );
    expect(reopened.length).toBeGreaterThan(5);
    const got = await whole();
    for (const o of reopened) {
      expect(got.find((s) => s.vendorId === o.id)).toMatchObject({ voided: true, amount: 0, tips: 0, cashTips: 0 });
    }
  });

  it('reads an order reopened and paid again as a plain sale of its new payment', async () => {
    const data = cloverSimData();
    const again = data.orders.filter(
      (o) => !o.testMode && o.state === 'locked' && o.payments.some((p) => p.voidReason === 'REOPEN_ORDER'),
    );
    expect(again.length).toBeGreaterThan(0);
    const got = await whole();
    for (const o of again) {
      const paid = o.payments.filter((p) => p.result === 'SUCCESS');
      expect(got.find((s) => s.vendorId === o.id)).toMatchObject({
        voided: false,
        tips: paid.reduce((n, p) => n + p.tipAmount, 0),
      });
    }
  });

  it('reverses a voided refund: the refund comes back voided with zero figures', async () => {
    const data = cloverSimData();
    const voided = data.orders.filter((o) => !o.testMode).flatMap((o) => o.refunds.filter((r) => r.voided));
    expect(voided.length).toBeGreaterThan(0);
    const got = await whole();
    for (const r of voided) expect(got.find((s) => s.vendorId === r.id)).toMatchObject({ voided: true, amount: 0 });
  });

  it('keeps service charges (automatic gratuities) apart from net sales and from tips', async () => {
    const data = cloverSimData();
    const charged = data.orders.filter(
      (o) =>
        !o.testMode && o.state === 'locked' && o.payments.some((p) => p.result === 'SUCCESS' && p.serviceCharge > 0),
    );
    expect(charged.length).toBeGreaterThan(10);
    const got = await whole();
    for (const o of charged) {
      const paid = o.payments.filter((p) => p.result === 'SUCCESS');
      expect(got.find((s) => s.vendorId === o.id)).toMatchObject({
        amount: paid.reduce((n, p) => n + p.amount - p.taxAmount - p.serviceCharge, 0),
        serviceCharges: paid.reduce((n, p) => n + p.serviceCharge, 0),
        tips: paid.reduce((n, p) => n + p.tipAmount, 0),
        gratuities: 0,
      });
    }
  });

  it('leaves test-mode orders out', async () => {
    const data = cloverSimData();
    const tests = data.orders.filter((o) => o.testMode);
    expect(tests.length).toBeGreaterThan(10);
    const ids = new Set((await whole()).map((s) => s.vendorId));
    expect(tests.filter((o) => ids.has(o.id))).toEqual([]);
  });

  it('judges an order by its paymentState, not by its state label (which Clover says not to rely on)', async () => {
    const data = cloverSimData();
    const paid = data.orders.filter((o) => !o.testMode && o.state === 'locked' && o.refunds.length === 0).slice(0, 3);
    for (const o of paid) o.stateLabel = null; // a hidden order: state unset, paid all the same
    const got = await whole();
    for (const o of paid) expect(got.find((s) => s.vendorId === o.id)).toMatchObject({ voided: false });
    for (const o of paid) delete o.stateLabel;
  });

  it('reads the cash tips declared on a shift (cashTipsCollected) as declaredCashTips', async () => {
    const data = cloverSimData();
    const got = (await collect(streams().punches(auth, { from: data.start, to: data.end }))).flat();
    const declared = data.shifts.filter((s) => s.cashTipsCollected > 0);
    expect(declared.length).toBeGreaterThan(50);
    for (const s of declared) expect(got.find((p) => p.vendorId === s.id)?.declaredCashTips).toBe(s.cashTipsCollected);
  });

  it('catches a clock-out fixed two days later in the next incremental read, within one more request', async () => {
    const now = Date.now();
    const data = configureCloverSim({ end: now + HOUR, days: 40, employees: 14 });
    try {
      const shift = data.shifts.find((s) => s.outTime !== null && s.inTime < now - 2 * DAY && s.inTime > now - 3 * DAY);
      if (!shift?.outTime) throw new Error('the seeded merchant has no shift two days back');
      // the cursor of the last run is now; the manager fixes that shift's clock-out now
      fixCloverShift(shift.id, shift.outTime + 45 * 60_000);
      const got = (await collect(streams().punches(auth, { modifiedSince: now - 10 * 60_000 }))).flat();
      expect(got.find((p) => p.vendorId === shift.id)?.clockOutAt).toBe(shift.outTime + 45 * 60_000);
      // the price of reading the lookback again: every shift of the last 35 days, 1,000 to a request
      const inLookback = data.shifts.filter((s) => s.inTime >= now - 10 * 60_000 - CLOVER_SHIFT_LOOKBACK_MS).length;
      expect(got).toHaveLength(inLookback);
      expect(sim.state.callsTo(SHIFTS)).toBe(Math.floor(inLookback / 1000) + 1);
    } finally {
      configureCloverSim();
    }
  });

  it('answers a shift Clover deleted as a deleted punch, given the punches the sync holds, and no other', async () => {
    const data = cloverSimData();
    const held = cloverGroundTruth().punches;
    const gone = data.shifts.find((s) => s.inTime > data.start + 3 * DAY && s.outTime !== null)!;
    deleteCloverShift(gone.id);
    try {
      const asked: [number, number][] = [];
      const storedPunches = async (from: number, to: number) => {
        asked.push([from, to]);
        return held.filter((p) => p.clockInAt >= from && p.clockInAt < to);
      };
      const got = (
        await collect(streams().punches({ ...auth, storedPunches }, { from: data.start, to: data.end }))
      ).flat();
      expect(got.filter((p) => p.deleted).map((p) => p.vendorId)).toEqual([gone.id]);
      // a day's margin inside a window that ends in the past (an override moves a clock-in)
      expect(asked).toEqual([[data.start + DAY, data.end - DAY]]);
      expect(got.filter((p) => !p.deleted)).toHaveLength(held.length - 1);
    } finally {
      configureCloverSim();
    }
  });

  it('skips no order when one is modified during a paged read (keyset on modifiedTime, not offsets)', async () => {
    const data = cloverSimData();
    const from = data.start;
    const to = from + 25 * DAY;
    const before = data.orders.filter((o) => o.modifiedTime >= from && o.modifiedTime < to).map((o) => o.id);
    expect(before.length).toBeGreaterThan(1000);
    sim.state.modifyAfterPage('clover');
    const got = new Set((await collect(streams().sales(auth, { from, to }))).flat().map((s) => s.vendorId));
    const [modified] = sim.state.modifications.map((m) => m.id);
    expect(modified).toBeDefined();
    const shouldRead = data.orders.filter(
      (o) => before.includes(o.id) && o.id !== modified && cloverOrderTruth(o).length > 0,
    );
    expect(shouldRead.filter((o) => !got.has(o.id)).map((o) => o.id)).toEqual([]);
  });

  it('keeps to 5 requests in progress per access token, which the simulator enforces with a 429', async () => {
    // each answer held 150 ms: 8 reads at once would put 8 in progress
    sim.state.hangNext('clover', { ms: 150, times: 8 });
    const rosters = await Promise.all(Array.from({ length: 8 }, () => collect(streams().roster(auth))));
    expect(rosters.every((r) => r.flat().length === cloverSimData().employees.length)).toBe(true);

    sim.state.hangNext('clover', { ms: 150, times: 6 });
    const url = `${sim.urls.clover}/v3/merchants/${MERCHANT}/employees`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        await new Promise((r) => setTimeout(r, i * 10));
        const res = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } });
        return { status: res.status, body: (await res.json()) as unknown, retryAfter: res.headers.get('retry-after') };
      }),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers.find((a) => a.status === 429)).toMatchObject({
      body: { message: 'Too Many Requests' },
      retryAfter: '1',
    });
  });
});
