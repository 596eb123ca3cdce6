import { VendorError } from '../../../src/pos/connectors';
import { byId, collect, failureOf, pointedSimulator, streamsOf } from '../../helpers/streams';
import type { PosSale, StreamAuth } from '../../../src/pos/connectors/types';
import { SPOTON_END_LAG_MS, spotonMinorUnits } from '../../../src/pos/connectors/vendors/spoton';
import { SIMULATED, type RunningVendorSimulator } from '../../../dev/vendors/server';
import { spotonGroundTruth, spotonOrderTruth, spotonSimData } from '../../../dev/vendors/spoton';

/**
 * The SpotOn data streams (roster, punches, sales) run over HTTP against the SpotOn simulator and
 * its seeded location (dev/vendors/spoton-data.ts), whose records are the ground truth here.
 */

const DAY = 86_400_000;
const BASE = '/spoton/posexport/v1/locations/sim-location-0001-main';
const ENTRIES = `${BASE}/time-clock-entries`;
const ORDERS = `${BASE}/orders`;

let sim: RunningVendorSimulator;
const auth: StreamAuth = { accountId: SIMULATED.spoton.locationId, credentials: { ...SIMULATED.spoton } };

beforeAll(async () => {
  sim = await pointedSimulator();
});

afterEach(() => {
  sim.state.reset();
  delete process.env.VENDOR_TIMEOUT_MS;
});

afterAll(async () => {
  await sim.close();
});

const streams = () => streamsOf('spoton');

const sum = (xs: PosSale[], f: (s: PosSale) => number) => xs.reduce((n, s) => n + f(s), 0);

