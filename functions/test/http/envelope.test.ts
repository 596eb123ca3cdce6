import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { api } from '../helpers/api';
import { createCompany, snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, createUser } from '../helpers/users';

const run = promisify(execFile);

let co: TestCompany;
beforeAll(async () => {
  co = await createCompany();
});

describe('the shared HTTP layer', () => {
  it('answers an unknown route with the error envelope and 404', async () => {
    const res = await api('roles').get('/nowhere').set(bearer(co.owner));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      success: false,
      error: 'No route GET /nowhere in the roles module',
      code: 'ROUTE_NOT_FOUND',
      details: [{ path: 'route', message: 'not served here', module: 'roles', method: 'GET' }],
    });
  });

  it('says which module serves a path asked of another module, and with which methods', async () => {
    const res = await api('payroll').get('/roles').query({ companyId: co.companyId }).set(bearer(co.owner));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('ROUTE_NOT_FOUND');
    expect(res.body.error).toBe(
      "No route GET /roles in the payroll module; /roles is served by the roles module (GET, POST): call it at that module's address",
    );
    expect(res.body.details).toEqual([
      { path: 'route', message: 'not served here', module: 'payroll', method: 'GET' },
      { path: 'route', message: 'served by the roles module', module: 'roles', methods: ['GET', 'POST'] },
    ]);
    const withParameter = await api('calculator').patch('/employees/emp-1').set(bearer(co.owner));
    expect(withParameter.body.details[1]).toEqual({
      path: 'route',
      message: 'served by the employees module',
      module: 'employees',
      methods: ['GET', 'PATCH'],
    });
  });

  it('answers a wrong method on a known path with 405, the Allow header and the envelope', async () => {
    const res = await api('roles').put('/roles').query({ companyId: co.companyId }).set(bearer(co.owner));
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, POST');
    expect(res.body).toMatchObject({ success: false, code: 'METHOD_NOT_ALLOWED' });
  });

  it('answers malformed JSON with 400 INVALID_JSON and writes nothing', async () => {
    const before = await snapshotCompany(co.companyId);
    const res = await api('roles')
      .post('/roles')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .set('content-type', 'application/json')
      .send('{"name": "Cook",');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'INVALID_JSON' });
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('answers an oversized body with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await api('roles')
      .post('/roles')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ name: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers a request without a token with 401 AUTH_REQUIRED', async () => {
    const res = await api('roles').get('/roles').query({ companyId: co.companyId });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'AUTH_REQUIRED' });
  });

  it('answers a forged token with 401 AUTH_INVALID_TOKEN', async () => {
    const res = await api('roles')
      .get('/roles')
      .query({ companyId: co.companyId })
      .set('Authorization', 'Bearer not.a.token');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'AUTH_INVALID_TOKEN' });
  });

  it('answers 503 AUTH_UNAVAILABLE with Retry-After, not 401, when the authentication service does not answer; the same token works once it does', async () => {
    const user = await createUser();
    const path = `/companies/${co.companyId}`;
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', join(__dirname, 'fixtures', 'auth-down.ts'), path, user.token],
      { env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1', LOG_LEVEL: 'info' } },
    );
    const res = JSON.parse(stdout.trim().split('\n').pop()!) as { status: number; retryAfter?: string; body: unknown };
    expect(res).toEqual({
      status: 503,
      retryAfter: '5',
      body: { success: false, error: expect.any(String), code: 'AUTH_UNAVAILABLE' },
    });
    // logged (stdout holds the answer as the last line), never with the token
    expect(`${stdout}${stderr}`).not.toContain(user.token);
    // with the service back, the same token is accepted: a stranger to the company, answered as one
    const back = await api('companies').get(path).set(bearer(user));
    expect(back.body).toMatchObject({ code: 'NOT_A_MEMBER' });
  }, 60_000);

  it('answers a member of another company with 403 NOT_A_MEMBER and none of the data', async () => {
    const other = await createCompany();
    const res = await api('companies').get(`/companies/${co.companyId}`).set(bearer(other.owner));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: expect.any(String), code: 'NOT_A_MEMBER' });
  });

  it('lists every schema problem of a request at once', async () => {
    const res = await api('roles')
      .post('/roles')
      .query({})
      .set(bearer(co.owner))
      .send({ name: '', rate: -1, colour: 'red' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const paths = res.body.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['query.companyId', 'body.name', 'body.rate', 'body']));
  });

  it('answers CORS preflights for browser clients', async () => {
    const res = await api('roles')
      .options('/roles')
      .set('Origin', 'https://app.example.com')
      .set('Access-Control-Request-Method', 'POST');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example.com');
  });

  it('answers an undecodable URL with 400 MALFORMED_URL and no stack trace: in a parameter, elsewhere in the path, in the query', async () => {
    const admin = await createUser({ label: 'plain' });
    for (const [module, url, part] of [
      ['companies', '/companies/%E0%A4%A', 'path'],
      ['companies', '/api/companies/%E0%A4%A', 'path'],
      ['payroll', '/payroll/periods/%E0%A4%A/report', 'path'],
      // no route: the segment is no parameter, so the router would answer 404 without decoding it
      ['payroll', '/payroll/%E0%A4%A/report', 'path'],
      ['roles', '/roles?companyId=%C3%28', 'query'],
      ['docs', '/ui/%zz', 'path'],
    ]) {
      const res = await api(module).get(url).set(bearer(admin));
      expect([url, res.status]).toEqual([url, 400]);
      expect(res.body).toEqual({
        success: false,
        code: 'MALFORMED_URL',
        error: `The ${part} of the URL has a malformed percent-encoding: encode each byte as %XX of its UTF-8`,
        details: [{ path: part, message: 'malformed percent-encoding' }],
      });
      expect(res.headers['x-request-id']).toEqual(expect.any(String));
    }
  });
});
