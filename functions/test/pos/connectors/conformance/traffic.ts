import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import {
  connectorFor,
  type Connector,
  type OAuthApp,
  type StreamAuth,
  type StreamWindow,
} from '../../../../src/pos/connectors';
import {
  SIMULATED,
  SIMULATED_OAUTH_ACCOUNTS,
  SIMULATED_OAUTH_APPS,
  createVendorSimulator,
  vendorUrlEnv,
  type SimulatedSlug,
  type SimulatorState,
} from '../../../../dev/vendors/server';
import { configureCloverSim } from '../../../../dev/vendors/clover';
import { configureLightspeedSim } from '../../../../dev/vendors/lightspeed';
import { configureRevelSim } from '../../../../dev/vendors/revel';
import { configureSpotonSim } from '../../../../dev/vendors/spoton';
import { configureSquareSim } from '../../../../dev/vendors/square';
import { configureToastSim } from '../../../../dev/vendors/toast';

/**
 * The traffic the real connectors exchange with the vendor simulators: every request a connector
 * sends (method, path, query, headers, body) and the answer the simulator serves, recorded by a
 * wrapper around the simulators' app while the connectors' OAuth, verify and data streams run.
 */

export type Vendor = 'square' | 'toast' | 'clover' | 'lightspeed' | 'revel' | 'spoton';

export interface Exchange {
  method: string;
  /** The vendor's own path (the simulator's /<vendor> prefix removed). */
  path: string;
  /** Every query parameter with all its values, as sent. */
  query: Record<string, string[]>;
  headers: Record<string, string>;
  /** The request body as the vendor parsed it (JSON or form), undefined without one. */
  body: unknown;
  contentType: string | undefined;
  status: number;
  /** The answer, parsed when it is JSON. */
  response: unknown;
}

export interface RecordingSimulator {
  state: SimulatorState;
  /** The exchanges recorded for a vendor since the last `take`, then forgotten. */
  take(vendor: Vendor): Exchange[];
  close(): Promise<void>;
}

