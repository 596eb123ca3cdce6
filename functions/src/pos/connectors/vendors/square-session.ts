/** Square's requests: the host, the headers, one stream call's access and the cursor paging of its searches. */

import { z } from 'zod';
import { credentialField, parseAs, vendorBaseUrl, vendorRequest, type VendorResponse } from '../http';
import { VendorError, type StreamAuth } from '../types';
import { LocationsResponse } from './square-records';

const PRODUCTION = 'https://connect.squareup.com';

/** The API version this connector was written against (sent on every call, as Square asks). */
export const SQUARE_VERSION = '2025-10-16';

export const base = (slug: string) => vendorBaseUrl(slug, PRODUCTION);

/** Square ids (locations, merchants) are alphanumeric; checked before they go into a path. */
export const SQUARE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function apiHeaders(accessToken: string): Record<string, string> {
  return { Authorization: `Bearer ${accessToken}`, 'Square-Version': SQUARE_VERSION };
}

type Send = <T>(request: () => Promise<T>) => Promise<T>;

/** One stream call's access: the token, the retry policy, and the request helpers. */
export interface Ctx {
  slug: string;
  token: string;
  send: Send;
}

export function contextOf(slug: string, auth: StreamAuth): Ctx {
  const token = slug === 'square' ? auth.accessToken : credentialField(slug, auth.credentials ?? {}, 'accessToken');
  if (!token) throw new VendorError(slug, 'invalid', `${slug}: no access token for the stream call`);
  return { slug, token, send: auth.retry ?? ((request) => request()) };
}

export function call(ctx: Ctx, path: string, json?: unknown): Promise<VendorResponse> {
  return ctx.send(() =>
    vendorRequest({
      vendor: ctx.slug,
      method: json === undefined ? 'GET' : 'POST',
      url: `${base(ctx.slug)}${path}`,
      headers: apiHeaders(ctx.token),
      json,
      secrets: [ctx.token],
    }),
  );
}

export async function streamLocations(ctx: Ctx, auth: StreamAuth): Promise<string[]> {
  if (ctx.slug !== 'square') {
    if (!SQUARE_ID.test(auth.accountId))
      throw new VendorError(ctx.slug, 'invalid', `${ctx.slug}: the location id is not in Square's format`);
    return [auth.accountId];
  }
  return (
    parseAs(ctx.slug, LocationsResponse, await call(ctx, '/v2/locations'), 'the ListLocations answer').locations ?? []
  ).map((l) => l.id);
}

/** POSTs a search and follows `cursor` until absent; each page is checked whole before it is yielded. */
export async function* searchPages<S extends z.ZodType<{ cursor?: string }>>(
  ctx: Ctx,
  path: string,
  body: Record<string, unknown>,
  schema: S,
  what: string,
): AsyncGenerator<z.infer<S>> {
  let cursor: string | undefined;
  do {
    const page = parseAs(ctx.slug, schema, await call(ctx, path, cursor ? { ...body, cursor } : body), what);
    yield page;
    cursor = page.cursor;
  } while (cursor);
}
