import { z } from 'zod';
import { parseAs, vendorBaseUrl, vendorRequest } from '../http';
import { cloverWebhook } from '../webhooks/clover';
import { VendorError } from '../types';
import type { Connector, OAuthGrant, StreamAuth, StreamConnector, StreamWindow, VendorAccount } from '../types';
import type { PosEmployee, PosPunch, PosSale } from '../types';

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
 *   overrideInTime, overrideOutTime, cashTipsCollected}. Clover shifts have no breaks and no
 *   modification time, and deleted shifts are gone (no flag): a shift changes at clock-out or by a
 *   manager override, so modifiedAt is its last (override) time, and an incremental read asks for
 *   the shifts clocked in from a day before `modifiedSince` and keeps those modified since.
 * - GET /v3/merchants/{mId}/orders?filter=modifiedTime...&expand=payments,refunds&orderBy=
 *   modifiedTime ASC: Order {id, state ('locked' once paid), employee, currency, modifiedTime,
 *   payments {elements: Payment {id, amount (tax included, tip excluded), taxAmount, tipAmount,
 *   tender {labelKey}, result, createdTime}}, refunds {elements: Refund {id, amount, taxAmount,
 *   tipAmount, payment, createdTime}}}. The cash tender is labelKey com.clover.tender.cash. A sale
 *   per locked order with a SUCCESS payment (net = amount - taxAmount, closed at its last payment),
 *   a negative sale per refund, whose amount is the "total amount refunded, including tax and tip"
 *   (SDK model com.clover.sdk.v3.payments.Refund): its net is amount - taxAmount - tipAmount.
 *   Clover orders have no guest count: customers is 0.
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
/** How long before `modifiedSince` an incremental punch read looks for clock-ins (a shift's longest span). */
export const CLOVER_SHIFT_LOOKBACK_MS = DAY_MS;
export const CLOVER_CASH_TENDER = 'com.clover.tender.cash';

const Ref = z.object({ id: z.string().min(1) });
const Ms = z.number().int();
const Elements = <T extends z.ZodType>(item: T) => z.object({ elements: z.array(item) });

const Employee = z.object({
  id: z.string().min(1),
  name: z.string().nullish(),
  nickname: z.string().nullish(),
  email: z.string().nullish(),
  role: z.string().nullish(),
  roles: z.object({ elements: z.array(z.object({ name: z.string().nullish() })) }).nullish(),
  claimedTime: Ms.nullish(),
  deletedTime: Ms.nullish(),
});
const Shift = z.object({
  id: z.string().min(1),
  employee: Ref,
  inTime: Ms,
  outTime: Ms.nullish(),
  overrideInTime: Ms.nullish(),
  overrideOutTime: Ms.nullish(),
});
const Payment = z.object({
  id: z.string().min(1),
  amount: Ms,
  taxAmount: Ms.nullish(),
  tipAmount: Ms.nullish(),
  tender: z.object({ labelKey: z.string().nullish() }).nullish(),
  result: z.string().nullish(),
  createdTime: Ms,
});
const Refund = z.object({
  id: z.string().min(1),
  amount: Ms,
  taxAmount: Ms.nullish(),
  tipAmount: Ms.nullish(),
  payment: Ref.nullish(),
  createdTime: Ms,
});
const Order = z.object({
  id: z.string().min(1),
  state: z.string().nullish(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullish(),
  employee: Ref.nullish(),
  modifiedTime: Ms,
  payments: Elements(Payment).nullish(),
  refunds: Elements(Refund).nullish(),
});

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
      const res = await this.send(() =>
        vendorRequest({
          vendor: 'clover',
          url,
          headers: { Authorization: `Bearer ${this.token}` },
          secrets: [this.token],
        }),
      );
      const { elements } = parseAs('clover', Elements(item), res, what) as { elements: z.infer<T>[] };
      if (elements.length > 0) yield elements;
      if (elements.length < CLOVER_PAGE_LIMIT) return;
    }
  }
}

const range = (field: string, from: number, to: number): [string, string][] => [
  ['filter', `${field}>=${from}`],
  ['filter', `${field}<${to}`],
];

