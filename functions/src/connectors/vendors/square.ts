import { z } from 'zod';
import { credentialField, parseAs, vendorBaseUrl, vendorRequest, type VendorResponse } from '../http';
import { squareWebhook } from '../webhooks/square';
import {
  VendorError,
  type Connector,
  type OAuthApp,
  type OAuthGrant,
  type PosEmployee,
  type PosPunch,
  type PosSale,
  type StreamAuth,
  type StreamConnector,
  type StreamWindow,
  type VendorAccount,
} from '../types';

/**
 * Square, following the Square API reference (developer.squareup.com/reference/square):
 * - OAuth (code flow): GET /oauth2/authorize (client_id, scope, session=false, state, redirect_uri),
 *   POST /oauth2/token ObtainToken with a JSON body {client_id, client_secret, grant_type,
 *   code | refresh_token, redirect_uri}, answering {access_token, token_type, expires_at (ISO 8601),
 *   merchant_id, refresh_token}. With the code flow the refresh token is not rotated: a refresh
 *   answers the same refresh token (ObtainToken reference). Access tokens last 30 days.
 * - RetrieveMerchant GET /v2/merchants/{merchant_id} -> {merchant: {id, business_name ...}};
 *   RetrieveLocation GET /v2/locations/{location_id} -> {location: {id, name ...}}, both with
 *   `Authorization: Bearer` and the `Square-Version` header.
 * - Errors (Handling Errors guide): {errors: [{category, code, detail, field}]}, 401 UNAUTHORIZED /
 *   ACCESS_TOKEN_EXPIRED / ACCESS_TOKEN_REVOKED, 403 FORBIDDEN / INSUFFICIENT_SCOPES, 404 NOT_FOUND,
 *   429 RATE_LIMITED. The OAuth endpoints still answer the legacy {message, type} shape (e.g. 401
 *   service.not_authorized; Square developer forum threads on ObtainToken), which http.ts reads too.
 * Production host: connect.squareup.com, for both the OAuth pages and the API.
 */
const PRODUCTION = 'https://connect.squareup.com';

/** The API version this connector was written against (sent on every call, as Square asks). */
export const SQUARE_VERSION = '2025-10-16';

/**
 * Team members (EMPLOYEES_READ), timecards/shifts (TIMECARDS_READ), orders, payments, and the
 * merchant and its locations (MERCHANT_PROFILE_READ). Space separated, as the Authorize reference says.
 */
export const SQUARE_SCOPES = [
  'MERCHANT_PROFILE_READ',
  'EMPLOYEES_READ',
  'TIMECARDS_READ',
  'ORDERS_READ',
  'PAYMENTS_READ',
] as const;

const base = (slug: string) => vendorBaseUrl(slug, PRODUCTION);

const TokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_at: z.string().optional(),
  merchant_id: z.string().min(1).optional(),
});
const MerchantResponse = z.object({
  merchant: z.object({ id: z.string().min(1), business_name: z.string().optional() }),
});
const LocationResponse = z.object({
  location: z.object({ id: z.string().min(1), name: z.string().optional(), merchant_id: z.string().optional() }),
});

/** Square ids (locations, merchants) are alphanumeric; checked before they go into a path. */
const SQUARE_ID = /^[A-Za-z0-9_-]{1,64}$/;

function apiHeaders(accessToken: string): Record<string, string> {
  return { Authorization: `Bearer ${accessToken}`, 'Square-Version': SQUARE_VERSION };
}

async function obtainToken(
  app: OAuthApp,
  grant: { code: string } | { refreshToken: string },
): Promise<z.infer<typeof TokenResponse>> {
  const body =
    'code' in grant
      ? {
          client_id: app.clientId,
          client_secret: app.clientSecret,
          grant_type: 'authorization_code',
          code: grant.code,
          redirect_uri: app.redirectUri,
        }
      : {
          client_id: app.clientId,
          client_secret: app.clientSecret,
          grant_type: 'refresh_token',
          refresh_token: grant.refreshToken,
        };
  const res = await vendorRequest({
    vendor: 'square',
    method: 'POST',
    url: `${base('square')}/oauth2/token`,
    headers: { 'Square-Version': SQUARE_VERSION },
    json: body,
    tokenEndpoint: true,
    secrets: [app.clientSecret, 'code' in grant ? grant.code : grant.refreshToken],
  });
  return parseAs('square', TokenResponse, res, 'the ObtainToken answer');
}

