import fc from 'fast-check';
import { connectorFor, type OAuthApp } from '../../../src/pos/connectors';
import { collect, failureOf, pointedSimulator, streamsOf } from '../../helpers/streams';
import { configureCloverSim } from '../../../dev/vendors/clover';
import { RATE_LIMITS, takeRequest } from '../../../dev/vendors/rules';
import {
  SIMULATED_OAUTH_ACCOUNTS,
  SIMULATED_OAUTH_APPS,
  type RunningVendorSimulator,
} from '../../../dev/vendors/server';

/**
 * The vendors' rules the simulators enforce (dev/vendors/rules.ts): rate limits, token lifetimes,
 * Clover's 90-day filter window and its paging, so a connector that breaks one fails here as it
 * would at the vendor. The simulators' clock is the test's (`now`), except for rate limits, which
 * count real request times.
 */

const DAY = 86_400_000;
const REDIRECT = 'https://workforce.example.test/integrations/oauth/callback';
const MERCHANT = SIMULATED_OAUTH_ACCOUNTS.clover.merchantId;
let clock = Date.UTC(2026, 0, 15);
let sim: RunningVendorSimulator;

beforeAll(async () => {
  sim = await pointedSimulator({ now: () => clock });
});

afterEach(() => sim.state.reset());

afterAll(async () => sim.close());

/** Consents and exchanges the code with the connector's own OAuth: the grant's access token. */
async function connect(slug: 'square' | 'clover' | 'lightspeed'): Promise<string> {
  const oauth = connectorFor(slug)?.oauth;
  if (!oauth) throw new Error(`${slug} has no OAuth`);
  const app: OAuthApp = { ...SIMULATED_OAUTH_APPS[slug], redirectUri: REDIRECT };
  const res = await fetch(oauth.authorizeUrl({ app, state: 'rules' }), { redirect: 'manual' });
  const callbackQuery = Object.fromEntries(new URL(res.headers.get('location') ?? '').searchParams);
  return (await oauth.exchange({ app, code: callbackQuery.code ?? '', callbackQuery })).accessToken;
}

/** The lifetimes the vendors document (dev/vendors/rules.ts names the pages), in seconds, stated here on their own. */
const DOCUMENTED_ACCESS_LIFETIME = { square: 30 * 86_400, clover: 3600, lightspeed: 3600 };

const ACCOUNTS = {
  square: SIMULATED_OAUTH_ACCOUNTS.square.merchantId,
  clover: MERCHANT,
  lightspeed: String(SIMULATED_OAUTH_ACCOUNTS.lightspeed.location.blID),
};

describe('the vendors’ rules in the simulators', () => {
  it('never lets more requests through a sliding window than its limit, whatever the arrival times', () => {
    const windows = fc.array(
      fc.record({ max: fc.integer({ min: 1, max: 5 }), windowMs: fc.integer({ min: 1, max: 50 }) }),
      {
        minLength: 1,
        maxLength: 3,
      },
    );
    const gaps = fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 60 });
    fc.assert(
      fc.property(windows, gaps, (ws, steps) => {
        const arrivals = new Map<string, number[]>();
        let now = 0;
        const allowedAt: number[] = [];
        for (const step of steps) {
          now += step;
          if (takeRequest(arrivals, 'k', ws, now).allowed) allowedAt.push(now);
          // refused only when a window already holds its limit
          else expect(ws.some((w) => allowedAt.filter((u) => u > now - w.windowMs).length >= w.max)).toBe(true);
        }
        for (const w of ws) {
          for (const t of allowedAt) {
            expect(allowedAt.filter((u) => u > t - w.windowMs && u <= t).length).toBeLessThanOrEqual(w.max);
          }
        }
      }),
    );
  });

  it.each(['square', 'clover', 'lightspeed'] as const)(
    '%s: an access token works until its documented lifetime ends, then the vendor refuses it',
    async (slug) => {
      clock = Date.UTC(2026, 0, 15);
      const accessToken = await connect(slug);
      const roster = () => collect(streamsOf(slug).roster({ accountId: ACCOUNTS[slug], accessToken }));
      clock += DOCUMENTED_ACCESS_LIFETIME[slug] * 1000 - 1000;
      await expect(roster()).resolves.toBeDefined();
      clock += 1000;
      expect((await failureOf(roster())).failure).toBe('rejected');
    },
  );

  it('clover: a token past 16 requests in a second is answered 429 with Retry-After', async () => {
    clock = Date.now();
    const accessToken = await connect('clover');
    const url = `${sim.urls.clover}/v3/merchants/${MERCHANT}/employees`;
    const get = () => fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
    expect((await get()).status).toBe(200);
    // the token's last second already holds its limit (times ahead of now stay in the window)
    const full = Array.from({ length: RATE_LIMITS.cloverToken[0]?.max ?? 0 }, () => Date.now() + 60_000);
    sim.state.arrivals.set(`clover:token:${accessToken}`, full);
    const refused = await get();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('clover: a time filter longer than 90 days is cut to its last 90 days, and limit is at most 1,000', async () => {
    const data = configureCloverSim({ days: 120, ordersPerDay: 2, employees: 4, end: Date.UTC(2026, 0, 1) });
    clock = data.end;
    const accessToken = await connect('clover');
    const headers = { authorization: `Bearer ${accessToken}` };
    const base = `${sim.urls.clover}/v3/merchants/${MERCHANT}/shifts`;
    const query = `filter=inTime>=${data.start}&filter=inTime<${data.end}&limit=1000`;
    const body = (await (await fetch(`${base}?${query}`, { headers })).json()) as { elements: { inTime: number }[] };
    const served = body.elements.map((s) => s.inTime);
    expect(Math.min(...served)).toBeGreaterThanOrEqual(data.end - 90 * DAY);
    expect(data.shifts.some((s) => s.inTime < data.end - 90 * DAY)).toBe(true);
    expect((await fetch(`${base}?${query.replace('limit=1000', 'limit=1001')}`, { headers })).status).toBe(400);
  });
});
