import request from 'supertest';
import * as functions from '../../src/index';
import { MODULES } from '../../src/modules/registry';
import { createCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';

type HttpsFunction = ((req: unknown, res: unknown) => void) & {
  __endpoint?: { region?: string[]; httpsTrigger?: unknown };
};
const exported = functions as unknown as Record<string, HttpsFunction>;

describe('the deployed functions (src/index.ts)', () => {
  it('exports one HTTPS function in us-central1 for every module', () => {
    for (const { name } of MODULES) {
      expect(exported[name]).toBeDefined();
      expect(exported[name].__endpoint?.httpsTrigger).toBeDefined();
      expect(exported[name].__endpoint?.region).toEqual(['us-central1']);
    }
  });

  it('serves the module behind its function, envelope included', async () => {
    const co = await createCompany();
    const res = await request(exported.roles as never)
      .get('/roles')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: [] });
    const missing = await request(exported.companies as never).get('/nowhere');
    expect(missing.body).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
  });
});

describe('bodies pre-parsed by the Functions runtime', () => {
  it('still enforces the route body limit on the raw bytes (413)', async () => {
    const co = await createCompany();
    const { default: express } = await import('express');
    // The Functions Framework and its emulator parse JSON before the function and keep rawBody.
    const runtime = express();
    runtime.use(
      express.json({
        limit: '32mb',
        verify: (req, _res, buf) => ((req as unknown as { rawBody: Buffer }).rawBody = buf),
      }),
    );
    runtime.all('/{*rest}', (req, res) => exported.roles(req, res));
    const res = await request(runtime)
      .post('/roles')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ name: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    const ok = await request(runtime)
      .post('/roles')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ name: 'Runner' });
    expect(ok.status).toBe(201);
  });
});
