import { VendorError } from '../../../src/pos/connectors';
import { pointedSimulator, streamsOf } from '../../helpers/streams';
import type { PosSale, StreamAuth } from '../../../src/pos/connectors/types';
import {
  configureSquareSim,
  resetSquareFaults,
  setSquareSimData,
  squareGroundTruth,
  squareSimData,
} from '../../../dev/vendors/square';
import type { SquareData } from '../../../dev/vendors/square-data';
import {
  SIMULATED,
  SIMULATED_OAUTH_ACCOUNTS,
  SIMULATED_OAUTH_APPS,
  type RunningVendorSimulator,
} from '../../../dev/vendors/server';

/**
 * The data streams of the Square connectors (roster, timecards, orders with their payments) read
 * for real over HTTP from the local Square simulator, compared record by record with its ground
 * truth (squareGroundTruth), with the simulator's scripted faults.
 */

const DAY = 86_400_000;
const MAIN = SIMULATED.square_api_key.locationId;
const MERCHANT = SIMULATED_OAUTH_ACCOUNTS.square.merchantId;
let sim: RunningVendorSimulator;
let data: SquareData;

beforeAll(async () => {
  sim = await pointedSimulator();
  configureSquareSim({ seed: 42, days: 40, ordersPerDay: 150 });
});

beforeEach(() => {
  data = squareSimData();
});

afterEach(() => {
  sim.state.reset();
  // builds the dataset again if a fault modified it
  resetSquareFaults();
  delete process.env.VENDOR_TIMEOUT_MS;
});

afterAll(async () => {
  setSquareSimData(undefined);
  await sim.close();
});

const apiKeyAuth: StreamAuth = { accountId: MAIN, credentials: SIMULATED.square_api_key };

const apiKey = () => streamsOf('square_api_key');

async function pagesOf<T>(iter: AsyncIterable<T[]>): Promise<T[][]> {
  const pages: T[][] = [];
  for await (const page of iter) pages.push(page);
  return pages;
}

/** The pages yielded before the VendorError the read fails with. */
async function failingRead<T>(iter: AsyncIterable<T[]>): Promise<{ pages: T[][]; error: VendorError }> {
  const pages: T[][] = [];
  try {
    for await (const page of iter) pages.push(page);
  } catch (err) {
    if (err instanceof VendorError) return { pages, error: err };
    throw err;
  }
  throw new Error('expected the read to fail with a VendorError');
}

/** A retry policy as the engine's (429, 5xx, timeouts retried), without waiting, recording each request it wraps. */
function countingRetry() {
  const log = { requests: 0, retried: [] as VendorError[] };
  const retry = async <T>(request: () => Promise<T>): Promise<T> => {
    log.requests++;
    for (let attempt = 1; ; attempt++) {
      try {
        return await request();
      } catch (err) {
        if (
          attempt < 4 &&
          err instanceof VendorError &&
          (err.failure === 'rate_limited' || err.failure === 'unavailable')
        ) {
          log.retried.push(err);
          continue;
        }
        throw err;
      }
    }
  };
  return { retry, log };
}

const byId = <T extends { vendorId: string }>(xs: T[]) =>
  xs.slice().sort((a, b) => a.vendorId.localeCompare(b.vendorId));
const truthOf = (accountId: string = MAIN) => squareGroundTruth(accountId);
const from = () => data.endAt - 12 * DAY;
const to = () => data.endAt - 2 * DAY;
const inWindow = (s: PosSale) => s.closedAt >= from() && s.closedAt < to();
/** A window of timecards over several pages (200 a page). */
const punchesFrom = () => data.startAt + DAY;
const punchesTo = () => data.endAt - 2 * DAY;
const truePunches = (accountId: string = MAIN) =>
  truthOf(accountId).punches.filter((p) => p.clockInAt >= punchesFrom() && p.clockInAt < punchesTo());

function merchantAuth(
  scopes = ['MERCHANT_PROFILE_READ', 'EMPLOYEES_READ', 'TIMECARDS_READ', 'ORDERS_READ', 'PAYMENTS_READ'],
): StreamAuth {
  const token = `EAAAlSIMstreamsTestToken${scopes.length}000000000000000001`;
  sim.state.issueToken('square', 'access', token, {
    clientId: SIMULATED_OAUTH_APPS.square.clientId,
    account: MERCHANT,
    scopes,
  });
  return { accountId: MERCHANT, accessToken: token };
}

