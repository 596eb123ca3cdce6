import express, { type NextFunction, type Request, type Response } from 'express';
import cors from 'cors';
import { config } from '../core/config';
import { AppError, coreErrors } from '../core/errors';
import { remainingMs, runWithDeadline } from '../core/deadline';
import { documentIdProblem, storeUnavailable } from '../core/firestore';
import { findMembership, roleAtLeast, type Membership } from '../core/memberships';
import { runCounted } from '../core/store-ops';
import { clientAddress } from './client-address';
import { authenticate, type Caller } from './auth';
import { errorEnvelope, sendData, sendError } from './envelope';
import { contextOf, requestContext } from './request-context';
import {
  fingerprintOf,
  idempotencyKeyOf,
  isWriteMethod,
  replayCompleted,
  useIdempotencyKey,
  type KeyUse,
} from './idempotency';
import type { Access, HandlerRequest, KeyHolder, OrganizationRole, RouteDef, ServedModule } from './route';
import {
  dependsOnPolicies,
  hasTaggedFields,
  POLICIES_NOT_READ,
  schemaTags,
  withhold,
  type Viewer,
  type VisibilityTag,
} from './visibility';
import { eventStream } from './event-stream';
import { parseInput } from './parse-input';

export const DEFAULT_BODY_LIMIT = '1mb';

/**
 * The one address of the API: Firebase Hosting rewrites `/api/<route path>` to the function of the
 * module serving the route (firebase.json, written by scripts/hosting-rewrites.ts), and the function
 * receives the path as the client sent it. Each module is also reached at its own function URL,
 * where the route path follows the function name.
 */
export const API_PATH_PREFIX = '/api';

/** A request through the one address is routed as if it had come to the module's own function URL. */
function withoutApiPrefix(req: Request, _res: Response, next: NextFunction): void {
  const rest = req.url.slice(API_PATH_PREFIX.length);
  if (req.url.startsWith(API_PATH_PREFIX) && (rest === '' || rest[0] === '/' || rest[0] === '?'))
    req.url = rest.startsWith('/') ? rest : `/${rest}`;
  next();
}

/**
 * A path or query string whose percent-encoding does not decode (`%E0%A4%A`: a % without two hex
 * digits, or bytes that are not UTF-8) is 400 MALFORMED_URL, for every route and for paths no route
 * serves: the router would otherwise answer 404 (the segment is not a parameter), a generic 400 (it
 * is), or read the query's undecodable value as text.
 */
function refuseMalformedUrl(req: Request, res: Response, next: NextFunction): void {
  const at = req.url.indexOf('?');
  const parts =
    at === -1
      ? [['path', req.url]]
      : [
          ['path', req.url.slice(0, at)],
          ['query', req.url.slice(at + 1)],
        ];
  const bad = parts.filter(([, text]) => !decodes(text));
  if (!bad.length) return next();
  sendError(
    res,
    coreErrors.MALFORMED_URL(
      `The ${bad.map(([part]) => part).join(' and ')} of the URL has a malformed percent-encoding: encode each byte as %XX of its UTF-8`,
      bad.map(([part]) => ({ path: part, message: 'malformed percent-encoding' })),
    ),
  );
}

