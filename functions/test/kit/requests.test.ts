import * as path from 'node:path';
import request from 'supertest';
import { createModuleApp } from '../../src/http/app';
import { serviceIdToken, SERVICE_UID } from '../../src/core/service-auth';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, createUser, type TestUser } from '../helpers/users';
import { kitModule } from './support';

const app = createModuleApp(kitModule);
let co: TestCompany;
let admin: TestUser;

/** Every line firebase-functions' logger writes, as written (it writes through the console it captured at load). */
const lines: string[] = [];
const loggerConsole = require(path.join(path.dirname(require.resolve('firebase-functions/logger')), 'common.js'))
  .UNPATCHED_CONSOLE as Record<string, (...a: unknown[]) => void>;
const originals = { ...loggerConsole };

beforeAll(async () => {
  [co, admin] = await Promise.all([createCompany(), createUser({ admin: true, label: 'kit-admin' })]);
  for (const level of Object.keys(loggerConsole))
    loggerConsole[level] = (line: unknown) => void lines.push(String(line));
  process.env.LOG_LEVEL = 'info';
});

afterAll(() => {
  Object.assign(loggerConsole, originals);
  process.env.LOG_LEVEL = 'warn';
});

const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('request-scoped logging', () => {
  it('answers X-Request-Id from the trace header and ends the request with one structured line', async () => {
    const trace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const span = '00f067aa0ba902b7';
    const res = await request(app)
      .get('/member')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .set('traceparent', `00-${trace}-${span}-01`);
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe(`${trace}-${span}`);
    expect(res.body.data.requestId).toBe(`${trace}-${span}`);
    const line = logged().find((l) => l.requestId === `${trace}-${span}` && l.message === 'request');
    expect(line).toMatchObject({
      method: 'GET',
      path: '/member',
      companyId: co.companyId,
      uid: co.manager.uid,
      status: 200,
      'logging.googleapis.com/trace': expect.stringContaining(`/traces/${trace}`),
    });
    expect(typeof line!.durationMs).toBe('number');
  });

  it('generates a request id when there is no trace header, also for refused requests', async () => {
    const res = await request(app).get('/member').query({ companyId: co.companyId });
    expect(res.status).toBe(401);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged().find((l) => l.requestId === id)).toMatchObject({ status: 401, path: '/member' });
  });

  it('never writes an ID token, an Authorization header or a secret, even from a failing handler', async () => {
    const secret = 'sk-ant-kit-test-secret-0123456789';
    const saved = process.env.ANTHROPIC_API_KEY;
    process.env.ANTHROPIC_API_KEY = secret;
    try {
      const ok = await request(app)
        .post('/log')
        .set(bearer(co.owner))
        .send({ note: `key ${secret}`, fail: false });
      expect(ok.status).toBe(200);
      const failed = await request(app)
        .post('/log')
        .set(bearer(co.owner))
        .send({ note: `key ${secret}`, fail: true });
      expect(failed.status).toBe(500);
      expect(JSON.stringify(failed.body)).not.toContain(co.owner.token);
      const text = lines.join('\n');
      expect(text).toContain('handler saw the request');
      expect(text).toContain('unhandled error');
      expect(text).not.toContain(co.owner.token);
      expect(text).not.toContain(co.owner.token.split('.')[1]);
      expect(text).not.toContain(secret);
      expect(text).not.toMatch(/"authorization"/i);
    } finally {
      if (saved === undefined) delete process.env.ANTHROPIC_API_KEY;
      else process.env.ANTHROPIC_API_KEY = saved;
    }
  });
});

describe('access kinds', () => {
  it('gives a company route the member and the caller', async () => {
    const res = await request(app).get('/member').query({ companyId: co.companyId }).set(bearer(co.employee));
    expect(res.body.data).toMatchObject({ role: 'employee', companyId: co.companyId, uid: co.employee.uid });
  });

  it('refuses a company id that is not a document id with 400, before any lookup', async () => {
    for (const companyId of ['../corner-cafe', '..', '.', '__x__', 'a/b', 'x'.repeat(1501)]) {
      const res = await request(app).get('/member').query({ companyId }).set(bearer(co.owner));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        details: [expect.objectContaining({ path: 'query.companyId' })],
      });
    }
  });

  it('lets an administrator use an admin route and nobody else', async () => {
    expect((await request(app).get('/admin').set(bearer(admin))).body.data).toEqual({ uid: admin.uid, admin: true });
    expect((await request(app).get('/admin').set(bearer(co.owner))).body.code).toBe('ADMIN_REQUIRED');
  });

  it('lets the service, signed in with its own ID token, use a service route; users get 403 and no token 401', async () => {
    const token = await serviceIdToken();
    const res = await request(app).get('/service').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ uid: SERVICE_UID, service: true });
    expect(await serviceIdToken()).toBe(token);
    expect((await request(app).get('/service').set(bearer(admin))).body.code).toBe('SERVICE_REQUIRED');
    expect((await request(app).get('/service')).status).toBe(401);
  });
});
