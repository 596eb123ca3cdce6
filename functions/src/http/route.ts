import type { Request } from 'express';
import { z } from 'zod';
import type { Logger } from '../core/logger';
import type { Membership, MemberRole } from '../core/memberships';
import type { Caller } from './auth';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route:
 * - public: anyone (the docs);
 * - authenticated: any verified Firebase user;
 * - admin: the `admin` custom claim; deliberately no company-scope check (administrators are not members of the companies they query);
 * - service: our own jobs and the POS sync service (the `service` custom claim, see README);
 * - company: a member of the company named by the request with at least `minRole`; the company
 *   is the `companyId` query parameter or a path parameter (`{id}` for paths under /companies/{id});
 *   `orService` lets our own jobs call it too;
 * - organization: an owner (or, with minRole admin, an administrator) of the organization named by
 *   the path parameter `{orgId}` (the organizations module says who is: ServedModule.organizationRole);
 *   anyone else is told the organization does not exist;
 * - key: a caller outside Firebase Auth (a reservation partner) presenting a key we issued, checked
 *   by the module's `verify` before the input is validated; the key names its company.
 */
export type Access =
  | { kind: 'public' }
  | KeyAccess
  | { kind: 'authenticated' }
  | { kind: 'admin' }
  | { kind: 'service' }
  | { kind: 'company'; minRole: MemberRole; companyIn: 'query' | 'path'; pathParam?: string; orService?: boolean }
  | { kind: 'organization'; minRole: OrganizationRole };

/** The roles of an organization's members: administrators and owners (owners also manage the organization). */
export type OrganizationRole = 'admin' | 'owner';

/** Who a key belongs to: the company it was issued by, and to whom (e.g. a reservation partner's slug). */
export interface KeyHolder {
  companyId: string;
  subject: string;
}

export interface KeyAccess {
  kind: 'key';
  /** The OpenAPI security scheme name, e.g. partnerKey. */
  scheme: string;
  /** How the key is sent and what it proves, for the API description. */
  description: string;
  /** Resolves the holder of the key the request carries; throws a 401 AppError otherwise. */
  verify: (req: Request) => Promise<KeyHolder>;
}

/**
 * A way of authenticating that a route's handler checks itself, for the API description's security:
 * a header credential (an onboarding session token, a vendor's webhook signature), the Firebase ID
 * token, or none (`anonymous`: the route also serves callers without one).
 */
export type RouteCredential = { scheme: string; header: string; description: string } | 'firebaseIdToken' | 'anonymous';

export const PUBLIC = { kind: 'public' } as const;
export const AUTHENTICATED = { kind: 'authenticated' } as const;
export const ADMIN = { kind: 'admin' } as const;
export const SERVICE = { kind: 'service' } as const;
/** Company-scoped access where the company is the `companyId` query parameter. */
export const companyInQuery = (minRole: MemberRole) => ({ kind: 'company', minRole, companyIn: 'query' }) as const;
/** Company-scoped access where the company is the `{id}` path parameter. */
export const companyInPath = (minRole: MemberRole) => ({ kind: 'company', minRole, companyIn: 'path' }) as const;

/** An owner or administrator (`minRole` admin), or an owner only, of the organization of the `{orgId}` path parameter. */
export const organizationInPath = (minRole: OrganizationRole) => ({ kind: 'organization', minRole }) as const;

/**
 * A member of the company named by the path parameter `param` with at least `minRole`, or our own
 * jobs (the `service` claim; then there is no member).
 */
export const companyInPathOrService = (minRole: MemberRole, param: string) =>
  ({ kind: 'company', minRole, companyIn: 'path', pathParam: param, orService: true }) as const;

/**
 * Who is calling, narrowed by the route's access: a company route always has a member (unless our own
 * jobs may call it), an admin route a caller. A route whose access is any `Access` (the erased
 * `RouteDef` the app serves) may have any of them.
 */
export type Principal<A extends Access> = Access extends A
  ? { caller: Caller | null; member: Membership | null; keyHolder: KeyHolder | null }
  : NarrowedPrincipal<A>;

type NarrowedPrincipal<A extends Access> = A extends { kind: 'company'; orService: true }
  ? { caller: Caller; member: Membership | null; keyHolder: null }
  : A extends { kind: 'company' }
    ? { caller: Caller; member: Membership; keyHolder: null }
    : A extends { kind: 'public' }
      ? { caller: null; member: null; keyHolder: null }
      : A extends { kind: 'key' }
        ? { caller: null; member: null; keyHolder: KeyHolder }
        : { caller: Caller; member: null; keyHolder: null };

/**
 * The server-sent events channel of a route declared with `sse: true`. The response becomes
 * `text/event-stream` at the first `send`; the handler's result then ends the stream as a `done`
 * event carrying the success envelope, and an error thrown after that as an `error` event carrying
 * the error envelope. A handler that never sends answers a plain JSON envelope (errors before the
 * first event keep their HTTP status).
 */