function toGrant(t: z.infer<typeof TokenResponse>): OAuthGrant {
  const expiresAt = t.expires_at ? Date.parse(t.expires_at) : NaN;
  return {
    accessToken: t.access_token,
    refreshToken: t.refresh_token,
    expiresAt: Number.isNaN(expiresAt) ? undefined : expiresAt,
  };
}

// --- data streams ------------------------------------------------------------------------------
/*
 * Following the Square API reference (Square-Version above; the Shift endpoints were replaced by
 * Timecard ones in 2025-05-21, "Get Completed Timecards" cookbook and migration notes). Every
 * request goes through the engine's retry policy (StreamAuth.retry), one request at a time: a 429
 * on page 7 is retried for page 7's request with the same cursor, nothing is read twice.
 * - ListLocations GET /v2/locations -> {locations: [{id ...}]}: an OAuth connection is linked to a
 *   merchant and reads all of its locations; a square_api_key connection to one location.
 * - SearchTeamMembers POST /v2/team-members/search {query: {filter: {location_ids}}, limit (max 200),
 *   cursor} -> {team_members, cursor}. No modification filter is documented: the roster is read
 *   whole (`since` is ignored), as StreamConnector allows.
 * - SearchTimecards POST /v2/labor/timecards/search {query: {filter: {location_ids, start: TimeRange},
 *   sort: {field, order}}, limit (max 200), cursor} -> {timecards, cursor}. A backfill window filters
 *   `start` (the clock-in); no updated_at filter is documented (Square forum, "Labor API - Filtering
 *   by Updated At"), so an incremental read sorts by UPDATED_AT DESC and stops at the first timecard
 *   older than `modifiedSince`. Deleted timecards are not returned by the search (deleted: false).
 * - SearchOrders POST /v2/orders/search {location_ids (1-10), query: {filter: {state_filter: {states:
 *   [COMPLETED]}, date_time_filter: {closed_at | updated_at: TimeRange}}, sort: {sort_field (the
 *   filtered field, as the reference requires), sort_order}}, limit (max 1000), return_entries: false,
 *   cursor} -> {orders, cursor}. TimeRanges are inclusive: records at `to` are dropped here. An
 *   incremental read sorts by UPDATED_AT DESC: an order updated while the read runs moves to the
 *   front (already read; the next run's window has it) and moves no unread order across a page.
 *   A sale: net amount = total_money - total_tip_money - total_tax_money (tips and taxes excluded;
 *   discounts are already out of total_money; service charges stay in), tips = total_tip_money, the
 *   cash part = the tip_money of its CASH tenders (Tender: type, tip_money, amount_money tip
 *   included, created_at, payment_id).
 *   Returns are separate orders (Orders API, "Everything is an Order"): each `returns[]` entry
 *   becomes a refund PosSale (id `<order id>:<return uid>`, refundOf its source_order_id) with the
 *   negated amounts of its return_amounts; `refunds[]` (tender_id: the refunded tender of the source
 *   order) are the money side of the same returns and are not counted again, but tell which tenders
 *   were refunded: the cash part of a refund's tips is in proportion to the amounts refunded to CASH
 *   tenders. An order with no line items (a pure return) yields no sale record.
 * - Who sold: the Order names no team member and no guest count (customers 0); the Payment of a
 *   tender does (Payment.team_member_id, or the older employee_id; Square forum "Team Member
 *   Information with Orders"). A sale is attributed to the payment of its largest tender, a refund
 *   to the payment of the largest refunded tender (its source order's, read with BatchRetrieveOrders
 *   POST /v2/orders/batch-retrieve {order_ids (max 100)} when not on the page). The payments of a
 *   page are read with the fewest calls: ListPayments GET /v2/payments (begin_time inclusive,
 *   end_time, on created_at; one location_id; sort_order; limit max 100; cursor) over the time spans
 *   where the page's tenders were created (tenders more than 3 hours apart start a new span, at most
 *   95 tenders a span so one call usually answers it; up to 4 spans at once), and GetPayment
 *   GET /v2/payments/{id} for a lone tender. A payment Square does not find leaves its sale
 *   unattributed (employeeVendorId null).
 */

