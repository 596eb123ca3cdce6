import { z } from 'zod';
import { credentialField, parseAs, parseRetryAfter, vendorBaseUrl, vendorRequest, type VendorResponse } from '../http';
import { toastWebhook } from '../webhooks/toast';
import type { Connector, PosEmployee, PosPunch, PosSale, StreamAuth, StreamConnector, StreamWindow } from '../types';

/**
 * Toast, following the Toast developer guide and API reference (doc.toasttab.com):
 * - Authentication API (openapi/authentication, operation authenticationLoginPost):
 *   POST /authentication/v1/authentication/login with {clientId, clientSecret, userAccessType}
 *   -> {token: {tokenType: 'Bearer', accessToken, expiresIn (s) ...}, status: 'SUCCESS'};
 *   401 when the client credentials are not valid. The reference says "Always include the
 *   userAccessType value and set it to TOAST_MACHINE_CLIENT" (the brief said TOOLS_MACHINE_CLIENT;
 *   the documented value is used).
 * - Restaurants API (openapi/restaurants, restaurantsRestaurantGuidGet):
 *   GET /restaurants/v1/restaurants/{restaurantGUID} with `Authorization: Bearer` and the required
 *   `Toast-Restaurant-External-ID: {restaurantGUID}` header -> RestaurantInfo {guid, general:
 *   {name, locationName ...}}; 404 when the GUID is invalid (or archived). A restaurant that has
 *   not granted the API client access answers 403 (devguide "Standard API access FAQs"), which is
 *   'rejected': the credentials do not reach it.
 * - Errors (devguide apiResponsesAndErrors): an ErrorMessage {status, code, message, requestId,
 *   developerMessage, errors}; 429 with Retry-After or X-Toast-RateLimit-Reset (devguide
 *   "Handling being rate limited").
 * Production host: ws-api.toasttab.com.
 *
 * Data streams (`toastStreams` below), each call logging in once (the token is kept for its
 * expiresIn within the call) and sending `Authorization: Bearer` and `Toast-Restaurant-External-ID`:
 * - Labor API (openapi/labor): GET /labor/v1/employees (the whole list; Employee {guid, deleted,
 *   firstName, lastName, email, phoneNumber, jobReferences, modifiedDate}); GET /labor/v1/jobs
 *   (Job {guid, title}) to name the job references; GET /labor/v1/timeEntries (timeEntriesGet) with
 *   startDate+endDate (inDate in [start, end), with includeArchived=true so deleted entries come
 *   too) or modifiedStartDate+modifiedEndDate (which "always returns archived time entries"); "The
 *   specified period cannot be longer than one month": windows are split into 28-day requests.
 *   TimeEntry {guid, employeeReference, jobReference, inDate, outDate, breaks [{inDate, outDate,
 *   paid}], deleted, modifiedDate}.
 * - Orders API: GET /orders/v2/ordersBulk (devguide apiOrdersGetDetailedInfoAboutMultipleOrders):
 *   startDate+endDate select the orders *modified* (creation included) in the period; pageSize at
 *   most 100 and page from 1, the last page being the one with fewer than pageSize orders or
 *   without a `Link: <...>; rel="next"` header (devguide "Paginating response data"). There is no
 *   separate modified-date parameter: startDate/endDate are the modified dates. Check.amount is
 *   the check's price after discounts and before tax (net sales; tips are on the payments:
 *   Payment.amount excludes tips, Payment.tipAmount; Payment.type CASH, CREDIT, GIFTCARD ...: the
 *   cash part of the tips is that of CASH payments). Refunds: Payment.refundStatus
 *   (NONE/PARTIAL/FULL) and Payment.refund {refundAmount (tip excluded), tipRefundAmount,
 *   refundDate}. Voided (Order/Check.voided) and deleted checks are skipped, as are VOIDED payments.
 *   Pages are numbered, not keyed: an order modified while we page leaves the window (its new
 *   modified date is after endDate) and every later order moves up one place, so reading forward
 *   would skip the order crossing a page boundary. The pages are read backwards instead (the last
 *   page found by probing), where such a move only repeats an order already read.
 * - Currency: GET /restaurants/v1/restaurants/{guid} general.currencyCode when the answer has one,
 *   else USD (Toast's amounts are documented as dollar amounts).
 * - Every request goes through the engine's retry policy (StreamAuth.retry) and keeps to Toast's
 *   documented rate limit (devguide "Rate limiting": 20 requests a second per API client, per
 *   restaurant) within this process; a 429 (another process) carries Retry-After or
 *   X-Toast-RateLimit-Reset (epoch seconds, "Rate limiting header fields").
 */
