import { connectorFor, VendorError } from '../../src/connectors';
import type { PosPunch, StreamAuth, StreamConnector } from '../../src/connectors/types';
import { corruptSquarePage, resetSquareFaults, setSquareSimData, squareSimData } from '../../src/local/vendors/square';
import { generateSquareData, type SquareData } from '../../src/local/vendors/square-data';
import { SIMULATED, SIMULATED_OAUTH_ACCOUNTS, SIMULATED_OAUTH_APPS, startVendorSimulator, vendorUrlEnv, type RunningVendorSimulator } from '../../src/local/vendors/server';

/**
 * The data streams of the Square connectors (roster, timecards, orders) read for real over HTTP from
 * the local Square simulator, compared with the seeded ground truth of src/local/vendors/square-data.ts.
 */

const DAY = 86_400_000;
let sim: RunningVendorSimulator;
let data: SquareData;
const savedEnv: Record<string, string | undefined> = {};

beforeAll(async () => {
  sim = await startVendorSimulator(0);
  for (const [name, url] of Object.entries(vendorUrlEnv(sim.urls))) {
    savedEnv[name] = process.env[name];
    process.env[name] = url;
  }
  data = squareSimData();
});

afterEach(() => {
  sim.state.reset();
  resetSquareFaults();
  setSquareSimData(data);
});

afterAll(async () => {
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await sim.close();
});

const MAIN = SIMULATED.square_api_key.locationId;
const apiKeyAuth: StreamAuth = { accountId: MAIN, credentials: SIMULATED.square_api_key };

function streamsOf(slug: string): StreamConnector {
  const s = connectorFor(slug)?.streams;
  if (!s) throw new Error(`${slug} has no streams`);
  return s;
}

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

const byId = <T extends { vendorId: string }>(xs: T[]) => xs.slice().sort((a, b) => a.vendorId.localeCompare(b.vendorId));
const ms = (iso: string | undefined) => (iso ? Date.parse(iso) : null);

function expectedPunches(filter: (t: SquareData['timecards'][number]) => boolean): PosPunch[] {
  return data.timecards.filter((t) => t.location_id === MAIN && filter(t)).map((t) => ({
    vendorId: t.id,
    employeeVendorId: t.team_member_id,
    clockInAt: Date.parse(t.start_at),
    clockOutAt: ms(t.end_at),
    breaks: t.breaks.map((b) => ({ startAt: Date.parse(b.start_at), endAt: ms(b.end_at), paid: b.is_paid })),
    jobTitle: t.wage.title,
    deleted: false,
    modifiedAt: Date.parse(t.updated_at),
  }));
}

