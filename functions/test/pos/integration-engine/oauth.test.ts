import functionsTest from 'firebase-functions-test';
import { api } from '../../helpers/api';
import { addMember, createCompany, snapshotCompany, type TestCompany } from '../../helpers/fixtures';
import { REDIRECT_URI, rootDocsOf, startVendors, storedText } from '../../helpers/integrations';
import { captureLogs } from '../../helpers/logs';
import { bearer, createUser, type TestUser } from '../../helpers/users';
import { db } from '../../../src/core/firebase';
import * as functions from '../../../src/index';
import {
  SIMULATED_OAUTH_ACCOUNTS,
  SIMULATED_OAUTH_APPS,
  type RunningVendorSimulator,
} from '../../../dev/vendors/server';
import { accessTokenFor, readSecrets } from '../../../src/modules/integration-engine';
import type { OAuthSecrets } from '../../../src/modules/integration-engine/oauth';

let sim: RunningVendorSimulator;
const logs = captureLogs();
const answered: string[] = [];
const fft = functionsTest({ projectId: process.env.GCLOUD_PROJECT });

beforeAll(async () => {
  sim = await startVendors();
  logs.start();
});

afterAll(async () => {
  logs.stop();
  fft.cleanup();
  await sim.close();
});

const engine = () => api('integrationEngine');

