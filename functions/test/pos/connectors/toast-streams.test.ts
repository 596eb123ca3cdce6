import { VendorError } from '../../../src/pos/connectors';
import { byId, collect, failureOf, memorySessions, pointedSimulator, streamsOf } from '../../helpers/streams';
import type { PosEmployee, PosPunch, PosSale, StreamAuth } from '../../../src/pos/connectors/types';
import { toMinorUnits } from '../../../src/pos/connectors/vendors/toast';
import { SIMULATED, type RunningVendorSimulator } from '../../../dev/vendors/server';
import {
  configureToastSim,
  toastSim,
  malformNextToastPage,
  resetToastSim,
  toastGroundTruth,
  toastOrderTruth,
  toastSimData,
} from '../../../dev/vendors/toast';
import type { SimTimeEntry } from '../../../dev/vendors/toast-data';

/**
 * The Toast data streams (roster, punches, sales) run over HTTP against the Toast simulator and its
 * seeded restaurant (dev/vendors/toast-data.ts), whose records are the ground truth here.
 */

const DAY = 86_400_000;
const LOGIN = '/toast/authentication/v1/authentication/login';
const TIME_ENTRIES = '/toast/labor/v1/timeEntries';
const ORDERS = '/toast/orders/v2/ordersBulk';

let sim: RunningVendorSimulator;
const sessions = memorySessions();
const auth: StreamAuth = {
  accountId: SIMULATED.toast.restaurantGuid,
  credentials: { ...SIMULATED.toast },
  sessions,
};

beforeAll(async () => {
  sim = await pointedSimulator();
  configureToastSim({ rateLimit: { perSecond: 20, per15Minutes: 10_000 } });
});

afterEach(async () => {
  await sessions.clear();
  sessions.saves = 0;
  sim.state.reset();
  // undoes the records modified by faults
  resetToastSim();
  delete process.env.VENDOR_TIMEOUT_MS;
});

afterAll(async () => {
  await sim.close();
});

const streams = () => streamsOf('toast');

const titles = () => new Map(toastSimData().jobs.map((j) => [j.guid, j.title]));

function truePunch(t: SimTimeEntry): PosPunch {
  return {
    vendorId: t.guid,
    employeeVendorId: t.employeeGuid,
    clockInAt: t.inAt,
    clockOutAt: t.outAt,
    breaks: t.breaks.map((b) => ({ startAt: b.inAt, endAt: b.outAt, paid: b.paid })),
    jobTitle: t.jobGuid ? (titles().get(t.jobGuid) ?? null) : null,
    deleted: t.deleted,
    declaredCashTips: t.declaredCashTipsCents,
    modifiedAt: t.modifiedAt,
  };
}

const trueSales = toastOrderTruth;

