import { z } from 'zod';
import { notAsDocumented, parseAs, vendorBaseUrl, vendorRequest } from '../http';
import { cloverWebhook } from '../webhooks/clover';
import { vanishedPunches } from '../reconcile';
import { VendorError } from '../types';
import type { Connector, OAuthGrant, StreamAuth, StreamConnector, StreamWindow, VendorAccount } from '../types';
import type { PosPunch } from '../types';
import { cloverGate } from './clover-gate';
import {
  CLOVER_ORDER_EXPAND,
  Elements,
  Employee,
  Order,
  Shift,
  cloverOrderSales,
  toEmployee,
  toPunch,
} from './clover-records';

/**
 * Clover (North America), the v2/OAuth flow with expiring tokens, following docs.clover.com:
 * - "High-trust apps—Auth code flow" (docs/high-trust-app-auth-flow): the merchant is sent to
 *   www.clover.com/oauth/v2/authorize?client_id&redirect_uri (plus state and response_type=code);
 *   Clover redirects back with merchant_id, client_id, employee_id and code; POST
 *   api.clover.com/oauth/v2/token with the JSON body {client_id, client_secret, code} answers
 *   {access_token, access_token_expiration, refresh_token, refresh_token_expiration} (Unix
 *   timestamps, in seconds; lengths and lifetimes are not fixed and must not be hard-coded).
 * - "Refresh access tokens" (docs/refresh-access-tokens): POST api.clover.com/oauth/v2/refresh
 *   {client_id, refresh_token} answers a new pair; a refresh token is single use and invalid once
 *   the new pair is issued.
 * - Merchants: GET /v3/merchants/{mId} with `Authorization: Bearer` -> {id, name ...}.
 * - Errors ("401 Unauthorized" troubleshooting page): Clover answers 401 both for an invalid or
 *   expired token and for missing permissions; bodies are {message}. 429 on rate limits
 *   ("Work with API usage and rate limits").
 * With a VENDOR_URL_CLOVER override, www.clover.com and api.clover.com collapse onto it.
 *
 * Data streams (`cloverStreams` below), REST API v3 with `Authorization: Bearer {access token}`
 * ("Use Clover REST API", docs/build/web-api), collections answered as {elements: [...]}:
 * - Paging: `limit` (at most 1000) and `offset`; a page shorter than `limit` is the last.
 * - Filters ("Apply filters to API requests", clover-platform/docs/applying-filters): repeated
 *   `filter=field>=value` parameters, times in epoch ms; "time-based filters ... are restricted to a
 *   90-day range" (a longer range is silently cut to its last 90 days), hence 90-day requests.
 * - GET /v3/merchants/{mId}/employees?expand=roles: Employee {id, name, nickname, email, role,
 *   roles, claimedTime, deletedTime}. Clover keeps no phone and no modification time on employees:
 *   the whole roster is read, modifiedAt is deletedTime ?? claimedTime ?? 0.
 * - GET /v3/merchants/{mId}/shifts?filter=inTime...: Shift {id, employee, inTime, outTime,
 *   overrideInTime, overrideOutTime, cashTipsCollected} (SDK model com.clover.sdk.v3.employees.Shift:
 *   cashTipsCollected is the "Amount of cash tips collected", in cents like every Clover amount: the
 *   cash tips the employee declared for the shift, PosPunch.declaredCashTips). Clover shifts have no
 *   breaks, no modification time and no deleted flag (the model has none of them): a shift changes
 *   at clock-out or by a manager override, at any later time, so modifiedAt is its last (override)
 *   time and an incremental read asks again for every shift clocked in during the
 *   CLOVER_SHIFT_LOOKBACK_MS before `modifiedSince` (longer than the longest pay period still open while payroll is
 *   prepared), the sink keeping the unchanged ones as they are. A deleted shift is simply absent
 *   from the answer: given the punches the sync holds (StreamAuth.storedPunches), the stream
 *   answers those of a window read whole that Clover no longer has, nor has on a second read of the
 *   window (offset pages shift when a shift is deleted while they are read), as deleted.
 * - GET /v3/merchants/{mId}/orders?filter=modifiedTime...&expand=payments,payments.serviceCharge,
 *   refunds&orderBy=modifiedTime ASC (SDK models com.clover.sdk.v3.order.Order, payments.Payment,
 *   payments.Refund): Order {id, paymentState (OPEN, PAID, REFUNDED, CREDITED, PARTIALLY_PAID,
 *   PARTIALLY_REFUNDED), state, testMode, deletedTimestamp, employee, currency, modifiedTime,
 *   payments {elements: Payment {id, amount, taxAmount, tipAmount, serviceCharge {amount}, tender
 *   {labelKey}, result (SUCCESS, VOIDED, FAIL ...), voidReason, createdTime, modifiedTime}},
 *   refunds {elements: Refund {id, amount, taxAmount, tipAmount, serviceChargeAmount {amount},
 *   payment, voided, deletedTime, status, createdTime}}}. The cash tender is labelKey
 *   com.clover.tender.cash.
 *   - The Order model says developers "are discouraged from relying on the value of the state":
 *     an order is a sale when its paymentState is PAID, PARTIALLY_REFUNDED or REFUNDED and it has
 *     a SUCCESS payment (net = amount - taxAmount - serviceCharge.amount, closed at its last
 *     payment); a negative sale per refund, whose amount is the "total amount refunded, including
 *     tax and tip" (Refund model): its net is amount - taxAmount - tipAmount - its service charge.
 *   - Test mode: "Payments made against test orders are not processed" (Order.testMode): a test
 *     order is no sale and is skipped whole.
 *   - Voids: a payment voided after the order closed (result VOIDED; voidReason REOPEN_ORDER when
 *     the order was reopened) leaves the order unpaid: the order, and each of its refunds, comes
 *     back as a sale with `voided` true and nothing left of its figures (the sink reverses what it
 *     stored). So does a deleted order (deletedTimestamp) and a voided or deleted refund (Refund
 *     voided, deletedTime, status VOIDED or FAIL). Paid again, the order comes back a plain sale.
 *   - Service charges ("Transaction data: Charges and fees", docs.clover.com/dev/docs/transaction-
 *     data, checked 2026-12-02: read per payment "using the GET /v3/payments endpoint with the
 *     serviceCharge expansion"; "Multiple service charges": a merchant-configured fee such as a
 *     "large dining-party automatic gratuity"; the ServiceCharge model's isAutoApplied "auto-
 *     gratuity"): only the merchant configures one and the guest does not choose it, so every
 *     Clover service charge is a service charge (29 CFR 531.55: the restaurant's receipt, not a
 *     tip), PosSale.serviceCharges. The guest's own tip is tipAmount: Clover has no voluntary
 *     gratuity line apart from it, so `gratuities` is always 0.
 *   Clover orders have no guest count: customers is 0.
 * - Paging the orders: offset paging over a list sorted by modifiedTime loses an order whenever
 *   another one is modified during the read (it leaves its place and every later offset shifts by
 *   one), so the orders are read by keyset instead: each request asks for modifiedTime >= the last
 *   modifiedTime seen, from offset 0, and the records already seen at that millisecond are dropped
 *   (an offset is used only within one millisecond holding a whole page of orders).
 * - Limits ("Work with API usage and rate limits", docs.clover.com/dev/docs/api-usage-rate-limits,
 *   checked 2026-12-02): 16 requests a second and 5 in progress at once per access token, 50 a
 *   second and 10 at once per app; beyond them Clover answers 429 Too Many Requests. Every data
 *   request of this process waits for room under all four (cloverGate): the per-app figures are
 *   kept per process, as no request crosses processes to share them.
 */
