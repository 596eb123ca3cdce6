import { z } from 'zod';
import type { ErrorCatalog } from '../core/errors';
import type { RouteDef } from '../http/route';
import { errorEnvelopeSchema } from '../http/envelope';
import type { ModuleDefinition } from '../modules/kit';

type JsonSchema = Record<string, unknown>;

export interface DocumentOptions {
  /** Base address of each module, e.g. http://127.0.0.1:5001/demo-workforce/us-central1/roles */
  baseUrl: (moduleName: string) => string;
  /** The composed error catalog (every code the API answers). */
  errors: ErrorCatalog;
}

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
};

const openApiPath = (expressPath: string) => expressPath.replace(/:(\w+)/g, '{$1}');

function parameters(route: RouteDef) {
  const list: JsonSchema[] = [];
  const add = (where: 'path' | 'query', schema: z.ZodType | undefined) => {
    if (!schema) return;
    const json = toSchema(schema, 'input');
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries(properties)) {
      const { description, ...rest } = prop;
      list.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
        ...(rest.type === 'array' ? { style: 'form', explode: false } : {}),
      });
    }
  };
  add('path', route.params);
  add('query', route.query);
  return list;
}

const accessText: Record<RouteDef['access']['kind'], string> = {
  public: 'No authentication.',
  authenticated: 'Any signed-in user (Firebase ID token).',
  admin: 'Administrators only: the `admin` custom claim on the ID token. No company-scope check (SPEC 5).',
  service: "The service's own jobs only: an ID token with the `service` custom claim (README, Service calls).",
  company: 'Members of the company',
};

function operation(module: ModuleDefinition, route: RouteDef) {
  const access =
    route.access.kind === 'company'
      ? `${accessText.company} with the \`${route.access.minRole}\` role or higher.`
      : accessText[route.access.kind];
  const errorResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: toSchema(errorEnvelopeSchema, 'output') } },
  });
  return {
    tags: [module.tag],
    summary: route.summary,
    description: [route.description, `**Access:** ${access}`].filter(Boolean).join('\n\n'),
    'x-access': route.access.kind === 'company'
      ? { kind: 'company', minRole: route.access.minRole, companyIn: route.access.companyIn }
      : { kind: route.access.kind },
    operationId: `${module.name}.${route.method}${route.path.replace(/[/:{}-]+(\w)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    parameters: parameters(route),
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(route.body, 'input') } } } }
      : {}),
    ...(route.access.kind === 'public' ? { security: [] } : {}),
    responses: {
      [String(route.status ?? 200)]: {
        description: 'Success envelope (SPEC 2.1)',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['success', 'data'],
              properties: { success: { const: true }, data: toSchema(route.response, 'output') },
            },
          },
        },
      },
      '400': errorResponse('Invalid request: schema failure, unknown field, malformed JSON (code VALIDATION_FAILED, INVALID_JSON, ...)'),
      '401': errorResponse('Not authenticated (AUTH_REQUIRED, AUTH_INVALID_TOKEN)'),
      '403': errorResponse('Not permitted (NOT_A_MEMBER, INSUFFICIENT_ROLE, ADMIN_REQUIRED)'),
      '404': errorResponse('Resource absent'),
      '422': errorResponse('Semantic validation failure'),
      '500': errorResponse('Unexpected error (INTERNAL); details are logged, never returned'),
    },
  };
}

const errorCodesText = (errors: ErrorCatalog) =>
  Object.entries(errors)
    .map(([code, { status, meaning }]) => `| \`${code}\` | ${status} | ${meaning} |`)
    .join('\n');

export function buildOpenApiDocument(modules: readonly ModuleDefinition[], options: DocumentOptions) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const module of modules) {
    for (const route of module.http().routes) {
      const key = openApiPath(route.path);
      const item = (paths[key] ??= { servers: [{ url: options.baseUrl(module.name), description: `${module.name} module` }] });
      item[route.method] = operation(module, route);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Workforce Operations Backend',
      version: '1.0.0',
      description: [
        'Each module is its own HTTPS function with its own base address (the `servers` entry of each path).',
        'Every answer uses the envelope `{success, data}` or `{success: false, error, code, details?}`.',
        'Authenticate with `Authorization: Bearer <Firebase ID token>`.',
        'Query booleans accept true/false (also 1/0, yes/no); query lists accept repeated or comma-separated values.',
        '',
        '### Error codes',
        '| code | HTTP status | meaning |',
        '|---|---|---|',
        errorCodesText(options.errors),
      ].join('\n'),
    },
    tags: modules.map((m) => ({ name: m.tag, description: m.description })),
    components: {
      securitySchemes: { firebaseIdToken: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token (JWT)' } },
    },
    security: [{ firebaseIdToken: [] }],
    paths,
  };
}
