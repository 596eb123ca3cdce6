/** Toast's requests: the login, the headers, the documented rate limit and the paging of ordersBulk. */

import { z } from 'zod';
import { credentialField, parseAs, parseRetryAfter, vendorBaseUrl, vendorRequest, type VendorResponse } from '../http';
import { VendorError, type SessionTokenStore, type StreamAuth } from '../types';
import { iso, Job, Order } from './toast-records';

export const TOAST_PRODUCTION_URL = 'https://ws-api.toasttab.com';
export const TOAST_USER_ACCESS_TYPE = 'TOAST_MACHINE_CLIENT';

/** A restaurant GUID, checked before it goes into a path or header. */
export const TOAST_GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const LoginResponse = z.object({
  token: z.object({ accessToken: z.string().min(1), expiresIn: z.number().optional() }),
});

/** X-Toast-RateLimit-Reset: the UNIX epoch second the limit resets, used only when Retry-After is absent. */
export function toastReset(headers: Headers): number | undefined {
  const v = headers.get('x-toast-ratelimit-reset');
  if (!v) return undefined;
  if (/^\d{9,}$/.test(v.trim())) return Math.max(0, Number(v.trim()) * 1000 - Date.now());
  return parseRetryAfter(v);
}

/** The documented maximum pageSize of /ordersBulk. */
export const TOAST_ORDERS_PAGE_SIZE = 100;
/** A token is renewed this long before its expiresIn runs out. */
const TOKEN_MARGIN_MS = 60_000;

/** Toast's rate limit per API client and restaurant (devguide "Rate limiting"). */
export const TOAST_REQUESTS_PER_SECOND = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const recentRequests = new Map<string, { at: number }[]>();

/**
 * Starts `request` once fewer than TOAST_REQUESTS_PER_SECOND requests of `key` (client and
 * restaurant) have been under way in the last second. A request counts from its start until a
 * second after its answer: Toast received it before we got the answer, so Toast never sees more
 * than the limit in any second.
 */
export async function paced<T>(key: string, request: () => Promise<T>): Promise<T> {
  let mine: { at: number };
  for (;;) {
    const now = Date.now();
    const recent = (recentRequests.get(key) ?? []).filter((r) => r.at > now - 1001);
    recentRequests.set(key, recent);
    if (recent.length < TOAST_REQUESTS_PER_SECOND) {
      mine = { at: Infinity };
      recent.push(mine);
      break;
    }
    const oldest = Math.min(...recent.map((r) => r.at));
    await sleep(Number.isFinite(oldest) ? oldest + 1002 - now : 5);
  }
  try {
    return await request();
  } finally {
    mine.at = Date.now();
  }
}

type Send = <T>(request: () => Promise<T>) => Promise<T>;

