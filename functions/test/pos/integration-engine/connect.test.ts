import { api } from '../../helpers/api';
import { createCompany, snapshotCompany, type TestCompany } from '../../helpers/fixtures';
import { captureLogs } from '../../helpers/logs';
import { rootDocsOf, startVendors, storedText } from '../../helpers/integrations';
import { bearer } from '../../helpers/users';
import { db } from '../../../src/core/firebase';
import { currentKeyId } from '../../../src/core/vault';
import {
  SIMULATED,
  SIMULATED_NAMES,
  SIMULATED_UNREACHABLE,
  type RunningVendorSimulator,
} from '../../../dev/vendors/server';

let sim: RunningVendorSimulator;
let co: TestCompany;
const logs = captureLogs();
/** Every body the engine answered in this file, to look for secrets in. */
const answered: string[] = [];

const TOAST_ID = `toast~${SIMULATED.toast.restaurantGuid}`;
const SECRETS = [
  SIMULATED.toast.clientSecret,
  SIMULATED.square_api_key.accessToken,
  SIMULATED.revel.apiSecret,
  SIMULATED.spoton.apiKey,
];

beforeAll(async () => {
  sim = await startVendors();
  co = await createCompany();
  logs.start();
});

afterAll(async () => {
  logs.stop();
  await sim.close();
});

async function call<T extends { body: unknown }>(request: PromiseLike<T>): Promise<T> {
  const res = await request;
  answered.push(JSON.stringify(res.body));
  return res;
}

const engine = () => api('integrationEngine');
const connect = (body: unknown, user = co.owner, companyId = co.companyId) =>
  call(
    engine()
      .post('/connections')
      .query({ companyId })
      .set(bearer(user))
      .send(body as object),
  );