/** Starts an OAuth connect as the owner and follows the vendor's consent page; answers the query the vendor redirects back with. */
async function consent(co: TestCompany, slug: string): Promise<Record<string, string>> {
  const start = await engine()
    .post('/connections')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send({ slug });
  answered.push(JSON.stringify(start.body));
  expect(start.status).toBe(201);
  const { url, expiresAt } = start.body.data.authorization;
  expect(expiresAt - Date.now()).toBeGreaterThan(9 * 60_000);
  expect(expiresAt - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  const page = await fetch(url, { redirect: 'manual' });
  expect(page.status).toBe(302);
  const back = new URL(page.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
  return Object.fromEntries(back.searchParams);
}

/** The owner's app finishing the connect: the parameters the vendor redirected back with, posted with `as`'s ID token. */
async function callback(co: TestCompany, query: Record<string, string>, as: TestUser = co.owner) {
  const res = await engine()
    .post('/oauth/complete')
    .query({ companyId: co.companyId })
    .set(bearer(as))
    .send({ callback: query });
  answered.push(JSON.stringify(res.body));
  return res;
}

describe('OAuth connect', () => {
  it('sends the owner to the vendor with our client id, redirect URI and a signed state', async () => {
    const co = await createCompany();
    const res = await engine()
      .post('/connections')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ slug: 'square' });
    const url = new URL(res.body.data.authorization.url);
    expect(url.pathname).toBe('/square/oauth2/authorize');
    expect(url.searchParams.get('client_id')).toBe(SIMULATED_OAUTH_APPS.square.clientId);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(res.body.data).toMatchObject({ connection: null, partnerKey: null });
    expect(await rootDocsOf('vault', co.companyId)).toEqual([]);
  });

  it.each([
    ['clover', `clover~${SIMULATED_OAUTH_ACCOUNTS.clover.merchantId}`],
    ['square', `square~${SIMULATED_OAUTH_ACCOUNTS.square.merchantId}`],
    ['lightspeed', 'lightspeed~'],
  ])(
    'connects %s when the vendor redirects back: the code is exchanged and the tokens sealed in the vault',
    async (slug, idPrefix) => {
      const co = await createCompany();
      const res = await callback(co, await consent(co, slug));
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ slug, state: 'connected', connectedBy: co.owner.uid });
      expect(res.body.data.id.startsWith(idPrefix)).toBe(true);
      expect(res.body.data.account.id).toEqual(expect.any(String));
      expect(res.body.data.accessTokenExpiresAt).toBeGreaterThan(Date.now());
      const secrets = await readSecrets<OAuthSecrets>(co.companyId, res.body.data.id);
      expect(secrets!.accessToken).toEqual(expect.any(String));
      const text = await storedText(co.companyId);
      expect(text).not.toContain(secrets!.accessToken);
      if (secrets!.refreshToken) expect(text).not.toContain(secrets!.refreshToken);
    },
  );

  it('refuses a replayed callback (the state is single use) and changes nothing', async () => {
    const co = await createCompany();
    const query = await consent(co, 'clover');
    expect((await callback(co, query)).status).toBe(200);
    const before = await snapshotCompany(co.companyId);
    const replay = await callback(co, query);
    expect(replay.status).toBe(422);
    expect(replay.body).toMatchObject({ success: false, code: 'OAUTH_STATE_USED' });
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('refuses a forged state: another company in a signed payload, a made-up signature, garbage, or none (400)', async () => {
    const co = await createCompany();
    const victim = await createCompany();
    const query = await consent(co, 'clover');
    const [payload, kid, mac] = query.state.split('.');
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...decoded, c: victim.companyId })).toString('base64url');
    for (const state of [
      `${forgedPayload}.${kid}.${mac}`,
      `${payload}.${kid}.${Buffer.alloc(32).toString('base64url')}`,
      'garbage',
      `${payload}.other.${mac}`,
    ]) {
      const res = await callback(co, { ...query, state });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('OAUTH_STATE_INVALID');
    }
    const none = await callback(co, { code: query.code });
    expect(none.body.code).toBe('OAUTH_STATE_INVALID');
    expect(await rootDocsOf('vault', victim.companyId)).toEqual([]);
    // the genuine state was not consumed by the forgeries
    expect((await callback(co, query)).status).toBe(200);
  });

  it('refuses an expired state (older than 10 minutes)', async () => {
    const co = await createCompany();
    const query = await consent(co, 'clover');
    const realNow = Date.now.bind(Date);
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 10 * 60_000 + 1_000);
    try {
      const res = await callback(co, query);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('OAUTH_STATE_EXPIRED');
    } finally {
      clock.mockRestore();
    }
    expect(await rootDocsOf('vault', co.companyId)).toEqual([]);
  });

  it('records nothing when the owner declines at the vendor (error=access_denied)', async () => {
    const co = await createCompany();
    sim.state.denyNextAuthorize = true;
    const query = await consent(co, 'square');
    expect(query.error).toBe('access_denied');
    const res = await callback(co, query);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('OAUTH_DENIED');
    expect(await rootDocsOf('vault', co.companyId)).toEqual([]);
  });

  it('answers 422 INTEGRATION_CREDENTIALS_REJECTED when the vendor refuses the code, storing nothing', async () => {
    const co = await createCompany();
    const query = await consent(co, 'clover');
    const res = await callback(co, { ...query, code: 'not-a-code-the-vendor-issued' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('INTEGRATION_CREDENTIALS_REJECTED');
    expect(await rootDocsOf('vault', co.companyId)).toEqual([]);
  });

  it('connects nothing for anyone but the owner who started it: a consent link sent to a victim merchant, a bare visit of the callback, another owner', async () => {
    // the attack: an owner starts a connect in their own company and sends the consent link to a
    // victim merchant, who consents; the vendor sends the victim back with code and state
    const attacker = await createCompany();
    const victim = await createCompany();
    const query = await consent(attacker, 'clover');
    const before = [await snapshotCompany(attacker.companyId), await snapshotCompany(victim.companyId)];

    const page = await engine().get('/oauth/callback').query(query);
    expect([page.status, page.type]).toEqual([200, 'text/html']);
    expect(page.text).not.toContain(query.code);
    const asVictim = await callback(victim, query, victim.owner);
    expect([asVictim.status, asVictim.body.code]).toEqual([403, 'OAUTH_NOT_STARTER']);
    expect((await callback(attacker, query, victim.owner)).body.code).toBe('NOT_A_MEMBER');
    const coOwner = await createUser({ label: 'co-owner' });
    await addMember(attacker.companyId, coOwner, 'owner');
    expect((await callback(attacker, query, coOwner)).body.code).toBe('OAUTH_NOT_STARTER');

    expect([await snapshotCompany(attacker.companyId), await snapshotCompany(victim.companyId)]).toEqual(before);
    expect(await rootDocsOf('vault', attacker.companyId)).toEqual([]);
    // the state stays unused: only its starter finishes (here the attacker, who never gets the victim's code)
    expect((await callback(attacker, query)).status).toBe(200);
  });

  it('refuses the callback when its owner is no longer an owner of the company', async () => {
    const co = await createCompany();
    const query = await consent(co, 'clover');
    await addMember(co.companyId, co.owner, 'manager');
    const res = await callback(co, query);
    expect(res.status).toBe(403);
    expect(await rootDocsOf('vault', co.companyId)).toEqual([]);
  });

  it('answers 503 OAUTH_APP_NOT_CONFIGURED when our application with the vendor has no secret here', async () => {
    const co = await createCompany();
    const saved = process.env.LIGHTSPEED_CLIENT_SECRET;
    delete process.env.LIGHTSPEED_CLIENT_SECRET;
    try {
      const res = await engine()
        .post('/connections')
        .query({ companyId: co.companyId })
        .set(bearer(co.owner))
        .send({ slug: 'lightspeed' });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('OAUTH_APP_NOT_CONFIGURED');
    } finally {
      process.env.LIGHTSPEED_CLIENT_SECRET = saved;
    }
  });
});

