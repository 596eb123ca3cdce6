import { z } from 'zod';
import { credentialField, parseAs, vendorRequest } from '../http';
import { squareWebhook } from '../webhooks/square';
import {
  VendorError,
  type Connector,
  type OAuthApp,
  type OAuthGrant,
  type StreamConnector,
  type StreamWindow,
  type VendorAccount,
} from '../types';
import { attribute } from './square-payments';
import { iso, ms, OrdersPage, TeamMembersPage, TimecardsPage, toEmployee, toPunch, toSales } from './square-records';
import { apiHeaders, base, contextOf, searchPages, SQUARE_ID, SQUARE_VERSION, streamLocations } from './square-session';

export { SQUARE_VERSION };

/**
 * Square, following the Square API reference (developer.squareup.com/reference/square):
 * - OAuth (code flow): GET /oauth2/authorize (client_id, scope, session=false, state, redirect_uri),
 *   POST /oauth2/token ObtainToken with a JSON body {client_id, client_secret, grant_type,
 *   code | refresh_token, redirect_uri}, answering {access_token, token_type, expires_at (ISO 8601),
 *   merchant_id, refresh_token}. With the code flow the refresh token is not rotated: a refresh
 *   answers the same refresh token (ObtainToken reference). Access tokens last 30 days.
 * - RetrieveMerchant GET /v2/merchants/{merchant_id} -> {merchant: {id, business_name, currency ...}};
 *   RetrieveLocation GET /v2/locations/{location_id} -> {location: {id, name, currency ...}}, both with
 *   `Authorization: Bearer` and the `Square-Version` header.
 * - Errors (Handling Errors guide): {errors: [{category, code, detail, field}]}, 401 UNAUTHORIZED /
 *   ACCESS_TOKEN_EXPIRED / ACCESS_TOKEN_REVOKED, 403 FORBIDDEN / INSUFFICIENT_SCOPES, 404 NOT_FOUND,
 *   429 RATE_LIMITED. The OAuth endpoints still answer the legacy {message, type} shape (e.g. 401
 *   service.not_authorized; Square developer forum threads on ObtainToken), which http.ts reads too.
 * Production host: connect.squareup.com, for both the OAuth pages and the API.
 */

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

const TokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_at: z.string().optional(),
  merchant_id: z.string().min(1).optional(),
});
const Currency = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .optional();
const MerchantResponse = z.object({
  merchant: z.object({ id: z.string().min(1), business_name: z.string().optional(), currency: Currency }),
});
const LocationResponse = z.object({
  location: z.object({
    id: z.string().min(1),
    name: z.string().optional(),
    merchant_id: z.string().optional(),
    currency: Currency,
  }),
});

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
        const { merchant } = parseAs('square', MerchantResponse, res, 'the RetrieveMerchant answer');
        if (merchant.business_name) account.name = merchant.business_name;
        if (merchant.currency) account.currency = merchant.currency;
      } catch (err) {
        if (!(err instanceof VendorError)) throw err;
      }
      return { ...toGrant(token), account };
    },

    async refresh({ app, refreshToken }) {
      return toGrant(await obtainToken(app, { refreshToken }));
    },

    // RevokeToken (OAuth API): POST /oauth2/revoke with `Authorization: Client {application secret}` and
    // {client_id, access_token}; "revokes all of them", every token of the merchant for the application
    async revoke({ app, accessToken }) {
      const res = await vendorRequest({
        vendor: 'square',
        method: 'POST',
        url: `${base('square')}/oauth2/revoke`,
        headers: { Authorization: `Client ${app.clientSecret}`, 'Square-Version': SQUARE_VERSION },
        json: { client_id: app.clientId, access_token: accessToken },
        secrets: [app.clientSecret, accessToken],
      });
      if (!parseAs('square', z.object({ success: z.boolean() }), res, 'the RevokeToken answer').success)
        throw new VendorError('square', 'invalid', 'square: RevokeToken answered success: false');
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
    return {
      id: location.id,
      name: location.name,
      ...(merchantId ? { merchantId } : {}),
      ...(location.currency ? { currency: location.currency } : {}),
    };
  },
};