export interface EventStream {
  /** An event; with `id`, the SSE `id:` field (the client's Last-Event-ID when it reconnects). */
  send(event: string, data: unknown, id?: string): void;
  /** An SSE comment line (a keep-alive that no client handler sees). */
  comment(text: string): void;
  readonly started: boolean;
  /** Aborted when the client goes away before the answer is complete. */
  readonly signal: AbortSignal;
}

export type Context<A extends Access, P, Q, B> = Principal<A> & {
  params: P;
  query: Q;
  body: B;
  req: Request;
  /** The event stream of an `sse: true` route; null on other routes. */
  events: EventStream | null;
  /** The request's id (X-Request-Id) and its logger, which carries it. */
  requestId: string;
  log: Logger;
};

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteDef<
  A extends Access = Access,
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
> {
  method: HttpMethod;
  /** Express-style path, e.g. /roles/:roleId */
  path: string;
  summary: string;
  description?: string;
  access: A;
  params?: P;
  query?: Q;
  body?: B;
  /** The shape of `data` in the success envelope; answers are parsed through it (allow-list). */
  response: R;
  status?: 200 | 201 | 202;
  /** Largest accepted JSON body; default 1 MB. */
  bodyLimit?: string;
  /**
   * The body is not JSON to validate but bytes the handler reads as `req.rawBody` (a webhook whose
   * signature covers the exact bytes); `body` is then not declared.
   */
  rawBody?: boolean;
  /** The route may answer as server-sent events (see EventStream); the `response` is the `done` event's data. */
  sse?: boolean;
  /**
   * This route's request deadline when not the module's (a long-lived event stream); below the
   * module's `timeoutSeconds`. REQUEST_DEADLINE_MS still overrides it.
   */
  deadlineSeconds?: number;
  /**
   * Body fields only an owner may send, on a route a manager may otherwise call (the company fields
   * pay periods and overtime weeks are computed from): a manager sending one is refused 403
   * INSUFFICIENT_ROLE naming them, and nothing is written. Listed in the permission table.
   */
  ownerOnlyFields?: readonly string[];
  /**
   * The answer holds a secret shown once (a key, a session token): a request repeated with the same
   * Idempotency-Key does not get it again (src/http/idempotency.ts).
   */
  answersSecret?: boolean;
  /**
   * Which of its commits completes a request, for its Idempotency-Key (src/http/idempotency.ts): by
   * default the first that writes more than bookkeeping marks the key committed, and a retry never
   * runs it again. `marked`: its code names the completing commit (`markRequestComplete` of
   * src/core/store-ops.ts). `steps`: it commits in idempotent steps, so that a retry completes what a
   * failure left undone (or answers what is done): no commit marks it. The contract sweep refuses a
   * route making more than one such commit without one of these.
   */
  completion?: 'marked' | 'steps';
  /** The accepted credentials of a public route that authenticates its callers itself, each one alternative. */
  credentials?: readonly RouteCredential[];
  /** The media types of a `rawBody` upload, for the API description (default: any). */
  uploadTypes?: readonly string[];
  handler: (ctx: Context<A, Out<P>, Out<Q>, Out<B>>) => Promise<z.input<R>>;
}

/** Declares a route; the generic parameters are inferred from the access and the schemas. */
export function defineRoute<
  const A extends Access,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Schema = Schema,
>(def: RouteDef<A, P, Q, B, R>): RouteDef {
  return def as unknown as RouteDef;
}

/** What a module serves over HTTP: its routes, and extra Express routes that do not answer envelopes (the docs viewer's assets). */
export interface ModuleHttp {
  routes: RouteDef[];
  extend?: (app: import('express').Express) => void;
}

/** What the HTTP layer needs of a module (its definition, src/modules/kit.ts). */
export interface ServedModule {
  name: string;
  http: () => ModuleHttp;
  /** The company settings and policies a caller's view of tagged fields depends on (src/http/visibility.ts). */
  viewPolicies?: (companyId: string) => Promise<import('./visibility').ViewPolicies>;
  /**
   * What an organization grants a user at a company that is one of its locations (its owners and
   * administrators act there as owners), asked only when the user's own membership does not
   * suffice; without it, only memberships count.
   */
  organizationAccess?: (companyId: string, uid: string) => Promise<Membership | null>;
  /** The role of a user in an organization, or null: the access check of `organization` routes. */
  organizationRole?: (orgId: string, uid: string) => Promise<OrganizationRole | null>;
  /** Its requests' deadline (src/core/deadline.ts), when not the default. */
  runtime?: { requestDeadlineSeconds?: number };
  /** The other modules serving a path, with their methods (the hint of a ROUTE_NOT_FOUND). */
  servedElsewhere?: (path: string) => { module: string; methods: string[] }[];
  /**
   * Runs each request's handler in the module's scope of the request (the kit's: the request's AI
   * usage, src/modules/kit.ts); without it the handler just runs.
   */
  aroundHandler?: <T>(request: HandlerRequest, handler: () => Promise<T>) => Promise<T>;
}

/** Whose request a handler serves, once its access is settled. */
export interface HandlerRequest {
  requestId: string;
  /** The member's company, or the key holder's; null on routes of neither. */
  companyId: string | null;
  /** The signed-in caller's uid; null on public and key routes. */
  userId: string | null;
}