const ISO = z.string().refine((s) => !Number.isNaN(Date.parse(s)));
const Money = z.object({ amount: z.number().int(), currency: z.string().min(1) });

const LocationsResponse = z.object({ locations: z.array(z.object({ id: z.string().min(1) })).optional() });

const TeamMember = z.object({
  id: z.string().min(1),
  status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  email_address: z.string().optional(),
  phone_number: z.string().optional(),
  updated_at: ISO.optional(),
  created_at: ISO.optional(),
  wage_setting: z
    .object({ job_assignments: z.array(z.object({ job_title: z.string().optional() })).optional() })
    .optional(),
});
const TeamMembersPage = z.object({
  team_members: z.array(TeamMember).optional(),
  cursor: z.string().min(1).optional(),
});

const Timecard = z.object({
  id: z.string().min(1),
  team_member_id: z.string().min(1),
  start_at: ISO,
  end_at: ISO.optional(),
  breaks: z.array(z.object({ start_at: ISO, end_at: ISO.optional(), is_paid: z.boolean() })).optional(),
  wage: z.object({ title: z.string().optional() }).optional(),
  status: z.enum(['OPEN', 'CLOSED']).optional(),
  created_at: ISO.optional(),
  updated_at: ISO,
});
const TimecardsPage = z.object({ timecards: z.array(Timecard).optional(), cursor: z.string().min(1).optional() });

const Tender = z.object({
  id: z.string().min(1).optional(),
  created_at: ISO.optional(),
  amount_money: Money.optional(),
  tip_money: Money.optional(),
  type: z.string().min(1),
  payment_id: z.string().min(1).optional(),
});
const Amounts = z.object({ total_money: Money.optional(), tax_money: Money.optional(), tip_money: Money.optional() });
const Order = z.object({
  id: z.string().min(1),
  location_id: z.string().min(1),
  state: z.string().optional(),
  closed_at: ISO,
  updated_at: ISO,
  line_items: z.array(z.unknown()).optional(),
  tenders: z.array(Tender).optional(),
  returns: z
    .array(
      z.object({
        uid: z.string().min(1).optional(),
        source_order_id: z.string().min(1).optional(),
        return_amounts: Amounts.optional(),
      }),
    )
    .optional(),
  refunds: z.array(z.object({ tender_id: z.string().min(1), amount_money: Money.optional() })).optional(),
  total_money: Money.optional(),
  total_tax_money: Money.optional(),
  total_tip_money: Money.optional(),
});
const OrdersPage = z.object({ orders: z.array(Order).optional(), cursor: z.string().min(1).optional() });
const SourceOrders = z.object({
  orders: z
    .array(z.object({ id: z.string().min(1), location_id: z.string().min(1), tenders: z.array(Tender).optional() }))
    .optional(),
});

const Payment = z.object({
  id: z.string().min(1),
  created_at: ISO.optional(),
  team_member_id: z.string().min(1).optional(),
  employee_id: z.string().min(1).optional(),
});
const PaymentsPage = z.object({ payments: z.array(Payment).optional(), cursor: z.string().min(1).optional() });
const PaymentResponse = z.object({ payment: Payment });

type OrderT = z.infer<typeof Order>;
type TenderT = z.infer<typeof Tender>;
type Send = <T>(request: () => Promise<T>) => Promise<T>;

const ms = (iso: string): number => Date.parse(iso);
const iso = (t: number): string => new Date(t).toISOString();

/** Tenders created further apart than this are looked up in separate ListPayments spans. */
const PAYMENT_SPAN_GAP_MS = 3 * 3_600_000;
/** Tenders per ListPayments span: below its page size (100), so one call usually answers a span. */
const PAYMENT_SPAN_TENDERS = 95;
const PAYMENT_LOOKUPS_AT_ONCE = 4;

/** One stream call's access: the token, the retry policy, and the request helpers. */
interface Ctx {
  slug: string;
  token: string;
  send: Send;
}

