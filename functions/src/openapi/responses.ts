import { STATUS_CODES } from 'node:http';
import type { ErrorCatalog } from '../core/errors';
import { hasPageCursor } from '../http/cursor';
import type { RouteCredential, RouteDef } from '../http/route';
import type { DefinedModule } from '../modules/kit';
import type { JsonSchema } from './components';
import thrownCodesFile from './thrown-codes.json';

/** Module name to the codes its code can throw, read from its source by `npm run openapi` (scripts/thrown-codes.ts). */
export type ThrownCodes = Record<string, string[]>;
export const THROWN_CODES: ThrownCodes = thrownCodesFile;

/**
 * The codes the HTTP platform answers for a route, by its shape and access (src/http/app.ts): its
 * input is validated, a JSON body parsed within its limit, the ID token checked, the company role.
 */
export function platformCodes(route: RouteDef): string[] {
  const { access } = route;
  // a database that does not answer, a request past its deadline (src/http/app.ts); a write's Idempotency-Key
  // a URL whose percent-encoding does not decode, on every route (src/http/app.ts)
  const codes = ['INTERNAL', 'STORE_UNAVAILABLE', 'REQUEST_DEADLINE_EXCEEDED', 'MALFORMED_URL'];
  if (route.method !== 'get')
    codes.push('IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE', 'IDEMPOTENT_ANSWER_NOT_KEPT', 'VALIDATION_FAILED');
  if (route.params || route.query || route.body || access.kind === 'company') codes.push('VALIDATION_FAILED');
  if (hasPageCursor(route.query)) codes.push('INVALID_CURSOR');
  if (route.body) codes.push('INVALID_JSON', 'UNSUPPORTED_MEDIA_TYPE');
  if (route.body || route.rawBody) codes.push('PAYLOAD_TOO_LARGE');
  if (access.kind !== 'public' && access.kind !== 'key')
    codes.push('AUTH_REQUIRED', 'AUTH_INVALID_TOKEN', 'AUTH_UNAVAILABLE');
  if (access.kind === 'company') codes.push('NOT_A_MEMBER');
  if (access.kind === 'company' && (access.minRole !== 'employee' || route.ownerOnlyFields?.length))
    codes.push('INSUFFICIENT_ROLE');
  if (access.kind === 'admin') codes.push('ADMIN_REQUIRED');
  if (access.kind === 'organization') codes.push('ORGANIZATION_NOT_FOUND', 'VALIDATION_FAILED');
  if (access.kind === 'organization' && access.minRole === 'owner') codes.push('ORGANIZATION_ROLE_REQUIRED');
  if (access.kind === 'service') codes.push('SERVICE_REQUIRED');
  return codes;
}

export const RETRY_AFTER = 'RetryAfter';
const RETRY_STATUSES = new Set([429, 503]);

/** The error answers of an operation, one per status, each listing its codes (also as `x-error-codes`). */
export function errorResponses(
  module: DefinedModule,
  route: RouteDef,
  { errors, thrownCodes, envelope }: { errors: ErrorCatalog; thrownCodes: ThrownCodes; envelope: JsonSchema },
) {
  const byStatus = new Map<number, string[]>();
  for (const code of new Set([...platformCodes(route), ...(thrownCodes[module.name] ?? [])])) {
    const spec = errors[code];
    if (!spec) throw new Error(`OpenAPI: the ${module.name} module throws ${code}, which no error catalogue declares`);
    byStatus.set(spec.status, [...(byStatus.get(spec.status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      String(status),
      {
        description: `${STATUS_CODES[status] ?? 'Error'}: ${codes.sort().join(', ')}`,
        'x-error-codes': codes,
        ...(RETRY_STATUSES.has(status)
          ? { headers: { 'Retry-After': { $ref: `#/components/headers/${RETRY_AFTER}` } } }
          : {}),
        content: { 'application/json': { schema: envelope } },
      },
    ]),
  );
}

export const retryAfterHeader = {
  description: 'Seconds to wait before trying again (rate limits, budgets, a service not ready)',
  schema: { type: 'integer', minimum: 1 },
};

/** The OpenAPI security requirement of a route: who may call it, and with which credential. */
export function securityOf(route: RouteDef): Record<string, string[]>[] | undefined {
  const { access } = route;
  if (route.credentials) return route.credentials.map((c) => (c === 'anonymous' ? {} : { [schemeName(c)]: [] }));
  if (access.kind === 'public') return [];
  if (access.kind === 'key') return [{ [access.scheme]: [] }];
  if (access.kind === 'service') return [{ [SERVICE_ID_TOKEN]: [] }];
  if (access.kind === 'company' && access.orService) return [{ [ID_TOKEN]: [] }, { [SERVICE_ID_TOKEN]: [] }];
  return undefined;
}

export const ID_TOKEN = 'firebaseIdToken';
const SERVICE_ID_TOKEN = 'serviceIdToken';
const schemeName = (credential: Exclude<RouteCredential, 'anonymous'>) =>
  credential === 'firebaseIdToken' ? ID_TOKEN : credential.scheme;

/** Every security scheme the routes use: the ID token, the service's, partner keys, and the credentials routes check themselves. */
export function securitySchemes(modules: readonly DefinedModule[]) {
  const schemes: Record<string, unknown> = {
    [ID_TOKEN]: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token (JWT)' },
    [SERVICE_ID_TOKEN]: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'Firebase ID token (JWT)',
      description: "The service's own jobs: an ID token carrying the `service` custom claim",
    },
  };
  for (const route of modules.flatMap((m) => m.http().routes)) {
    if (route.access.kind === 'key')
      schemes[route.access.scheme] = { type: 'http', scheme: 'bearer', description: route.access.description };
    for (const credential of route.credentials ?? []) {
      if (typeof credential === 'object')
        schemes[credential.scheme] = {
          type: 'apiKey',
          in: 'header',
          name: credential.header,
          description: credential.description,
        };
    }
  }
  return schemes;
}
