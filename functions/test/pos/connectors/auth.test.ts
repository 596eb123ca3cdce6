import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  connectorFor,
  VendorError,
  type Connector,
  type OAuthApp,
  type OAuthGrant,
  type VendorFailure,
} from '../../../src/pos/connectors';
import { parseRetryAfter, vendorRequest } from '../../../src/pos/connectors/http';
import {
  SIMULATED,
  SIMULATED_NAMES,
  SIMULATED_OAUTH_ACCOUNTS,
  SIMULATED_OAUTH_APPS,
  SIMULATED_UNREACHABLE,
  startVendorSimulator,
  vendorUrlEnv,
  type RunningVendorSimulator,
} from '../../../dev/vendors/server';
import { LIGHTSPEED_AUTH_PATH } from '../../../dev/vendors/lightspeed';

/**
 * The authentication half of the POS connectors (src/pos/connectors/vendors), run for real against the
 * local vendor simulators (dev/vendors) over HTTP: VENDOR_URL_<SLUG> points each connector at
 * its simulator. No emulator is needed.
 */

let sim: RunningVendorSimulator;
const savedEnv: Record<string, string | undefined> = {};

/** Every VendorError the suite provokes, checked at the end for leaked credentials. */
const thrown: VendorError[] = [];
/** Every credential value the suite sends or receives (keys, secrets, codes, tokens). */
const credentialValues = new Set<string>();

const remember = (...values: Array<string | undefined>) => values.forEach((v) => v && credentialValues.add(v));

function setEnv(name: string, value: string | undefined): void {
  if (!(name in savedEnv)) savedEnv[name] = process.env[name];
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

beforeAll(async () => {
  sim = await startVendorSimulator(0);
  for (const [name, url] of Object.entries(vendorUrlEnv(sim.urls))) setEnv(name, url);
  for (const account of Object.values(SIMULATED)) remember(...Object.values(account));
  for (const app of Object.values(SIMULATED_OAUTH_APPS)) remember(app.clientId, app.clientSecret);
});

afterEach(() => sim.state.reset());

afterAll(async () => {
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await sim.close();
});

function connector(slug: string): Connector {
  const c = connectorFor(slug);
  if (!c) throw new Error(`no connector ${slug}`);
  return c;
}

function oauthOf(slug: string) {
  const o = connector(slug).oauth;
  if (!o) throw new Error(`${slug} has no OAuth`);
  return o;
}

function verifyOf(slug: string) {
  const c = connector(slug);
  if (!c.verify) throw new Error(`${slug} has no verify`);
  return c.verify.bind(c);
}

/** The VendorError a call fails with (recorded for the leak check); fails the test if it succeeds. */
async function failureOf(call: Promise<unknown>): Promise<VendorError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof VendorError) {
      thrown.push(err);
      return err;
    }
    throw err;
  }
  throw new Error('expected the call to fail with a VendorError');
}

async function expectFailure(call: Promise<unknown>, failure: VendorFailure, status?: number): Promise<VendorError> {
  const err = await failureOf(call);
  expect({ failure: err.failure, status: err.status }).toEqual({ failure, status });
  return err;
}

const REDIRECT = 'https://workforce.example.test/integrations/oauth/callback';

function appFor(vendor: keyof typeof SIMULATED_OAUTH_APPS, overrides: Partial<OAuthApp> = {}): OAuthApp {
  return { ...SIMULATED_OAUTH_APPS[vendor], redirectUri: REDIRECT, ...overrides };
}

/** Follows an authorize URL like a browser that consents, without following the redirect: the callback query. */
async function consent(url: string): Promise<Record<string, string>> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
  const query = Object.fromEntries(location.searchParams);
  remember(query.code);
  return query;
}

function rememberGrant(g: OAuthGrant): OAuthGrant {
  remember(g.accessToken, g.refreshToken);
  return g;
}

async function grantFor(slug: 'square' | 'clover' | 'lightspeed', app: OAuthApp) {
  const oauth = oauthOf(slug);
  const callbackQuery = await consent(oauth.authorizeUrl({ app, state: `state-${slug}` }));
  const result = await oauth.exchange({ app, code: callbackQuery.code, callbackQuery });
  rememberGrant(result);
  return { result, callbackQuery };
}

