import { z } from 'zod';
import type { ErrorCatalog } from '../core/errors';
import type { RouteDef } from '../http/route';
import { DEFAULT_BODY_LIMIT, limitInBytes } from '../http/app';
import { errorEnvelopeSchema } from '../http/envelope';
import { IDEMPOTENCY_HEADER } from '../http/idempotency';
import type { DefinedModule } from '../modules/kit';
import { COMPONENT_REF, Components, type JsonSchema } from './components';
import {
  errorResponses,
  ID_TOKEN,
  RETRY_AFTER,
  retryAfterHeader,
  securityOf,
  securitySchemes,
  THROWN_CODES,
  type ThrownCodes,
} from './responses';

export interface ServerEntry {
  url: string;
  description: string;
}

export interface DocumentOptions {
  /**
   * The one address of the API, every operation's base: `/api` on the Firebase Hosting site
   * (firebase.json rewrites each route to its module's function), e.g. http://127.0.0.1:5002/api.
   */
  servers: ServerEntry[];
  /** The composed error catalog (every code the API answers). */
  errors: ErrorCatalog;
  /** The codes each module's code can throw; default: src/openapi/thrown-codes.json. */
  thrownCodes?: ThrownCodes;
}

/** The success answer's flag: an operation's answer is this and its `data` (`allOf`). */
const SUCCESS_ENVELOPE = 'SuccessEnvelope';
const successEnvelope = {
  type: 'object',
  description: "Every successful answer: `success` true and the operation's `data`",
  required: ['success'],
  properties: { success: { const: true } },
};

/** Every write accepts it (src/http/idempotency.ts). */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description:
    'A key of your choice (a UUID) that makes a retried request safe: repeated with the same request within 24 hours, it answers the first answer (status and body, with the header `Idempotent-Replayed: true`) and writes nothing. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first is still running, 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Keys are scoped to the caller and the company. Answers to retry anyway (5xx, 429, 409 CONCURRENT_MODIFICATION) are not kept; an answer holding a secret shown once is not kept either (a repeat is 409 IDEMPOTENT_ANSWER_NOT_KEPT). The commit that completes the request marks its key in the same atomic commit: a request whose changes were saved never runs again with its key, even when its answer was lost (409 IDEMPOTENT_ANSWER_NOT_KEPT then). `x-completion: steps` marks an operation that commits in idempotent steps instead: a retry completes what a failure left undone.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
};

const openApiPath = (expressPath: string) => expressPath.replace(/:(\w+)/g, '{$1}');

function parameters(route: RouteDef, components: Components) {
  const list: JsonSchema[] = [];
  const add = (where: 'path' | 'query', schema: z.ZodType | undefined) => {
    if (!schema) return;
    const json = components.schema(schema, 'input');
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
  if (route.method !== 'get') list.push(IDEMPOTENCY_KEY_PARAMETER);
  return list;
}

/**
 * The body of a route reading raw bytes: the file itself (not multipart) in one of its media types,
 * within its size limit (`x-max-bytes`); a vendor's JSON as sent, for a signed webhook.
 */
function uploadBody(route: RouteDef) {
  const limit = route.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const types = route.uploadTypes ?? ['application/octet-stream'];
  const schemaOf = (type: string) =>
    type === 'application/json'
      ? { type: 'object', additionalProperties: true, description: 'The JSON as its sender signed it' }
      : { type: 'string', format: 'binary', contentMediaType: type };
  return {
    required: true,
    description: `The bytes themselves, at most ${limit} (\`x-max-bytes\`; 413 above it)`,
    'x-max-bytes': limitInBytes(limit),
    content: Object.fromEntries(types.map((type) => [type, { schema: schemaOf(type) }])),
  };
}

const accessText: Record<Exclude<RouteDef['access']['kind'], 'key'>, string> = {
  public: 'No authentication.',
  authenticated: 'Any signed-in user (Firebase ID token).',
  admin:
    'Administrators only: the `admin` custom claim on the ID token. No company-scope check (administrators are not members of the companies they query).',
  service: "The service's own jobs only: an ID token with the `service` custom claim (README, Service calls).",
  company: 'Members of the company',
  organization: 'Owners and administrators of the organization',
};

/** The access tiers: who may call at all (public: no Firebase sign-in; authenticated: any signed-in user, further scoped by x-access; admin: the admin claim). */
const TIER: Record<RouteDef['access']['kind'], 'public' | 'authenticated' | 'admin'> = {
  public: 'public',
  key: 'public',
  authenticated: 'authenticated',
  company: 'authenticated',
  service: 'authenticated',
  organization: 'authenticated',
  admin: 'admin',
};

function operation(
  module: DefinedModule,
  route: RouteDef,
  {
    components,
    ...known
  }: { components: Components; envelope: JsonSchema; errors: ErrorCatalog; thrownCodes: ThrownCodes },
) {
  const security = securityOf(route);
  const ownerOnly = route.ownerOnlyFields?.length
    ? ` Only an owner may send ${route.ownerOnlyFields.map((f) => `\`${f}\``).join(', ')} (403 INSUFFICIENT_ROLE otherwise).`
    : '';
  const access =
    route.access.kind === 'company'
      ? `${accessText.company} with the \`${route.access.minRole}\` role or higher.${ownerOnly}`
      : route.access.kind === 'organization'
        ? route.access.minRole === 'owner'
          ? 'Owners of the organization (the `{orgId}` path parameter); anyone else gets 404 ORGANIZATION_NOT_FOUND, an administrator 403 ORGANIZATION_ROLE_REQUIRED.'
          : 'Owners and administrators of the organization (the `{orgId}` path parameter); anyone else, a location’s own managers included, gets 404 ORGANIZATION_NOT_FOUND.'
        : route.access.kind === 'key'
          ? route.access.description
          : accessText[route.access.kind];
  return {
    tags: [module.tag],
    summary: route.summary,
    description: [route.description, `**Tier:** ${TIER[route.access.kind]}. **Access:** ${access}`]
      .filter(Boolean)
      .join('\n\n'),
    'x-tier': TIER[route.access.kind],
    'x-access':
      route.access.kind === 'company'
        ? {
            kind: 'company',
            minRole: route.access.minRole,
            companyIn: route.access.companyIn,
            ...(route.ownerOnlyFields?.length ? { ownerOnlyFields: [...route.ownerOnlyFields] } : {}),
          }
        : route.access.kind === 'key'
          ? { kind: 'key', scheme: route.access.scheme }
          : route.access.kind === 'organization'
            ? { kind: 'organization', minRole: route.access.minRole }
            : { kind: route.access.kind },
    ...(route.answersSecret ? { 'x-answers-secret': true } : {}),
    ...(route.completion ? { 'x-completion': route.completion } : {}),
    operationId: `${module.name}.${route.method}${route.path.replace(/[/:{}-]+(\w)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    parameters: parameters(route, components),
    ...(route.rawBody ? { requestBody: uploadBody(route) } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: !route.body.safeParse(undefined).success,
            content: { 'application/json': { schema: components.schema(route.body, 'input') } },
          },
        }
      : {}),
    ...(security ? { security } : {}),
    responses: {
      [String(route.status ?? 200)]: {
        description: 'Success envelope',
        content: {
          'application/json': {
            schema: {
              allOf: [
                { $ref: `${COMPONENT_REF}${SUCCESS_ENVELOPE}` },
                {
                  type: 'object',
                  required: ['data'],
                  properties: { data: components.schema(route.response, 'output') },
                },
              ],
            },
          },
          ...(route.sse
            ? {
                'text/event-stream': {
                  schema: {
                    type: 'string',
                    description:
                      'Server-sent events (see the operation description); the last is `done` with the success envelope above, or `error` with the error envelope',
                  },
                },
              }
            : {}),
        },
      },
      ...errorResponses(module, route, known),
    },
  };
}

const errorCodesText = (errors: ErrorCatalog) =>
  Object.entries(errors)
    .map(([code, { status, meaning }]) => `| \`${code}\` | ${status} | ${meaning} |`)
    .join('\n');