describe('connect with credentials (api_key, client_credentials)', () => {
  it('verifies the Toast client credentials with the vendor, then stores them sealed and answers the connection', async () => {
    const before = sim.state.callsTo('/toast/authentication/');
    const res = await connect({ slug: 'toast', credentials: SIMULATED.toast });
    expect(res.status).toBe(201);
    expect(res.body.data.connection).toMatchObject({
      id: TOAST_ID,
      slug: 'toast',
      category: 'pos',
      state: 'connected',
      connectedBy: co.owner.uid,
      account: { id: SIMULATED.toast.restaurantGuid, name: expect.stringContaining(SIMULATED_NAMES.toast) },
      consecutiveFailures: 0,
      lastError: null,
    });
    expect(res.body.data.connection.nextSyncAt).toEqual(expect.any(Number));
    expect(res.body.data).toMatchObject({ authorization: null, partnerKey: null });
    expect(sim.state.callsTo('/toast/authentication/')).toBe(before + 1);
    const [vault] = await rootDocsOf('vault', co.companyId);
    expect(vault).toMatchObject({
      connectionId: TOAST_ID,
      sealed: { kid: currentKeyId(), iv: expect.any(String), tag: expect.any(String), data: expect.any(String) },
    });
    const schedule = await db().collection('integrationSchedule').doc(`${co.companyId}~${TOAST_ID}`).get();
    expect(schedule.data()).toMatchObject({ companyId: co.companyId, connectionId: TOAST_ID, slug: 'toast' });
  });

  it('keeps only ciphertext in Firestore: no credential value appears in any stored document', async () => {
    const text = await storedText(co.companyId);
    for (const value of [SIMULATED.toast.clientSecret, SIMULATED.toast.clientId]) expect(text).not.toContain(value);
  });

  it('answers 422 INTEGRATION_CREDENTIALS_REJECTED when the vendor refuses the secret, and stores nothing', async () => {
    const fresh = await createCompany();
    const before = await snapshotCompany(fresh.companyId);
    const res = await connect(
      { slug: 'square_api_key', credentials: { ...SIMULATED.square_api_key, accessToken: `EAAA${'x'.repeat(40)}` } },
      fresh.owner,
      fresh.companyId,
    );
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, code: 'INTEGRATION_CREDENTIALS_REJECTED' });
    expect(await snapshotCompany(fresh.companyId)).toEqual(before);
    expect(await rootDocsOf('vault', fresh.companyId)).toEqual([]);
  });

  it('refuses a POS account selling in another currency than the company, naming both (422 CURRENCY_MISMATCH), storing nothing', async () => {
    const pounds = await createCompany();
    await db().collection('companies').doc(pounds.companyId).collection('sales').doc('state').set({ currency: 'GBP' });
    const before = await snapshotCompany(pounds.companyId);
    const toast = await connect({ slug: 'toast', credentials: SIMULATED.toast }, pounds.owner, pounds.companyId);
    const square = await connect(
      { slug: 'square_api_key', credentials: SIMULATED.square_api_key },
      pounds.owner,
      pounds.companyId,
    );
    for (const res of [toast, square]) {
      expect([res.status, res.body.code]).toEqual([422, 'CURRENCY_MISMATCH']);
      expect(res.body.error).toMatch(/sells in USD .* in GBP/);
    }
    expect(await snapshotCompany(pounds.companyId)).toEqual(before);
    expect(await rootDocsOf('vault', pounds.companyId)).toEqual([]);
    // the same account for a company selling in dollars is connected
    const dollars = await createCompany();
    await db().collection('companies').doc(dollars.companyId).collection('sales').doc('state').set({ currency: 'USD' });
    expect(
      (await connect({ slug: 'toast', credentials: SIMULATED.toast }, dollars.owner, dollars.companyId)).status,
    ).toBe(201);
  });

  it('answers 422 INTEGRATION_ACCOUNT_NOT_FOUND for a location the vendor does not have, and stores nothing', async () => {
    const fresh = await createCompany();
    const res = await connect(
      { slug: 'square_api_key', credentials: { ...SIMULATED.square_api_key, locationId: 'LNOSUCHLOCATION01' } },
      fresh.owner,
      fresh.companyId,
    );
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('INTEGRATION_ACCOUNT_NOT_FOUND');
    expect(await rootDocsOf('vault', fresh.companyId)).toEqual([]);
  });

  it("answers 422 INTEGRATION_CREDENTIALS_REJECTED for a location the key may not read (the vendor's 403)", async () => {
    const fresh = await createCompany();
    const res = await connect(
      { slug: 'spoton', credentials: { ...SIMULATED.spoton, locationId: SIMULATED_UNREACHABLE.spotonLocationId } },
      fresh.owner,
      fresh.companyId,
    );
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('INTEGRATION_CREDENTIALS_REJECTED');
    expect(await rootDocsOf('vault', fresh.companyId)).toEqual([]);
  });

  it("answers 429 VENDOR_RATE_LIMITED with the vendor's Retry-After, and 502 VENDOR_UNAVAILABLE when it fails, storing nothing", async () => {
    const fresh = await createCompany();
    sim.state.failNext('revel', 429, { retryAfter: 7 });
    const limited = await connect({ slug: 'revel', credentials: SIMULATED.revel }, fresh.owner, fresh.companyId);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('VENDOR_RATE_LIMITED');
    expect(limited.body.error).toContain('7 s');
    sim.state.failNext('revel', 503);
    const down = await connect({ slug: 'revel', credentials: SIMULATED.revel }, fresh.owner, fresh.companyId);
    expect(down.status).toBe(502);
    expect(down.body.code).toBe('VENDOR_UNAVAILABLE');
    expect(await rootDocsOf('vault', fresh.companyId)).toEqual([]);
    const ok = await connect({ slug: 'revel', credentials: SIMULATED.revel }, fresh.owner, fresh.companyId);
    expect(ok.body.data.connection).toMatchObject({
      id: `revel~${SIMULATED.revel.establishmentId}`,
      state: 'connected',
    });
  });

  it('validates the credential fields as the catalogue says before calling the vendor (400, every problem listed)', async () => {
    const calls = sim.state.callsTo('/toast/');
    const res = await connect({
      slug: 'toast',
      credentials: {
        clientId: 'short',
        clientSecret: SIMULATED.toast.clientSecret,
        restaurantGuid: 'not-a-guid',
        extra: 'x',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const paths = res.body.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining(['body.credentials.clientId', 'body.credentials.restaurantGuid', 'body.credentials']),
    );
    expect(sim.state.callsTo('/toast/')).toBe(calls);
    const missing = await connect({ slug: 'toast' });
    expect(missing.status).toBe(400);
    const unknown = await connect({ slug: 'micros', credentials: {} });
    expect(unknown.status).toBe(400);
  });

  it('refuses credentials for an entry that takes none (file, oauth2, partner_key)', async () => {
    const res = await connect({ slug: 'csv', credentials: { apiKey: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.details[0].path).toBe('body.credentials');
  });

  it('is for owners: a manager gets 403 and nothing is called or stored', async () => {
    const calls = sim.state.callsTo('/toast/');
    const res = await connect({ slug: 'toast', credentials: SIMULATED.toast }, co.manager);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('INSUFFICIENT_ROLE');
    expect(sim.state.callsTo('/toast/')).toBe(calls);
  });

  it('leaves one consistent state after two concurrent connects of the same integration', async () => {
    const fresh = await createCompany();
    const results = await Promise.all([
      connect({ slug: 'square_api_key', credentials: SIMULATED.square_api_key }, fresh.owner, fresh.companyId),
      connect({ slug: 'square_api_key', credentials: SIMULATED.square_api_key }, fresh.owner, fresh.companyId),
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    const connections = await db().collection('companies').doc(fresh.companyId).collection('integrations').get();
    expect(connections.docs.map((d) => d.id)).toEqual([`square_api_key~${SIMULATED.square_api_key.locationId}`]);
    expect(connections.docs[0].data()).toMatchObject({ state: 'connected' });
    const vault = await rootDocsOf('vault', fresh.companyId);
    expect(vault).toHaveLength(1);
    const stored = connections.docs[0].data().connectedAt;
    expect(results.map((r) => r.body.data.connection.connectedAt)).toContain(stored);
    const schedule = await db().collection('integrationSchedule').where('companyId', '==', fresh.companyId).get();
    expect(schedule.size).toBe(1);
  });

  it('connects a CSV import with no credentials and no vault record (nothing to sync on a schedule)', async () => {
    const res = await connect({ slug: 'csv' });
    expect(res.status).toBe(201);
    expect(res.body.data.connection).toMatchObject({ id: 'csv', state: 'connected', nextSyncAt: null, account: null });
    expect((await db().collection('integrationSchedule').doc(`${co.companyId}~csv`).get()).exists).toBe(false);
    expect((await db().collection('vault').doc(`${co.companyId}~csv`).get()).exists).toBe(false);
  });
});

describe('disconnect', () => {
  it('destroys the credentials, leaves the schedule, keeps the connection as disconnected, and is a no-op the second time', async () => {
    const res = await call(
      engine().delete(`/connections/${TOAST_ID}`).query({ companyId: co.companyId }).set(bearer(co.owner)),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: TOAST_ID,
      state: 'disconnected',
      disconnectedBy: co.owner.uid,
      nextSyncAt: null,
    });
    expect((await db().collection('vault').doc(`${co.companyId}~${TOAST_ID}`).get()).exists).toBe(false);
    expect((await db().collection('integrationSchedule').doc(`${co.companyId}~${TOAST_ID}`).get()).exists).toBe(false);
    const after = await snapshotCompany(co.companyId);
    const again = await call(
      engine().delete(`/connections/${TOAST_ID}`).query({ companyId: co.companyId }).set(bearer(co.owner)),
    );
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(res.body.data);
    expect(await snapshotCompany(co.companyId)).toEqual(after);
  });

  it('shows the disconnected state in the catalogue, and reconnecting makes it connected again', async () => {
    const detail = await api('integrations')
      .get('/integrations/pos/toast')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(detail.body.data).toMatchObject({ state: 'disconnected', active: false });
    const res = await connect({ slug: 'toast', credentials: SIMULATED.toast });
    expect(res.body.data.connection).toMatchObject({ id: TOAST_ID, state: 'connected', disconnectedAt: null });
  });

  it('answers 404 for an unknown connection and 403 for a manager', async () => {
    const missing = await call(
      engine().delete('/connections/toast~nope').query({ companyId: co.companyId }).set(bearer(co.owner)),
    );
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('CONNECTION_NOT_FOUND');
    const manager = await call(
      engine().delete(`/connections/${TOAST_ID}`).query({ companyId: co.companyId }).set(bearer(co.manager)),
    );
    expect(manager.status).toBe(403);
  });
});

describe('secrets', () => {
  it('never appear in any response body or log line of this file', async () => {
    const logged = logs.lines.join('\n');
    expect(logs.lines.length).toBeGreaterThan(10);
    for (const secret of SECRETS) {
      for (const body of answered) expect(body).not.toContain(secret);
      expect(logged).not.toContain(secret);
    }
  });
});
