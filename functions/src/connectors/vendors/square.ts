import { z } from 'zod';
import { credentialField, parseAs, vendorBaseUrl, vendorRequest } from '../http';
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
export const SQUARE_SCOPES = ['MERCHANT_PROFILE_READ', 'EMPLOYEES_READ', 'TIMECARDS_READ', 'ORDERS_READ', 'PAYMENTS_READ'] as const;

const base = (slug: string) => vendorBaseUrl(slug, PRODUCTION);

const TokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_at: z.string().optional(),
  merchant_id: z.string().min(1).optional(),
});
const MerchantResponse = z.object({ merchant: z.object({ id: z.string().min(1), business_name: z.string().optional() }) });
const LocationResponse = z.object({ location: z.object({ id: z.string().min(1), name: z.string().optional() }) });

/** Square ids (locations, merchants) are alphanumeric; checked before they go into a path. */
const SQUARE_ID = /^[A-Za-z0-9_-]{1,64}$/;

function apiHeaders(accessToken: string): Record<string, string> {
  return { Authorization: `Bearer ${accessToken}`, 'Square-Version': SQUARE_VERSION };
}

async function obtainToken(app: OAuthApp, grant: { code: string } | { refreshToken: string }): Promise<z.infer<typeof TokenResponse>> {
  const body = 'code' in grant
    ? { client_id: app.clientId, client_secret: app.clientSecret, grant_type: 'authorization_code', code: grant.code, redirect_uri: app.redirectUri }
    : { client_id: app.clientId, client_secret: app.clientSecret, grant_type: 'refresh_token', refresh_token: grant.refreshToken };
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
  return { accessToken: t.access_token, refreshToken: t.refresh_token, expiresAt: Number.isNaN(expiresAt) ? undefined : expiresAt };
}

