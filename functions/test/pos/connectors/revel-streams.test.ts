import { VendorError } from '../../../src/pos/connectors';
import { byId, collect, failureOf, pointedSimulator, streamsOf } from '../../helpers/streams';
import type { PosSale, StreamAuth } from '../../../src/pos/connectors/types';
import { REVEL_PAGE_SIZE } from '../../../src/pos/connectors/vendors/revel';
import { DateTime } from 'luxon';
import {
  configureRevelSim,
  resetRevelSim,
  REVEL_SIM_TIME_ZONE,
  revelGroundTruth,
  revelSimData,
} from '../../../dev/vendors/revel';
import { SIMULATED, type RunningVendorSimulator } from '../../../dev/vendors/server';

/**
 * The Revel data streams (roster, punches, sales) run over HTTP against the Revel simulator and its
 * seeded establishment (dev/vendors/revel-data.ts), whose ground truth they must equal.
 */

const DAY = 86_400_000;
const ORDERS = '/revel/resources/Order/';
const ENTRIES = '/revel/resources/TimeSheetEntry/';

let sim: RunningVendorSimulator;
const auth: StreamAuth = { accountId: SIMULATED.revel.establishmentId, credentials: { ...SIMULATED.revel } };

beforeAll(async () => {
  sim = await pointedSimulator();
  configureRevelSim();
});

afterEach(() => {
  sim.state.reset();
  resetRevelSim();
  delete process.env.VENDOR_TIMEOUT_MS;
});

afterAll(async () => {
  await sim.close();
});

const streams = () => streamsOf('revel');

const salesCreatedIn = (from: number, to: number) => {
  const ids = new Set(
    revelSimData()
      .orders.filter((o) => o.createdAt >= from && o.createdAt < to)
      .map((o) => String(o.id)),
  );
  return revelGroundTruth().sales.filter((s) => ids.has(s.refundOf ?? s.vendorId));
};

/** The TimeSheetEntry rows (worked entries and their breaks) clocked in within [from, to). */
const entryRowsClockedIn = (from: number, to: number) =>
  revelSimData()
    .timeSheetEntries.flatMap((t) => [t.clockIn, ...t.breaks.map((b) => b.start)])
    .filter((at) => at >= from && at < to).length;