function decodes(text: string): boolean {
  if (!text.includes('%')) return true;
  try {
    decodeURIComponent(text.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}

/** Builds the Express app of one module: request context, CORS, JSON parsing, access, validation, envelope, errors. */
export function createModuleApp(module: ServedModule): express.Express {
  const { routes, extend } = module.http();
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  app.use(withoutApiPrefix);
  app.use(requestContext);
  app.use(cors({ origin: true, maxAge: 3600, exposedHeaders: ['X-Request-Id'] }));
  app.use(refuseMalformedUrl);

  extend?.(app);
  // the company's policies are read only when what the caller's role may see of the answer's tags depends on them
  const viewerOf = async (member: Membership | null, tags: ReadonlySet<VisibilityTag>): Promise<Viewer> => {
    if (!member) return null;
    if (!module.viewPolicies) throw new Error(`module ${module.name} answers tagged fields but has no viewPolicies`);
    const policies = dependsOnPolicies(member.role, tags)
      ? await module.viewPolicies(member.companyId)
      : POLICIES_NOT_READ;
    return { role: member.role, employeeId: member.employeeId, policies };
  };
  const deadlineMs = () => config.deadlines.requestMs(module.runtime?.requestDeadlineSeconds);
  const pathMethods = new Map<string, string[]>();
  for (const route of routes) {
    const limit = route.bodyLimit ?? DEFAULT_BODY_LIMIT;
    const parse = route.rawBody ? [express.raw({ type: () => true, limit }), keepRawBody] : [express.json({ limit })];
    app[route.method](
      route.path,
      rejectOversizedParsedBody(limit),
      ...parse,
      handle(route, module, viewerOf, deadlineMs),
    );
    pathMethods.set(route.path, [...(pathMethods.get(route.path) ?? []), route.method.toUpperCase()]);
  }
  for (const [path, methods] of pathMethods) {
    app.all(path, (_req, res) => {
      res.set('Allow', methods.join(', '));
      sendError(res, coreErrors.METHOD_NOT_ALLOWED(`Method not allowed; this path accepts ${methods.join(', ')}`));
    });
  }
  app.use((req: Request, res: Response) => sendError(res, routeNotFound(module, req)));
  app.use(errorHandler);
  return app;
}

/** Names the module and method looked in and, when other modules serve the path, which and with what methods. */
function routeNotFound(module: ServedModule, req: Request): AppError {
  const owners = module.servedElsewhere?.(req.path) ?? [];
  const elsewhere = owners.map((o) => `the ${o.module} module (${o.methods.join(', ')})`).join(' and ');
  return coreErrors.ROUTE_NOT_FOUND(
    `No route ${req.method} ${req.path} in the ${module.name} module` +
      (elsewhere ? `; ${req.path} is served by ${elsewhere}: call it at that module's address` : ''),
    [
      { path: 'route', message: 'not served here', module: module.name, method: req.method },
      ...owners.map((o) => ({ path: 'route', message: `served by the ${o.module} module`, ...o })),
    ],
  );
}

const BYTE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2 };
export const limitInBytes = (limit: string) => {
  const match = /^(\d+)(b|kb|mb)$/i.exec(limit);
  if (!match) throw new Error(`body limit ${limit} is not like 512kb or 16mb`);
  return Number(match[1]) * BYTE_UNITS[match[2].toLowerCase()];
};

/**
 * Behind Cloud Functions (and its emulator) the body arrives already parsed, with `rawBody`, so
 * express.json() skips it; the route's size limit is enforced on the raw bytes here instead.
 */
function rejectOversizedParsedBody(limit: string) {
  const max = limitInBytes(limit);
  return (req: Request, _res: Response, next: NextFunction) => {
    const raw = (req as Request & { rawBody?: Buffer }).rawBody;
    next(
      raw && raw.length > max ? coreErrors.PAYLOAD_TOO_LARGE(`The request body is larger than ${limit}`) : undefined,
    );
  };
}

/** Behind Cloud Functions `rawBody` is already set; served by Express alone, express.raw() read the bytes into `body`. */
function keepRawBody(req: Request, _res: Response, next: NextFunction) {
  const r = req as Request & { rawBody?: Buffer };
  r.rawBody ??= Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  req.body = undefined;
  next();
}

/**
 * Access is settled before the input is validated, so a caller who may not use the route learns
 * nothing from it (a non-member with an invalid body gets 403, not 400); only the company id is
 * checked first, as a document id.
 */
function handle(
  route: RouteDef,
  module: ServedModule,
  viewerOf: (member: Membership | null, tags: ReadonlySet<VisibilityTag>) => Promise<Viewer>,
  deadlineMs: () => number,
) {
  const around = module.aroundHandler ?? (<T>(_request: HandlerRequest, handler: () => Promise<T>) => handler());
  const tagged = hasTaggedFields(route.response);
  const tags = schemaTags(route.response);
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    // opened by serve(), read after it by the catch
    let events = null as ReturnType<typeof eventStream> | null;
    const serve = async () => {
      const context = contextOf(res);
      const { access } = route;
      const keyHolder = access.kind === 'key' ? await access.verify(req) : null;
      if (keyHolder) context.fields.companyId = keyHolder.companyId;
      const caller = access.kind === 'public' || access.kind === 'key' ? null : await authenticate(req);
      if (caller) context.fields.uid = caller.uid;
      const keyUse = (lenient: boolean) => idempotencyKeyUse(route, req, res, caller, keyHolder, lenient);
      const completed = keyUse(true);
      if (completed && (await replayCompleted(completed, res))) return;
      const member = caller ? await authorize(route, caller, req, context.fields, module) : null;
      const input = parseInput(route, req);
      if (member) refuseOwnerOnlyFields(route, member, req.body);
      const claim = keyUse(false);
      if (claim && (await useIdempotencyKey(claim, res))) return;
      events = route.sse ? eventStream(req, res) : null;
      // the module's scope of the request (the kit's: its AI usage, written when the handler settles)
      const request: HandlerRequest = {
        requestId: context.requestId,
        companyId: member?.companyId ?? keyHolder?.companyId ?? null,
        userId: caller?.uid ?? null,
      };
      const result = await around(request, () =>
        route.handler({
          ...input,
          caller,
          member,
          keyHolder,
          req,
          events,
          requestId: context.requestId,
          log: context.log,
        }),
      );
      const data = route.response.parse(result);
      if (tagged) withhold(route.response, data, await viewerOf(member, tags));
      if (events?.started) return events.end('done', { success: true, data });
      sendData(res, data, route.status ?? 200);
    };
    try {
      const { requestId, ops } = contextOf(res);
      await runCounted(requestId, ops, () =>
        runWithDeadline(
          route.deadlineSeconds ? config.deadlines.requestMs(route.deadlineSeconds) : deadlineMs(),
          serve,
        ),
      );
    } catch (err) {
      if (!events?.started) return next(err);
      events.end('error', errorEnvelope(toAppError(err, req, res, 'unhandled error in an event stream')));
    }
  };
}

