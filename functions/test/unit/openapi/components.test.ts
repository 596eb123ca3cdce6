/**
 * What the API description says beyond its paths, checked on the document the code builds (the same
 * as docs/openapi.json, test/unit/openapi/review.test.ts): named components referenced wherever they
 * appear, every status an operation can answer with its codes, the credentials of each operation,
 * and the uploads and downloads.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { errorCatalog, DEPLOYED } from '../../../src/modules/registry';
import { ALLOWED_CONTENT_TYPES, MAX_FILE_BYTES } from '../../../src/modules/documents/schemas';
import { MAX_PART_BYTES } from '../../../src/modules/pos-sync/csv/schemas';
import { Components, COMPONENT_REF } from '../../../src/openapi/components';
import { platformCodes } from '../../../src/openapi/responses';
import { buildReviewDocument } from '../../../src/openapi/review';
import { THROWN_CODES_FILE, thrownCodesByModule } from '../../../scripts/thrown-codes';

type Json = Record<string, unknown>;
interface Operation extends Json {
  responses: Record<string, Json & { 'x-error-codes'?: string[]; content?: Record<string, { schema: Json }> }>;
  requestBody?: Json & { content: Record<string, { schema: Json }> };
  security?: Record<string, string[]>[];
}

const errors = errorCatalog();
const document = buildReviewDocument(DEPLOYED, errors) as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
};
const schemas = document.components.schemas;
const operation = (method: string, path: string) => document.paths[path][method];
const routesOf = () =>
  DEPLOYED.flatMap((module) =>
    module.http().routes.map((route) => ({
      module,
      route,
      op: operation(route.method, route.path.replace(/:(\w+)/g, '{$1}')),
    })),
  );

/** Every `$ref` string under `node`. */
function refsIn(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refsIn(n, out));
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else refsIn(value, out);
    }
  return out;
}

describe('named components', () => {
  it('name every resource and shared shape', () => {
    for (const name of [
      'Company',
      'CompanySettings',
      'Role',
      'Employee',
      'Shift',
      'Punch',
      'PayrollReport',
      'Request',
      'ScheduleProposal',
      'AssistantProposal',
      'Document',
      'Post',
      'JobApplication',
      'Invitation',
      'SuccessEnvelope',
      'ErrorEnvelope',
      'ErrorDetail',
      'NextCursor',
    ])
      expect(Object.keys(schemas)).toContain(name);
  });

  it('are referenced wherever they appear: every answer names its resource, every error the envelope', () => {
    const data = (method: string, path: string) =>
      (operation(method, path).responses['200'].content!['application/json'].schema.allOf as Json[])[1].properties as {
        data: Json;
      };
    expect(data('get', '/companies/{id}').data).toEqual({ $ref: `${COMPONENT_REF}Company` });
    expect(data('get', '/roles').data).toMatchObject({ items: { $ref: `${COMPONENT_REF}Role` } });
    expect(data('get', '/employees/{employeeId}').data).toEqual({ $ref: `${COMPONENT_REF}Employee` });
    for (const { op } of routesOf())
      for (const [status, response] of Object.entries(op.responses))
        if (!status.startsWith('2'))
          expect(response.content!['application/json'].schema).toEqual({ $ref: `${COMPONENT_REF}ErrorEnvelope` });
  });

  it('are each referenced, and every reference names one of them', () => {
    const refs = refsIn(document);
    const named = new Set(refs.filter((r) => r.startsWith(COMPONENT_REF)).map((r) => r.slice(COMPONENT_REF.length)));
    expect(Object.keys(schemas).filter((name) => !named.has(name))).toEqual([]);
    expect([...named].filter((name) => !schemas[name])).toEqual([]);
    expect(refs.filter((r) => !r.startsWith('#/components/'))).toEqual([]);
  });

  it('include the country and currency of every company answer', () => {
    expect(schemas.Company.required).toEqual(expect.arrayContaining(['id', 'country', 'currency']));
    expect(schemas.Company.properties).toMatchObject({
      country: { type: ['string', 'null'] },
      currency: { type: ['string', 'null'] },
    });
  });
});

describe('the request and answer forms of a named schema', () => {
  const withDefault = z.object({ size: z.int().default(1), label: z.string() }).meta({ id: 'Sized' });
  const plain = z.strictObject({ label: z.string() }).meta({ id: 'Plain' });
  const holder = z.object({ sized: withDefault, plain }).meta({ id: 'Holder' });

  it('share one name when they read the same, and the request form is <id>Input otherwise, references included', () => {
    const components = new Components();
    const request = components.schema(holder, 'input');
    const answer = components.schema(holder, 'output');
    const { document: settled, schemas: named } = components.resolve({ request, answer });
    expect(settled).toEqual({
      request: { $ref: `${COMPONENT_REF}HolderInput` },
      answer: { $ref: `${COMPONENT_REF}Holder` },
    });
    expect(Object.keys(named).sort()).toEqual(['Holder', 'HolderInput', 'Plain', 'Sized', 'SizedInput']);
    expect(named.HolderInput.properties).toEqual({
      sized: { $ref: `${COMPONENT_REF}SizedInput` },
      plain: { $ref: `${COMPONENT_REF}Plain` },
    });
    expect(named.SizedInput.required).toEqual(['label']);
    expect(named.Sized.required).toEqual(['size', 'label']);
  });

  it('refuses two different schemas under one name, met in different operations', () => {
    const components = new Components();
    components.schema(z.object({ a: plain }), 'output');
    const impostor = z.object({ other: z.string() }).meta({ id: 'Plain' });
    expect(() => components.schema(z.object({ b: impostor }), 'output')).toThrow(
      'two different schemas are named Plain',
    );
  });
});