describe('square streams: roster', () => {
  it('reads every team member of the location exactly once, across several pages', async () => {
    setSquareSimData(generateSquareData({ seed: 7, teamMembers: 450, days: 2, ordersPerDay: 5 }));
    const big = squareSimData();
    const pages = await pagesOf(apiKey().roster(apiKeyAuth));
    expect(pages.length).toBe(3);
    const ids = pages.flat().map((e) => e.vendorId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(big.teamMembers.map((t) => t.id).sort());
  });

  it('maps names, contacts, status, job title and modification time as the seeded roster has them', async () => {
    const employees = (await pagesOf(apiKey().roster(apiKeyAuth))).flat();
    expect(byId(employees)).toEqual(byId(data.teamMembers.map((t) => ({
      vendorId: t.id, firstName: t.given_name, lastName: t.family_name, email: t.email_address ?? null, phone: t.phone_number ?? null,
      active: t.status === 'ACTIVE', jobTitle: t.wage_setting.job_assignments[0].job_title, modifiedAt: Date.parse(t.updated_at),
    }))));
    expect(employees.some((e) => !e.active)).toBe(true);
  });

  it('reads all the locations of an OAuth merchant', async () => {
    const token = 'EAAAlSIMstreamsTestToken000000000000000001';
    sim.state.issueToken('square', 'access', token, {
      clientId: SIMULATED_OAUTH_APPS.square.clientId, account: SIMULATED_OAUTH_ACCOUNTS.square.merchantId,
      scopes: ['MERCHANT_PROFILE_READ', 'EMPLOYEES_READ', 'TIMECARDS_READ', 'ORDERS_READ'],
    });
    const auth: StreamAuth = { accountId: SIMULATED_OAUTH_ACCOUNTS.square.merchantId, accessToken: token };
    const from = data.endAt - 7 * DAY;
    const punches = (await pagesOf(streamsOf('square').punches(auth, { from, to: data.endAt }))).flat();
    const expected = data.timecards.filter((t) => Date.parse(t.start_at) >= from);
    expect(punches.map((p) => p.vendorId).sort()).toEqual(expected.map((t) => t.id).sort());
    expect(new Set(expected.map((t) => t.location_id)).size).toBe(2);
    expect(sim.state.calls['/square/v2/locations']).toBe(1);
  });
});

describe('square streams: punches', () => {
  it('reads the timecards of a window record by record, breaks and paid flags included', async () => {
    const from = data.endAt - 21 * DAY;
    const to = data.endAt - 7 * DAY;
    const pages = await pagesOf(apiKey().punches(apiKeyAuth, { from, to }));
    const punches = pages.flat();
    const expected = expectedPunches((t) => Date.parse(t.start_at) >= from && Date.parse(t.start_at) < to);
    expect(byId(punches)).toEqual(byId(expected));
    expect(punches.some((p) => p.breaks.some((b) => b.paid)) && punches.some((p) => p.breaks.some((b) => !b.paid))).toBe(true);
    expect(pages.length).toBeGreaterThan(1);
  });

  it('reads only the timecards modified since the cursor on an incremental read', async () => {
    const since = data.endAt - 5 * DAY;
    const punches = (await pagesOf(apiKey().punches(apiKeyAuth, { modifiedSince: since }))).flat();
    const expected = expectedPunches((t) => Date.parse(t.updated_at) >= since);
    expect(byId(punches)).toEqual(byId(expected));
    // edited timecards (clocked in long before the cursor) are among them, open ones too
    expect(punches.some((p) => p.clockInAt < since - DAY)).toBe(true);
    expect(punches.some((p) => p.clockOutAt === null)).toBe(data.timecards.some((t) => t.location_id === MAIN && t.status === 'OPEN'));
    expect(punches.length).toBeLessThan(data.timecards.length / 5);
  });
});

const from = () => data.endAt - 12 * DAY;
const to = () => data.endAt - 2 * DAY;

describe('square streams: sales', () => {
  it('reads the sales and returns of a window: counts, net amounts, tips and negative refunds as seeded', async () => {
    const pages = await pagesOf(apiKey().sales(apiKeyAuth, { from: from(), to: to() }));
    const sales = pages.flat();
    const orders = data.orders.filter((o) => o.location_id === MAIN && Date.parse(o.closed_at) >= from() && Date.parse(o.closed_at) < to());
    const sold = orders.filter((o) => !o.returns);
    const returned = orders.filter((o) => o.returns);
    expect(returned.length).toBeGreaterThan(0);

    const plain = sales.filter((s) => !s.refund);
    const refunds = sales.filter((s) => s.refund);
    expect(plain.length).toBe(sold.length);
    expect(refunds.length).toBe(returned.length);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(plain.map((s) => s.amount))).toBe(sum(sold.map((o) => o.total_money.amount - o.total_tip_money.amount - o.total_tax_money.amount)));
    expect(sum(plain.map((s) => s.tips))).toBe(sum(sold.map((o) => o.total_tip_money.amount)));
    for (const r of refunds) {
      const order = returned.find((o) => r.vendorId.startsWith(`${o.id}:`));
      const ret = order?.returns?.[0];
      expect(ret).toBeDefined();
      expect(r.refundOf).toBe(ret?.source_order_id);
      expect(r.amount).toBe(-((ret?.return_amounts.total_money.amount ?? 0) - (ret?.return_amounts.tip_money.amount ?? 0) - (ret?.return_amounts.tax_money.amount ?? 0)));
      expect(r.tips).toBeLessThanOrEqual(0);
      expect(r.amount).toBeLessThan(0);
    }
    expect(sales.every((s) => s.currency === 'USD' && s.employeeVendorId === null && s.customers === 0)).toBe(true);
  });

  it('pages through more orders than one page holds without duplicates', async () => {
    const pages = await pagesOf(apiKey().sales(apiKeyAuth, { from: from(), to: to() }));
    expect(pages.length).toBeGreaterThan(1);
    expect(sim.state.calls['/square/v2/orders/search']).toBe(pages.length);
    const ids = pages.flat().map((s) => s.vendorId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('reads only the orders updated since the cursor on an incremental read', async () => {
    const since = data.endAt - DAY;
    const sales = (await pagesOf(apiKey().sales(apiKeyAuth, { modifiedSince: since }))).flat();
    const expected = data.orders.filter((o) => o.location_id === MAIN && Date.parse(o.updated_at) >= since);
    expect(sales.length).toBe(expected.length);
    expect(sales.every((s) => s.modifiedAt >= since)).toBe(true);
  });
});

describe('square streams: failures', () => {
  it('surfaces a 429 as rate_limited with the Retry-After delay', async () => {
    sim.state.failNext('square_api_key', 429, { retryAfter: 7 });
    const { pages, error } = await failingRead(apiKey().roster(apiKeyAuth));
    expect(pages).toEqual([]);
    expect({ failure: error.failure, status: error.status, retryAfterMs: error.retryAfterMs }).toEqual({ failure: 'rate_limited', status: 429, retryAfterMs: 7000 });
  });

  it('surfaces a revoked token as rejected', async () => {
    sim.state.revoke(SIMULATED.square_api_key.accessToken);
    const { error } = await failingRead(apiKey().punches(apiKeyAuth, { modifiedSince: data.endAt - DAY }));
    expect({ failure: error.failure, status: error.status }).toEqual({ failure: 'rejected', status: 401 });
    expect(error.message).not.toContain(SIMULATED.square_api_key.accessToken);
  });

  it('surfaces a 503 in the middle of a read as unavailable after the pages before it', async () => {
    const first = await pagesOf(apiKey().sales(apiKeyAuth, { from: from(), to: to() }));
    sim.state.reset();
    const iter = apiKey().sales(apiKeyAuth, { from: from(), to: to() })[Symbol.asyncIterator]();
    await expect(iter.next()).resolves.toMatchObject({ done: false });
    sim.state.failNext('square_api_key', 503);
    await expect(iter.next()).rejects.toMatchObject({ failure: 'unavailable', status: 503 });
    expect(first.length).toBeGreaterThan(1);
  });

  it('fails a malformed page as invalid and yields nothing of it', async () => {
    corruptSquarePage(1);
    const { pages, error } = await failingRead(apiKey().sales(apiKeyAuth, { from: from(), to: to() }));
    expect(pages.length).toBe(1);
    expect(error.failure).toBe('invalid');
  });

  it('answers a search with a limit above the documented maximum with a 400 in Square error shape', async () => {
    const res = await fetch(`${sim.urls.square}/v2/team-members/search`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SIMULATED.square_api_key.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ limit: 500 }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'VALUE_TOO_HIGH', detail: expect.any(String) as unknown, field: 'limit' }] });
  });
});