describe('square (OAuth)', () => {
  const app = appFor('square');

  test('the authorize URL carries the client id, redirect URI, state, the read scopes and session=false', () => {
    const url = new URL(oauthOf('square').authorizeUrl({ app, state: 'st-123' }));
    expect(url.toString().startsWith(`${sim.urls.square}/oauth2/authorize?`)).toBe(true);
    expect(url.searchParams.get('client_id')).toBe(app.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.searchParams.get('state')).toBe('st-123');
    expect(url.searchParams.get('session')).toBe('false');
    expect(url.searchParams.get('scope')?.split(' ').sort()).toEqual([
      'EMPLOYEES_READ',
      'MERCHANT_PROFILE_READ',
      'ORDERS_READ',
      'PAYMENTS_READ',
      'TIMECARDS_READ',
    ]);
  });

  test('following the authorize URL comes back with a code and the same state', async () => {
    const query = await consent(oauthOf('square').authorizeUrl({ app, state: 'st-follow' }));
    expect(query.code).toMatch(/^sq0cgp-/);
    expect(query.state).toBe('st-follow');
  });

  test('a refused consent comes back with error=access_denied and no code', async () => {
    sim.state.denyNextAuthorize = true;
    const query = await consent(oauthOf('square').authorizeUrl({ app, state: 'st-deny' }));
    expect(query).toEqual({ error: 'access_denied', error_description: 'user_denied', state: 'st-deny' });
  });

  test('exchanging the code gives tokens expiring in 30 days and names the merchant', async () => {
    const before = Date.now();
    const { result } = await grantFor('square', app);
    expect(result.accessToken).toMatch(/^EAAA/);
    expect(result.refreshToken).toBeTruthy();
    expect(result.expiresAt).toBeGreaterThanOrEqual(before + 30 * 86_400_000 - 2000);
    expect(result.expiresAt).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000 + 1000);
    expect(result.account).toEqual({
      id: SIMULATED_OAUTH_ACCOUNTS.square.merchantId,
      name: SIMULATED_OAUTH_ACCOUNTS.square.businessName,
      currency: 'USD',
    });
    expect(sim.state.calls[`/square/v2/merchants/${SIMULATED_OAUTH_ACCOUNTS.square.merchantId}`]).toBe(1);
  });

  test('a code is refused the second time it is exchanged', async () => {
    const { callbackQuery } = await grantFor('square', app);
    await expectFailure(oauthOf('square').exchange({ app, code: callbackQuery.code, callbackQuery }), 'rejected', 401);
  });

  test('an expired code is refused', async () => {
    sim.state.codeTtlSeconds = 0;
    const query = await consent(oauthOf('square').authorizeUrl({ app, state: 's' }));
    await expectFailure(oauthOf('square').exchange({ app, code: query.code, callbackQuery: query }), 'rejected', 401);
  });

  test('a wrong client secret is rejected, and the code stays usable', async () => {
    const query = await consent(oauthOf('square').authorizeUrl({ app, state: 's' }));
    const wrong = appFor('square', { clientSecret: 'sq0csp-WRONGsecret0000000000000000' });
    remember(wrong.clientSecret);
    await expectFailure(
      oauthOf('square').exchange({ app: wrong, code: query.code, callbackQuery: query }),
      'rejected',
      401,
    );
    const ok = rememberGrant(await oauthOf('square').exchange({ app, code: query.code, callbackQuery: query }));
    expect(ok.accessToken).toBeTruthy();
  });

  test('refresh gives a new access token and keeps the refresh token (code flow)', async () => {
    const { result } = await grantFor('square', app);
    const refreshed = rememberGrant(await oauthOf('square').refresh({ app, refreshToken: result.refreshToken ?? '' }));
    expect(refreshed.accessToken).not.toBe(result.accessToken);
    expect(refreshed.refreshToken).toBe(result.refreshToken);
    expect(refreshed.expiresAt).toBeGreaterThan(Date.now());
  });

  test('a revoked refresh token is rejected', async () => {
    const { result } = await grantFor('square', app);
    sim.state.revoke(result.refreshToken ?? '');
    await expectFailure(oauthOf('square').refresh({ app, refreshToken: result.refreshToken ?? '' }), 'rejected', 401);
  });

  test('the exchange keeps the grant when the merchant name cannot be read', async () => {
    sim.state.accessTokenTtlSeconds = 0; // the access token is expired by the time the merchant is read
    const { result } = await grantFor('square', app);
    expect(result.account).toEqual({ id: SIMULATED_OAUTH_ACCOUNTS.square.merchantId });
  });

  test('a 429 from the token endpoint is rate_limited with its Retry-After', async () => {
    const { result } = await grantFor('square', app);
    sim.state.failNext('square', 429, { retryAfter: 7 });
    const err = await expectFailure(
      oauthOf('square').refresh({ app, refreshToken: result.refreshToken ?? '' }),
      'rate_limited',
      429,
    );
    expect(err.retryAfterMs).toBe(7000);
  });

  test('a 500 from the token endpoint is unavailable', async () => {
    const { result } = await grantFor('square', app);
    sim.state.failNext('square', 500);
    await expectFailure(
      oauthOf('square').refresh({ app, refreshToken: result.refreshToken ?? '' }),
      'unavailable',
      500,
    );
  });
});