/**
 * The Idempotency-Key of a write (null without one), scoped to who calls (a user, a key holder, or
 * on a public route the client's address) and the company the request names. Before access is
 * settled (`lenient`) a malformed key is ignored; after it, refused.
 */
function idempotencyKeyUse(
  route: RouteDef,
  req: Request,
  res: Response,
  caller: Caller | null,
  keyHolder: KeyHolder | null,
  lenient: boolean,
): KeyUse | null {
  if (!isWriteMethod(req.method)) return null;
  const key = idempotencyKeyOf(req, lenient);
  if (!key) return null;
  const { access } = route;
  const principal = caller
    ? `uid:${caller.uid}`
    : keyHolder
      ? `key:${keyHolder.companyId}/${keyHolder.subject}`
      : `address:${clientAddress(req)}`;
  const companyId = access.kind === 'company' ? companyIdOf(route, access, req) : (keyHolder?.companyId ?? null);
  return {
    key,
    scope: { principal, uid: caller?.uid ?? null, companyId },
    fingerprint: fingerprintOf(req, route.rawBody === true),
    // held a little longer than the request may still run: a second try meanwhile is 409, never a second run
    leaseMs: remainingMs() + 10_000,
    answersSecret: route.answersSecret === true,
    // an event stream's answer is never kept: its retry runs again
    completion: route.sse ? 'none' : (route.completion ?? 'first'),
    log: contextOf(res).log,
  };
}

/**
 * The company a company-scoped request names. An id that cannot be a document id (missing, a
 * list, `../x` ...) is a 400 listing every problem of the request: with no company there is
 * nothing to protect, and the caller learns everything wrong at once.
 */
function companyIdOf(route: RouteDef, access: Extract<Access, { kind: 'company' }>, req: Request): string {
  const param = access.pathParam ?? 'id';
  const [path, raw] =
    access.companyIn === 'query' ? ['query.companyId', req.query.companyId] : [`params.${param}`, req.params[param]];
  const problem =
    typeof raw !== 'string' ? (raw === undefined ? 'required' : 'must be a single string') : documentIdProblem(raw);
  if (!problem) return raw as string;
  parseInput(route, req);
  throw coreErrors.VALIDATION_FAILED(`Invalid request: ${path}: ${problem}`, [{ path, message: problem }]);
}

