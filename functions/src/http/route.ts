import type { Request } from 'express';
import { z } from 'zod';
import type { Caller } from './auth';
import type { Membership, MemberRole } from '../identity/memberships';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Input<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

/**
 * Who may call a route:
 * - public: anyone (the docs);
 * - authenticated: any verified Firebase user;
 * - admin: the `admin` custom claim; deliberately no company-scope check (SPEC 5);
 * - company: a member of the company named by the request with at least `minRole`.
 */
export type Access<P, Q, B> =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'admin' }
  | { kind: 'company'; minRole: MemberRole; companyIn?: 'query' | 'path'; companyId: (input: Input<P, Q, B>) => string };

export interface Context<P, Q, B> extends Input<P, Q, B> {
  caller: Caller | null;
  /** Set on company-scoped routes: the caller's membership in that company. */
  member: Membership | null;
  req: Request;
}

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteDef<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
> {
  method: HttpMethod;
  /** Express-style path, e.g. /roles/:roleId */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access<Out<P>, Out<Q>, Out<B>>;
  params?: P;
  query?: Q;
  body?: B;
  /** The shape of `data` in the success envelope; answers are parsed through it (allow-list). */
  response: R;
  status?: 200 | 201;
  /** Largest accepted JSON body; default 1 MB. */
  bodyLimit?: string;
  handler: (ctx: Context<Out<P>, Out<Q>, Out<B>>) => Promise<z.input<R>>;
}

/** Declares a route; the generic parameters are inferred from the schemas. */
export function defineRoute<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Schema = Schema,
>(def: RouteDef<P, Q, B, R>): RouteDef {
  return def as unknown as RouteDef;
}

export interface ModuleDef {
  /** The exported function name; also the last segment of the module's base address. */
  name: string;
  tag: string;
  description: string;
  routes: RouteDef[];
  /** Extra Express routes that do not answer JSON envelopes (e.g. static assets of the docs viewer). */
  extend?: (app: import('express').Express) => void;
}

/** Company-scoped access where the company is the `companyId` query parameter. */
export const companyInQuery = (minRole: MemberRole) =>
  ({ kind: 'company', minRole, companyIn: 'query', companyId: ({ query }: { query: { companyId: string } }) => query.companyId }) as const;

/** Company-scoped access where the company is the `{id}` path parameter (paths under /companies/{id}). */
export const companyInPath = (minRole: MemberRole) =>
  ({ kind: 'company', minRole, companyIn: 'path', companyId: ({ params }: { params: { id: string } }) => params.id }) as const;