describe('square_api_key', () => {
  const verify = verifyOf('square_api_key');
  const creds = SIMULATED.square_api_key;

  test('verify accepts the access token and names the location', async () => {
    await expect(verify(creds)).resolves.toEqual({
      id: creds.locationId,
      name: SIMULATED_NAMES.square_api_key,
      merchantId: SIMULATED_OAUTH_ACCOUNTS.square.merchantId,
      currency: 'USD',
    });
    expect(sim.state.calls[`/square/v2/locations/${creds.locationId}`]).toBe(1);
  });

  test('a wrong access token is rejected with the 401', async () => {
    const accessToken = 'EAAAlWRONGtoken00000000000000000000';
    remember(accessToken);
    const err = await expectFailure(verify({ ...creds, accessToken }), 'rejected', 401);
    expect(err.message).toContain('UNAUTHORIZED');
  });

  test('a revoked access token is rejected', async () => {
    sim.state.revoke(creds.accessToken);
    const err = await expectFailure(verify(creds), 'rejected', 401);
    expect(err.message).toContain('ACCESS_TOKEN_REVOKED');
  });

  test('an unknown location is not_found', async () => {
    await expectFailure(verify({ ...creds, locationId: 'LUNKNOWNLOCATION9' }), 'not_found', 404);
  });

  test('a 429 is rate_limited, an HTTP-date Retry-After read as a delay', async () => {
    sim.state.failNext('square_api_key', 429, { retryAfter: new Date(Date.now() + 30_000).toUTCString() });
    const err = await expectFailure(verify(creds), 'rate_limited', 429);
    expect(err.retryAfterMs).toBeGreaterThan(25_000);
    expect(err.retryAfterMs).toBeLessThanOrEqual(30_000);
  });

  test('a 500 is unavailable', async () => {
    sim.state.failNext('square_api_key', 500);
    await expectFailure(verify(creds), 'unavailable', 500);
  });

  test('a 503 is unavailable', async () => {
    sim.state.failNext('square_api_key', 503);
    await expectFailure(verify(creds), 'unavailable', 503);
  });

  test('a missing credential field is invalid before any call', async () => {
    await expectFailure(verify({ accessToken: creds.accessToken }), 'invalid', undefined);
    expect(sim.state.callsTo('/square/')).toBe(0);
  });
});

describe('toast', () => {
  const verify = verifyOf('toast');
  const creds = SIMULATED.toast;

  test('verify logs in with the client credentials and names the restaurant', async () => {
    await expect(verify(creds)).resolves.toEqual({
      id: creds.restaurantGuid,
      name: `${SIMULATED_NAMES.toast} (${SIMULATED_NAMES.toastLocation})`,
      currency: 'USD',
    });
    expect(sim.state.calls['/toast/authentication/v1/authentication/login']).toBe(1);
    expect(sim.state.calls[`/toast/restaurants/v1/restaurants/${creds.restaurantGuid}`]).toBe(1);
  });

  test('a wrong client secret is rejected with the 401 of the login', async () => {
    const clientSecret = 'sim-toast-WRONG-secret-000000000000';
    remember(clientSecret);
    await expectFailure(verify({ ...creds, clientSecret }), 'rejected', 401);
    expect(sim.state.callsTo('/toast/restaurants/')).toBe(0);
  });

  test('a restaurant Toast does not know is not_found', async () => {
    await expectFailure(verify({ ...creds, restaurantGuid: '11111111-2222-4333-8444-555555555555' }), 'not_found', 404);
  });

  test('a restaurant that has not connected the client is rejected with the 403', async () => {
    await expectFailure(
      verify({ ...creds, restaurantGuid: SIMULATED_UNREACHABLE.toastRestaurantGuid }),
      'rejected',
      403,
    );
  });

  test('a 429 is rate_limited with its Retry-After', async () => {
    sim.state.failNext('toast', 429, { retryAfter: 2 });
    const err = await expectFailure(verify(creds), 'rate_limited', 429);
    expect(err.retryAfterMs).toBe(2000);
  });

  test('a 500 is unavailable', async () => {
    sim.state.failNext('toast', 500);
    await expectFailure(verify(creds), 'unavailable', 500);
  });
});