describe('square streams: roster', () => {
  it('reads every team member of the location exactly once, across several pages', async () => {
    const usual = squareSimData();
    configureSquareSim({ seed: 7, teamMembers: 450, days: 2, ordersPerDay: 5 });
    const pages = await pagesOf(apiKey().roster(apiKeyAuth));
    expect(pages.length).toBe(3);
    const ids = pages.flat().map((e) => e.vendorId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(
      truthOf()
        .employees.map((e) => e.vendorId)
        .sort(),
    );
    setSquareSimData(usual);
  });

  it('maps names, contacts, status, job title and modification time as the simulator holds them', async () => {
    const employees = (await pagesOf(apiKey().roster(apiKeyAuth))).flat();
    expect(byId(employees)).toEqual(byId(truthOf().employees));
    expect(employees.some((e) => !e.active)).toBe(true);
  });
});

describe('square streams: punches', () => {
  it('reads the timecards of a window record by record, breaks and paid flags included', async () => {
    const pages = await pagesOf(apiKey().punches(apiKeyAuth, { from: punchesFrom(), to: punchesTo() }));
    const punches = pages.flat();
    expect(byId(punches)).toEqual(byId(truePunches()));
    expect(
      punches.some((p) => p.breaks.some((b) => b.paid)) && punches.some((p) => p.breaks.some((b) => !b.paid)),
    ).toBe(true);
    expect(pages.length).toBeGreaterThan(1);
  });

  it('reads only the timecards modified since the cursor on an incremental read, edited old ones included', async () => {
    const since = data.endAt - 3 * DAY;
    const punches = (await pagesOf(apiKey().punches(apiKeyAuth, { modifiedSince: since }))).flat();
    expect(byId(punches)).toEqual(byId(truthOf().punches.filter((p) => p.modifiedAt >= since)));
    expect(punches.some((p) => p.clockInAt < since - DAY)).toBe(true);
    expect(punches.some((p) => p.clockOutAt === null)).toBe(true);
  });

  it('reads the timecards of every location of an OAuth merchant', async () => {
    const punches = (
      await pagesOf(streamsOf('square').punches(merchantAuth(), { from: punchesFrom(), to: punchesTo() }))
    ).flat();
    const expected = truePunches(MERCHANT);
    expect(byId(punches)).toEqual(byId(expected));
    expect(expected.length).toBeGreaterThan(truePunches().length);
    expect(sim.state.calls['/square/v2/locations']).toBe(1);
  });
});

describe('square streams: sales', () => {
  it('reads the sales and returns of a window equal to the ground truth, record by record', async () => {
    const sales = (await pagesOf(apiKey().sales(apiKeyAuth, { from: from(), to: to() }))).flat();
    const expected = truthOf().sales.filter(inWindow);
    expect(byId(sales)).toEqual(byId(expected));
    expect(new Set(sales.map((s) => s.vendorId)).size).toBe(sales.length);
  });

  it('attributes each sale to the team member of its payment and splits its tips into cash and card', async () => {
    const sales = (await pagesOf(apiKey().sales(apiKeyAuth, { from: from(), to: to() }))).flat();
    const plain = sales.filter((s) => !s.refund);
    const attributed = plain.filter((s) => s.employeeVendorId !== null);
    expect(attributed.length / plain.length).toBeGreaterThan(0.9);
    const members = new Set(data.teamMembers.map((t) => t.id));
    expect(attributed.every((s) => members.has(s.employeeVendorId as string))).toBe(true);
    expect(plain.every((s) => s.cashTips >= 0 && s.cashTips <= s.tips)).toBe(true);
    // cash-only tips, card-only tips and both (split tenders) all occur
    expect(plain.some((s) => s.cashTips > 0 && s.cashTips === s.tips)).toBe(true);
    expect(plain.some((s) => s.tips > 0 && s.cashTips === 0)).toBe(true);
    expect(plain.some((s) => s.cashTips > 0 && s.cashTips < s.tips)).toBe(true);
  });

  it('keeps refunds negative, amounts and tips, attributed to the team member of the sale they return', async () => {
    const sales = (await pagesOf(apiKey().sales(apiKeyAuth, { from: data.startAt, to: data.endAt }))).flat();
    const refunds = sales.filter((s) => s.refund);
    expect(refunds.length).toBeGreaterThan(3);
    const bySale = new Map(
      truthOf()
        .sales.filter((s) => !s.refund)
        .map((s) => [s.vendorId, s]),
    );
    for (const r of refunds) {
      const sale = bySale.get(r.refundOf as string);
      expect(sale).toBeDefined();
      expect({ amount: r.amount, tips: r.tips, employee: r.employeeVendorId }).toEqual({
        amount: -(sale?.amount ?? 0),
        tips: -(sale?.tips ?? 0),
        employee: sale?.employeeVendorId,
      });
      expect(r.cashTips <= 0 && r.cashTips >= r.tips).toBe(true);
    }
  });

  it('looks the payments of a page up in a few calls, not one per sale', async () => {
    const sales = (await pagesOf(apiKey().sales(apiKeyAuth, { from: from(), to: to() }))).flat();
    const paymentCalls = sim.state.callsTo('/square/v2/payments');
    expect(paymentCalls).toBeGreaterThan(0);
    expect(paymentCalls).toBeLessThan(sales.length / 40);
  });

  it('pages through more orders than one page holds without duplicates', async () => {
    const pages = await pagesOf(apiKey().sales(apiKeyAuth, { from: from(), to: to() }));
    expect(pages.length).toBeGreaterThan(1);
    expect(sim.state.calls['/square/v2/orders/search']).toBe(pages.length);
  });

  it('reads only the orders updated since the cursor on an incremental read, late tip adjustments included', async () => {
    const since = data.endAt - 2 * DAY;
    const sales = (await pagesOf(apiKey().sales(apiKeyAuth, { modifiedSince: since }))).flat();
    const expected = truthOf().sales.filter((s) => s.modifiedAt >= since);
    expect(byId(sales)).toEqual(byId(expected));
    expect(sales.some((s) => s.closedAt < since)).toBe(true);
  });

  it('reads the sales of every location of an OAuth merchant', async () => {
    const sales = (await pagesOf(streamsOf('square').sales(merchantAuth(), { from: from(), to: to() }))).flat();
    expect(byId(sales)).toEqual(byId(truthOf(MERCHANT).sales.filter(inWindow)));
  });
});

describe('square streams: service charges and declared cash tips', () => {
  it('keeps AUTO_GRATUITY service charges apart as service charges, out of net sales and tips, on sales and on their returns', async () => {
    const sales = (await pagesOf(apiKey().sales(apiKeyAuth, { from: data.startAt, to: data.endAt }))).flat();
    const withCharge = sales.filter((s) => !s.refund && (s.serviceCharges ?? 0) > 0);
    expect(withCharge.length).toBeGreaterThan(10);
    for (const s of withCharge.slice(0, 20)) {
      const i = data.orders.indexOfOrder(s.vendorId);
      const order = data.orders.order(i);
      const charge = order.service_charges!.find((c) => c.type === 'AUTO_GRATUITY')!;
      expect(s.serviceCharges).toBe(charge.total_money.amount - charge.total_tax_money.amount);
      // net sales are the line items only: total less tips, tax and the auto-gratuity
      const lines = (order.line_items ?? []).reduce((n, l) => n + l.total_money.amount, 0);
      expect(s.amount).toBe(lines);
      expect(s.tips).toBe(order.total_tip_money.amount);
    }
    const returned = sales.filter((s) => s.refund && (s.serviceCharges ?? 0) < 0);
    for (const r of returned) {
      const sale = sales.find((s) => s.vendorId === r.refundOf)!;
      if (sale) expect([r.amount, r.serviceCharges]).toEqual([-sale.amount, -(sale.serviceCharges ?? 0)]);
    }
  });

  it("reads Timecard.declared_cash_tip_money as the punch's declared cash tips", async () => {
    const punches = (await pagesOf(apiKey().punches(apiKeyAuth, { from: punchesFrom(), to: punchesTo() }))).flat();
    const declared = data.timecards.filter(
      (t) => t.declared_cash_tip_money && t.location_id === MAIN && Date.parse(t.start_at) >= punchesFrom(),
    );
    expect(declared.length).toBeGreaterThan(10);
    for (const t of declared.filter((x) => Date.parse(x.start_at) < punchesTo()).slice(0, 30)) {
      expect(punches.find((p) => p.vendorId === t.id)?.declaredCashTips).toBe(t.declared_cash_tip_money!.amount);
    }
    expect(punches.some((p) => p.declaredCashTips === undefined)).toBe(true);
  });
});

describe('square streams: retries, timeouts and faults', () => {
  it('surfaces a 429 as rate_limited with the Retry-After delay', async () => {
    sim.state.failNext('square_api_key', 429, { retryAfter: 7 });
    const { pages, error } = await failingRead(apiKey().roster(apiKeyAuth));
    expect(pages).toEqual([]);
    expect({ failure: error.failure, status: error.status, retryAfterMs: error.retryAfterMs }).toEqual({
      failure: 'rate_limited',
      status: 429,
      retryAfterMs: 7000,
    });
  });

  it('passes every request of a read through the retry policy', async () => {
    const { retry, log } = countingRetry();
    await pagesOf(apiKey().sales({ ...apiKeyAuth, retry }, { from: from(), to: to() }));
    expect(log.requests).toBe(sim.state.callsTo('/square/v2/'));
    expect(log.retried).toEqual([]);
  });

  it('retries a 429 on page 2 for that request only: the read completes with every page once', async () => {
    const clean = await pagesOf(apiKey().sales(apiKeyAuth, { from: from(), to: to() }));
    sim.state.reset();
    const { retry, log } = countingRetry();
    const pages: PosSale[][] = [];
    for await (const page of apiKey().sales({ ...apiKeyAuth, retry }, { from: from(), to: to() })) {
      // page 1 and its payments are read: the next request is page 2's search
      if (pages.length === 0) sim.state.failNext('square_api_key', 429, { retryAfter: 0 });
      pages.push(page);
    }
    expect(pages).toEqual(clean);
    expect(log.retried.map((e) => e.failure)).toEqual(['rate_limited']);
    expect(sim.state.calls['/square/v2/orders/search']).toBe(clean.length + 1);
  });

  it('abandons a request that hangs past the timeout as unavailable, and the retry policy gets past it', async () => {
    process.env.VENDOR_TIMEOUT_MS = '200';
    sim.state.hangNext('square_api_key');
    const { error } = await failingRead(apiKey().roster(apiKeyAuth));
    expect(error.failure).toBe('unavailable');

    sim.state.hangNext('square_api_key');
    const { retry, log } = countingRetry();
    const employees = (await pagesOf(apiKey().roster({ ...apiKeyAuth, retry }))).flat();
    expect(byId(employees)).toEqual(byId(truthOf().employees));
    expect(log.retried.map((e) => e.failure)).toEqual(['unavailable']);
  });

  it('surfaces a revoked token as rejected', async () => {
    sim.state.revoke(SIMULATED.square_api_key.accessToken);
    const { error } = await failingRead(apiKey().punches(apiKeyAuth, { modifiedSince: data.endAt - DAY }));
    expect({ failure: error.failure, status: error.status }).toEqual({ failure: 'rejected', status: 401 });
    expect(error.message).not.toContain(SIMULATED.square_api_key.accessToken);
  });

  it('surfaces a 503 in the middle of a read as unavailable after the pages before it', async () => {
    const iter = apiKey().sales(apiKeyAuth, { from: from(), to: to() })[Symbol.asyncIterator]();
    await expect(iter.next()).resolves.toMatchObject({ done: false });
    sim.state.failNext('square_api_key', 503);
    await expect(iter.next()).rejects.toMatchObject({ failure: 'unavailable', status: 503 });
  });

  it('fails a malformed page as invalid and yields nothing of it', async () => {
    sim.state.malformPage('square_api_key', { after: 1 });
    const { pages, error } = await failingRead(apiKey().sales(apiKeyAuth, { from: from(), to: to() }));
    expect(pages.length).toBe(1);
    expect(error.failure).toBe('invalid');
  });

  it('returns a record the vendor repeats on two pages twice, and every other record once', async () => {
    sim.state.duplicateAcrossPages('square_api_key', { after: 1 });
    const pages = await pagesOf(apiKey().punches(apiKeyAuth, { from: punchesFrom(), to: punchesTo() }));
    const ids = pages.flat().map((p) => p.vendorId);
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(repeated).toEqual([pages[0][pages[0].length - 1].vendorId]);
    expect(pages[1][0].vendorId).toBe(repeated[0]);
    expect(new Set(ids)).toEqual(new Set(truePunches().map((p) => p.vendorId)));
  });

  it('picks up on a rerun an order modified while the sync read it', async () => {
    const since = data.endAt - 3 * DAY;
    const startedAt = Date.now();
    sim.state.modifyAfterPage('square_api_key');
    const first = (await pagesOf(apiKey().sales(apiKeyAuth, { modifiedSince: since }))).flat();
    const [modified] = sim.state.modifications;
    expect(modified).toMatchObject({ vendor: 'square', kind: 'order' });
    expect(modified.at).toBeGreaterThanOrEqual(startedAt);
    const before = first.find((s) => s.vendorId === modified.id);
    expect(before?.modifiedAt).toBeLessThan(startedAt);

    const rerun = (await pagesOf(apiKey().sales(apiKeyAuth, { modifiedSince: startedAt }))).flat();
    const now = truthOf().sales.find((s) => s.vendorId === modified.id);
    expect(rerun.filter((s) => s.vendorId === modified.id)).toEqual([now]);
    expect(now?.tips).toBe((before?.tips ?? 0) + 100);
    expect(now?.modifiedAt).toBe(modified.at);
  });

  it('picks up on a rerun a timecard modified while a backfill read it', async () => {
    const startedAt = Date.now();
    sim.state.modifyAfterPage('square_api_key', { after: 1 });
    const first = (await pagesOf(apiKey().punches(apiKeyAuth, { from: punchesFrom(), to: punchesTo() }))).flat();
    const [modified] = sim.state.modifications;
    expect(modified).toMatchObject({ vendor: 'square', kind: 'timecard' });
    const rerun = (await pagesOf(apiKey().punches(apiKeyAuth, { modifiedSince: startedAt }))).flat();
    const now = truthOf().punches.find((p) => p.vendorId === modified.id);
    expect(rerun).toEqual([now]);
    expect(now?.clockOutAt).toBe((first.find((p) => p.vendorId === modified.id)?.clockOutAt ?? 0) + 15 * 60_000);
  });

  it('answers a search with a limit above the documented maximum with a 400 in Square error shape', async () => {
    const res = await fetch(`${sim.urls.square}/v2/team-members/search`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SIMULATED.square_api_key.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ limit: 500 }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      errors: [
        {
          category: 'INVALID_REQUEST_ERROR',
          code: 'VALUE_TOO_HIGH',
          detail: expect.any(String) as unknown,
          field: 'limit',
        },
      ],
    });
  });
});

describe('square simulator dataset', () => {
  it('generates a year of ~100,000 orders, held in columns, and the same data from the same seed', () => {
    const year = configureSquareSim({ seed: 3, days: 365, ordersPerDay: 275 });
    expect(year.orders.count).toBeGreaterThan(95_000);
    expect(year.orders.count).toBeLessThan(110_000);
    expect(squareSimData()).toBe(year);
    const small = () => configureSquareSim({ seed: 3, days: 5, ordersPerDay: 40 });
    const a = small();
    const b = small();
    expect(Array.from({ length: b.orders.count }, (_, i) => b.orders.order(i))).toEqual(
      Array.from({ length: a.orders.count }, (_, i) => a.orders.order(i)),
    );
    expect(b.timecards).toEqual(a.timecards);
    configureSquareSim({ seed: 42, days: 40, ordersPerDay: 150 });
  });
});
