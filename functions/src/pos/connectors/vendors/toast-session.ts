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

const ORDERS_BULK = '/orders/v2/ordersBulk';
/** The documented maximum pageSize of /ordersBulk. */
export const TOAST_ORDERS_PAGE_SIZE = 100;
/** A token is renewed this long before its expiresIn runs out. */
const TOKEN_MARGIN_MS = 60_000;

/** Toast's rate limit per API client and restaurant (devguide "Rate limiting"). */
export const TOAST_REQUESTS_PER_SECOND = 20;
/**
 * "The GET /ordersBulk endpoint of the orders API uses an endpoint rate limit of five requests per
 * client per location per second. Requests to the /ordersBulk endpoint for historical data using
 * the startDate and endDate query parameters must not exceed intervals greater than one month with
 * calls spaced at least 5-10 seconds apart." (doc.toasttab.com/doc/devguide/apiRateLimiting.html,
 * "Endpoint-specific rate limits", checked 2026-12-02.)
 */
export const TOAST_ORDERS_BULK_PER_SECOND = 5;
/** The spacing of historical ordersBulk reads (a backfill window): the documented 5 s at least. */
export const TOAST_HISTORICAL_SPACING_MS = 5_000;
/** The longest historical ordersBulk interval: "must not exceed intervals greater than one month" (28 days fits any month). */
export const TOAST_HISTORICAL_MAX_WINDOW_MS = 28 * 86_400_000;
/**
 * The spacing used, TOAST_HISTORICAL_SPACING_MS unless TOAST_HISTORICAL_SPACING_MS is set in the
 * environment (the test tier and the local stack, whose simulator does not ask for it, set 0).
 */
export function historicalSpacingMs(): number {
  const v = process.env.TOAST_HISTORICAL_SPACING_MS;
  return v !== undefined && /^\d+$/.test(v) ? Number(v) : TOAST_HISTORICAL_SPACING_MS;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const recentRequests = new Map<string, { at: number }[]>();

/**
 * Starts `request` once fewer than TOAST_REQUESTS_PER_SECOND requests of `key` (client and
 * restaurant) have been under way in the last second. A request counts from its start until a
 * second after its answer: Toast received it before we got the answer, so Toast never sees more
 * than the limit in any second.
 */
export async function paced<T>(
  key: string,
  request: () => Promise<T>,
  perSecond: number = TOAST_REQUESTS_PER_SECOND,
): Promise<T> {
  let mine: { at: number };
  for (;;) {
    const now = Date.now();
    const recent = (recentRequests.get(key) ?? []).filter((r) => r.at > now - 1001);
    recentRequests.set(key, recent);
    if (recent.length < perSecond) {
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
    const key = `${this.clientId}:${this.restaurantGuid}`;
    const send = () =>
      paced(key, () =>
        vendorRequest({
          vendor: 'toast',
          url: `${this.base}${path}${qs ? `?${qs}` : ''}`,
          headers: { Authorization: `Bearer ${accessToken}`, 'Toast-Restaurant-External-ID': this.restaurantGuid },
          secrets: [this.clientSecret, accessToken],
          retryAfterFrom: toastReset,
        }),
      );
    // ordersBulk has its own, lower endpoint limit within the client's global one
    return this.send(
      path === ORDERS_BULK ? () => paced(`${key}:ordersBulk`, send, TOAST_ORDERS_BULK_PER_SECOND) : send,
    );
  }

  /** When the last historical ordersBulk read of this session was answered (they are spaced). */
  private lastHistoricalAt = 0;

  /**
   * One page of ordersBulk, and whether a later page may hold more. A historical read (a backfill
   * window) waits until historicalSpacingMs() has passed since the previous one of the session.
   */
  async ordersPage(
    from: number,
    to: number,
    page: number,
    historical = false,
  ): Promise<{ orders: z.infer<typeof Order>[]; more: boolean }> {
    // spaced from the previous answer: Toast then saw the previous call at least that long before
    const wait = historical ? this.lastHistoricalAt + historicalSpacingMs() - Date.now() : 0;
    if (wait > 0) await sleep(wait);
    const query = {
      startDate: iso(from),
      endDate: iso(to),
      pageSize: String(TOAST_ORDERS_PAGE_SIZE),
      page: String(page),
    };
    const res = await this.get(ORDERS_BULK, query).finally(() => {
      if (historical) this.lastHistoricalAt = Date.now();
    });
    const orders = parseAs('toast', z.array(Order), res, 'the orders page');
    const rels = linkRels(res.headers);
    return { orders, more: orders.length >= TOAST_ORDERS_PAGE_SIZE && (rels === undefined || rels.has('next')) };
  }

  async jobTitles(): Promise<Map<string, string>> {
    const jobs = parseAs('toast', z.array(Job), await this.get('/labor/v1/jobs'), 'the jobs list');
    return new Map(jobs.filter((j) => j.title).map((j) => [j.guid, j.title as string]));
  }
}
