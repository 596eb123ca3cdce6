import { hostname } from 'node:os';
import { createCompany, snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { logsOf } from '../helpers/logs';
import { bearer } from '../helpers/users';
import { endpointDoc, subscribe, webhooksApi } from './support';

/** Owners manage the subscriptions: https public URLs only, the secret shown once. */

const URL_OK = 'https://hooks.example.com/workforce';
let co: TestCompany;

beforeAll(async () => {
  co = await createCompany();
});

const list = (as = co.owner) =>
  webhooksApi().get('/webhook-endpoints').query({ companyId: co.companyId }).set(bearer(as));

describe('POST /webhook-endpoints', () => {
  it('answers the subscription with a whsec_ secret once; the secret is stored sealed and never answered again', async () => {
    const { endpoint, secret } = await subscribe(co, {
      url: URL_OK,
      eventTypes: ['shift.published'],
      description: 'Payroll',
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({
      url: URL_OK,
      eventTypes: ['shift.published'],
      enabled: true,
      description: 'Payroll',
    });
    const stored = await endpointDoc(co.companyId, endpoint.id);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(6));
    const listed = await list();
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(6));
    expect(listed.body.data.find((e: { id: string }) => e.id === endpoint.id)).not.toHaveProperty('secret');
    const one = await webhooksApi()
      .get(`/webhook-endpoints/${endpoint.id}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.owner));
    expect(one.body.data).toEqual(listed.body.data.find((e: { id: string }) => e.id === endpoint.id));
  });

  it('keeps the secret out of the logs of its creation and rotation', async () => {
    const { lines, result } = await logsOf(() => subscribe(co, { url: URL_OK }));
    const rotated = await logsOf(() =>
      webhooksApi()
        .post(`/webhook-endpoints/${result.endpoint.id}/rotate-secret`)
        .query({ companyId: co.companyId })
        .set(bearer(co.owner))
        .send({}),
    );
    const written = JSON.stringify([...lines, ...rotated.lines]);
    expect(written).not.toContain(result.secret.slice(6));
    expect(written).not.toContain(String(rotated.result.body.data.secret).slice(6));
  });

  it.each([
    ['http://hooks.example.com/x', 'not https'],
    ['https://127.0.0.1/x', 'loopback'],
    ['https://169.254.169.254/latest/meta-data', 'link-local'],
    ['https://10.1.2.3/x', 'private'],
    ['https://100.64.0.1/x', 'carrier-grade NAT'],
    ['https://[::1]/x', 'loopback'],
    ['https://[fd00::1]/x', 'unique local'],
    ['https://[::ffff:127.0.0.1]/x', 'IPv4-mapped'],
    ['https://2130706433/x', '127.0.0.1 is not a public address (loopback)'],
    ['https://0x7f.1/x', '127.0.0.1 is not a public address (loopback)'],
    ['https://localhost/x', 'reserved name'],
    ['https://localhost./x', 'reserved name'],
    [`https://${hostname()}/x`, 'resolves to 127.'],
    ['https://user:pw@hooks.example.com/x', 'credentials'],
  ])('refuses %s (422 WEBHOOK_URL_REFUSED, %s) and writes nothing', async (url, why) => {
    const before = await snapshotCompany(co.companyId);
    const res = await webhooksApi()
      .post('/webhook-endpoints')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ url });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, code: 'WEBHOOK_URL_REFUSED' });
    expect(res.body.error).toContain(why);
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('refuses a bad body with 400 and an unknown event type by name', async () => {
    const res = await webhooksApi()
      .post('/webhook-endpoints')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ url: URL_OK, eventTypes: ['shift.exploded'] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it('refuses managers and employees (403) on every route, writing nothing', async () => {
    const { endpoint } = await subscribe(co, { url: URL_OK });
    const before = await snapshotCompany(co.companyId);
    for (const who of [co.manager, co.employee]) {
      const calls = [
        webhooksApi()
          .post('/webhook-endpoints')
          .query({ companyId: co.companyId })
          .set(bearer(who))
          .send({ url: URL_OK }),
        list(who),
        webhooksApi()
          .patch(`/webhook-endpoints/${endpoint.id}`)
          .query({ companyId: co.companyId })
          .set(bearer(who))
          .send({ enabled: false }),
        webhooksApi()
          .post(`/webhook-endpoints/${endpoint.id}/rotate-secret`)
          .query({ companyId: co.companyId })
          .set(bearer(who))
          .send({}),
        webhooksApi()
          .get(`/webhook-endpoints/${endpoint.id}/deliveries`)
          .query({ companyId: co.companyId })
          .set(bearer(who)),
        webhooksApi().delete(`/webhook-endpoints/${endpoint.id}`).query({ companyId: co.companyId }).set(bearer(who)),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('INSUFFICIENT_ROLE');
      }
    }
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('changes, disables, enables and deletes a subscription; another company’s id is not found', async () => {
    const { endpoint } = await subscribe(co, { url: URL_OK });
    const patch = (body: Record<string, unknown>) =>
      webhooksApi()
        .patch(`/webhook-endpoints/${endpoint.id}`)
        .query({ companyId: co.companyId })
        .set(bearer(co.owner))
        .send(body);
    const off = await patch({ enabled: false, eventTypes: ['post.published', 'post.published'] });
    expect(off.body.data).toMatchObject({ enabled: false, disabledReason: 'manual', eventTypes: ['post.published'] });
    const on = await patch({ enabled: true, eventTypes: null });
    expect(on.body.data).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null, eventTypes: null });
    expect((await patch({ url: 'https://192.168.1.1/x' })).body.code).toBe('WEBHOOK_URL_REFUSED');
    const other = await createCompany();
    const stranger = await webhooksApi()
      .get(`/webhook-endpoints/${endpoint.id}`)
      .query({ companyId: other.companyId })
      .set(bearer(other.owner));
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe('WEBHOOK_ENDPOINT_NOT_FOUND');
    const gone = await webhooksApi()
      .delete(`/webhook-endpoints/${endpoint.id}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.owner));
    expect(gone.body.data).toEqual({ id: endpoint.id, deleted: true });
    expect((await patch({ enabled: false })).status).toBe(404);
  });
});