function parsed(chunk: unknown): unknown {
  const text = Buffer.isBuffer(chunk) ? chunk.toString('utf8') : chunk;
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The simulators on a free port behind a recorder, with every connector pointed at them. */
export async function recordingSimulator(): Promise<RecordingSimulator> {
  const { app, state } = createVendorSimulator();
  const recorded: Array<Exchange & { vendor: string }> = [];
  const outer = express();
  outer.use((req, res, next) => {
    const url = new URL(req.originalUrl, 'http://simulator');
    const query: Record<string, string[]> = {};
    for (const [k, v] of url.searchParams) (query[k] ??= []).push(v);
    const [, vendor = '', ...rest] = url.pathname.split('/');
    let response: unknown;
    const send = res.send.bind(res);
    res.send = (chunk?: unknown) => {
      response ??= parsed(chunk);
      return send(chunk);
    };
    res.on('finish', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(',') : (v ?? '')]),
      );
      recorded.push({
        vendor,
        method: req.method,
        path: `/${rest.join('/')}`,
        query,
        headers,
        body: req.body as unknown,
        contentType: req.headers['content-type']?.split(';')[0],
        status: res.statusCode,
        response,
      });
    });
    next();
  });
  outer.use(app);
  const server = http.createServer(outer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const slugs: SimulatedSlug[] = ['square', 'square_api_key', 'toast', 'clover', 'lightspeed', 'revel', 'spoton'];
  const urls = Object.fromEntries(slugs.map((s) => [s, `${base}/${s === 'square_api_key' ? 'square' : s}`])) as Record<
    SimulatedSlug,
    string
  >;
  const saved: Record<string, string | undefined> = {};
  for (const [name, url] of Object.entries(vendorUrlEnv(urls))) {
    saved[name] = process.env[name];
    process.env[name] = url;
  }
  return {
    state,
    take(vendor) {
      const mine = recorded.filter((e) => e.vendor === vendor);
      const others = recorded.filter((e) => e.vendor !== vendor);
      recorded.length = 0;
      recorded.push(...others);
      return mine.map(({ vendor: _vendor, ...exchange }) => exchange);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const [name, value] of Object.entries(saved)) {
          if (value === undefined) delete process.env[name];
          else process.env[name] = value;
        }
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

const DAY = 86_400_000;
/** The simulated data ends at today's UTC midnight, so incremental reads up to now stay in the vendors' range limits. */
const END = Math.floor(Date.now() / DAY) * DAY;
const REDIRECT = 'https://workforce.example.test/integrations/oauth/callback';

function connector(slug: string): Connector {
  const c = connectorFor(slug);
  if (!c) throw new Error(`no connector ${slug}`);
  return c;
}

/** Consents on the simulator's authorize page, exchanges the code and refreshes once: the access token. */
async function oauthToken(slug: 'square' | 'clover' | 'lightspeed'): Promise<string> {
  const oauth = connector(slug).oauth;
  if (!oauth) throw new Error(`${slug} has no OAuth`);
  const app: OAuthApp = { ...SIMULATED_OAUTH_APPS[slug], redirectUri: REDIRECT };
  const res = await fetch(oauth.authorizeUrl({ app, state: 'conformance-state' }), { redirect: 'manual' });
  const callbackQuery = Object.fromEntries(new URL(res.headers.get('location') ?? '').searchParams);
  const grant = await oauth.exchange({ app, code: callbackQuery.code ?? '', callbackQuery });
  if (!grant.refreshToken) return grant.accessToken;
  const refreshed = await oauth.refresh({ app, refreshToken: grant.refreshToken });
  return refreshed.accessToken;
}

/** Reads every stream twice: a backfill window and an incremental read from `modifiedSince`. */
async function readStreams(slug: string, auth: StreamAuth, from: number, to: number): Promise<void> {
  const streams = connector(slug).streams;
  if (!streams) throw new Error(`${slug} has no streams`);
  const windows: StreamWindow[] = [{ from, to }, { modifiedSince: to - 3 * DAY }];
  for await (const _page of streams.roster(auth)) void _page;
  for (const window of windows) {
    for await (const _page of streams.punches(auth, window)) void _page;
    for await (const _page of streams.sales(auth, window)) void _page;
  }
}

const SIZE = { days: 6, ordersPerDay: 30, end: END };

/** The credential vendors: their connection fields, the account they name, and their simulator's data. */
const KEYED = {
  toast: { credentials: SIMULATED.toast, account: SIMULATED.toast.restaurantGuid, configure: configureToastSim },
  revel: { credentials: SIMULATED.revel, account: SIMULATED.revel.establishmentId, configure: configureRevelSim },
  spoton: { credentials: SIMULATED.spoton, account: SIMULATED.spoton.locationId, configure: configureSpotonSim },
};

/** The OAuth vendors: the account a consent links to, and their simulator's data (start and end). */
const OAUTH = {
  clover: { account: SIMULATED_OAUTH_ACCOUNTS.clover.merchantId, configure: () => configureCloverSim(SIZE) },
  lightspeed: {
    account: String(SIMULATED_OAUTH_ACCOUNTS.lightspeed.location.blID),
    configure: () => configureLightspeedSim({ ...SIZE, employees: 8 }),
  },
  square: {
    account: SIMULATED_OAUTH_ACCOUNTS.square.merchantId,
    configure: () => {
      const data = configureSquareSim({ seed: 7, days: SIZE.days, ordersPerDay: SIZE.ordersPerDay, endAt: END });
      return { start: data.startAt, end: data.endAt };
    },
  },
};

/**
 * A session-token store kept in memory, for the connectors that log in with client credentials and
 * keep the token between calls (Toast limits how often a client may log in); ignored by the others.
 */
function memorySessions() {
  let token: { accessToken: string; expiresAt: number } | null = null;
  return {
    load: () => Promise.resolve(token),
    save: (t: { accessToken: string; expiresAt: number }) => Promise.resolve(void (token = t)),
    clear: () => Promise.resolve(void (token = null)),
  };
}

/** Runs a vendor's connector end to end (auth, then every stream) against the simulator. */
export async function driveConnector(vendor: Vendor): Promise<void> {
  if (vendor in KEYED) {
    const { credentials, account, configure } = KEYED[vendor as keyof typeof KEYED];
    const data = configure(SIZE);
    await connector(vendor).verify?.(credentials);
    const auth = { accountId: account, credentials: { ...credentials }, sessions: memorySessions() };
    await readStreams(vendor, auth, data.start, data.end);
    return;
  }
  const { account, configure } = OAUTH[vendor as keyof typeof OAUTH];
  const data = configure();
  const accessToken = await oauthToken(vendor as keyof typeof OAUTH);
  if (vendor === 'square') await connector('square_api_key').verify?.(SIMULATED.square_api_key);
  await readStreams(vendor, { accountId: account, accessToken }, data.start, data.end);
}