describe('toast streams', () => {
  it('reads a roster equal to the seeded employees, deleted ones inactive', async () => {
    const pages = await collect(streams().roster(auth));
    const expected: PosEmployee[] = toastSimData().employees.map((e) => ({
      vendorId: e.guid,
      firstName: e.firstName,
      lastName: e.lastName,
      email: e.email,
      phone: e.phone,
      active: !e.deleted,
      jobTitle: e.jobGuids[0] ? (titles().get(e.jobGuids[0]) ?? null) : null,
      modifiedAt: e.modifiedAt,
    }));
    expect(expected).toHaveLength(20);
    expect(byId(pages.flat())).toEqual(byId(expected));
    expect(pages.flat().some((e) => !e.active)).toBe(true);
  });

  it('reads the punches of a window record by record, breaks and deleted entries included', async () => {
    const data = toastSimData();
    const from = data.start + 10 * DAY;
    const to = from + 7 * DAY;
    const pages = await collect(streams().punches(auth, { from, to }));
    const expected = data.timeEntries.filter((t) => t.inAt >= from && t.inAt < to).map(truePunch);
    expect(expected.length).toBeGreaterThan(50);
    expect(byId(pages.flat())).toEqual(byId(expected));
    expect(pages.flat().some((p) => p.breaks.length > 0)).toBe(true);
    expect(sim.state.calls[LOGIN]).toBe(1);
  });

  it('splits a window longer than a month into requests Toast accepts and still matches the truth', async () => {
    const data = toastSimData();
    const from = data.start;
    const to = data.end;
    const pages = await collect(streams().punches(auth, { from, to }));
    const expected = data.timeEntries.filter((t) => t.inAt >= from && t.inAt < to).map(truePunch);
    expect(byId(pages.flat())).toEqual(byId(expected));
    expect(sim.state.calls[TIME_ENTRIES]).toBe(Math.ceil((to - from) / (28 * DAY)));
    expect(streams().maxWindowMs?.punches).toBe(28 * DAY);
  });

  it('reads the punches modified since a time, split by month up to now, deletions included', async () => {
    const data = toastSimData();
    const since = data.end - 12 * DAY;
    const pages = await collect(streams().punches(auth, { modifiedSince: since }));
    const expected = data.timeEntries.filter((t) => t.modifiedAt >= since).map(truePunch);
    expect(byId(pages.flat())).toEqual(byId(expected));
    expect(expected.some((p) => p.deleted)).toBe(true);
    expect(sim.state.calls[TIME_ENTRIES]).toBe(Math.ceil((Date.now() - since) / (28 * DAY)));
  });

  it('reads the sales of a window equal to the truth: voids skipped, refunds negative, sums in cents', async () => {
    const data = toastSimData();
    const from = data.start + 20 * DAY;
    const to = from + 10 * DAY;
    const pages = await collect(streams().sales(auth, { from, to }));
    const orders = data.orders.filter((o) => o.modifiedAt >= from && o.modifiedAt < to);
    const expected = orders.flatMap(trueSales);
    const got = pages.flat();
    expect(byId(got)).toEqual(byId(expected));
    expect(orders.some((o) => o.voided)).toBe(true);
    const refunds = got.filter((s) => s.refund);
    expect(refunds.length).toBeGreaterThan(0);
    expect(refunds.every((s) => s.amount < 0 && s.tips <= 0 && s.refundOf !== null)).toBe(true);
    const sum = (xs: PosSale[], f: (s: PosSale) => number) => xs.reduce((n, s) => n + f(s), 0);
    expect(sum(got, (s) => s.amount)).toBe(sum(expected, (s) => s.amount));
    expect(sum(got, (s) => s.tips)).toBe(sum(expected, (s) => s.tips));
    expect(got.every((s) => Number.isInteger(s.amount) && Number.isInteger(s.tips))).toBe(true);
  });

  it('nets a fully refunded check to zero: Toast refunds the taxed amount, the sale is before tax', async () => {
    const data = toastSimData();
    const got = (await collect(streams().sales(auth, { from: data.start, to: data.end }))).flat();
    const refunded = data.orders
      .filter((o) => !o.voided && !o.deleted)
      .flatMap((o) => o.checks)
      .filter((c) => !c.deleted && c.closedAt !== null && c.payments.length === 1)
      .filter((c) => c.payments[0].refund?.amountCents === c.payments[0].amountCents);
    expect(refunded.length).toBeGreaterThan(0);
    for (const c of refunded) {
      const sale = got.find((s) => s.vendorId === c.guid);
      const refund = got.find((s) => s.refundOf === c.guid);
      expect([sale?.amount, (sale?.amount ?? 0) + (refund?.amount ?? 0)]).toEqual([c.amountCents, 0]);
    }
    // the whole 60 days: about 80 ordersBulk calls at Toast's 5 a second
  }, 90_000);

  it('pages through ordersBulk 100 at a time, reading each order exactly once with one login', async () => {
    const data = toastSimData();
    const from = data.start + 3 * DAY;
    const to = from + 4 * DAY;
    const orders = data.orders.filter((o) => o.modifiedAt >= from && o.modifiedAt < to);
    const pages = await collect(streams().sales(auth, { from, to }));
    const got = pages.flat();
    expect(new Set(got.map((s) => s.vendorId)).size).toBe(got.length);
    expect(got.length).toBe(orders.flatMap(trueSales).length);
    const lastPage = Math.ceil((orders.length + 1) / 100);
    // every page once, page 1 once more (read first, then last), and a few probes for the last page
    expect(pages.length).toBe(lastPage);
    expect(sim.state.calls[ORDERS]).toBeGreaterThanOrEqual(lastPage + 1);
    expect(sim.state.calls[ORDERS]).toBeLessThanOrEqual(lastPage + 1 + 2 * Math.ceil(Math.log2(lastPage)));
    expect(sim.state.calls[LOGIN]).toBe(1);
  });

  it('splits the tips of each check into cash (CASH payments) and the rest', async () => {
    const data = toastSimData();
    const from = data.start + 20 * DAY;
    const got = (await collect(streams().sales(auth, { from, to: from + 5 * DAY }))).flat().filter((s) => !s.refund);
    expect(got.some((s) => s.cashTips > 0 && s.cashTips === s.tips)).toBe(true);
    expect(got.some((s) => s.tips > 0 && s.cashTips === 0)).toBe(true);
    expect(got.every((s) => s.cashTips >= 0 && s.cashTips <= s.tips)).toBe(true);
  });

  it('reads the sales modified since a time through the modification window of ordersBulk', async () => {
    const data = toastSimData();
    const since = data.end - 2 * DAY;
    const got = (await collect(streams().sales(auth, { modifiedSince: since }))).flat();
    expect(byId(got)).toEqual(byId(data.orders.filter((o) => o.modifiedAt >= since).flatMap(trueSales)));
  });

  it('logs in once for every stream of two runs: the token is kept and reused until it expires', async () => {
    const data = toastSimData();
    for (let run = 0; run < 2; run++) {
      await collect(streams().roster(auth));
      await collect(streams().punches(auth, { from: data.end - 5 * DAY, to: data.end }));
      await collect(streams().sales(auth, { from: data.end - 5 * DAY, to: data.end }));
    }
    expect([sim.state.calls[LOGIN], sessions.saves]).toEqual([1, 1]);
    // its last minute: a new login
    sessions.token = { ...sessions.token!, expiresAt: Date.now() + 30_000 };
    await collect(streams().roster(auth));
    expect(sim.state.calls[LOGIN]).toBe(2);
  });

  it('logs in again once when Toast refuses the kept token', async () => {
    sessions.token = { accessToken: 'a-token-toast-does-not-know', expiresAt: Date.now() + DAY };
    const got = (await collect(streams().roster(auth))).flat();
    expect(got.length).toBe(toastSimData().employees.length);
    expect(sim.state.calls[LOGIN]).toBe(1);
    expect(sessions.token?.accessToken).not.toBe('a-token-toast-does-not-know');
  });

  it('holds a client to two logins an hour, as Toast asks: a third is refused (429)', async () => {
    const noStore: StreamAuth = { ...auth, sessions: undefined };
    await collect(streams().roster(noStore));
    await collect(streams().roster(noStore));
    const err = await failureOf(collect(streams().roster(noStore)));
    expect([err.failure, err.status]).toEqual(['rate_limited', 429]);
    expect(err.retryAfterMs).toBeGreaterThan(3_500_000);
  });

  it('turns a 429 into rate_limited with the Retry-After in ms', async () => {
    sim.state.failNext('toast', 429, { retryAfter: 7 });
    const err = await failureOf(collect(streams().roster(auth)));
    expect(err.failure).toBe('rate_limited');
    expect(err.retryAfterMs).toBe(7000);
  });

  it('turns a 503 into unavailable', async () => {
    sim.state.failNext('toast', 503);
    expect((await failureOf(collect(streams().sales(auth, { from: 0, to: DAY })))).failure).toBe('unavailable');
  });

  it('answers rejected for revoked or wrong client credentials', async () => {
    sim.state.revoke(SIMULATED.toast.clientSecret);
    expect((await failureOf(collect(streams().roster(auth)))).failure).toBe('rejected');
    sim.state.reset();
    const wrong: StreamAuth = {
      ...auth,
      credentials: { ...SIMULATED.toast, clientSecret: 'sim-toast-secret_wrong0000000000000000' },
    };
    const err = await failureOf(collect(streams().punches(wrong, { from: 0, to: DAY })));
    expect(err.failure).toBe('rejected');
    expect(err.message).not.toContain('wrong0000');
  });

  it('fails a malformed page as invalid without yielding any of it', async () => {
    const data = toastSimData();
    const from = data.start + 20 * DAY;
    malformNextToastPage({ skip: 1 });
    const yielded: PosSale[][] = [];
    const err = await failureOf(
      (async () => {
        for await (const page of streams().sales(auth, { from, to: from + 5 * DAY })) yielded.push(page);
      })(),
    );
    expect(err.failure).toBe('invalid');
    expect(yielded).toHaveLength(0);
    expect(sim.state.calls[ORDERS]).toBe(2);

    sim.state.reset();
    sim.state.malformPage('toast', { after: 1 });
    const entries = await failureOf(collect(streams().punches(auth, { from, to: from + 40 * DAY })));
    expect(entries.failure).toBe('invalid');
  });

  it('answers more than 20 requests a second of one client and restaurant with 429, Retry-After and the rate-limit headers', async () => {
    const login = await fetch(`${sim.urls.toast}/authentication/v1/authentication/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        clientId: SIMULATED.toast.clientId,
        clientSecret: SIMULATED.toast.clientSecret,
        userAccessType: 'TOAST_MACHINE_CLIENT',
      }),
    });
    const { token } = (await login.json()) as { token: { accessToken: string } };
    const headers = {
      Authorization: `Bearer ${token.accessToken}`,
      'Toast-Restaurant-External-ID': SIMULATED.toast.restaurantGuid,
    };
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => fetch(`${sim.urls.toast}/labor/v1/jobs`, { headers })),
    );
    const limited = answers.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(1);
    expect(answers.filter((r) => r.status === 200).length).toBeLessThanOrEqual(20);
    expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited[0].headers.get('x-toast-ratelimit-remaining')).toBe('0');
    expect(Number(limited[0].headers.get('x-toast-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000 - 1);
    await Promise.all(answers.map((r) => r.arrayBuffer()));
  });

  it('keeps to 20 requests a second, and ordersBulk to its 5 a second per location, by itself: a read of many pages meets no 429', async () => {
    const data = toastSimData();
    const from = data.start;
    const to = data.start + 25 * DAY;
    // no retry policy: a 429 would fail the read
    const got = (await collect(streams().sales(auth, { from, to }))).flat();
    expect(sim.state.calls[ORDERS]).toBeGreaterThan(25);
    expect(byId(got)).toEqual(
      byId(data.orders.filter((o) => o.modifiedAt >= from && o.modifiedAt < to).flatMap(trueSales)),
    );
  });

  it('retries a 429 on one page for that request only, through the retry policy', async () => {
    const data = toastSimData();
    const from = data.start + 20 * DAY;
    const to = from + 5 * DAY;
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
      if (pages.length === 0) sim.state.failNext('toast', 429, { retryAfter: 1 });
      pages.push(page);
    }
    expect(retried.map((e) => e.retryAfterMs)).toEqual([1000]);
    expect(requests).toBe(sim.state.callsTo('/toast/') - 1);
    expect(byId(pages.flat())).toEqual(
      byId(data.orders.filter((o) => o.modifiedAt >= from && o.modifiedAt < to).flatMap(trueSales)),
    );
  });

  it('abandons a request that hangs past the timeout as unavailable', async () => {
    process.env.VENDOR_TIMEOUT_MS = '200';
    sim.state.hangNext('toast');
    expect((await failureOf(collect(streams().roster(auth)))).failure).toBe('unavailable');
  });

  it('reads every order of a window although one is modified (and leaves the window) mid-read, and a rerun picks up its new version', async () => {
    const data = toastSimData();
    const from = data.start + 10 * DAY;
    const to = from + 10 * DAY;
    const expected = data.orders.filter((o) => o.modifiedAt >= from && o.modifiedAt < to).flatMap(trueSales);
    const startedAt = Date.now();
    sim.state.modifyAfterPage('toast', { after: 10 });
    const got = (await collect(streams().sales(auth, { from, to }))).flat();
    expect(new Set(got.map((s) => s.vendorId))).toEqual(new Set(expected.map((s) => s.vendorId)));
    const [modified] = sim.state.modifications;
    expect(modified).toMatchObject({ vendor: 'toast', kind: 'order' });

    const rerun = (await collect(streams().sales(auth, { modifiedSince: startedAt }))).flat();
    const now = toastGroundTruth().sales.filter((s) => s.modifiedAt >= startedAt);
    expect(now.length).toBeGreaterThan(0);
    expect(byId(rerun)).toEqual(byId(now));
  });

  it('returns an order the vendor repeats on two pages twice, and every other once', async () => {
    const data = toastSimData();
    const from = data.start + 10 * DAY;
    const to = from + 5 * DAY;
    sim.state.duplicateAcrossPages('toast', { after: 8 });
    const got = (await collect(streams().sales(auth, { from, to }))).flat();
    const ids = got.map((s) => s.vendorId);
    const expected = data.orders.filter((o) => o.modifiedAt >= from && o.modifiedAt < to).flatMap(trueSales);
    expect(new Set(ids)).toEqual(new Set(expected.map((s) => s.vendorId)));
    expect(ids.length).toBeGreaterThan(expected.length);
  });

  it('exposes its dataset as the ground truth the connector reads', async () => {
    const truth = toastGroundTruth();
    const employees = (await collect(streams().roster(auth))).flat();
    expect(byId(employees)).toEqual(byId(truth.employees));
    expect(truth.punches).toHaveLength(toastSimData().timeEntries.length);
  });

  it('converts decimal dollars to cents without float drift', () => {
    expect(toMinorUnits(1.15)).toBe(115);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(toMinorUnits(19.99)).toBe(1999);
    expect(toMinorUnits(-3.3)).toBe(-330);
    expect(toMinorUnits(1234567.89)).toBe(123456789);
    expect(toMinorUnits(0)).toBe(0);
  });
});

/**
 * The money cases the simulator serves from Toast's documented fields (dev/vendors/toast-data.ts
 * addMoneyCases): voids after close, reopened checks, gratuity service charges, declared cash tips.
 */
describe('toast streams: money the staff are paid from', () => {
  const window = (at: number) => ({ from: at - DAY, to: at + DAY });
  const saleOf = async (checkGuid: string, at: number) =>
    (await collect(streams().sales(auth, window(at)))).flat().filter((s) => s.vendorId === checkGuid);

  it('reads a check voided a day or more after it closed as its sale marked voided, dated by the void', async () => {
    const o = toastSimData().orders.find(
      (x) =>
        x.voided && x.closedAt !== null && x.checks[0].voidedAt !== null && x.checks[0].voidedAt - x.closedAt >= DAY,
    )!;
    expect(o).toBeDefined();
    const c = o.checks[0];
    const [sale] = await saleOf(c.guid, c.voidedAt!);
    expect(sale).toMatchObject({ vendorId: c.guid, voided: true, closedAt: c.closedAt, modifiedAt: c.voidedAt });
    expect(sale).toEqual(toastOrderTruth(o).find((s) => s.vendorId === c.guid));
  });

  it('reads a reopened check (paymentStatus OPEN or PAID again, closedDate kept) as voided, and closed again as a sale once more', async () => {
    const data = toastSimData();
    const o = data.orders.find((x) => x.checks[0].reopened !== null)!;
    expect(o).toBeDefined();
    const c = o.checks[0];
    const [reopened] = await saleOf(c.guid, c.modifiedAt);
    expect(reopened).toMatchObject({ vendorId: c.guid, voided: true, modifiedAt: c.modifiedAt });
    // the server closes it again an hour later
    c.reopened = null;
    c.modifiedAt += 3_600_000;
    o.modifiedAt = Math.max(o.modifiedAt, c.modifiedAt);
    toastSim.modified = true;
    const [closed] = await saleOf(c.guid, c.modifiedAt);
    expect(closed).toMatchObject({ vendorId: c.guid, voided: false, amount: c.amountCents, modifiedAt: c.modifiedAt });
  });

  it('keeps gratuity service charges (appliedServiceCharges[].gratuity) apart as service charges, outside net sales and tips; a delivery fee stays in net sales', async () => {
    const checks = toastSimData().orders.flatMap((o) =>
      o.voided ? [] : o.checks.filter((c) => c.reopened === null && c.closedAt !== null),
    );
    const gratuity = checks.find((c) => c.serviceCharges.some((sc) => sc.gratuity))!;
    const fee = checks.find((c) => c.serviceCharges.some((sc) => !sc.gratuity))!;
    const [withGratuity] = await saleOf(gratuity.guid, gratuity.modifiedAt);
    const charge = gratuity.serviceCharges[0].amountCents;
    expect(charge).toBeGreaterThan(0);
    expect(withGratuity).toMatchObject({
      serviceCharges: charge,
      gratuities: 0,
      amount: gratuity.amountCents,
      tips: gratuity.payments.filter((p) => !p.voided).reduce((n, p) => n + p.tipCents, 0),
    });
    const [withFee] = await saleOf(fee.guid, fee.modifiedAt);
    expect(withFee).toMatchObject({ serviceCharges: 0, amount: fee.amountCents });
  });

  it("reads a time entry's declaredCashTips as the punch's declared cash tips, in cents", async () => {
    const t = toastSimData().timeEntries.find(
      (x) => x.declaredCashTipsCents > 0 && x.declaredCashTipsCents % 100 !== 0,
    )!;
    const punches = (await collect(streams().punches(auth, { from: t.inAt, to: t.inAt + 1 }))).flat();
    expect(punches.find((p) => p.vendorId === t.guid)).toMatchObject({ declaredCashTips: t.declaredCashTipsCents });
  });

  it('answers a sixth ordersBulk request within a second 429 with Retry-After, as Toast documents the endpoint limit', async () => {
    const token = await (
      await fetch(`${sim.urls.toast}/authentication/v1/authentication/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          clientId: SIMULATED.toast.clientId,
          clientSecret: SIMULATED.toast.clientSecret,
          userAccessType: 'TOAST_MACHINE_CLIENT',
        }),
      })
    ).json();
    const url = `${sim.urls.toast}/orders/v2/ordersBulk?businessDate=20250501&pageSize=1`;
    const headers = {
      Authorization: `Bearer ${(token as { token: { accessToken: string } }).token.accessToken}`,
      'Toast-Restaurant-External-ID': SIMULATED.toast.restaurantGuid,
    };
    const answers = await Promise.all(Array.from({ length: 7 }, () => fetch(url, { headers })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(5);
    const limited = answers.find((r) => r.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await limited.json()).toMatchObject({ status: 429, message: expect.stringContaining('/ordersBulk') });
    await Promise.all(answers.map((r) => r.arrayBuffer().catch(() => undefined)));
    // these raw requests are outside the connector's pacing: let their second pass before the next test reads
    await new Promise((resolve) => setTimeout(resolve, 1100));
  });

  it('spaces historical ordersBulk reads as Toast asks (the simulator refuses closer ones)', async () => {
    const data = toastSimData();
    configureToastSim({ historicalSpacingMs: 400 });
    process.env.TOAST_HISTORICAL_SPACING_MS = '400';
    try {
      const from = data.start + 30 * DAY;
      const got = (await collect(streams().sales(auth, { from, to: from + 2 * DAY }))).flat();
      expect(sim.state.calls[ORDERS]).toBeGreaterThan(2);
      expect(byId(got)).toEqual(
        byId(data.orders.filter((o) => o.modifiedAt >= from && o.modifiedAt < from + 2 * DAY).flatMap(trueSales)),
      );
      // not spaced: the simulator answers 429 and the read (with no retry policy) fails
      process.env.TOAST_HISTORICAL_SPACING_MS = '0';
      await expect(collect(streams().sales(auth, { from, to: from + 2 * DAY }))).rejects.toMatchObject({
        failure: 'rate_limited',
      });
    } finally {
      configureToastSim({ historicalSpacingMs: 0 });
      process.env.TOAST_HISTORICAL_SPACING_MS = '0';
    }
  });
});