const PRODUCTION = 'https://ws-api.toasttab.com';
export const TOAST_USER_ACCESS_TYPE = 'TOAST_MACHINE_CLIENT';

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

const LoginResponse = z.object({
  token: z.object({ accessToken: z.string().min(1), expiresIn: z.number().optional() }),
});
const RestaurantInfo = z.object({
  guid: z.string().optional(),
  general: z.object({ name: z.string().optional(), locationName: z.string().nullish() }).optional(),
});

/** X-Toast-RateLimit-Reset: the UNIX epoch second the limit resets, used only when Retry-After is absent. */
function toastReset(headers: Headers): number | undefined {
  const v = headers.get('x-toast-ratelimit-reset');
  if (!v) return undefined;
  if (/^\d{9,}$/.test(v.trim())) return Math.max(0, Number(v.trim()) * 1000 - Date.now());
  return parseRetryAfter(v);
}

// --- data streams -----------------------------------------------------------------------------

const DAY_MS = 86_400_000;
/** "The specified period cannot be longer than one month": 28 days fits any reading of a month. */
export const TOAST_MAX_TIME_ENTRY_WINDOW_MS = 28 * DAY_MS;
/** The documented maximum pageSize of /ordersBulk. */
export const TOAST_ORDERS_PAGE_SIZE = 100;
/** Pages yielded from the (unpaged) labor lists. */
const YIELD_PAGE = 100;
/** A token is renewed this long before its expiresIn runs out. */
const TOKEN_MARGIN_MS = 60_000;

/** ISO-8601 as Toast writes it (2019-08-24T14:15:22.000+0000: an offset without colon). */
export function parseToastDate(value: string): number {
  return Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
}

const ToastDate = z.string().refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(parseToastDate(v)));
const Money = z.number().finite();
const Ref = z.object({ guid: z.string().min(1) });

/**
 * Decimal dollars (a JSON number) to integer cents without float drift: from the shortest decimal
 * representation of the number, rounded half away from zero at the third decimal.
 */
export function toMinorUnits(amount: number): number {
  const text = String(Math.abs(amount));
  let cents: number;
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (m) {
    const frac = (m[2] ?? '').padEnd(3, '0');
    cents = Number(m[1]) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0);
  } else {
    cents = Math.round(Math.abs(amount) * 100); // exponent notation: tiny or huge values
  }
  return amount < 0 ? 0 - cents : cents;
}