/** The `rel` names of a response's Link header (RFC 8288), or undefined without one. */
function linkRels(headers: Headers): Set<string> | undefined {
  const link = headers.get('link');
  if (!link) return undefined;
  return new Set([...link.matchAll(/<[^>]*>\s*;\s*rel="?([^";,]+)"?/g)].flatMap((m) => m[1].trim().split(/\s+/)));
}

/**
 * One call's view of the restaurant: the headers of every request, and a login reused until it
 * expires. Toast: "Your Toast API client must reuse authentication tokens for as long as possible
 * ... Do not request a new authentication token more than twice in a one-hour period" and may end
 * the API access of a client that does ("Authentication rate limit",
 * doc.toasttab.com/doc/devguide/apiAuthenticationRateLimit.html). So the token is kept in the
 * session store (the vault) between calls and runs, and a login happens only when there is none
 * or it expires (within a minute), or when Toast refuses the kept one (once per call).
 */
export class ToastSession {
  private readonly clientId: string;
  private readonly clientSecret: string;
  readonly restaurantGuid: string;
  private readonly base = vendorBaseUrl('toast', TOAST_PRODUCTION_URL);
  private readonly send: Send;
  private readonly sessions?: SessionTokenStore;
  private token?: { value: string; expiresAt: number; kept: boolean };

  constructor(auth: Pick<StreamAuth, 'credentials' | 'retry' | 'sessions'>) {
    const credentials = auth.credentials ?? {};
    this.clientId = credentialField('toast', credentials, 'clientId');
    this.clientSecret = credentialField('toast', credentials, 'clientSecret');
    this.restaurantGuid = credentialField('toast', credentials, 'restaurantGuid', TOAST_GUID);
    this.send = auth.retry ?? ((request) => request());
    this.sessions = auth.sessions;
  }

  private async accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt) return this.token.value;
    const kept = await this.sessions?.load();
    if (kept && Date.now() < kept.expiresAt - TOKEN_MARGIN_MS) {
      this.token = { value: kept.accessToken, expiresAt: kept.expiresAt - TOKEN_MARGIN_MS, kept: true };
      return kept.accessToken;
    }
    return this.login();
  }

  private async login(): Promise<string> {
    const res = await this.send(() =>
      vendorRequest({
        vendor: 'toast',
        method: 'POST',
        url: `${this.base}/authentication/v1/authentication/login`,
        json: { clientId: this.clientId, clientSecret: this.clientSecret, userAccessType: TOAST_USER_ACCESS_TYPE },
        secrets: [this.clientSecret],
        retryAfterFrom: toastReset,
      }),
    );
    const { accessToken, expiresIn } = parseAs('toast', LoginResponse, res, 'the authentication answer').token;
    // Toast documents a day; without expiresIn the token is kept an hour, the shortest it gives (sandbox)
    const expiresAt = Date.now() + (expiresIn ?? 3600) * 1000;
    this.token = { value: accessToken, expiresAt: expiresAt - TOKEN_MARGIN_MS, kept: false };
    await this.sessions?.save({ accessToken, expiresAt });
    return accessToken;
  }

  async get(path: string, query: Record<string, string> = {}): Promise<VendorResponse> {
    try {
      return await this.request(path, query, await this.accessToken());
    } catch (err) {
      // a kept token Toast no longer takes (revoked, or the client's secret changed): one fresh login
      if (!(err instanceof VendorError && err.status === 401 && this.token?.kept)) throw err;
      await this.sessions?.clear();
      return this.request(path, query, await this.login());
    }
  }

  private request(path: string, query: Record<string, string>, accessToken: string): Promise<VendorResponse> {
    const qs = new URLSearchParams(query).toString();
    return this.send(() =>
      paced(`${this.clientId}:${this.restaurantGuid}`, () =>
        vendorRequest({
          vendor: 'toast',
          url: `${this.base}${path}${qs ? `?${qs}` : ''}`,
          headers: { Authorization: `Bearer ${accessToken}`, 'Toast-Restaurant-External-ID': this.restaurantGuid },
          secrets: [this.clientSecret, accessToken],
          retryAfterFrom: toastReset,
        }),
      ),
    );
  }

  /** One page of ordersBulk, and whether a later page may hold more. */
  async ordersPage(
    from: number,
    to: number,
    page: number,
  ): Promise<{ orders: z.infer<typeof Order>[]; more: boolean }> {
    const query = {
      startDate: iso(from),
      endDate: iso(to),
      pageSize: String(TOAST_ORDERS_PAGE_SIZE),
      page: String(page),
    };
    const res = await this.get('/orders/v2/ordersBulk', query);
    const orders = parseAs('toast', z.array(Order), res, 'the orders page');
    const rels = linkRels(res.headers);
    return { orders, more: orders.length >= TOAST_ORDERS_PAGE_SIZE && (rels === undefined || rels.has('next')) };
  }

  async jobTitles(): Promise<Map<string, string>> {
    const jobs = parseAs('toast', z.array(Job), await this.get('/labor/v1/jobs'), 'the jobs list');
    return new Map(jobs.filter((j) => j.title).map((j) => [j.guid, j.title as string]));
  }
}