describe('the tags', () => {
  it('are one per module, each with its own description', () => {
    const tags = (document as unknown as { tags: { name: string; description: string }[] }).tags;
    expect(tags.map((t) => t.name)).toEqual(DEPLOYED.map((m) => m.tag));
    expect(tags.find((t) => t.name === 'pos-sync-service')?.description).toMatch(/^The POS synchronisation service/);
  });

  it('refuse two modules under one tag', () => {
    const [first, second] = DEPLOYED;
    expect(() => buildReviewDocument([first, { ...second, tag: first.tag }], errors)).toThrow(
      `two modules carry the tag ${first.tag}`,
    );
  });
});

describe('the statuses of every operation', () => {
  it('is the scan of the source that src/openapi/thrown-codes.json holds', () => {
    const committed = fs.readFileSync(path.resolve(__dirname, '../../..', THROWN_CODES_FILE), 'utf8');
    expect(JSON.parse(committed)).toEqual(thrownCodesByModule());
  }, 30_000);

  it('list every code its module can throw and its platform checks answer, each under its own status', () => {
    const thrown = thrownCodesByModule();
    const problems: string[] = [];
    for (const { module, route, op } of routesOf()) {
      const listed = new Map<string, string>();
      for (const [status, response] of Object.entries(op.responses))
        for (const code of response['x-error-codes'] ?? []) listed.set(code, status);
      for (const code of [...platformCodes(route), ...thrown[module.name]]) {
        if (listed.get(code) !== String(errors[code].status))
          problems.push(
            `${route.method} ${route.path}: ${code} (${errors[code].status}) listed under ${listed.get(code)}`,
          );
      }
    }
    expect(problems).toEqual([]);
  }, 30_000);

  it('name what the onboarding operations answer besides their success: 409, 410, 429, 502 and 503 among them', () => {
    const op = operation('post', '/onboarding/sessions/{sessionId}/messages');
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['409', '410', '429', '502', '503']));
    expect(op.responses['429']['x-error-codes']).toEqual(
      expect.arrayContaining(['RATE_LIMITED', 'AI_BUDGET_EXCEEDED']),
    );
    expect(op.responses['429'].headers).toEqual({ 'Retry-After': { $ref: '#/components/headers/RetryAfter' } });
  });

  it('answer INVALID_CURSOR where a list reads a page cursor', () => {
    for (const [method, path] of [
      ['get', '/posts'],
      ['get', '/runs'],
      ['get', '/notifications'],
      ['get', '/companies/{id}/ai-usage'],
    ] as const)
      expect(operation(method, path).responses['400']['x-error-codes']).toContain('INVALID_CURSOR');
    expect(operation('get', '/roles').responses['400']['x-error-codes']).not.toContain('INVALID_CURSOR');
  });

  it('answer 401 and 403 only where a credential or a role is checked', () => {
    // (400: a URL whose percent-encoding does not decode, on every route)
    expect(Object.keys(operation('get', '/openapi').responses).sort()).toEqual(['200', '400', '500', '503']);
    expect(operation('get', '/openapi').responses['400']['x-error-codes']).toEqual(['MALFORMED_URL']);
    expect(operation('get', '/roles').responses['401']['x-error-codes']).toEqual([
      'AUTH_INVALID_TOKEN',
      'AUTH_REQUIRED',
    ]);
    expect(operation('get', '/roles').responses['403']['x-error-codes']).toEqual(['NOT_A_MEMBER']);
  });
});

describe('credentials other than the ID token', () => {
  it('are security schemes: the onboarding session token, vendor webhook signatures, the service token', () => {
    const { securitySchemes } = document.components;
    expect(securitySchemes.onboardingSessionToken).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Onboarding-Token',
    });
    expect(securitySchemes.squareWebhookSignature).toMatchObject({
      type: 'apiKey',
      name: 'x-square-hmacsha256-signature',
    });
    expect(securitySchemes.serviceIdToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(operation('get', '/onboarding/sessions/{sessionId}').security).toEqual([
      { onboardingSessionToken: [] },
      { firebaseIdToken: [] },
    ]);
    expect(operation('post', '/onboarding/sessions').security).toEqual([{}, { firebaseIdToken: [] }]);
    expect(operation('post', '/webhooks/{vendor}').security).toEqual([
      { squareWebhookSignature: [] },
      { toastWebhookSignature: [] },
      { cloverWebhookAuth: [] },
    ]);
  });
});

describe('uploads and downloads', () => {
  it('describe the file bodies: their media types, binary, and their size limit', () => {
    const upload = operation('post', '/documents').requestBody!;
    expect(Object.keys(upload.content)).toEqual([...ALLOWED_CONTENT_TYPES]);
    expect(upload.content['application/pdf'].schema).toEqual({
      type: 'string',
      format: 'binary',
      contentMediaType: 'application/pdf',
    });
    expect(upload['x-max-bytes']).toBe(MAX_FILE_BYTES);
    const part = operation('put', '/csv-imports/{importId}/parts/{part}').requestBody!;
    expect(Object.keys(part.content)).toEqual(['text/csv', 'application/octet-stream']);
    expect(part['x-max-bytes']).toBe(MAX_PART_BYTES);
  });

  it('describe what a download holds: a base64 file, a CSV export', () => {
    const properties = (name: string) => schemas[name].properties as Record<string, Json>;
    expect(properties('DocumentContent').contentBase64).toMatchObject({ contentEncoding: 'base64' });
    expect(properties('PayrollExport').body).toMatchObject({ contentMediaType: 'text/csv' });
  });
});