const Employee = z.object({
  guid: z.string().min(1),
  deleted: z.boolean().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  email: z.string().nullish(),
  phoneNumber: z.string().nullish(),
  jobReferences: z.array(Ref).nullish(),
  createdDate: ToastDate.nullish(),
  modifiedDate: ToastDate.nullish(),
});
const Job = z.object({ guid: z.string().min(1), title: z.string().nullish() });
const TimeEntry = z.object({
  guid: z.string().min(1),
  employeeReference: Ref,
  jobReference: Ref.nullish(),
  inDate: ToastDate,
  outDate: ToastDate.nullish(),
  breaks: z
    .array(z.object({ inDate: ToastDate.nullish(), outDate: ToastDate.nullish(), paid: z.boolean().nullish() }))
    .nullish(),
  deleted: z.boolean().nullish(),
  createdDate: ToastDate.nullish(),
  modifiedDate: ToastDate.nullish(),
});
const Payment = z.object({
  guid: z.string().min(1),
  type: z.string().nullish(),
  amount: Money.nullish(),
  tipAmount: Money.nullish(),
  paymentStatus: z.string().nullish(),
  refundStatus: z.string().nullish(),
  refund: z
    .object({ refundAmount: Money.nullish(), tipRefundAmount: Money.nullish(), refundDate: ToastDate.nullish() })
    .nullish(),
});
const Check = z.object({
  guid: z.string().min(1),
  amount: Money.nullish(),
  closedDate: ToastDate.nullish(),
  modifiedDate: ToastDate.nullish(),
  paymentStatus: z.string().nullish(),
  voided: z.boolean().nullish(),
  deleted: z.boolean().nullish(),
  payments: z.array(Payment).nullish(),
});
const Order = z.object({
  guid: z.string().min(1),
  modifiedDate: ToastDate.nullish(),
  voided: z.boolean().nullish(),
  deleted: z.boolean().nullish(),
  numberOfGuests: z.number().int().nonnegative().nullish(),
  server: Ref.nullish(),
  checks: z.array(Check),
});
const RestaurantCurrency = z.object({
  general: z
    .object({
      currencyCode: z
        .string()
        .regex(/^[A-Z]{3}$/)
        .nullish(),
    })
    .nullish(),
});