export function buildOpenApiDocument(modules: readonly DefinedModule[], options: DocumentOptions) {
  const paths: Record<string, Record<string, unknown>> = {};
  const components = new Components();
  const envelope = components.schema(errorEnvelopeSchema, 'output');
  const owner = new Map<string, string>();
  for (const module of modules) {
    for (const route of module.http().routes) {
      const key = openApiPath(route.path);
      // Hosting rewrites a path to one function: a path served by two modules could not be reached.
      const claimedBy = owner.get(key);
      if (claimedBy && claimedBy !== module.name) {
        throw new Error(`OpenAPI: path ${key} is served by both the ${claimedBy} and the ${module.name} modules`);
      }
      owner.set(key, module.name);
      const item = (paths[key] ??= {});
      if (item[route.method])
        throw new Error(`OpenAPI: ${route.method.toUpperCase()} ${key} is defined twice in the ${module.name} module`);
      item[route.method] = operation(module, route, {
        components,
        envelope,
        errors: options.errors,
        thrownCodes: options.thrownCodes ?? THROWN_CODES,
      });
    }
  }
  const { document, schemas } = components.resolve({ paths });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Workforce Operations Backend',
      version: '1.0.0',
      description: [
        'One base address serves every operation: `/api` on the Firebase Hosting site, which rewrites each path to the function of the module serving it.',
        'Each module is also its own HTTPS function, reached at `<functions root>/<module>` followed by the same path.',
        'Every answer uses the envelope `{success, data}` or `{success: false, error, code, details?}`.',
        'Authenticate with `Authorization: Bearer <Firebase ID token>`.',
        'Query booleans accept true/false (also 1/0, yes/no); query lists accept repeated or comma-separated values.',
        "A response field with `x-visibility` (pay, laborCost, tips, contact, shiftEnd) is withheld from members whose view may not see it (role, the company's policies and settings, whether the record is their own: `x-record-owner` names the employee field of a record); such a field is never required.",
        '',
        '### Error codes',
        '| code | HTTP status | meaning |',
        '|---|---|---|',
        errorCodesText(options.errors),
      ].join('\n'),
    },
    servers: options.servers,
    tags: tagsOf(modules),
    components: {
      schemas: { ...schemas, [SUCCESS_ENVELOPE]: successEnvelope },
      headers: { [RETRY_AFTER]: retryAfterHeader },
      securitySchemes: securitySchemes(modules),
    },
    security: [{ [ID_TOKEN]: [] }],
    paths: document.paths,
  };
}

/** One tag per module (one folder per tag): two modules under one tag are refused when the document is built. */
function tagsOf(modules: readonly DefinedModule[]): { name: string; description: string }[] {
  const seen = new Set<string>();
  return modules.map((m) => {
    if (seen.has(m.tag)) throw new Error(`two modules carry the tag ${m.tag}: each module describes its own tag`);
    seen.add(m.tag);
    return { name: m.tag, description: m.description };
  });
}
