import { api } from '../../helpers/api';
import { createCompany, type TestCompany } from '../../helpers/fixtures';
import { bearer, createUser, type TestUser } from '../../helpers/users';
import { db } from '../../../src/core/firebase';
import { CATALOGUE } from '../../../src/modules/integrations/catalogue';

let co: TestCompany;
let outsider: TestUser;

beforeAll(async () => {
  [co, outsider] = await Promise.all([createCompany(), createUser({ label: 'outsider' })]);
});

const integrations = () => api('integrations');

/** A connection as the integration engine writes it (the catalogue module only reads them). */
async function storeConnection(id: string, fields: Record<string, unknown>) {
  await db()
    .collection('companies')
    .doc(co.companyId)
    .collection('integrations')
    .doc(id)
    .set({
      consecutiveFailures: 0,
      connectedAt: 1,
      connectedBy: co.owner.uid,
      account: null,
      lastError: null,
      ...fields,
    });
}

describe('GET /integrations/available', () => {
  it('lists the whole catalogue to any signed-in user: eight POS sources, three payroll exports, three reservation partners', async () => {
    const res = await integrations().get('/integrations/available').set(bearer(outsider));
    expect(res.status).toBe(200);
    const byCategory = (c: string) =>
      res.body.data.filter((e: { category: string }) => e.category === c).map((e: { slug: string }) => e.slug);
    expect(byCategory('pos')).toEqual([
      'square',
      'square_api_key',
      'toast',
      'clover',
      'lightspeed',
      'revel',
      'spoton',
      'csv',
    ]);
    expect(byCategory('payroll')).toEqual(['gusto', 'adp', 'paychex']);
    expect(byCategory('reservation')).toEqual(['opentable', 'resy', 'sevenrooms']);
  });

  it('describes how each entry connects: auth kind, capabilities, sync modes and validated credential fields', async () => {
    const res = await integrations().get('/integrations/available').query({ category: 'pos' }).set(bearer(outsider));
    const toast = res.body.data.find((e: { slug: string }) => e.slug === 'toast');
    expect(toast).toMatchObject({
      authKind: 'client_credentials',
      capabilities: ['roster', 'punches', 'sales', 'tips'],
      syncModes: ['poll', 'webhook'],
      perAccount: true,
    });
    expect(toast.credentialFields.map((f: { name: string; secret: boolean }) => [f.name, f.secret])).toEqual([
      ['clientId', false],
      ['clientSecret', true],
      ['restaurantGuid', false],
    ]);
    expect(toast.credentialFields[2]).toMatchObject({ account: true, minLength: 36, maxLength: 36 });
    expect(res.body.data.every((e: { category: string }) => e.category === 'pos')).toBe(true);
    const square = res.body.data.find((e: { slug: string }) => e.slug === 'square');
    expect(square).toMatchObject({ authKind: 'oauth2', credentialFields: [] });
  });

  it('filters by category in the path, the same as the query', async () => {
    const [path, query] = await Promise.all([
      integrations().get('/integrations/available/payroll').set(bearer(outsider)),
      integrations().get('/integrations/available').query({ category: 'payroll' }).set(bearer(outsider)),
    ]);
    expect(path.status).toBe(200);
    expect(path.body.data).toEqual(query.body.data);
    expect(
      path.body.data.every(
        (e: { authKind: string; capabilities: string[] }) =>
          e.authKind === 'file' && e.capabilities.includes('payroll_export'),
      ),
    ).toBe(true);
  });

  it('answers 400 for an unknown category, in the path or the query, and 401 without a token', async () => {
    const path = await integrations().get('/integrations/available/crm').set(bearer(outsider));
    expect(path.status).toBe(400);
    expect(path.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const query = await integrations().get('/integrations/available').query({ category: 'crm' }).set(bearer(outsider));
    expect(query.status).toBe(400);
    expect((await integrations().get('/integrations/available')).status).toBe(401);
  });
});

describe('GET /integrations (overview)', () => {
  it('shows every category with its entries, not_connected until the company connects one', async () => {
    const fresh = await createCompany();
    const res = await integrations()
      .get('/integrations')
      .query({ companyId: fresh.companyId })
      .set(bearer(fresh.manager));
    expect(res.status).toBe(200);
    expect(res.body.data.categories.map((c: { category: string }) => c.category)).toEqual([
      'pos',
      'payroll',
      'reservation',
    ]);
    const all = res.body.data.categories.flatMap((c: { integrations: unknown[] }) => c.integrations);
    expect(all).toHaveLength(CATALOGUE.length);
    expect(
      all.every(
        (i: { state: string; active: boolean; connections: unknown[] }) =>
          i.state === 'not_connected' && !i.active && i.connections.length === 0,
      ),
    ).toBe(true);
  });

  it("marks entries active from the company's connections, with the state needing attention first among several locations", async () => {
    await storeConnection('toast~5e1c7a3b-9d24-4f6e-8b10-2c4d6e8fa0b1', {
      slug: 'toast',
      category: 'pos',
      state: 'connected',
      account: { id: '5e1c7a3b-9d24-4f6e-8b10-2c4d6e8fa0b1' },
    });
    await storeConnection('toast~0f9e8d7c-6b5a-4c3d-9e2f-1a0b9c8d7e6f', {
      slug: 'toast',
      category: 'pos',
      state: 'reauth_required',
      account: { id: '0f9e8d7c-6b5a-4c3d-9e2f-1a0b9c8d7e6f' },
    });
    await storeConnection('gusto', { slug: 'gusto', category: 'payroll', state: 'disconnected' });
    const res = await integrations().get('/integrations').query({ companyId: co.companyId }).set(bearer(co.owner));
    const pos = res.body.data.categories.find((c: { category: string }) => c.category === 'pos');
    const toast = pos.integrations.find((i: { slug: string }) => i.slug === 'toast');
    expect(toast).toMatchObject({ state: 'reauth_required', active: true });
    expect(toast.connections).toHaveLength(2);
    expect(pos.activeCount).toBe(1);
    const payroll = res.body.data.categories.find((c: { category: string }) => c.category === 'payroll');
    expect(payroll.integrations.find((i: { slug: string }) => i.slug === 'gusto')).toMatchObject({
      state: 'disconnected',
      active: false,
    });
    expect(payroll.activeCount).toBe(0);
  });

  it('is for managers and owners of the company: an employee gets 403, a non-member 403', async () => {
    const employee = await integrations()
      .get('/integrations')
      .query({ companyId: co.companyId })
      .set(bearer(co.employee));
    expect(employee.status).toBe(403);
    expect(employee.body.code).toBe('INSUFFICIENT_ROLE');
    const other = await integrations().get('/integrations').query({ companyId: co.companyId }).set(bearer(outsider));
    expect(other.body.code).toBe('NOT_A_MEMBER');
  });
});

describe('GET /integrations/status', () => {
  it('lists only active connections, optionally of one category, with their sync bookkeeping and names', async () => {
    const res = await integrations()
      .get('/integrations/status')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { id: string }) => c.id).sort()).toEqual([
      'toast~0f9e8d7c-6b5a-4c3d-9e2f-1a0b9c8d7e6f',
      'toast~5e1c7a3b-9d24-4f6e-8b10-2c4d6e8fa0b1',
    ]);
    expect(res.body.data[0]).toMatchObject({ name: 'Toast', category: 'pos', consecutiveFailures: 0, lastError: null });
    const payroll = await integrations()
      .get('/integrations/status')
      .query({ companyId: co.companyId, category: 'payroll' })
      .set(bearer(co.manager));
    expect(payroll.body.data).toEqual([]);
  });
});

describe('GET /integrations/{category}/{slug}', () => {
  it("answers the entry with the company's connections of it", async () => {
    const res = await integrations()
      .get('/integrations/pos/toast')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ slug: 'toast', name: 'Toast', state: 'reauth_required', active: true });
    const none = await integrations()
      .get('/integrations/reservation/resy')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(none.body.data).toMatchObject({ slug: 'resy', state: 'not_connected', active: false, connections: [] });
  });

  it('answers 404 for an unknown slug or a slug of another category, and 400 for an unknown category', async () => {
    const unknown = await integrations()
      .get('/integrations/pos/micros')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'INTEGRATION_NOT_FOUND' });
    const wrongCategory = await integrations()
      .get('/integrations/payroll/toast')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(wrongCategory.status).toBe(404);
    const category = await integrations()
      .get('/integrations/crm/toast')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(category.status).toBe(400);
  });

  it('answers 403 for a company that does not exist (the caller is not a member of it)', async () => {
    const res = await integrations()
      .get('/integrations/pos/toast')
      .query({ companyId: 'no-such-company' })
      .set(bearer(co.manager));
    expect(res.status).toBe(403);
  });
});