function contextOf(slug: string, auth: StreamAuth): Ctx {
  const token = slug === 'square' ? auth.accessToken : credentialField(slug, auth.credentials ?? {}, 'accessToken');
  if (!token) throw new VendorError(slug, 'invalid', `${slug}: no access token for the stream call`);
  return { slug, token, send: auth.retry ?? ((request) => request()) };
}

function call(ctx: Ctx, path: string, json?: unknown): Promise<VendorResponse> {
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

async function streamLocations(ctx: Ctx, auth: StreamAuth): Promise<string[]> {
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
async function* searchPages<S extends z.ZodType<{ cursor?: string }>>(
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

function toEmployee(tm: z.infer<typeof TeamMember>): PosEmployee {
  return {
    vendorId: tm.id,
    firstName: tm.given_name ?? '',
    lastName: tm.family_name ?? '',
    email: tm.email_address ?? null,
    phone: tm.phone_number ?? null,
    active: tm.status !== 'INACTIVE',
    jobTitle: tm.wage_setting?.job_assignments?.[0]?.job_title ?? null,
    modifiedAt: ms(tm.updated_at ?? tm.created_at ?? '1970-01-01T00:00:00Z'),
  };
}

function toPunch(t: z.infer<typeof Timecard>): PosPunch {
  return {
    vendorId: t.id,
    employeeVendorId: t.team_member_id,
    clockInAt: ms(t.start_at),
    clockOutAt: t.end_at ? ms(t.end_at) : null,
    breaks: (t.breaks ?? []).map((b) => ({
      startAt: ms(b.start_at),
      endAt: b.end_at ? ms(b.end_at) : null,
      paid: b.is_paid,
    })),
    jobTitle: t.wage?.title ?? null,
    deleted: false,
    modifiedAt: ms(t.updated_at),
  };
}

const paymentIdOf = (t: TenderT): string | undefined => t.payment_id ?? t.id;

/** Who took the payments of a page, and the tenders its refunds refer to. */
interface Attribution {
  /** Payment id -> team member id (null: the payment names none, or Square does not find it). */
  sellers: Map<string, string | null>;
  /** Tender id -> tender, for the source orders of the page's returns. */
  refunded: Map<string, TenderT>;
}

interface PaymentNeed {
  id: string;
  location: string;
  createdAt?: number;
}

async function attribute(ctx: Ctx, orders: OrderT[]): Promise<Attribution> {
  const needs: PaymentNeed[] = [];
  const refunded = new Map<string, TenderT>();
  const onPage = new Map(orders.map((o) => [o.id, o]));
  const addTenders = (location: string, tenders: TenderT[] | undefined, into?: Map<string, TenderT>) => {
    for (const t of tenders ?? []) {
      const id = paymentIdOf(t);
      if (id) needs.push({ id, location, createdAt: t.created_at ? ms(t.created_at) : undefined });
      if (into && t.id) into.set(t.id, t);
    }
  };
  for (const o of orders) if ((o.line_items?.length ?? 0) > 0) addTenders(o.location_id, o.tenders);

  const sources = new Set<string>();
  for (const o of orders)
    for (const r of o.returns ?? [])
      if (r.source_order_id && (o.refunds?.length ?? 0) > 0) sources.add(r.source_order_id);
  const missing = [...sources].filter((id) => !onPage.has(id));
  const sourceOrders = [...sources].filter((id) => onPage.has(id)).map((id) => onPage.get(id) as OrderT) as {
    id: string;
    location_id: string;
    tenders?: TenderT[];
  }[];
  for (let i = 0; i < missing.length; i += 100) {
    const res = await call(ctx, '/v2/orders/batch-retrieve', { order_ids: missing.slice(i, i + 100) });
    sourceOrders.push(...(parseAs(ctx.slug, SourceOrders, res, 'a BatchRetrieveOrders answer').orders ?? []));
  }
  const refundedTenderIds = new Set(orders.flatMap((o) => (o.refunds ?? []).map((r) => r.tender_id)));
  for (const s of sourceOrders) {
    const tenders = (s.tenders ?? []).filter((t) => t.id && refundedTenderIds.has(t.id));
    addTenders(s.location_id, tenders, refunded);
  }
  return { sellers: await lookUpPayments(ctx, needs), refunded };
}

/** The team member of each needed payment: ListPayments over the spans where they were created, GetPayment for lone ones. */
async function lookUpPayments(ctx: Ctx, needs: PaymentNeed[]): Promise<Map<string, string | null>> {
  const sellers = new Map<string, string | null>();
  const wanted = new Set(needs.map((n) => n.id));
  const tasks: (() => Promise<void>)[] = [];
  const one = (id: string) => async () => {
    try {
      const res = await call(ctx, `/v2/payments/${encodeURIComponent(id)}`);
      const p = parseAs(ctx.slug, PaymentResponse, res, 'a GetPayment answer').payment;
      sellers.set(id, p.team_member_id ?? p.employee_id ?? null);
    } catch (err) {
      if (!(err instanceof VendorError && err.failure === 'not_found')) throw err;
      sellers.set(id, null);
    }
  };
  const span = (location: string, from: number, to: number) => async () => {
    let cursor: string | undefined;
    do {
      const query = new URLSearchParams({
        location_id: location,
        begin_time: iso(from),
        end_time: iso(to + 1),
        sort_order: 'ASC',
        limit: '100',
        ...(cursor ? { cursor } : {}),
      });
      const page = parseAs(
        ctx.slug,
        PaymentsPage,
        await call(ctx, `/v2/payments?${query.toString()}`),
        'a ListPayments page',
      );
      for (const p of page.payments ?? [])
        if (wanted.has(p.id)) sellers.set(p.id, p.team_member_id ?? p.employee_id ?? null);
      cursor = page.cursor;
    } while (cursor);
  };

  const byLocation = new Map<string, PaymentNeed[]>();
  for (const n of needs) {
    if (sellers.has(n.id)) continue;
    if (n.createdAt === undefined) {
      tasks.push(one(n.id));
      sellers.set(n.id, null);
      continue;
    }
    byLocation.set(n.location, [...(byLocation.get(n.location) ?? []), n]);
  }
  for (const [location, list] of byLocation) {
    list.sort((a, b) => (a.createdAt as number) - (b.createdAt as number));
    let start = 0;
    for (let i = 1; i <= list.length; i++) {
      const gap = i < list.length ? (list[i].createdAt as number) - (list[i - 1].createdAt as number) : Infinity;
      if (gap <= PAYMENT_SPAN_GAP_MS && i - start < PAYMENT_SPAN_TENDERS) continue;
      const group = list.slice(start, i);
      tasks.push(
        group.length === 1
          ? one(group[0].id)
          : span(location, group[0].createdAt as number, group[group.length - 1].createdAt as number),
      );
      start = i;
    }
  }
  await inParallel(tasks, PAYMENT_LOOKUPS_AT_ONCE);
  // a payment not listed where its tender says it was created: asked for by id
  const unlisted = [...wanted].filter((id) => !sellers.has(id));
  await inParallel(unlisted.map(one), PAYMENT_LOOKUPS_AT_ONCE);
  return sellers;
}

/** Runs tasks `width` at a time; the first failure stops taking new ones and is thrown. */
async function inParallel(tasks: (() => Promise<void>)[], width: number): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < tasks.length) {
      const task = tasks[next++];
      try {
        await task();
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, worker));
}

function largestFirst<T>(items: T[], amount: (x: T) => number): T[] {
  return items.slice().sort((a, b) => amount(b) - amount(a));
}

function sellerOf(paymentIds: (string | undefined)[], a: Attribution): string | null {
  for (const id of paymentIds) {
    const seller = id ? a.sellers.get(id) : undefined;
    if (seller) return seller;
  }
  return null;
}

function toSales(o: OrderT, a: Attribution, fallbackCurrency: string): PosSale[] {
  const out: PosSale[] = [];
  const closedAt = ms(o.closed_at);
  const modifiedAt = ms(o.updated_at);
  const currency = o.total_money?.currency ?? fallbackCurrency;
  const returns = o.returns ?? [];
  if ((o.line_items?.length ?? 0) > 0 || returns.length === 0) {
    const total = o.total_money?.amount ?? 0;
    const tenders = o.tenders ?? [];
    const tips = o.total_tip_money?.amount ?? tenders.reduce((n, t) => n + (t.tip_money?.amount ?? 0), 0);
    const cash = tenders.filter((t) => t.type === 'CASH').reduce((n, t) => n + (t.tip_money?.amount ?? 0), 0);
    const tax = o.total_tax_money?.amount ?? 0;
    const seller = sellerOf(largestFirst(tenders, (t) => t.amount_money?.amount ?? 0).map(paymentIdOf), a);
    out.push({
      vendorId: o.id,
      employeeVendorId: seller,
      closedAt,
      currency,
      amount: Math.max(0, total - tips - tax),
      tips: Math.max(0, tips),
      cashTips: Math.max(0, Math.min(cash, tips)),
      customers: 0,
      refund: false,
      refundOf: null,
      modifiedAt,
    });
  }
  const refunds = o.refunds ?? [];
  const refundedAmount = refunds.reduce((n, r) => n + (r.amount_money?.amount ?? 0), 0);
  const cashRefunded = refunds
    .filter((r) => a.refunded.get(r.tender_id)?.type === 'CASH')
    .reduce((n, r) => n + (r.amount_money?.amount ?? 0), 0);
  const refundSeller = sellerOf(
    largestFirst(refunds, (r) => r.amount_money?.amount ?? 0).map((r) => {
      const tender = a.refunded.get(r.tender_id);
      return tender ? paymentIdOf(tender) : undefined;
    }),
    a,
  );
  returns.forEach((r, i) => {
    const amounts = r.return_amounts;
    const total = amounts?.total_money?.amount ?? 0;
    const tips = Math.max(0, amounts?.tip_money?.amount ?? 0);
    const tax = amounts?.tax_money?.amount ?? 0;
    const cashTips = refundedAmount > 0 ? Math.round((tips * cashRefunded) / refundedAmount) : 0;
    out.push({
      vendorId: `${o.id}:${r.uid ?? i}`,
      employeeVendorId: refundSeller,
      closedAt,
      currency: amounts?.total_money?.currency ?? currency,
      amount: -Math.max(0, total - tips - tax),
      tips: -tips,
      cashTips: -cashTips,
      customers: 0,
      refund: true,
      refundOf: r.source_order_id ?? null,
      modifiedAt,
    });
  });
  return out;
}

function squareStreams(slug: string): StreamConnector {
  return {
    async *roster(auth) {
      const ctx = contextOf(slug, auth);
      const locations = await streamLocations(ctx, auth);
      if (locations.length === 0) return;
      const body = { query: { filter: { location_ids: locations } }, limit: 200 };
      for await (const page of searchPages(
        ctx,
        '/v2/team-members/search',
        body,
        TeamMembersPage,
        'a SearchTeamMembers page',
      )) {
        yield (page.team_members ?? []).map(toEmployee);
      }
    },

    async *punches(auth, window: StreamWindow) {
      const ctx = contextOf(slug, auth);
      const locations = await streamLocations(ctx, auth);
      if (locations.length === 0) return;
      const path = '/v2/labor/timecards/search';
      if ('modifiedSince' in window) {
        const body = {
          query: { filter: { location_ids: locations }, sort: { field: 'UPDATED_AT', order: 'DESC' } },
          limit: 200,
        };
        for await (const page of searchPages(ctx, path, body, TimecardsPage, 'a SearchTimecards page')) {
          const punches = (page.timecards ?? []).map(toPunch);
          const fresh = punches.filter((p) => p.modifiedAt >= window.modifiedSince);
          if (fresh.length) yield fresh;
          if (fresh.length < punches.length) return;
        }
        return;
      }
      const body = {
        query: {
          filter: { location_ids: locations, start: { start_at: iso(window.from), end_at: iso(window.to) } },
          sort: { field: 'START_AT', order: 'ASC' },
        },
        limit: 200,
      };
      for await (const page of searchPages(ctx, path, body, TimecardsPage, 'a SearchTimecards page')) {
        yield (page.timecards ?? []).map(toPunch).filter((p) => p.clockInAt >= window.from && p.clockInAt < window.to);
      }
    },

    async *sales(auth, window: StreamWindow) {
      const ctx = contextOf(slug, auth);
      const locations = await streamLocations(ctx, auth);
      const incremental = 'modifiedSince' in window;
      const filter = incremental
        ? {
            state_filter: { states: ['COMPLETED'] },
            date_time_filter: { updated_at: { start_at: iso(window.modifiedSince) } },
          }
        : {
            state_filter: { states: ['COMPLETED'] },
            date_time_filter: { closed_at: { start_at: iso(window.from), end_at: iso(window.to) } },
          };
      const sort = incremental
        ? { sort_field: 'UPDATED_AT', sort_order: 'DESC' }
        : { sort_field: 'CLOSED_AT', sort_order: 'ASC' };
      // SearchOrders takes at most 10 locations a request
      for (let i = 0; i < locations.length; i += 10) {
        const body = {
          location_ids: locations.slice(i, i + 10),
          query: { filter, sort },
          limit: 1000,
          return_entries: false,
        };
        for await (const page of searchPages(ctx, '/v2/orders/search', body, OrdersPage, 'a SearchOrders page')) {
          const orders = incremental
            ? (page.orders ?? [])
            : (page.orders ?? []).filter((o) => ms(o.closed_at) >= window.from && ms(o.closed_at) < window.to);
          const attribution = await attribute(ctx, orders);
          yield orders.flatMap((o) => toSales(o, attribution, 'USD'));
        }
      }
    },
  };
}

export const square: Connector = {
  slug: 'square',
  streams: squareStreams('square'),
  webhook: squareWebhook,
  oauth: {
    authorizeUrl({ app, state }) {
      const url = new URL(`${base('square')}/oauth2/authorize`);
      url.searchParams.set('client_id', app.clientId);
      url.searchParams.set('scope', SQUARE_SCOPES.join(' '));
      // session=false: the seller signs in to Square even with a session open (a shared device is not trusted)
      url.searchParams.set('session', 'false');
      url.searchParams.set('state', state);
      url.searchParams.set('redirect_uri', app.redirectUri);
      return url.toString();
    },

    async exchange({ app, code }) {
      const token = await obtainToken(app, { code });
      if (!token.merchant_id || !SQUARE_ID.test(token.merchant_id)) {
        throw new VendorError('square', 'invalid', 'square: the ObtainToken answer names no merchant');
      }
      const account: VendorAccount = { id: token.merchant_id };
      // The name is a courtesy: the code is spent, so a failed lookup must not lose the grant.
      try {
        const res = await vendorRequest({
          vendor: 'square',
          url: `${base('square')}/v2/merchants/${encodeURIComponent(token.merchant_id)}`,
          headers: apiHeaders(token.access_token),
          secrets: [token.access_token],
        });
        const name = parseAs('square', MerchantResponse, res, 'the RetrieveMerchant answer').merchant.business_name;
        if (name) account.name = name;
      } catch (err) {
        if (!(err instanceof VendorError)) throw err;
      }
      return { ...toGrant(token), account };
    },

    async refresh({ app, refreshToken }) {
      return toGrant(await obtainToken(app, { refreshToken }));
    },
  },
};

/** Square with a personal access token for one location: verify = RetrieveLocation. */
export const squareApiKey: Connector = {
  slug: 'square_api_key',
  streams: squareStreams('square_api_key'),
  webhook: squareWebhook,
  async verify(credentials) {
    const accessToken = credentialField('square_api_key', credentials, 'accessToken');
    const locationId = credentialField('square_api_key', credentials, 'locationId', SQUARE_ID);
    const res = await vendorRequest({
      vendor: 'square_api_key',
      url: `${base('square_api_key')}/v2/locations/${encodeURIComponent(locationId)}`,
      headers: apiHeaders(accessToken),
      secrets: [accessToken],
    });
    const { location } = parseAs('square_api_key', LocationResponse, res, 'the RetrieveLocation answer');
    const merchantId = location.merchant_id && SQUARE_ID.test(location.merchant_id) ? location.merchant_id : undefined;
    return { id: location.id, name: location.name, ...(merchantId ? { merchantId } : {}) };
  },
};
