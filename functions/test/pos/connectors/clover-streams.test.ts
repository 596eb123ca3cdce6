import { VendorError } from '../../../src/pos/connectors';
import { byId, collect, failureOf, pointedSimulator, streamsOf } from '../../helpers/streams';
import type { PosSale, StreamAuth } from '../../../src/pos/connectors/types';
import { SIMULATED_OAUTH_ACCOUNTS, SIMULATED_OAUTH_APPS } from '../../../dev/vendors/accounts';
import { cloverGroundTruth, cloverOrderTruth, cloverSimData, configureCloverSim } from '../../../dev/vendors/clover';
import type { RunningVendorSimulator } from '../../../dev/vendors/server';

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
    const expected = cloverGroundTruth().punches.filter((p) => p.modifiedAt >= since);
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
    const refunds = got.filter((s) => s.refund);
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
        o.refunds.some((r) => r.tipAmount > 0 && r.taxAmount === o.payments[0].taxAmount),
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
