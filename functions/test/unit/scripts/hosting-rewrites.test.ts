import fc from 'fast-check';
import request from 'supertest';
import { createModuleApp } from '../../../src/http/app';
import {
  committedRewrites,
  FALLBACK_MODULE,
  functionServing,
  hostingRewrites,
} from '../../../scripts/hosting-rewrites';
import { DEPLOYED, moduleNamed } from '../../../src/modules/registry';

const rewrites = hostingRewrites(DEPLOYED);

const servedBy = (path: string) => functionServing(rewrites, path);

const routes = DEPLOYED.flatMap((module) => module.http().routes.map((route) => ({ module: module.name, route })));
const segmentValue = fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/);

describe('the one address: Firebase Hosting rewrites /api/<route> to the module serving it', () => {
  it('firebase.json holds the rewrites the routes need (regenerate: npx tsx scripts/hosting-rewrites.ts)', () => {
    expect(committedRewrites()).toEqual(rewrites);
  });

  it('every route of every module, with any values in its parameters, reaches its own module', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...routes),
        fc.array(segmentValue, { minLength: 8, maxLength: 8 }),
        (pick, values) => {
          let next = 0;
          const path = pick.route.path.replace(/:[A-Za-z0-9_]+/g, () => values[next++]);
          expect({ path, function: servedBy(`/api${path}`) }).toEqual({ path, function: pick.module });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a path no module serves reaches the fallback module, which answers it with the error envelope', () => {
    expect(servedBy('/api/no-such-route')).toBe(FALLBACK_MODULE);
    expect(servedBy('/api')).toBe(FALLBACK_MODULE);
    expect(servedBy('/api/openapi.json')).toBe(FALLBACK_MODULE);
  });

  it('leaves the rest of the Hosting site (the dashboard) alone', () => {
    for (const path of ['/', '/index.html', '/config.json', '/apiary', '/roles'])
      expect(servedBy(path)).toBeUndefined();
  });
});

describe('a module app behind the one address', () => {
  const app = createModuleApp(moduleNamed('docs'));

  it('answers a route at its own function path and at the /api path Hosting forwards', async () => {
    for (const path of ['/openapi', '/api/openapi', '/api/openapi?x=1']) {
      const res = await request(app).get(path);
      expect({ path, status: res.status, success: res.body.success }).toEqual({ path, status: 200, success: true });
    }
  });

  it('does not take a route that merely starts with the letters of the prefix', async () => {
    const res = await request(app).get('/apiopenapi');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('ROUTE_NOT_FOUND');
  });
});