// --- data streams ------------------------------------------------------------------------------
/*
 * Following the Square API reference (Square-Version above; the Shift endpoints were replaced by
 * Timecard ones in 2025-05-21, "Get Completed Timecards" cookbook and migration notes):
 * - ListLocations GET /v2/locations -> {locations: [{id ...}]}: an OAuth connection is linked to a
 *   merchant and reads all of its locations; a square_api_key connection to one location.
 * - SearchTeamMembers POST /v2/team-members/search {query: {filter: {location_ids, status}}, limit
 *   (max 200), cursor} -> {team_members, cursor}. No modification filter is documented: the roster
 *   is read whole (`since` is ignored), as StreamConnector allows.
 * - SearchTimecards POST /v2/labor/timecards/search {query: {filter: {location_ids, start: TimeRange},
 *   sort: {field, order}}, limit (max 200), cursor} -> {timecards, cursor}. A backfill window filters
 *   `start` (the clock-in); no updated_at filter is documented (Square forum, "Labor API - Filtering
 *   by Updated At"), so an incremental read sorts by UPDATED_AT DESC and stops at the first timecard
 *   older than `modifiedSince`. Deleted timecards are not returned by the search (deleted: false).
 * - SearchOrders POST /v2/orders/search {location_ids (1-10), query: {filter: {state_filter: {states:
 *   [COMPLETED]}, date_time_filter: {closed_at | updated_at: TimeRange}}, sort: {sort_field (the
 *   filtered field, as the reference requires), sort_order}}, limit (max 1000), return_entries: false,
 *   cursor} -> {orders, cursor}. TimeRanges are inclusive: records at `to` are dropped here.
 *   A sale: net amount = total_money - total_tip_money - total_tax_money (tips and taxes excluded;
 *   discounts are already out of total_money; service charges stay in), tips = total_tip_money.
 *   Returns are separate orders (Orders API, "Everything is an Order"): each `returns[]` entry
 *   becomes a refund PosSale (id `<order id>:<return uid>`, refundOf its source_order_id) with the
 *   negated amounts of its return_amounts; `refunds[]` are the money side of the same returns and
 *   are not counted again. An order with no line items (a pure return) yields no sale record.
 *   The Order object names no team member and no guest count: employee null, customers 0 (the
 *   Payments API's team_member_id, through tenders[].payment_id, would attribute a seller).
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
  wage_setting: z.object({ job_assignments: z.array(z.object({ job_title: z.string().optional() })).optional() }).optional(),
});
const TeamMembersPage = z.object({ team_members: z.array(TeamMember).optional(), cursor: z.string().min(1).optional() });

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

const Amounts = z.object({ total_money: Money.optional(), tax_money: Money.optional(), tip_money: Money.optional() });
const Order = z.object({
  id: z.string().min(1),
  state: z.string().optional(),
  closed_at: ISO,
  updated_at: ISO,
  line_items: z.array(z.unknown()).optional(),
  returns: z.array(z.object({ uid: z.string().min(1).optional(), source_order_id: z.string().min(1).optional(), return_amounts: Amounts.optional() })).optional(),
  total_money: Money.optional(),
  total_tax_money: Money.optional(),
  total_tip_money: Money.optional(),
});
const OrdersPage = z.object({ orders: z.array(Order).optional(), cursor: z.string().min(1).optional() });

const ms = (iso: string): number => Date.parse(iso);
const iso = (t: number): string => new Date(t).toISOString();

function streamToken(slug: string, auth: StreamAuth): string {
  if (slug === 'square') {
    if (!auth.accessToken) throw new VendorError(slug, 'invalid', `${slug}: no access token for the stream call`);
    return auth.accessToken;
  }
  return credentialField(slug, auth.credentials ?? {}, 'accessToken');
}

async function streamLocations(slug: string, token: string, auth: StreamAuth): Promise<string[]> {
  if (slug !== 'square') {
    if (!SQUARE_ID.test(auth.accountId)) throw new VendorError(slug, 'invalid', `${slug}: the location id is not in Square's format`);
    return [auth.accountId];
  }
  const res = await vendorRequest({ vendor: slug, url: `${base(slug)}/v2/locations`, headers: apiHeaders(token), secrets: [token] });
  return (parseAs(slug, LocationsResponse, res, 'the ListLocations answer').locations ?? []).map((l) => l.id);
}

/** POSTs a search and follows `cursor` until absent; each page is checked whole before it is yielded. */
async function* searchPages<S extends z.ZodType<{ cursor?: string }>>(
  slug: string, token: string, path: string, body: Record<string, unknown>, schema: S, what: string,
): AsyncGenerator<z.infer<S>> {
  let cursor: string | undefined;
  do {
    const res = await vendorRequest({
      vendor: slug, method: 'POST', url: `${base(slug)}${path}`, headers: apiHeaders(token),
      json: cursor ? { ...body, cursor } : body, secrets: [token],
    });
    const page = parseAs(slug, schema, res, what);
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
    breaks: (t.breaks ?? []).map((b) => ({ startAt: ms(b.start_at), endAt: b.end_at ? ms(b.end_at) : null, paid: b.is_paid })),
    jobTitle: t.wage?.title ?? null,
    deleted: false,
    modifiedAt: ms(t.updated_at),
  };
}