describe('disconnect', () => {
  it("revokes the grant at Square (RevokeToken): the merchant's tokens stop working there, and nothing stays here", async () => {
    const co = await createCompany();
    const connected = await callback(co, await consent(co, 'square'));
    const connectionId: string = connected.body.data.id;
    const { accessToken, refreshToken } = (await readSecrets<OAuthSecrets>(co.companyId, connectionId))!;
    const revokes = sim.state.calls['/square/oauth2/revoke'] ?? 0;
    const res = await engine()
      .delete(`/connections/${connectionId}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.owner));
    expect([res.status, res.body.data.state]).toEqual([200, 'disconnected']);
    expect(sim.state.calls['/square/oauth2/revoke']).toBe(revokes + 1);
    expect(sim.state.isRevoked(accessToken)).toBe(true);
    expect(sim.state.isRevoked(refreshToken)).toBe(true);
    expect(await rootDocsOf('vault', co.companyId)).toEqual([]);
  });

  it('disconnects all the same when the vendor fails to revoke (logged), and Clover, which documents no revocation, is not called', async () => {
    const co = await createCompany();
    const square = (await callback(co, await consent(co, 'square'))).body.data.id as string;
    sim.state.failNext('square', 503);
    const res = await engine()
      .delete(`/connections/${square}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.owner));
    expect([res.status, res.body.data.state]).toEqual([200, 'disconnected']);
    expect(logs.lines.some((l) => l.includes('vendor grant not revoked'))).toBe(true);
    const clover = (await callback(co, await consent(co, 'clover'))).body.data.id as string;
    const before = sim.state.callsTo('/clover/');
    await engine().delete(`/connections/${clover}`).query({ companyId: co.companyId }).set(bearer(co.owner));
    expect(sim.state.callsTo('/clover/')).toBe(before);
  });
});