describe('clover (OAuth v2, expiring tokens)', () => {
  const app = appFor('clover');

  test('the authorize URL carries the client id, redirect URI, state and response_type=code', () => {
    const url = new URL(oauthOf('clover').authorizeUrl({ app, state: 'st-clv' }));
    expect(url.toString().startsWith(`${sim.urls.clover}/oauth/v2/authorize?`)).toBe(true);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: app.clientId,
      redirect_uri: REDIRECT,
      state: 'st-clv',
      response_type: 'code',
    });
  });

  test('following the authorize URL comes back with the merchant, employee, client, code and state', async () => {
    const query = await consent(oauthOf('clover').authorizeUrl({ app, state: 'st-clv' }));
    expect(query).toEqual({
      merchant_id: SIMULATED_OAUTH_ACCOUNTS.clover.merchantId,
      employee_id: SIMULATED_OAUTH_ACCOUNTS.clover.employeeId,
      client_id: app.clientId,
      code: expect.any(String),
      state: 'st-clv',
    });
  });

  test('exchanging the code gives an expiring token pair and names the merchant of the callback', async () => {
    const before = Date.now();
    const { result } = await grantFor('clover', app);
    expect(result.accessToken).toBeTruthy();
    expect(result.refreshToken).toBeTruthy();
    // access_token_expiration is in Unix seconds
    expect(result.expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3600_000 - 1000);
    expect(result.expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000);
    expect(result.account).toEqual({
      id: SIMULATED_OAUTH_ACCOUNTS.clover.merchantId,
      name: SIMULATED_OAUTH_ACCOUNTS.clover.name,
    });
  });

  test('a code is refused the second time it is exchanged', async () => {
    const { callbackQuery } = await grantFor('clover', app);
    await expectFailure(oauthOf('clover').exchange({ app, code: callbackQuery.code, callbackQuery }), 'rejected', 401);
  });

  test('a wrong client secret is rejected', async () => {
    const query = await consent(oauthOf('clover').authorizeUrl({ app, state: 's' }));
    const wrong = appFor('clover', { clientSecret: 'sim-clover-WRONG-secret-000000' });
    remember(wrong.clientSecret);
    await expectFailure(
      oauthOf('clover').exchange({ app: wrong, code: query.code, callbackQuery: query }),
      'rejected',
      401,
    );
  });

  test('a callback without merchant_id is invalid and spends nothing', async () => {
    const query = await consent(oauthOf('clover').authorizeUrl({ app, state: 's' }));
    const { merchant_id: _dropped, ...withoutMerchant } = query;
    await expectFailure(
      oauthOf('clover').exchange({ app, code: query.code, callbackQuery: withoutMerchant }),
      'invalid',
      undefined,
    );
    expect(sim.state.calls['/clover/oauth/v2/token']).toBeUndefined();
  });

  test('refresh rotates the pair and the old refresh token is then rejected', async () => {
    const { result } = await grantFor('clover', app);
    const refreshed = rememberGrant(await oauthOf('clover').refresh({ app, refreshToken: result.refreshToken ?? '' }));
    expect(refreshed.accessToken).not.toBe(result.accessToken);
    expect(refreshed.refreshToken).toBeTruthy();
    expect(refreshed.refreshToken).not.toBe(result.refreshToken);
    await expectFailure(oauthOf('clover').refresh({ app, refreshToken: result.refreshToken ?? '' }), 'rejected', 401);
    // the new one works
    rememberGrant(await oauthOf('clover').refresh({ app, refreshToken: refreshed.refreshToken ?? '' }));
  });

  test('a 429 is rate_limited with its Retry-After', async () => {
    const { result } = await grantFor('clover', app);
    sim.state.failNext('clover', 429, { retryAfter: 1 });
    const err = await expectFailure(
      oauthOf('clover').refresh({ app, refreshToken: result.refreshToken ?? '' }),
      'rate_limited',
      429,
    );
    expect(err.retryAfterMs).toBe(1000);
  });

  test('a 502 from the token endpoint is unavailable', async () => {
    const query = await consent(oauthOf('clover').authorizeUrl({ app, state: 's' }));
    sim.state.failNext('clover', 502);
    await expectFailure(
      oauthOf('clover').exchange({ app, code: query.code, callbackQuery: query }),
      'unavailable',
      502,
    );
  });

  test('a 500 from the refresh endpoint is unavailable', async () => {
    const { result } = await grantFor('clover', app);
    sim.state.failNext('clover', 500);
    await expectFailure(
      oauthOf('clover').refresh({ app, refreshToken: result.refreshToken ?? '' }),
      'unavailable',
      500,
    );
  });
});

