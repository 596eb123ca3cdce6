import type { Request } from 'express';
import { z } from 'zod';
import { coreErrors, type ErrorDetail } from '../core/errors';
import { INVALID_CURSOR } from './cursor';
import type { RouteDef } from './route';
import { ILL_FORMED_MESSAGE, illFormedPaths } from './well-formed';

/**
 * Validates path, query and body with the route's schemas, every problem listed. The answer is 400
 * VALIDATION_FAILED, or the code a field's schema names for its refusal (a page cursor's
 * INVALID_CURSOR, src/http/cursor.ts) when that is the only problem.
 */
export function parseInput(route: RouteDef, req: Request) {
  const details: ErrorDetail[] = [];
  const codes = new Set<string>();
  const part = (
    name: 'params' | 'query' | 'body',
    schema: z.ZodType | undefined,
    value: unknown,
    refused: ReadonlySet<string> = new Set(),
  ) => {
    if (!schema) return undefined;
    for (const path of illFormedPaths(value, name)) details.push({ path, message: ILL_FORMED_MESSAGE });
    const parsed = schema.safeParse(value);
    if (parsed.success && !refused.size) return parsed.data;
    for (const issue of parsed.error?.issues ?? []) {
      // a parameter already refused for being sent as a list: its one problem is that
      if (refused.has(String(issue.path[0]))) continue;
      details.push(issueToDetail(name, issue));
      codes.add(issueCode(issue));
    }
    return undefined;
  };
  const params = part('params', route.params, req.params);
  // before the schema, which would coerce limit[]=1 to 1
  const listed = multiValuedQuery(route, req.query);
  for (const detail of listed.values()) {
    details.push(detail);
    codes.add('VALIDATION_FAILED');
  }
  const query = part('query', route.query, req.query, new Set(listed.keys()));
  const body = part('body', route.body, req.body);
  if (details.length) {
    const message = `Invalid request: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`;
    const [only] = codes.size === 1 ? [...codes] : [];
    throw only === INVALID_CURSOR
      ? coreErrors.INVALID_CURSOR(message, details)
      : coreErrors.VALIDATION_FAILED(message, details);
  }
  return { params, query, body };
}

function issueToDetail(part: string, issue: z.core.$ZodIssue): ErrorDetail {
  const path = [part, ...issue.path.map(String)].join('.');
  if (issue.code === 'unrecognized_keys') return { path, message: `unknown field(s): ${issue.keys.join(', ')}` };
  return { path, message: issue.message };
}

/** The code a field's schema names for its refusal (`params.errorCode` of a custom issue), else VALIDATION_FAILED. */
function issueCode(issue: z.core.$ZodIssue): string {
  const named = issue.code === 'custom' ? (issue.params as { errorCode?: unknown } | undefined)?.errorCode : undefined;
  return typeof named === 'string' ? named : 'VALIDATION_FAILED';
}

/**
 * The query parameters of a query schema that take one value (their input, as the API describes
 * it, is not an array), computed once per schema.
 */
const singleValued = new WeakMap<z.ZodType, ReadonlySet<string>>();
function oneValueParameters(schema: z.ZodType): ReadonlySet<string> {
  let names = singleValued.get(schema);
  if (!names) {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, { type?: unknown }>;
    };
    names = new Set(
      Object.entries(json.properties ?? {})
        .filter(([, p]) => p.type !== 'array')
        .map(([name]) => name),
    );
    singleValued.set(schema, names);
  }
  return names;
}

/**
 * The query parameters that take one value but were sent as a list (`limit[]=1`, `limit=1&limit=2`)
 * or an object (`limit[x]=1`), by name: the extended query parser makes those arrays and objects,
 * which a coercing schema would otherwise read as one value (Number(['1']) is 1).
 */
function multiValuedQuery(route: RouteDef, query: unknown): Map<string, ErrorDetail> {
  const out = new Map<string, ErrorDetail>();
  if (!route.query || !query || typeof query !== 'object') return out;
  const one = oneValueParameters(route.query);
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === null || typeof value !== 'object' || !one.has(name)) continue;
    out.set(name, {
      path: `query.${name}`,
      message: Array.isArray(value)
        ? `takes one value: it was sent ${value.length === 1 ? `as a list (${name}[]=...)` : `${value.length} times`}`
        : `takes one value: it was sent as an object (${name}[key]=...)`,
    });
  }
  return out;
}