function toSales(o: z.infer<typeof Order>, fallbackCurrency: string): PosSale[] {
  const out: PosSale[] = [];
  const closedAt = ms(o.closed_at);
  const modifiedAt = ms(o.updated_at);
  const currency = o.total_money?.currency ?? fallbackCurrency;
  const returns = o.returns ?? [];
  if ((o.line_items?.length ?? 0) > 0 || returns.length === 0) {
    const total = o.total_money?.amount ?? 0;
    const tips = o.total_tip_money?.amount ?? 0;
    const tax = o.total_tax_money?.amount ?? 0;
    out.push({ vendorId: o.id, employeeVendorId: null, closedAt, currency, amount: Math.max(0, total - tips - tax), tips: Math.max(0, tips), cashTips: 0, customers: 0, refund: false, refundOf: null, modifiedAt });
  }
  returns.forEach((r, i) => {
    const a = r.return_amounts;
    const total = a?.total_money?.amount ?? 0;
    const tips = a?.tip_money?.amount ?? 0;
    const tax = a?.tax_money?.amount ?? 0;
    out.push({
      vendorId: `${o.id}:${r.uid ?? i}`, employeeVendorId: null, closedAt, currency: a?.total_money?.currency ?? currency,
      amount: -Math.max(0, total - tips - tax), tips: -Math.max(0, tips), cashTips: 0, customers: 0, refund: true, refundOf: r.source_order_id ?? null, modifiedAt,
    });
  });
  return out;
}

function squareStreams(slug: string): StreamConnector {
  return {
    async *roster(auth) {
      const token = streamToken(slug, auth);
      const locations = await streamLocations(slug, token, auth);
      if (locations.length === 0) return;
      const body = { query: { filter: { location_ids: locations } }, limit: 200 };
      for await (const page of searchPages(slug, token, '/v2/team-members/search', body, TeamMembersPage, 'a SearchTeamMembers page')) {
        yield (page.team_members ?? []).map(toEmployee);
      }
    },

    async *punches(auth, window: StreamWindow) {
      const token = streamToken(slug, auth);
      const locations = await streamLocations(slug, token, auth);
      if (locations.length === 0) return;
      const path = '/v2/labor/timecards/search';
      if ('modifiedSince' in window) {
        const body = { query: { filter: { location_ids: locations }, sort: { field: 'UPDATED_AT', order: 'DESC' } }, limit: 200 };
        for await (const page of searchPages(slug, token, path, body, TimecardsPage, 'a SearchTimecards page')) {
          const punches = (page.timecards ?? []).map(toPunch);
          const fresh = punches.filter((p) => p.modifiedAt >= window.modifiedSince);
          if (fresh.length) yield fresh;
          if (fresh.length < punches.length) return;
        }
        return;
      }
      const body = {
        query: { filter: { location_ids: locations, start: { start_at: iso(window.from), end_at: iso(window.to) } }, sort: { field: 'START_AT', order: 'ASC' } },
        limit: 200,
      };
      for await (const page of searchPages(slug, token, path, body, TimecardsPage, 'a SearchTimecards page')) {
        yield (page.timecards ?? []).map(toPunch).filter((p) => p.clockInAt >= window.from && p.clockInAt < window.to);
      }
    },

    async *sales(auth, window: StreamWindow) {
      const token = streamToken(slug, auth);
      const locations = await streamLocations(slug, token, auth);
      const incremental = 'modifiedSince' in window;
      const filter = incremental
        ? { state_filter: { states: ['COMPLETED'] }, date_time_filter: { updated_at: { start_at: iso(window.modifiedSince) } } }
        : { state_filter: { states: ['COMPLETED'] }, date_time_filter: { closed_at: { start_at: iso(window.from), end_at: iso(window.to) } } };
      const sort = { sort_field: incremental ? 'UPDATED_AT' : 'CLOSED_AT', sort_order: 'ASC' };
      // SearchOrders takes at most 10 locations a request
      for (let i = 0; i < locations.length; i += 10) {
        const body = { location_ids: locations.slice(i, i + 10), query: { filter, sort }, limit: 1000, return_entries: false };
        for await (const page of searchPages(slug, token, '/v2/orders/search', body, OrdersPage, 'a SearchOrders page')) {
          const sales = (page.orders ?? []).flatMap((o) => toSales(o, 'USD'));
          yield incremental ? sales : sales.filter((s) => s.closedAt >= window.from && s.closedAt < window.to);
        }
      }
    },
  };
}

export const square: Connector = {
  slug: 'square',
  streams: squareStreams('square'),
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
    return { id: location.id, name: location.name };
  },
};