describe('lightspeed (K-Series OAuth)', () => {
  const app = appFor('lightspeed');
  const location = SIMULATED_OAUTH_ACCOUNTS.lightspeed.location;

  test('the authorize URL is the V2 one and carries response_type, the client id, the scopes with offline_access, the redirect URI and state', () => {
    const url = new URL(oauthOf('lightspeed').authorizeUrl({ app, state: 'st-lsk' }));
    expect(url.toString().startsWith(`${sim.urls.lightspeed}${LIGHTSPEED_AUTH_PATH}/auth?`)).toBe(true);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(app.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.searchParams.get('state')).toBe('st-lsk');
    expect(url.searchParams.get('scope')?.split(' ').sort()).toEqual(['financial-api', 'offline_access', 'staff-api']);
  });

  test('following the authorize URL comes back with a code and the state', async () => {
    const query = await consent(oauthOf('lightspeed').authorizeUrl({ app, state: 'st-lsk' }));
    expect(query).toEqual({ code: expect.any(String), state: 'st-lsk' });
  });

  test('exchanging the code gives tokens for 60 minutes and names the business location', async () => {
    const before = Date.now();
    const { result } = await grantFor('lightspeed', app);
    expect(result.refreshToken).toBeTruthy();
    expect(result.expiresAt).toBeGreaterThanOrEqual(before + 3600_000);
    expect(result.expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000);
    expect(result.account).toEqual({
      id: String(location.blID),
      name: SIMULATED_OAUTH_ACCOUNTS.lightspeed.businessName,
      currency: SIMULATED_OAUTH_ACCOUNTS.lightspeed.currencyCode,
    });
  });

  test('the refresh token is a long-lived offline one (14 days), not a 30-minute session one', async () => {
    const { result } = await grantFor('lightspeed', app);
    const check = sim.state.checkToken('lightspeed', 'refresh', result.refreshToken);
    expect(check.ok && (check.token.expiresAt ?? 0) - Date.now()).toBeGreaterThan(13 * 86_400_000);
  });

  test('a code is refused (invalid_grant) the second time it is exchanged', async () => {
    const { callbackQuery } = await grantFor('lightspeed', app);
    const err = await expectFailure(
      oauthOf('lightspeed').exchange({ app, code: callbackQuery.code, callbackQuery }),
      'rejected',
      400,
    );
    expect(err.message).toContain('invalid_grant');
  });

  test('a wrong client secret is rejected (invalid_client)', async () => {
    const query = await consent(oauthOf('lightspeed').authorizeUrl({ app, state: 's' }));
    const wrong = appFor('lightspeed', { clientSecret: 'sim-lsk-WRONG-secret-0000000000' });
    remember(wrong.clientSecret);
    const err = await expectFailure(
      oauthOf('lightspeed').exchange({ app: wrong, code: query.code, callbackQuery: query }),
      'rejected',
      401,
    );
    expect(err.message).toContain('invalid_client');
  });

  test('refresh gives a new pair and the used refresh token is then refused', async () => {
    const { result } = await grantFor('lightspeed', app);
    const refreshed = rememberGrant(
      await oauthOf('lightspeed').refresh({ app, refreshToken: result.refreshToken ?? '' }),
    );
    expect(refreshed.accessToken).not.toBe(result.accessToken);
    expect(refreshed.refreshToken).not.toBe(result.refreshToken);
    await expectFailure(
      oauthOf('lightspeed').refresh({ app, refreshToken: result.refreshToken ?? '' }),
      'rejected',
      400,
    );
  });

  test('a 429 is rate_limited with its Retry-After', async () => {
    const { result } = await grantFor('lightspeed', app);
    sim.state.failNext('lightspeed', 429, { retryAfter: 3 });
    const err = await expectFailure(
      oauthOf('lightspeed').refresh({ app, refreshToken: result.refreshToken ?? '' }),
      'rate_limited',
      429,
    );
    expect(err.retryAfterMs).toBe(3000);
  });

  test('a 500 is unavailable', async () => {
    const { result } = await grantFor('lightspeed', app);
    sim.state.failNext('lightspeed', 500);
    await expectFailure(
      oauthOf('lightspeed').refresh({ app, refreshToken: result.refreshToken ?? '' }),
      'unavailable',
      500,
    );
  });
});