async function authorize(
  route: RouteDef,
  caller: Caller,
  req: Request,
  fields: Record<string, unknown>,
  { organizationAccess, organizationRole }: Pick<ServedModule, 'organizationAccess' | 'organizationRole'>,
): Promise<Membership | null> {
  const { access } = route;
  if (access.kind === 'admin' && !caller.admin)
    throw coreErrors.ADMIN_REQUIRED('This endpoint is for administrators (admin claim required)');
  if (access.kind === 'service' && !caller.service)
    throw coreErrors.SERVICE_REQUIRED('This endpoint is for the service itself (service claim required)');
  if (access.kind === 'organization') {
    await authorizeInOrganization(route, access.minRole, caller, req, fields, organizationRole);
    return null;
  }
  if (access.kind !== 'company') return null;
  const companyId = companyIdOf(route, access, req);
  fields.companyId = companyId;
  if (access.orService && caller.service) return null;
  const own = await findMembership(companyId, caller.uid);
  // an owner or administrator of the company's organization acts there as its owner (the one table of who may do what)
  const granted =
    own && roleAtLeast(own.role, access.minRole) ? null : await organizationAccess?.(companyId, caller.uid);
  const member = granted ? { ...granted, employeeId: own?.employeeId ?? null } : own;
  if (!member) throw coreErrors.NOT_A_MEMBER('You are not a member of this company');
  if (!roleAtLeast(member.role, access.minRole)) {
    throw coreErrors.INSUFFICIENT_ROLE(`This action needs the ${access.minRole} role or higher in this company`);
  }
  return member;
}

/**
 * An organization route: the caller's role in the organization of `{orgId}` (checked as a document
 * id first, like a company's). A caller who is not an owner or administrator of it learns nothing
 * of it: 404, as for an organization that does not exist.
 */
async function authorizeInOrganization(
  route: RouteDef,
  minRole: OrganizationRole,
  caller: Caller,
  req: Request,
  fields: Record<string, unknown>,
  organizationRole: ServedModule['organizationRole'],
): Promise<void> {
  const raw = req.params.orgId;
  const problem = typeof raw !== 'string' ? 'must be a single string' : documentIdProblem(raw);
  if (problem !== null) {
    parseInput(route, req);
    throw coreErrors.VALIDATION_FAILED(`Invalid request: params.orgId: ${problem}`, [
      { path: 'params.orgId', message: problem },
    ]);
  }
  const orgId = raw as string;
  fields.organizationId = orgId;
  const role = organizationRole ? await organizationRole(orgId, caller.uid) : null;
  if (!role) throw coreErrors.ORGANIZATION_NOT_FOUND('No such organization');
  if (minRole === 'owner' && role !== 'owner')
    throw coreErrors.ORGANIZATION_ROLE_REQUIRED('This action needs the owner role in the organization');
}

/** A manager sending (in the body as sent, before defaults) a field only an owner may change (the route's `ownerOnlyFields`) is refused before anything is written. */
function refuseOwnerOnlyFields(route: RouteDef, member: Membership, body: unknown): void {
  if (!route.ownerOnlyFields || member.role === 'owner' || !body || typeof body !== 'object') return;
  const sent = route.ownerOnlyFields.filter((field) => (body as Record<string, unknown>)[field] !== undefined);
  if (sent.length === 0) return;
  throw coreErrors.INSUFFICIENT_ROLE(
    `Only an owner may change ${sent.join(', ')}`,
    sent.map((field) => ({ path: `body.${field}`, message: 'owner only' })),
  );
}

/** Errors of Express and its body parser carry a `type` (body-parser) or a `status` (e.g. an undecodable URL). */
interface HttpLibraryError {
  type?: string;
  status?: number;
}

function errorHandler(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  sendError(res, toAppError(err, req, res, 'unhandled error'));
}

/** Any error as the AppError to answer: library errors by their type, an unavailable database as 503, anything else a logged 500. */
function toAppError(err: unknown, req: Request, res: Response, logMessage: string): AppError {
  if (err instanceof AppError) return err;
  const { type, status } = (err ?? {}) as HttpLibraryError;
  if (type === 'entity.parse.failed') return coreErrors.INVALID_JSON('The request body is not valid JSON');
  if (type === 'entity.too.large') return coreErrors.PAYLOAD_TOO_LARGE('The request body is too large');
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return coreErrors.UNSUPPORTED_MEDIA_TYPE('Unsupported body encoding');
  }
  if (status === 400) return coreErrors.VALIDATION_FAILED('Malformed request (the URL or body could not be decoded)');
  const unavailable = storeUnavailable(err);
  const log = contextOf(res).log;
  if (unavailable) {
    log.warn('the database did not answer in time', { method: req.method, path: req.path, error: err });
    return unavailable;
  }
  log.error(logMessage, { method: req.method, path: req.path, error: err });
  return coreErrors.INTERNAL('Internal error; it has been logged');
}