describe('access tokens', () => {
  async function connectClover(ttlSeconds: number) {
    const co = await createCompany();
    sim.state.accessTokenTtlSeconds = ttlSeconds;
    const res = await callback(co, await consent(co, 'clover'));
    sim.state.accessTokenTtlSeconds = undefined;
    return { co, connectionId: res.body.data.id as string };
  }

  it('uses the stored token while it is valid for longer than the margin', async () => {
    const { co, connectionId } = await connectClover(3600);
    const refreshes = sim.state.callsTo('/clover/oauth/v2/refresh');
    const stored = await readSecrets<OAuthSecrets>(co.companyId, connectionId);
    expect(await accessTokenFor(co.companyId, connectionId)).toBe(stored!.accessToken);
    expect(sim.state.callsTo('/clover/oauth/v2/refresh')).toBe(refreshes);
  });

  it('refreshes a token about to expire exactly once under concurrency, storing the rotated refresh token', async () => {
    const { co, connectionId } = await connectClover(120);
    const before = await readSecrets<OAuthSecrets>(co.companyId, connectionId);
    const refreshes = sim.state.callsTo('/clover/oauth/v2/refresh');
    const tokens = await Promise.all(Array.from({ length: 5 }, () => accessTokenFor(co.companyId, connectionId)));
    expect(sim.state.callsTo('/clover/oauth/v2/refresh')).toBe(refreshes + 1);
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(before!.accessToken);
    const after = await readSecrets<OAuthSecrets>(co.companyId, connectionId);
    expect(after!.accessToken).toBe(tokens[0]);
    expect(after!.refreshToken).not.toBe(before!.refreshToken);
    const connection = (
      await db().collection('companies').doc(co.companyId).collection('integrations').doc(connectionId).get()
    ).data()!;
    expect(connection.accessTokenExpiresAt).toBe(after!.expiresAt);
  });

  it('moves the connection to reauth_required when the vendor refuses the refresh token, and stops scheduling it', async () => {
    const { co, connectionId } = await connectClover(120);
    const stored = await readSecrets<OAuthSecrets>(co.companyId, connectionId);
    sim.state.revoke(stored!.refreshToken!);
    await expect(accessTokenFor(co.companyId, connectionId)).rejects.toMatchObject({ code: 'CONNECTION_NEEDS_REAUTH' });
    const status = await api('integrations')
      .get('/integrations/status')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(status.body.data[0]).toMatchObject({
      id: connectionId,
      state: 'reauth_required',
      lastError: { code: 'CREDENTIALS_REJECTED' },
    });
    expect((await db().collection('integrationSchedule').doc(`${co.companyId}~${connectionId}`).get()).exists).toBe(
      false,
    );
    await expect(accessTokenFor(co.companyId, connectionId)).rejects.toMatchObject({ code: 'CONNECTION_NEEDS_REAUTH' });
  });

  it('renews tokens expiring within the hour from the scheduled job (integrationTokenRefresh), leaving the others', async () => {
    const soon = await connectClover(20 * 60);
    const later = await connectClover(5 * 3600);
    const [soonBefore, laterBefore] = await Promise.all([
      readSecrets<OAuthSecrets>(soon.co.companyId, soon.connectionId),
      readSecrets<OAuthSecrets>(later.co.companyId, later.connectionId),
    ]);
    const job = fft.wrap((functions as unknown as Record<string, never>).integrationTokenRefresh);
    await (job as unknown as (e: unknown) => Promise<void>)({});
    const [soonAfter, laterAfter] = await Promise.all([
      readSecrets<OAuthSecrets>(soon.co.companyId, soon.connectionId),
      readSecrets<OAuthSecrets>(later.co.companyId, later.connectionId),
    ]);
    expect(soonAfter!.accessToken).not.toBe(soonBefore!.accessToken);
    expect(soonAfter!.expiresAt! - Date.now()).toBeGreaterThan(40 * 60_000);
    expect(laterAfter).toEqual(laterBefore);
  });
});

describe('secrets', () => {
  it("never appear in a response body or a log line: our client secrets, the vendors' tokens", async () => {
    const values: string[] = Object.values(SIMULATED_OAUTH_APPS).map((a) => a.clientSecret);
    for (const d of (await db().collection('vault').get()).docs) {
      const secrets = await readSecrets<OAuthSecrets>(d.data().companyId, d.data().connectionId).catch(() => null);
      if (secrets?.accessToken) values.push(secrets.accessToken);
      if (secrets?.refreshToken) values.push(secrets.refreshToken);
    }
    expect(values.length).toBeGreaterThan(10);
    const logged = logs.lines.join('\n');
    for (const value of values) {
      expect(logged).not.toContain(value);
      for (const body of answered) expect(body).not.toContain(value);
    }
  });
});
