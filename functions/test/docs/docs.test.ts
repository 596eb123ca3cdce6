import { api } from '../helpers/api';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { config } from '../../src/core/config';
import { viewerContentSecurityPolicy } from '../../src/modules/docs/router';
import { DEPLOYED } from '../../src/modules/registry';
import { functionServing, hostingRewrites } from '../../scripts/hosting-rewrites';

describe('the docs module', () => {
  it('serves an OpenAPI 3.1.0 document, version 1.0.0, without authentication', async () => {
    const res = await api('docs').get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe('1.0.0');
  });

  it('describes every route of every module and service, generated from the routers themselves', async () => {
    const doc = (await api('docs').get('/openapi.json')).body;
    const rewrites = hostingRewrites(DEPLOYED);
    // one base address for all: no path item names a server of its own, the Hosting rewrites find its module
    expect(doc.servers).toEqual([{ url: expect.stringMatching(/\/api$/), description: expect.any(String) }]);
    for (const module of DEPLOYED) {
      for (const route of module.http().routes) {
        const path = route.path.replace(/:(\w+)/g, '{$1}');
        expect(doc.paths[path]?.[route.method]).toBeDefined();
        expect(doc.paths[path].servers).toBeUndefined();
        expect(functionServing(rewrites, `/api${route.path}`)).toBe(module.name);
      }
    }
    for (const path of [
      '/companies/{id}',
      '/companies/{id}/settings',
      '/companies/{id}/policies',
      '/roles',
      '/roles/{roleId}',
      '/employees',
      '/employees/me',
    ]) {
      expect(doc.paths[path]).toBeDefined();
    }
  });

  it('documents the validation rules of the schemas (e.g. weekStartingDay 0..6, required companyId)', async () => {
    const doc = (await api('docs').get('/openapi.json')).body;
    const patch = doc.paths['/companies/{id}'].patch.requestBody.content['application/json'].schema;
    expect(patch.properties.weekStartingDay).toMatchObject({ minimum: 0, maximum: 6 });
    expect(patch.additionalProperties).toBe(false);
    const listRoles = doc.paths['/roles'].get.parameters;
    expect(listRoles).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'companyId', in: 'query', required: true })]),
    );
    expect(listRoles).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'includeArchived', required: false })]),
    );
  });

  it('also answers the document inside the envelope', async () => {
    const res = await api('docs').get('/openapi');
    expect(res.body.success).toBe(true);
    expect(res.body.data.openapi).toBe('3.1.0');
  });

  it('serves the interactive viewer and its assets locally (no CDN)', async () => {
    const page = await api('docs').get('/ui/');
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/https?:\/\//);
    expect(page.text).toContain('assets/swagger-ui-bundle.js');
    const bundle = await api('docs').get('/ui/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.text.length).toBeGreaterThan(100_000);
  });

  it('starts the viewer from a script file, under a Content-Security-Policy without inline scripts', async () => {
    const page = await api('docs').get('/ui/');
    // Hosting's policy (firebase.json) allows scripts from 'self' only: no inline script in the page
    expect(page.text).not.toMatch(/<script>/);
    expect([...page.text.matchAll(/<script src="([^"]+)"><\/script>/g)].map((m) => m[1])).toEqual([
      'assets/swagger-ui-bundle.js',
      'viewer.js',
    ]);
    const policy = page.headers['content-security-policy'];
    expect(policy).toContain("default-src 'none'");
    expect(policy).toMatch(/(^|; )script-src 'self'(;|$)/);
    // "Try it out" calls the one address of the API, from wherever the viewer is served
    expect(policy).toContain(`connect-src 'self' ${new URL(config.apiBaseUrl()).origin}`);
    const start = await api('docs').get('/ui/viewer.js');
    expect(start.status).toBe(200);
    expect(start.headers['content-type']).toMatch(/^text\/javascript/);
    expect(start.text).toContain("url: '../openapi.json'");
    // through the one address Hosting sends firebase.json's rule for the viewer: the same policy, the API on its own origin
    const hosting = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../firebase.json'), 'utf8')) as {
      hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] };
    };
    const viewerRule = hosting.hosting.headers.find((rule) => rule.source === '/api/ui/**');
    expect(viewerRule?.headers).toEqual([{ key: 'Content-Security-Policy', value: viewerContentSecurityPolicy() }]);
    // the assets carry the policy too
    expect((await api('docs').get('/ui/assets/swagger-ui.css')).headers['content-security-policy']).toBe(policy);
  });
});