describe('revel streams', () => {
  it('reads a roster equal to the seeded employees, inactive ones included', async () => {
    const got = (await collect(streams().roster(auth))).flat();
    expect(byId(got)).toEqual(byId(revelGroundTruth().employees));
    expect(got.some((e) => !e.active)).toBe(true);
    expect(got.some((e) => e.jobTitle === 'Server')).toBe(true);
  });

  it('reads only the employees updated since a time when asked', async () => {
    const since = revelSimData().start;
    const got = (await collect(streams().roster(auth, since))).flat();
    const expected = revelGroundTruth().employees.filter((e) => e.modifiedAt >= since);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(revelGroundTruth().employees.length);
    expect(byId(got)).toEqual(byId(expected));
  });

  it('reads the punches clocked in during a window record by record, breaks and deleted entries included, across pages', async () => {
    const data = revelSimData();
    const from = data.start + 2 * DAY;
    const to = from + 20 * DAY;
    const pages = await collect(streams().punches(auth, { from, to }));
    const expected = revelGroundTruth().punches.filter((p) => p.clockInAt >= from && p.clockInAt < to);
    expect(expected.length).toBeGreaterThan(REVEL_PAGE_SIZE);
    expect(byId(pages.flat())).toEqual(byId(expected));
    expect(pages.length).toBe(Math.ceil(expected.length / REVEL_PAGE_SIZE));
    expect(pages.flat().some((p) => p.breaks.length > 0)).toBe(true);
    expect(pages.flat().some((p) => p.deleted)).toBe(true);
    // a day's margin on each side, for the breaks of the window's last shifts
    expect(sim.state.calls[ENTRIES]).toBe(Math.ceil(entryRowsClockedIn(from - DAY, to + DAY) / REVEL_PAGE_SIZE));
  });

  it('reads breaks as rows of their own: each on its entry, paid or not, none a worked punch', async () => {
    const data = revelSimData();
    const got = (await collect(streams().punches(auth, { from: data.start, to: data.end }))).flat();
    const withBreaks = data.timeSheetEntries.filter((t) => t.breaks.length > 0);
    expect(withBreaks.some((t) => t.breaks.some((b) => b.paid))).toBe(true);
    expect(withBreaks.some((t) => t.breaks.some((b) => !b.paid))).toBe(true);
    expect(got).toHaveLength(data.timeSheetEntries.length);
    for (const t of withBreaks) {
      expect(got.find((p) => p.vendorId === String(t.id))?.breaks).toEqual(
        t.breaks.map((b) => ({ startAt: b.start, endAt: b.end, paid: b.paid })),
      );
    }
  });

  it('reads times local to the establishment: a clock-in Revel writes 10:30 in Austin is 15:30 UTC', async () => {
    const data = revelSimData();
    const got = (await collect(streams().punches(auth, { from: data.start, to: data.end }))).flat();
    const local = (ms: number) => DateTime.fromMillis(ms, { zone: REVEL_SIM_TIME_ZONE });
    // the seed clocks in between 15:00 and 17:00 UTC, which Revel writes as 9:00 to 12:00 in Austin
    const utcMinutes = (ms: number) => (ms % DAY) / 60_000;
    expect(got.every((p) => utcMinutes(p.clockInAt) >= 15 * 60 && utcMinutes(p.clockInAt) <= 17 * 60)).toBe(true);
    expect(got.every((p) => local(p.clockInAt).hour >= 9 && local(p.clockInAt).hour <= 12)).toBe(true);
    const sales = (await collect(streams().sales(auth, { from: data.start, to: data.start + 3 * DAY }))).flat();
    expect(byId(sales)).toEqual(byId(salesCreatedIn(data.start, data.start + 3 * DAY)));
  });

  it('reads the punches updated since a time, deletions included', async () => {
    const since = revelSimData().end - 6 * DAY;
    const got = (await collect(streams().punches(auth, { modifiedSince: since }))).flat();
    const expected = revelGroundTruth().punches.filter((p) => p.modifiedAt >= since);
    expect(byId(got)).toEqual(byId(expected));
    expect(got.some((p) => p.clockOutAt === null)).toBe(true);
  });

  it('reads the sales of a window equal to the truth over several pages: refunds negative, open orders and voided payments left out', async () => {
    const data = revelSimData();
    const from = data.start + 5 * DAY;
    const to = from + 10 * DAY;
    const pages = await collect(streams().sales(auth, { from, to }));
    const got = pages.flat();
    const expected = salesCreatedIn(from, to);
    expect(byId(got)).toEqual(byId(expected));
    expect(sim.state.calls[ORDERS]).toBeGreaterThanOrEqual(3);
    expect(pages.length).toBe(sim.state.calls[ORDERS]);
    const refunds = got.filter((s) => s.refund);
    expect(refunds.length).toBeGreaterThan(0);
    expect(refunds.every((s) => s.amount < 0 && s.tips <= 0 && s.refundOf !== null)).toBe(true);
    expect(
      got.every((s) => Number.isInteger(s.amount) && Number.isInteger(s.tips) && Number.isInteger(s.cashTips)),
    ).toBe(true);
    const sum = (xs: PosSale[], f: (s: PosSale) => number) => xs.reduce((n, s) => n + f(s), 0);
    expect(sum(got, (s) => s.tips)).toBe(sum(expected, (s) => s.tips));
  });

  it('tells cash tips from card tips by payment type', async () => {
    const from = revelSimData().start;
    const got = (await collect(streams().sales(auth, { from, to: from + 5 * DAY }))).flat().filter((s) => !s.refund);
    expect(got.some((s) => s.cashTips > 0 && s.cashTips === s.tips)).toBe(true);
    expect(got.some((s) => s.tips > 0 && s.cashTips === 0)).toBe(true);
    expect(got.some((s) => s.cashTips > 0 && s.cashTips < s.tips)).toBe(true);
    expect(got.every((s) => s.cashTips >= 0 && s.cashTips <= s.tips)).toBe(true);
  });

  it('reads the sales updated since a time, refunds made after the sale included', async () => {
    const data = revelSimData();
    const since = data.end - 4 * DAY;
    const got = (await collect(streams().sales(auth, { modifiedSince: since }))).flat();
    // open and never paid: no sale yet (a reopened one, paid before, comes back voided)
    const open = new Set(data.orders.filter((o) => !o.closed && o.payments.length === 0).map((o) => String(o.id)));
    expect(open.size).toBeGreaterThan(0);
    expect(byId(got)).toEqual(byId(revelGroundTruth().sales.filter((s) => s.modifiedAt >= since)));
    expect(got.some((s) => open.has(s.vendorId))).toBe(false);
    const createdBefore = new Set(data.orders.filter((o) => o.createdAt < since).map((o) => String(o.id)));
    expect(got.some((s) => s.refund && createdBefore.has(s.refundOf ?? ''))).toBe(true);
  });

  it('reads every order once although one is updated mid-read, and a rerun picks up its new version', async () => {
    const data = revelSimData();
    const since = data.start + 20 * DAY;
    const expected = revelGroundTruth().sales.filter((s) => s.modifiedAt >= since);
    const startedAt = Date.now();
    // employees, then orders page 1, its payments, orders page 2: the second page of orders changes
    sim.state.modifyAfterPage('revel', { after: 3 });
    const got = (await collect(streams().sales(auth, { modifiedSince: since }))).flat();
    expect(sim.state.modifications).toHaveLength(1);
    expect(got.map((s) => s.vendorId).sort()).toEqual(expected.map((s) => s.vendorId).sort());

    const rerun = (await collect(streams().sales(auth, { modifiedSince: startedAt }))).flat();
    const now = revelGroundTruth().sales.filter((s) => s.modifiedAt >= startedAt);
    expect(now.length).toBeGreaterThan(0);
    expect(byId(rerun)).toEqual(byId(now));
  });

  it('sends every request through the retry policy, which sees a 429 with its Retry-After and retries it', async () => {
    const from = revelSimData().start + 5 * DAY;
    const to = from + 10 * DAY;
    const retried: VendorError[] = [];
    let requests = 0;
    const retry = async <T>(request: () => Promise<T>): Promise<T> => {
      requests++;
      try {
        return await request();
      } catch (err) {
        if (!(err instanceof VendorError) || err.failure !== 'rate_limited') throw err;
        retried.push(err);
        return request();
      }
    };
    const pages: PosSale[][] = [];
    for await (const page of streams().sales({ ...auth, retry }, { from, to })) {
      if (pages.length === 0) sim.state.failNext('revel', 429, { retryAfter: 3 });
      pages.push(page);
    }
    expect(retried.map((e) => e.retryAfterMs)).toEqual([3000]);
    expect(requests).toBe(sim.state.callsTo('/revel/') - 1);
    expect(byId(pages.flat())).toEqual(byId(salesCreatedIn(from, to)));
  });

  it('turns a 429 without a retry policy into rate_limited with the Retry-After in ms', async () => {
    sim.state.failNext('revel', 429, { retryAfter: 7 });
    const err = await failureOf(collect(streams().roster(auth)));
    expect(err.failure).toBe('rate_limited');
    expect(err.retryAfterMs).toBe(7000);
  });

  it('turns a 503 or a request hanging past the timeout into unavailable', async () => {
    sim.state.failNext('revel', 503);
    expect(await failureOf(collect(streams().punches(auth, { from: 0, to: DAY })))).toMatchObject({
      failure: 'unavailable',
      status: 503,
    });
    process.env.VENDOR_TIMEOUT_MS = '200';
    sim.state.hangNext('revel');
    expect((await failureOf(collect(streams().roster(auth)))).failure).toBe('unavailable');
  });

  it('answers rejected for a wrong or revoked key, without the secret in the message', async () => {
    const wrong: StreamAuth = {
      ...auth,
      credentials: { ...SIMULATED.revel, apiSecret: 'wrongsecret0000000000000000' },
    };
    const err = await failureOf(collect(streams().sales(wrong, { from: 0, to: DAY })));
    expect(err.failure).toBe('rejected');
    expect(err.status).toBe(401);
    expect(err.message).not.toContain('wrongsecret');
    sim.state.revoke(SIMULATED.revel.apiKey);
    expect((await failureOf(collect(streams().roster(auth)))).failure).toBe('rejected');
  });

  it('fails a malformed page as invalid without yielding any of it', async () => {
    const from = revelSimData().start;
    // sales read the employees first: the data page after them is the first page of orders
    sim.state.malformPage('revel', { after: 1 });
    const yielded: PosSale[][] = [];
    const err = await failureOf(
      (async () => {
        for await (const page of streams().sales(auth, { from, to: from + 10 * DAY })) yielded.push(page);
      })(),
    );
    expect(err.failure).toBe('invalid');
    expect(yielded).toHaveLength(0);

    sim.state.reset();
    sim.state.malformPage('revel', { after: 1 });
    const punches: unknown[][] = [];
    const second = await failureOf(
      (async () => {
        for await (const page of streams().punches(auth, { from, to: from + 20 * DAY })) punches.push(page);
      })(),
    );
    expect(second.failure).toBe('invalid');
    // the time sheet is read whole (breaks are rows of their own) before any punch is yielded
    expect(punches).toHaveLength(0);
  });

  it('generates the same establishment from the same seed', () => {
    const a = configureRevelSim({ seed: 99 });
    const b = structuredClone(a);
    expect(configureRevelSim({ seed: 99 })).toEqual(b);
    expect(configureRevelSim({ seed: 100 })).not.toEqual(b);
    configureRevelSim();
  });
});