describe('spoton streams', () => {
  it('reads a roster equal to the seeded employees, terminated and deleted ones inactive', async () => {
    const got = (await collect(streams().roster(auth))).flat();
    const truth = spotonGroundTruth().employees;
    expect(truth).toHaveLength(12);
    expect(byId(got)).toEqual(byId(truth));
    expect(got.some((e) => !e.active)).toBe(true);
    expect(got.some((e) => e.jobTitle !== null)).toBe(true);
  });

  it('reads the punches of a window record by record, one request a day, breaks and voided entries included', async () => {
    const data = spotonSimData();
    const from = data.start + 2 * DAY;
    const to = from + 5 * DAY;
    const pages = await collect(streams().punches(auth, { from, to }));
    const expected = spotonGroundTruth().punches.filter((p) => p.clockInAt >= from && p.clockInAt < to);
    expect(expected.length).toBeGreaterThan(20);
    expect(byId(pages.flat())).toEqual(byId(expected));
    expect(pages.length).toBe(5);
    expect(sim.state.calls[ENTRIES]).toBe(5);
    expect(pages.flat().some((p) => p.breaks.some((b) => b.paid) && p.breaks.some((b) => !b.paid))).toBe(true);
    expect(streams().maxWindowMs).toEqual({ punches: DAY, sales: DAY });
  });

  it('keeps a window that does not fall on whole seconds exact', async () => {
    const data = spotonSimData();
    const target = data.entries[40];
    const from = target.inAt + 1;
    const to = from + DAY - 1;
    const got = (await collect(streams().punches(auth, { from, to }))).flat();
    expect(byId(got)).toEqual(byId(spotonGroundTruth().punches.filter((p) => p.clockInAt >= from && p.clockInAt < to)));
    expect(got.some((p) => p.vendorId === target.id)).toBe(false);
  });

  it('reads the punches updated since a time, a day per request up to now, deletions included', async () => {
    const data = spotonSimData();
    const since = data.end - 4 * DAY;
    const got = (await collect(streams().punches(auth, { modifiedSince: since }))).flat();
    const expected = spotonGroundTruth().punches.filter((p) => p.modifiedAt >= since);
    expect(expected.some((p) => p.deleted)).toBe(true);
    expect(byId(got)).toEqual(byId(expected));
    // a day per request from `since` up to 5 minutes (and a margin) before now
    const requests = Math.ceil((Date.now() - SPOTON_END_LAG_MS - since) / DAY);
    expect(sim.state.calls[ENTRIES]).toBeGreaterThanOrEqual(requests - 1);
    expect(sim.state.calls[ENTRIES]).toBeLessThanOrEqual(requests);
  });

  it('reads the sales of a window equal to the truth: open orders skipped, refunds negative, sums in cents', async () => {
    const data = spotonSimData();
    const from = data.start;
    const to = data.end;
    const pages = await collect(streams().sales(auth, { from, to }));
    const orders = data.orders.filter((o) => o.closedAt !== null && o.closedAt >= from && o.closedAt < to);
    const expected = orders.flatMap(spotonOrderTruth);
    const got = pages.flat();
    expect(byId(got)).toEqual(byId(expected));
    expect(pages.length).toBe(14);
    expect(sim.state.calls[ORDERS]).toBe(14);
    expect(orders.some((o) => o.deleted)).toBe(true);
    const refunds = got.filter((s) => s.refund);
    expect(refunds.length).toBeGreaterThan(0);
    expect(refunds.every((s) => s.amount < 0 && s.tips <= 0 && s.refundOf !== null)).toBe(true);
    expect(sum(got, (s) => s.amount)).toBe(sum(expected, (s) => s.amount));
    expect(sum(got, (s) => s.tips)).toBe(sum(expected, (s) => s.tips));
    expect(got.every((s) => Number.isInteger(s.amount) && Number.isInteger(s.tips) && s.currency === 'USD')).toBe(true);
  });

  it('splits the tips of each order into cash (CASH payment options) and the rest', async () => {
    const data = spotonSimData();
    const got = (await collect(streams().sales(auth, { from: data.start, to: data.end })))
      .flat()
      .filter((s) => !s.refund);
    expect(got.some((s) => s.cashTips > 0 && s.cashTips === s.tips)).toBe(true);
    expect(got.some((s) => s.tips > 0 && s.cashTips === 0)).toBe(true);
    expect(got.every((s) => s.cashTips >= 0 && s.cashTips <= s.tips)).toBe(true);
  });

  describe('money as SpotOn documents it (issue 60)', () => {
    const read = async () => {
      const data = spotonSimData();
      const got = (await collect(streams().sales(auth, { from: data.start, to: data.end }))).flat();
      return { data, got, sale: (id: string) => got.find((s) => s.vendorId === id)! };
    };
    const cents = (v: number[]) => v.reduce((n, x) => n + x, 0);

    it('reads a check\'s gratuityAmount ("applied auto-gratuity") as a service charge, apart from net sales and tips', async () => {
      const { data, sale } = await read();
      const withGratuity = data.orders.filter((o) => o.closedAt !== null && o.checks.some((c) => c.gratuityCents > 0));
      expect(withGratuity.length).toBeGreaterThan(5);
      for (const o of withGratuity) {
        const s = sale(o.id);
        expect(s.serviceCharges).toBe(cents(o.checks.map((c) => c.gratuityCents)));
        expect(s.gratuities ?? 0).toBe(0);
        expect(s.amount).toBe(cents(o.checks.flatMap((c) => c.guests.flat())));
        expect(s.tips).toBe(
          cents(o.checks.flatMap((c) => c.payments.filter((p) => p.amountCents >= 0).map((p) => p.tipCents))),
        );
      }
    });

    it('leaves gift cards sold or reloaded (giftCardIssueReload) out of net sales', async () => {
      const { data, sale } = await read();
      const withCards = data.orders.filter((o) => o.closedAt !== null && o.checks.some((c) => c.giftCards.length > 0));
      expect(withCards.length).toBeGreaterThan(5);
      for (const o of withCards) expect(sale(o.id).amount).toBe(cents(o.checks.flatMap((c) => c.guests.flat())));
    });

    it('reverses a deleted order: each of its sales comes out voided', async () => {
      const { data, got } = await read();
      const deleted = data.orders.filter((o) => o.deleted && o.closedAt !== null);
      expect(deleted.length).toBeGreaterThan(3);
      for (const o of deleted) {
        const mine = got.filter((s) => s.vendorId === o.id || s.refundOf === o.id);
        expect(mine.length).toBeGreaterThan(0);
        expect(mine.every((s) => s.voided === true)).toBe(true);
      }
      expect(got.filter((s) => s.voided).length).toBe(
        got.filter((s) => deleted.some((o) => o.id === s.vendorId || o.id === s.refundOf)).length,
      );
    });

    it('credits a tip to the employee it was applied to (tipAppliedToEmployeeId), not the order owner', async () => {
      const { data, sale } = await read();
      const handedOver = data.orders.filter(
        (o) =>
          o.closedAt !== null &&
          o.checks.some((c) =>
            c.payments.some((p) => p.tipCents > 0 && p.tipAppliedTo && p.tipAppliedTo !== o.ownerEmployeeId),
          ),
      );
      expect(handedOver.length).toBeGreaterThan(5);
      for (const o of handedOver) {
        const expected = new Map<string, number>();
        for (const p of o.checks.flatMap((c) => c.payments))
          if (p.amountCents >= 0 && p.tipAppliedTo && p.tipAppliedTo !== o.ownerEmployeeId && p.tipCents !== 0)
            expected.set(p.tipAppliedTo, (expected.get(p.tipAppliedTo) ?? 0) + p.tipCents);
        expect(new Map((sale(o.id).tipsTo ?? []).map((t) => [t.employeeVendorId, t.amount]))).toEqual(expected);
      }
      // a tip applied to the owner stays theirs
      const own = data.orders.find(
        (o) =>
          o.closedAt !== null &&
          !handedOver.includes(o) &&
          o.checks.some((c) => c.payments.some((p) => p.tipCents > 0)),
      )!;
      expect(sale(own.id).tipsTo ?? []).toEqual([]);
    });

    it("reads an entry's declared cash tips as those collected less those given to others", async () => {
      const data = spotonSimData();
      const got = (await collect(streams().punches(auth, { from: data.start, to: data.end }))).flat();
      const declared = data.entries.filter((t) => t.declaredCashTipsCents > 0);
      const given = declared.filter((t) => t.declaredCashTipsToOthersCents > 0);
      expect(declared.length).toBeGreaterThan(20);
      expect(given.length).toBeGreaterThan(3);
      for (const t of declared) {
        const net = t.declaredCashTipsCents - t.declaredCashTipsToOthersCents;
        expect(got.find((p) => p.vendorId === t.id)?.declaredCashTips).toBe(net > 0 ? net : undefined);
      }
    });
  });

  it('reads the sales updated since a time through the update range of the orders', async () => {
    const data = spotonSimData();
    const since = data.end - 3 * DAY;
    const got = (await collect(streams().sales(auth, { modifiedSince: since }))).flat();
    const expected = data.orders.filter((o) => o.updatedAt >= since).flatMap(spotonOrderTruth);
    expect(expected.length).toBeGreaterThan(50);
    expect(byId(got)).toEqual(byId(expected));
    expect(byId(got)).toEqual(byId(spotonGroundTruth().sales.filter((s) => s.modifiedAt >= since)));
  });

  it('sends order ranges SpotOn accepts: at most 26 hours, whole seconds, ending 5 minutes in the past', async () => {
    const res = await fetch(
      `${sim.urls.spoton}/posexport/v1/locations/${SIMULATED.spoton.locationId}/orders?updatedAtStart=2025-05-01T00:00:00Z&updatedAtEnd=2025-05-03T00:00:00Z`,
      {
        headers: { 'x-api-key': SIMULATED.spoton.apiKey },
      },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: '400' });
    const data = spotonSimData();
    await collect(streams().sales(auth, { from: data.start + 1234, to: data.start + 3 * DAY + 567 }));
    expect(sim.state.calls[ORDERS]).toBe(4);
  });

  it('turns a 429 into rate_limited with the Retry-After in ms, and retries it through the retry policy', async () => {
    sim.state.failNext('spoton', 429, { retryAfter: 7 });
    const err = await failureOf(collect(streams().roster(auth)));
    expect(err.failure).toBe('rate_limited');
    expect(err.retryAfterMs).toBe(7000);

    const data = spotonSimData();
    const retried: VendorError[] = [];
    let requests = 0;
    const retry = async <T>(request: () => Promise<T>): Promise<T> => {
      requests++;
      try {
        return await request();
      } catch (e) {
        if (!(e instanceof VendorError) || e.failure !== 'rate_limited') throw e;
        retried.push(e);
        return request();
      }
    };
    sim.state.reset();
    const from = data.start + 5 * DAY;
    const to = from + 3 * DAY;
    const pages: PosSale[][] = [];
    for await (const page of streams().sales({ ...auth, retry }, { from, to })) {
      if (pages.length === 0) sim.state.failNext('spoton', 429, { retryAfter: 1 });
      pages.push(page);
    }
    expect(retried.map((e) => e.retryAfterMs)).toEqual([1000]);
    expect(requests).toBe(sim.state.callsTo('/spoton/') - 1);
    expect(byId(pages.flat())).toEqual(
      byId(
        data.orders
          .filter((o) => o.closedAt !== null && o.closedAt >= from && o.closedAt < to)
          .flatMap(spotonOrderTruth),
      ),
    );
  });

  it('turns a 503 into unavailable and a hanging request into unavailable', async () => {
    sim.state.failNext('spoton', 503);
    expect((await failureOf(collect(streams().punches(auth, { from: 0, to: DAY })))).failure).toBe('unavailable');
    process.env.VENDOR_TIMEOUT_MS = '200';
    sim.state.hangNext('spoton');
    expect((await failureOf(collect(streams().roster(auth)))).failure).toBe('unavailable');
  });

  it('answers rejected for a revoked or wrong API key, never echoing it', async () => {
    sim.state.revoke(SIMULATED.spoton.apiKey);
    const revoked = await failureOf(collect(streams().roster(auth)));
    expect(revoked).toMatchObject({ failure: 'rejected', status: 401 });
    sim.state.reset();
    const wrong: StreamAuth = {
      ...auth,
      credentials: { ...SIMULATED.spoton, apiKey: 'sim-spoton-key-wrong00000000000000000000' },
    };
    const err = await failureOf(collect(streams().sales(wrong, { from: 0, to: DAY })));
    expect(err.failure).toBe('rejected');
    expect(err.message).not.toContain('wrong0000');
  });

  it('fails a malformed page as invalid without yielding any of it', async () => {
    const data = spotonSimData();
    sim.state.malformPage('spoton');
    const yielded: PosSale[][] = [];
    const err = await failureOf(
      (async () => {
        for await (const page of streams().sales(auth, { from: data.start, to: data.start + 3 * DAY }))
          yielded.push(page);
      })(),
    );
    expect(err.failure).toBe('invalid');
    expect(yielded).toHaveLength(0);

    sim.state.reset();
    sim.state.malformPage('spoton', { after: 1 });
    const punches: unknown[][] = [];
    const second = await failureOf(
      (async () => {
        for await (const page of streams().punches(auth, { from: data.start, to: data.start + 3 * DAY }))
          punches.push(page);
      })(),
    );
    expect(second.failure).toBe('invalid');
    // the first day was good and is kept; nothing of the malformed second day
    expect(byId(punches.flat() as { vendorId: string }[])).toEqual(
      byId(spotonGroundTruth().punches.filter((p) => p.clockInAt >= data.start && p.clockInAt < data.start + DAY)),
    );
  });

  it('converts decimal dollar strings to cents exactly', () => {
    expect(spotonMinorUnits('12.50')).toBe(1250);
    expect(spotonMinorUnits('-3.3')).toBe(-330);
    expect(spotonMinorUnits('0.125')).toBe(13);
    expect(spotonMinorUnits('1234567.89')).toBe(123456789);
    expect(spotonMinorUnits('0')).toBe(0);
  });
});