function toEmployee(e: z.infer<typeof Employee>): PosEmployee {
  const name = (e.name ?? '').trim();
  const space = name.indexOf(' ');
  return {
    vendorId: e.id,
    firstName: space < 0 ? name : name.slice(0, space),
    lastName: space < 0 ? '' : name.slice(space + 1).trim(),
    email: e.email || null,
    phone: null,
    active: !e.deletedTime,
    jobTitle: e.roles?.elements.find((r) => r.name)?.name ?? null,
    modifiedAt: e.deletedTime ?? e.claimedTime ?? 0,
  };
}

function toPunch(s: z.infer<typeof Shift>): PosPunch {
  const clockInAt = s.overrideInTime ?? s.inTime;
  const clockOutAt = s.overrideOutTime ?? s.outTime ?? null;
  return {
    vendorId: s.id,
    employeeVendorId: s.employee.id,
    clockInAt,
    clockOutAt,
    breaks: [],
    jobTitle: null,
    deleted: false,
    modifiedAt: Math.max(s.inTime, s.overrideInTime ?? 0, s.outTime ?? 0, s.overrideOutTime ?? 0),
  };
}

/** The sales of one Clover order: one for a paid (locked) order, a negative one per refund. */
export function cloverOrderSales(o: z.infer<typeof Order>): PosSale[] {
  const paid = (o.payments?.elements ?? []).filter((p) => p.result === 'SUCCESS');
  if (o.state !== 'locked' || paid.length === 0) return [];
  const currency = o.currency ?? 'USD';
  const employeeVendorId = o.employee?.id ?? null;
  const cash = (p: z.infer<typeof Payment>) => p.tender?.labelKey === CLOVER_CASH_TENDER;
  const sum = (ps: typeof paid, f: (p: z.infer<typeof Payment>) => number) => ps.reduce((n, p) => n + f(p), 0);
  const out: PosSale[] = [
    {
      vendorId: o.id,
      employeeVendorId,
      closedAt: Math.max(...paid.map((p) => p.createdTime)),
      currency,
      amount: sum(paid, (p) => p.amount - (p.taxAmount ?? 0)),
      tips: sum(paid, (p) => p.tipAmount ?? 0),
      cashTips: sum(paid.filter(cash), (p) => p.tipAmount ?? 0),
      customers: 0,
      refund: false,
      refundOf: null,
      modifiedAt: o.modifiedTime,
    },
  ];
  for (const r of o.refunds?.elements ?? []) {
    const payment = paid.find((p) => p.id === r.payment?.id);
    const tips = 0 - (r.tipAmount ?? 0);
    out.push({
      vendorId: r.id,
      employeeVendorId,
      closedAt: r.createdTime,
      currency,
      amount: 0 - (r.amount - (r.taxAmount ?? 0) - (r.tipAmount ?? 0)),
      tips,
      cashTips: payment && cash(payment) ? tips : 0,
      customers: 0,
      refund: true,
      refundOf: o.id,
      modifiedAt: o.modifiedTime,
    });
  }
  return out;
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
    const since = 'modifiedSince' in window ? window.modifiedSince : undefined;
    const [from, to] =
      'modifiedSince' in window
        ? [window.modifiedSince - CLOVER_SHIFT_LOOKBACK_MS, Date.now()]
        : [window.from, window.to];
    for (const [start, end] of split(from, to, CLOVER_MAX_FILTER_WINDOW_MS)) {
      for await (const page of session.pages('shifts', Shift, range('inTime', start, end), 'the shifts page')) {
        const punches = page.map(toPunch).filter((p) => since === undefined || p.modifiedAt >= since);
        if (punches.length > 0) yield punches;
      }
    }
  },

  async *sales(auth: StreamAuth, window: StreamWindow) {
    const session = new CloverSession(auth);
    // both reads select by modifiedTime: an order is in the window it was last modified in
    const [from, to] = 'modifiedSince' in window ? [window.modifiedSince, Date.now()] : [window.from, window.to];
    for (const [start, end] of split(from, to, CLOVER_MAX_FILTER_WINDOW_MS)) {
      const params: [string, string][] = [
        ...range('modifiedTime', start, end),
        ['expand', 'payments,refunds'],
        ['orderBy', 'modifiedTime ASC'],
      ];
      for await (const page of session.pages('orders', Order, params, 'the orders page')) {
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