describe('revel money and voids (issue 60)', () => {
  const whole = async () => {
    const data = revelSimData();
    return (await collect(streams().sales(auth, { from: data.start, to: data.end + DAY }))).flat();
  };

  it('reverses an order deleted after it closed, and one reopened: voided, nothing left of it', async () => {
    const data = revelSimData();
    const deleted = data.orders.filter((o) => o.deleted);
    const reopened = data.orders.filter((o) => !o.closed && o.payments.length > 0);
    expect([deleted.length > 3, reopened.length > 3]).toEqual([true, true]);
    const got = await whole();
    for (const o of [...deleted, ...reopened])
      expect(got.find((s) => s.vendorId === String(o.id))).toMatchObject({ voided: true, amount: 0, tips: 0 });
  });

  it('reads a reopened order again once it is updated, incrementally', async () => {
    const data = revelSimData();
    const reopened = data.orders.filter((o) => !o.closed && o.payments.length > 0);
    const since = Math.min(...reopened.map((o) => o.updatedAt));
    const got = (await collect(streams().sales(auth, { modifiedSince: since }))).flat();
    for (const o of reopened) expect(got.find((s) => s.vendorId === String(o.id))?.voided).toBe(true);
  });

  it('keeps the automatic gratuity and the service charge apart from net sales and from tips', async () => {
    const data = revelSimData();
    const charged = data.orders.filter((o) => o.closed && !o.deleted && o.gratuityCents + o.serviceChargeCents > 0);
    expect(charged.some((o) => o.gratuityCents > 0) && charged.some((o) => o.serviceChargeCents > 0)).toBe(true);
    const got = await whole();
    for (const o of charged) {
      const tips = o.payments.filter((p) => !p.deleted && p.amountCents >= 0).reduce((n, p) => n + p.tipCents, 0);
      expect(got.find((s) => s.vendorId === String(o.id))).toMatchObject({
        amount: o.subtotalCents,
        serviceCharges: o.gratuityCents + o.serviceChargeCents,
        gratuities: 0,
        tips,
      });
    }
  });
});