const AUTHORIZE_HOST = 'https://www.clover.com';
const API_HOST = 'https://api.clover.com';

/** Clover merchant ids: 13 alphanumeric characters ("401 Unauthorized" page); a little slack kept. */
const MERCHANT_ID = /^[A-Za-z0-9]{8,32}$/;

const TokenPair = z.object({
  access_token: z.string().min(1),
  access_token_expiration: z.number().optional(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expiration: z.number().optional(),
});
const Merchant = z.object({ id: z.string().optional(), name: z.string().optional() });

function toGrant(t: z.infer<typeof TokenPair>): OAuthGrant {
  return {
    accessToken: t.access_token,
    refreshToken: t.refresh_token,
    expiresAt: t.access_token_expiration ? t.access_token_expiration * 1000 : undefined,
  };
}

// --- data streams -----------------------------------------------------------------------------

const DAY_MS = 86_400_000;
/** Clover's documented limit of a time-based filter. */
export const CLOVER_MAX_FILTER_WINDOW_MS = 90 * DAY_MS;
/** Clover's documented maximum `limit`. */
export const CLOVER_PAGE_LIMIT = 1000;
/**
 * How far back an incremental punch read asks for clock-ins: Clover shifts carry no modification
 * time, and a manager fixes a clock-out days later, so the read covers the longest pay period
 * payroll offers (a calendar month, 31 days) and the days it takes to close it after its end (4).
 */
export const CLOVER_SHIFT_LOOKBACK_MS = 35 * DAY_MS;

/** [from, to) in consecutive pieces of at most `max` ms. */
function* split(from: number, to: number, max: number): Generator<[number, number]> {
  for (let s = from; s < to; s += max) yield [s, Math.min(to, s + max)];
}

class CloverSession {
  private readonly base = vendorBaseUrl('clover', API_HOST);
  private readonly send: <T>(request: () => Promise<T>) => Promise<T>;
  private readonly token: string;
  private readonly merchantId: string;

  constructor(auth: StreamAuth) {
    if (!auth.accessToken) throw new VendorError('clover', 'rejected', 'clover: no access token for the merchant');
    if (!MERCHANT_ID.test(auth.accountId))
      throw new VendorError('clover', 'invalid', "clover: the merchant id is not in the vendor's format");
    this.token = auth.accessToken;
    this.merchantId = auth.accountId;
    this.send = auth.retry ?? ((request) => request());
  }

  /** The pages of a collection, `limit`/`offset` paged, each parsed before it is yielded. */
  async *pages<T extends z.ZodType>(
    collection: string,
    item: T,
    params: [string, string][],
    what: string,
  ): AsyncGenerator<z.infer<T>[]> {
    for (let offset = 0; ; offset += CLOVER_PAGE_LIMIT) {
      const qs = new URLSearchParams([...params, ['limit', String(CLOVER_PAGE_LIMIT)], ['offset', String(offset)]]);
      const url = `${this.base}/v3/merchants/${encodeURIComponent(this.merchantId)}/${collection}?${qs.toString()}`;
      const elements = await this.get(url, item, what);
      if (elements.length > 0) yield elements;
      if (elements.length < CLOVER_PAGE_LIMIT) return;
    }
  }

  /**
   * The pages of the orders modified in [from, to), by keyset on modifiedTime (ascending): each
   * request starts at the last modifiedTime seen, the orders already seen at that millisecond
   * dropped, so an order modified meanwhile (it leaves for a later time) moves no other one out of
   * reach. `params` are the other query parameters (expansions).
   */
  async *ordersByKeyset(from: number, to: number, params: [string, string][]): AsyncGenerator<z.infer<typeof Order>[]> {
    let lo = from;
    let seenAtLo = new Set<string>();
    let offset = 0;
    for (;;) {
      const qs = new URLSearchParams([
        ...range('modifiedTime', lo, to),
        ...params,
        ['orderBy', 'modifiedTime ASC'],
        ['limit', String(CLOVER_PAGE_LIMIT)],
        ['offset', String(offset)],
      ]);
      const url = `${this.base}/v3/merchants/${encodeURIComponent(this.merchantId)}/orders?${qs.toString()}`;
      const elements = await this.get(url, Order, 'the orders page');
      const fresh = elements.filter((o) => !(o.modifiedTime === lo && seenAtLo.has(o.id)));
      if (fresh.length > 0) yield fresh;
      if (elements.length < CLOVER_PAGE_LIMIT) return;
      const last = elements[elements.length - 1].modifiedTime;
      if (last < lo || elements.some((o, i) => i > 0 && o.modifiedTime < elements[i - 1].modifiedTime))
        throw notAsDocumented('clover', 'an orders page not sorted by modifiedTime');
      if (last === lo) {
        // a whole page within one millisecond: page on within it
        for (const o of elements) seenAtLo.add(o.id);
        offset += CLOVER_PAGE_LIMIT;
        continue;
      }
      lo = last;
      offset = 0;
      seenAtLo = new Set(elements.filter((o) => o.modifiedTime === last).map((o) => o.id));
    }
  }

  /** One GET of a collection through the retry policy and Clover's limits, parsed whole. */
  private async get<T extends z.ZodType>(url: string, item: T, what: string): Promise<z.infer<T>[]> {
    const res = await this.send(() =>
      cloverGate(this.token, () =>
        vendorRequest({
          vendor: 'clover',
          url,
          headers: { Authorization: `Bearer ${this.token}` },
          secrets: [this.token],
        }),
      ),
    );
    return (parseAs('clover', Elements(item), res, what) as { elements: z.infer<T>[] }).elements;
  }
}

const range = (field: string, from: number, to: number): [string, string][] => [
  ['filter', `${field}>=${from}`],
  ['filter', `${field}<${to}`],
];

/**
 * The stored punches a window's whole read no longer answers, confirmed by a second read
 * (reconcile.ts): deleted shifts (Clover keeps no trace of them). The read selects by inTime, a
 * stored punch is at its overridden clock-in: a day's margin is left inside the window's edges (an
 * override moves a clock-in by minutes or hours) but at an end that is now, where no shift can lie
 * beyond.
 */
function cloverDeletedShifts(
  session: CloverSession,
  stored: NonNullable<StreamAuth['storedPunches']>,
  seen: ReadonlySet<string>,
  start: number,
  end: number,
  readAt: number,
): Promise<PosPunch[]> {
  return vanishedPunches({
    stored,
    from: start + DAY_MS,
    to: end >= readAt ? end : end - DAY_MS,
    seen,
    readAt,
    readAgain: async function* () {
      for await (const page of session.pages('shifts', Shift, range('inTime', start, end), 'the shifts page'))
        yield page.map((s) => s.id);
    },
  });
}

export const cloverStreams: StreamConnector = {
  maxWindowMs: { sales: CLOVER_MAX_FILTER_WINDOW_MS, punches: CLOVER_MAX_FILTER_WINDOW_MS },

  async *roster(auth: StreamAuth) {
    const session = new CloverSession(auth);
    for await (const page of session.pages('employees', Employee, [['expand', 'roles']], 'the employees page'))
      yield page.map(toEmployee);
  },

  async *punches(auth: StreamAuth, window: StreamWindow) {
    const session = new CloverSession(auth);
    // no modification time to filter on: every shift clocked in within the lookback is read again
    // (a clock-out fixed days later keeps its old times), the sink keeping the unchanged ones
    const readAt = Date.now();
    const [from, to] =
      'modifiedSince' in window
        ? [Math.min(window.modifiedSince, readAt) - CLOVER_SHIFT_LOOKBACK_MS, readAt]
        : [window.from, window.to];
    for (const [start, end] of split(from, to, CLOVER_MAX_FILTER_WINDOW_MS)) {
      const seen = new Set<string>();
      for await (const page of session.pages('shifts', Shift, range('inTime', start, end), 'the shifts page')) {
        for (const s of page) seen.add(s.id);
        yield page.map(toPunch);
      }
      // reached only once every page of [start, end) was read: a failed page throws before it
      if (auth.storedPunches) {
        const gone = await cloverDeletedShifts(session, auth.storedPunches, seen, start, end, readAt);
        if (gone.length > 0) yield gone;
      }
    }
  },

  async *sales(auth: StreamAuth, window: StreamWindow) {
    const session = new CloverSession(auth);
    // both reads select by modifiedTime: an order is in the window it was last modified in
    const [from, to] = 'modifiedSince' in window ? [window.modifiedSince, Date.now()] : [window.from, window.to];
    for (const [start, end] of split(from, to, CLOVER_MAX_FILTER_WINDOW_MS)) {
      for await (const page of session.ordersByKeyset(start, end, [['expand', CLOVER_ORDER_EXPAND]])) {
        const sales = page.flatMap(cloverOrderSales);
        if (sales.length > 0) yield sales;
      }
    }
  },
};

export const clover: Connector = {
  slug: 'clover',
  webhook: cloverWebhook,
  streams: cloverStreams,
  oauth: {
    authorizeUrl({ app, state }) {
      const url = new URL(`${vendorBaseUrl('clover', AUTHORIZE_HOST)}/oauth/v2/authorize`);
      url.searchParams.set('client_id', app.clientId);
      url.searchParams.set('redirect_uri', app.redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('response_type', 'code');
      return url.toString();
    },

    async exchange({ app, code, callbackQuery }) {
      const merchantId = callbackQuery.merchant_id;
      if (!merchantId || !MERCHANT_ID.test(merchantId)) {
        throw new VendorError('clover', 'invalid', 'clover: the OAuth callback names no merchant (merchant_id)');
      }
      const api = vendorBaseUrl('clover', API_HOST);
      const res = await vendorRequest({
        vendor: 'clover',
        method: 'POST',
        url: `${api}/oauth/v2/token`,
        json: { client_id: app.clientId, client_secret: app.clientSecret, code },
        tokenEndpoint: true,
        secrets: [app.clientSecret, code],
      });
      const pair = parseAs('clover', TokenPair, res, 'the token answer');
      const account: VendorAccount = { id: merchantId };
      // The name is a courtesy: the code is spent, so a failed lookup must not lose the grant.
      try {
        const m = await vendorRequest({
          vendor: 'clover',
          url: `${api}/v3/merchants/${encodeURIComponent(merchantId)}`,
          headers: { Authorization: `Bearer ${pair.access_token}` },
          secrets: [pair.access_token],
        });
        const name = parseAs('clover', Merchant, m, 'the merchant').name;
        if (name) account.name = name;
      } catch (err) {
        if (!(err instanceof VendorError)) throw err;
      }
      return { ...toGrant(pair), account };
    },

    async refresh({ app, refreshToken }) {
      const res = await vendorRequest({
        vendor: 'clover',
        method: 'POST',
        url: `${vendorBaseUrl('clover', API_HOST)}/oauth/v2/refresh`,
        json: { client_id: app.clientId, refresh_token: refreshToken },
        tokenEndpoint: true,
        secrets: [app.clientSecret, refreshToken],
      });
      return toGrant(parseAs('clover', TokenPair, res, 'the refresh answer'));
    },
  },
};