const dateOrNull = (v: string | null | undefined) => (v ? parseToastDate(v) : null);
const iso = (ms: number) => new Date(ms).toISOString();

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
async function paced<T>(key: string, request: () => Promise<T>): Promise<T> {
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

/** One stream call's view of the restaurant: a login kept for its lifetime and the headers of every request. */
class ToastSession {
  private readonly clientId: string;
  private readonly clientSecret: string;
  readonly restaurantGuid: string;
  private readonly base = vendorBaseUrl('toast', PRODUCTION);
  private readonly send: Send;
  private token?: { value: string; expiresAt: number };

  constructor(auth: StreamAuth) {
    const credentials = auth.credentials ?? {};
    this.clientId = credentialField('toast', credentials, 'clientId');
    this.clientSecret = credentialField('toast', credentials, 'clientSecret');
    this.restaurantGuid = credentialField('toast', credentials, 'restaurantGuid', GUID);
    this.send = auth.retry ?? ((request) => request());
  }

  private async accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt) return this.token.value;
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
    const lifetime = expiresIn === undefined ? Infinity : Math.max(0, expiresIn * 1000 - TOKEN_MARGIN_MS);
    this.token = { value: accessToken, expiresAt: Date.now() + lifetime };
    return accessToken;
  }

  async get(path: string, query: Record<string, string> = {}): Promise<VendorResponse> {
    const accessToken = await this.accessToken();
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

/** [from, to) in consecutive pieces of at most `max` ms. */
function* split(from: number, to: number, max: number): Generator<[number, number]> {
  for (let s = from; s < to; s += max) yield [s, Math.min(to, s + max)];
}

function* chunks<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

function toEmployee(e: z.infer<typeof Employee>, titles: Map<string, string>): PosEmployee {
  const job = e.jobReferences?.find((j) => titles.has(j.guid));
  return {
    vendorId: e.guid,
    firstName: e.firstName ?? '',
    lastName: e.lastName ?? '',
    email: e.email || null,
    phone: e.phoneNumber || null,
    active: e.deleted !== true,
    jobTitle: job ? (titles.get(job.guid) ?? null) : null,
    modifiedAt: dateOrNull(e.modifiedDate) ?? dateOrNull(e.createdDate) ?? 0,
  };
}

function toPunch(t: z.infer<typeof TimeEntry>, titles: Map<string, string>): PosPunch {
  const clockInAt = parseToastDate(t.inDate);
  return {
    vendorId: t.guid,
    employeeVendorId: t.employeeReference.guid,
    clockInAt,
    clockOutAt: dateOrNull(t.outDate),
    breaks: (t.breaks ?? [])
      .filter((b) => b.inDate)
      .map((b) => ({
        startAt: parseToastDate(b.inDate as string),
        endAt: dateOrNull(b.outDate),
        paid: b.paid === true,
      })),
    jobTitle: t.jobReference ? (titles.get(t.jobReference.guid) ?? null) : null,
    deleted: t.deleted === true,
    modifiedAt: dateOrNull(t.modifiedDate) ?? dateOrNull(t.createdDate) ?? clockInAt,
  };
}

/**
 * The sales of one order: a sale per closed check (not voided or deleted) with its net amount
 * (Check.amount: after discounts, before tax) and the tips of its non-voided payments, and a
 * negative sale per refunded payment. The order's guests count on its first sale only.
 */
export function orderSales(o: z.infer<typeof Order>, currency: string): PosSale[] {
  if (o.voided || o.deleted) return [];
  const out: PosSale[] = [];
  let guests = o.numberOfGuests ?? 0;
  const orderModified = dateOrNull(o.modifiedDate);
  for (const c of o.checks) {
    if (c.voided || c.deleted || !c.closedDate || (c.paymentStatus && c.paymentStatus !== 'CLOSED')) continue;
    const payments = (c.payments ?? []).filter((p) => p.paymentStatus !== 'VOIDED');
    const closedAt = parseToastDate(c.closedDate);
    const modifiedAt = dateOrNull(c.modifiedDate) ?? orderModified ?? closedAt;
    const employeeVendorId = o.server?.guid ?? null;
    const tipsOf = (ps: typeof payments) => ps.reduce((sum, p) => sum + toMinorUnits(p.tipAmount ?? 0), 0);
    out.push({
      vendorId: c.guid,
      employeeVendorId,
      closedAt,
      currency,
      amount: toMinorUnits(c.amount ?? 0),
      tips: tipsOf(payments),
      cashTips: tipsOf(payments.filter((p) => p.type === 'CASH')),
      customers: guests,
      refund: false,
      refundOf: null,
      modifiedAt,
    });
    guests = 0;
    for (const p of payments) {
      if (!p.refund || !p.refundStatus || p.refundStatus === 'NONE') continue;
      const tips = 0 - toMinorUnits(p.refund.tipRefundAmount ?? 0);
      out.push({
        vendorId: `${p.guid}:refund`,
        employeeVendorId,
        closedAt: dateOrNull(p.refund.refundDate) ?? modifiedAt,
        currency,
        amount: 0 - toMinorUnits(p.refund.refundAmount ?? 0),
        tips,
        cashTips: p.type === 'CASH' ? tips : 0,
        customers: 0,
        refund: true,
        refundOf: c.guid,
        modifiedAt,
      });
    }
  }
  return out;
}

export const toastStreams: StreamConnector = {
  maxWindowMs: { punches: TOAST_MAX_TIME_ENTRY_WINDOW_MS },

  async *roster(auth: StreamAuth, since?: number) {
    const session = new ToastSession(auth);
    const titles = await session.jobTitles();
    const list = parseAs('toast', z.array(Employee), await session.get('/labor/v1/employees'), 'the employees list');
    const employees = list
      .map((e) => toEmployee(e, titles))
      .filter((e) => since === undefined || e.modifiedAt >= since);
    yield* chunks(employees, YIELD_PAGE);
  },

  async *punches(auth: StreamAuth, window: StreamWindow) {
    const session = new ToastSession(auth);
    const titles = await session.jobTitles();
    const modified = 'modifiedSince' in window;
    const [from, to] = modified ? [window.modifiedSince, Date.now()] : [window.from, window.to];
    // each entry is in one window (by its inDate, or its modified date): no entry is read twice
    for (const [start, end] of split(from, to, TOAST_MAX_TIME_ENTRY_WINDOW_MS)) {
      const query: Record<string, string> = modified
        ? { modifiedStartDate: iso(start), modifiedEndDate: iso(end) }
        : { startDate: iso(start), endDate: iso(end), includeArchived: 'true' };
      const entries = parseAs(
        'toast',
        z.array(TimeEntry),
        await session.get('/labor/v1/timeEntries', query),
        'the time entries page',
      );
      yield* chunks(
        entries.map((t) => toPunch(t, titles)),
        YIELD_PAGE,
      );
    }
  },

  async *sales(auth: StreamAuth, window: StreamWindow) {
    const session = new ToastSession(auth);
    const info = parseAs(
      'toast',
      RestaurantCurrency,
      await session.get(`/restaurants/v1/restaurants/${session.restaurantGuid}`),
      'the restaurant information',
    );
    const currency = info.general?.currencyCode ?? 'USD';
    // ordersBulk's startDate/endDate are modification dates (creation included): a window reads the
    // orders last modified in it, so consecutive windows up to now read every order once.
    const [from, to] = 'modifiedSince' in window ? [window.modifiedSince, Date.now()] : [window.from, window.to];
    const salesOf = (orders: z.infer<typeof Order>[]) => orders.flatMap((o) => orderSales(o, currency));
    const first = await session.ordersPage(from, to, 1);
    if (!first.more) {
      const sales = salesOf(first.orders);
      if (sales.length > 0) yield sales;
      return;
    }
    // the last page: the first that is not full (probing 2, 4, 8 ... then halving the gap)
    let full = 1;
    let last = 2;
    let lastPage = await session.ordersPage(from, to, last);
    while (lastPage.more) {
      full = last;
      last *= 2;
      lastPage = await session.ordersPage(from, to, last);
    }
    while (last - full > 1) {
      const mid = Math.floor((full + last) / 2);
      const probe = await session.ordersPage(from, to, mid);
      if (probe.more) full = mid;
      else [last, lastPage] = [mid, probe];
    }
    const tail = salesOf(lastPage.orders);
    if (tail.length > 0) yield tail;
    for (let page = last - 1; page >= 1; page--) {
      const sales = salesOf((await session.ordersPage(from, to, page)).orders);
      if (sales.length > 0) yield sales;
    }
  },
};

export const toast: Connector = {
  slug: 'toast',
  streams: toastStreams,
  webhook: toastWebhook,
  async verify(credentials) {
    const clientId = credentialField('toast', credentials, 'clientId');
    const clientSecret = credentialField('toast', credentials, 'clientSecret');
    const restaurantGuid = credentialField('toast', credentials, 'restaurantGuid', GUID);
    const base = vendorBaseUrl('toast', PRODUCTION);
    const secrets = [clientSecret];

    const login = await vendorRequest({
      vendor: 'toast',
      method: 'POST',
      url: `${base}/authentication/v1/authentication/login`,
      json: { clientId, clientSecret, userAccessType: TOAST_USER_ACCESS_TYPE },
      secrets,
      retryAfterFrom: toastReset,
    });
    const { accessToken } = parseAs('toast', LoginResponse, login, 'the authentication answer').token;

    const res = await paced(`${clientId}:${restaurantGuid}`, () =>
      vendorRequest({
        vendor: 'toast',
        url: `${base}/restaurants/v1/restaurants/${encodeURIComponent(restaurantGuid)}`,
        headers: { Authorization: `Bearer ${accessToken}`, 'Toast-Restaurant-External-ID': restaurantGuid },
        secrets: [...secrets, accessToken],
        retryAfterFrom: toastReset,
      }),
    );
    const info = parseAs('toast', RestaurantInfo, res, 'the restaurant information');
    const general = info.general;
    const name = general?.name
      ? general.locationName
        ? `${general.name} (${general.locationName})`
        : general.name
      : undefined;
    return { id: restaurantGuid, name };
  },
};