describe('revel', () => {
  const verify = verifyOf('revel');
  const creds = SIMULATED.revel;

  test('verify reads the establishment with API-AUTHENTICATION and names it', async () => {
    await expect(verify(creds)).resolves.toEqual({ id: creds.establishmentId, name: SIMULATED_NAMES.revel });
    expect(sim.state.calls[`/revel/enterprise/Establishment/${creds.establishmentId}/`]).toBe(1);
  });

  test('a wrong API secret is rejected with the 401', async () => {
    const apiSecret = 'simrevelWRONGsecret000000000000000';
    remember(apiSecret);
    await expectFailure(verify({ ...creds, apiSecret }), 'rejected', 401);
  });

  test('an unknown establishment is not_found', async () => {
    await expectFailure(verify({ ...creds, establishmentId: '123456' }), 'not_found', 404);
  });

  test('a domain that is not a host name label is invalid before any call', async () => {
    await expectFailure(verify({ ...creds, domain: 'evil.example.com/x' }), 'invalid', undefined);
    expect(sim.state.callsTo('/revel/')).toBe(0);
  });

  test('a 429 (empty Tastypie body) is rate_limited with its Retry-After', async () => {
    sim.state.failNext('revel', 429, { retryAfter: 60 });
    const err = await expectFailure(verify(creds), 'rate_limited', 429);
    expect(err.retryAfterMs).toBe(60_000);
  });

  test('a 500 is unavailable', async () => {
    sim.state.failNext('revel', 500);
    await expectFailure(verify(creds), 'unavailable', 500);
  });
});

describe('spoton', () => {
  const verify = verifyOf('spoton');
  const creds = SIMULATED.spoton;

  test('verify reads the location with x-api-key and names it', async () => {
    await expect(verify(creds)).resolves.toEqual({ id: creds.locationId, name: SIMULATED_NAMES.spoton });
    expect(sim.state.calls[`/spoton/posexport/v1/locations/${creds.locationId}`]).toBe(1);
  });

  test('a wrong API key is rejected with the 401', async () => {
    const apiKey = 'sim-spoton-WRONG-key-000000000000';
    remember(apiKey);
    await expectFailure(verify({ ...creds, apiKey }), 'rejected', 401);
  });

  test('an unknown location is not_found', async () => {
    await expectFailure(verify({ ...creds, locationId: 'sim-location-9999-none' }), 'not_found', 404);
  });

  test('a location the key does not reach is rejected with the 403', async () => {
    await expectFailure(verify({ ...creds, locationId: SIMULATED_UNREACHABLE.spotonLocationId }), 'rejected', 403);
  });

  test('a 429 is rate_limited with its Retry-After', async () => {
    sim.state.failNext('spoton', 429, { retryAfter: 5 });
    const err = await expectFailure(verify(creds), 'rate_limited', 429);
    expect(err.retryAfterMs).toBe(5000);
  });

  test('a 500 is unavailable', async () => {
    sim.state.failNext('spoton', 500);
    await expectFailure(verify(creds), 'unavailable', 500);
  });

  test('a vendor that cannot be reached is unavailable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    setEnv('VENDOR_URL_SPOTON', `http://127.0.0.1:${port}/spoton`);
    try {
      const err = await expectFailure(verify(creds), 'unavailable', undefined);
      expect(err.message).toBe('spoton: network error (ECONNREFUSED)');
    } finally {
      setEnv('VENDOR_URL_SPOTON', sim.urls.spoton);
    }
  });
});

describe('the vendor HTTP helper', () => {
  test('a vendor that does not answer in time is unavailable', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const err = await expectFailure(
        vendorRequest({
          vendor: 'spoton',
          url: `http://127.0.0.1:${port}/slow?key=${SIMULATED.spoton.apiKey}`,
          timeoutMs: 150,
        }),
        'unavailable',
        undefined,
      );
      expect(err.message).toBe('spoton: no answer within 150 ms');
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  test('Retry-After is read as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('error messages', () => {
  test('no vendor error of this suite names a credential, token or code', () => {
    expect(thrown.length).toBeGreaterThan(30);
    const leaks = thrown.flatMap((err) =>
      [...credentialValues].filter((v) => err.message.includes(v)).map((v) => `${err.message} <- ${v}`),
    );
    expect(leaks).toEqual([]);
    for (const err of thrown) expect(err.message).not.toMatch(/https?:\/\//);
  });
});
