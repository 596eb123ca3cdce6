import { z } from 'zod';
import { notAsDocumented, parseAs, vendorBaseUrl, vendorRequest } from '../http';
import { vanishedPunches } from '../reconcile';
import { VendorError } from '../types';
import type { Connector, OAuthApp, OAuthGrant, StreamAuth, StreamConnector, StreamWindow } from '../types';
import type { PosPunch, PosSale } from '../types';
import { Page, SalesPage, ShiftPage, StaffPage, toPunch, toSale, toStaff } from './lightspeed-records';

/**
 * Lightspeed Restaurant K-Series, following the K-Series API portal (api-portal.lsk.lightspeed.app)
 * and API reference (api-docs.lsk.lightspeed.app):
 * - V2 authentication ("V2 Authentication > Migration FAQ", api-portal.lsk.lightspeed.app/quick-start/
 *   authentication/v2-authentication/v2-migration-faq): every API client created since 10 November
 *   2025 is V2, and a V2 client authorizes at GET https://auth.lsk-prod.app/realms/k-series/
 *   protocol/openid-connect/auth (response_type=code, client_id, scope space delimited,
 *   redirect_uri, state; the redirect carries code and state) and gets tokens at POST
 *   .../openid-connect/token "with parameters in request body" (a form: grant_type=
 *   authorization_code, code, redirect_uri; refresh: grant_type=refresh_token), the client id and
 *   secret as HTTP Basic (`client_id:client_secret`, as V1). The V1 endpoints (api.lsk.lightspeed.app/
 *   oauth/...) serve only clients created before that date, until they migrate.
 * - V2 scopes: the V1 ones plus `offline_access`, asked here so refresh tokens are long-lived
 *   ("tokens without offline_access will have a shorter lifespan"); token and refresh-token expiry
 *   "must be checked dynamically": expires_in is read, never assumed. A refresh token can be used
 *   only once (the returned one replaces it).
 * - The token answer is the standard OAuth 2 one (access_token, token_type, expires_in,
 *   refresh_token, scope), and its errors are RFC 6749 5.2 {error, error_description}.
 * - Financial API getBusinesses: GET /f/data/businesses (scope financial-api) ->
 *   {_embedded: {businessList: [{businessId, businessName, currencyCode, businessLocations: [{blID, blName}]}]}}.
 * - A connection covers the business, every one of its locations: the account linked at consent is
 *   the first location of the first business the token reaches (its id stays the connection's
 *   account id, so connections made before keep theirs), and every stream first reads the
 *   businesses answer again and reads each location of the business that holds that location (a
 *   location opened since is read from the next run on). A location the token lost is absent from
 *   the answer and so not read; if the linked location itself is absent, it alone is read (and its
 *   answers say whether the token still reaches it).
 *
 * Data streams (API reference, "Staff API" and "Financial V2 API"; scopes staff-api, financial-api):
 * - Roster: GET /staff/v1/businessLocations/{blId}/userTypes/POS?page=&size=&sort=userId,asc ->
 *   {data: {staff: [{staffId, username, firstName, lastName, active, modifiedOn, groups}]}, links:
 *   {next?: {href}}, page: {page, size, totalElements, totalPages}}; pages from 1. POS users carry
 *   no email (back-office users do).
 * - Punches: GET /staff/v1/businessLocations/{blId}/shift?page=&size=&sort=date,asc&startTime=&endTime=
 *   -> {data: {shifts: [{uuid, staffId, declaredCashTips, dateInUTC (its last update), events:
 *   [{uuid, timestamp, eventType: CLOCK_IN | CLOCK_OUT}]}]}, links, page}; "please use the newest
 *   one when multiple events exist with the same event type". Times are `yyyy-MM-dd'T'HH:mm:ss`
 *   with no zone (UTC, assumption). Which time startTime/endTime filter on is not said: "Show
 *   results after this start time" / "before this end time" reads as the shift's own start (its
 *   clock-in), not dateInUTC ("the timestamp of the last update"). Both readings are made safe
 *   (LIGHTSPEED_SHIFT_EDIT_LOOKBACK_MS): an incremental read asks from `modifiedSince` minus 35
 *   days with no endTime (a manager fixes a clock-out days later, while the pay period is still
 *   open: 35 days is longer than the longest pay period still open while payroll is run, as
 *   Clover's connector reads; an open shift has no end to be cut on), a backfill window widens both
 *   ends by two days (LIGHTSPEED_SHIFT_LOOKBACK_MS: the longest shift plus the largest zone
 *   offset); every shift answered is kept (writes are keyed by uuid, an unchanged shift is not
 *   rewritten). A shift corrected more than 35 days after its clock-in is read by a backfill over
 *   its days only, if the filter is by clock-in. No break events are exposed: punches have no breaks.
 * - Sales: GET /f/v2/business-location/{blId}/sales?from=&to=&include=staff,payments&pageSize=100
 *   [&nextPageToken=] -> {sales: [...], nextPageToken?}, sorted by timeClosed, `from`..`to` at most
 *   365 days (400 {error} otherwise). A sale {accountFiscId, receiptId, type (SALE, REFUND, VOID
 *   ...), cancelled, timeClosed, ownerId, nbCovers, source: {initialAccountId}, salesLines:
 *   [{totalNetAmountWithoutTax (six decimals), currency}], payments: [{code (CASH ...), tip,
 *   currency, staffId}]}. Closed sales do not change (a refund is a sale of its own, type REFUND,
 *   naming the refunded account in source.initialAccountId), so an incremental read is by timeClosed.
 *   The types ("Transaction Types", api-portal.lsk.lightspeed.app/guides/reference/reference-tables/
 *   transaction-types, checked 2026-12-02): SALE "normal sale", REFUND "sale that refunded another
 *   sale", VOID "sale that voids another sale", RECALL "sale that recalled another sale" (the
 *   receipt reopened: what is closed again is a SALE of its own), CANCEL "record created to capture
 *   a canceled input"; SPLIT, UPDATE, TRANSFER, FLOAT, TRANSITORY and CROSS_BL carry no sale of their
 *   own. A VOID, RECALL or CANCEL record takes back the account it names - source.previousAccountId
 *   ("the account that is directly linked to the current account"), else initialAccountId - when
 *   that is another account: that account comes out as a voided sale (its amounts those of the
 *   taking-back record with the sign of a sale; the sink reverses what it stored of it), and the
 *   record itself is no sale. A sale answered with `cancelled` true (a back-office cancellation
 *   appears "on the date the modification was performed", Financial V2 group page) comes out voided.
 *   Amounts are decimal strings: net sales is the sum of the lines before tax, rounded half-even to
 *   the currency's minor unit once summed (the reference rounds payments half-even too).
 * - Shifts: declaredCashTips ("the declared tips for the shift", a decimal string of the business's
 *   currency) is the punch's declared cash tips.
 * - Shift webhooks (shift.created/updated/deleted) exist, registered per business location, but the
 *   reference documents neither the delivered payload nor a signature: they are not received here
 *   (a forged one could not be told), and the shift list carries no deleted flag. A deleted shift
 *   is found by its absence: after an incremental read of every location completed, the punches
 *   the sync holds with a clock-in from two days after startTime to the read (StreamAuth.
 *   storedPunches) that neither that read nor a second one answered are answered as deleted
 *   (reconcile.ts). A backfill finds none (its endTime may cut a shift, see above), nor does a read
 *   whose linked location is missing from the businesses answer.
 */
const PRODUCTION = 'https://api.lsk.lightspeed.app';
const PRODUCTION_AUTH = 'https://auth.lsk-prod.app';
const OPENID_CONNECT = '/realms/k-series/protocol/openid-connect';

/**
 * What is read, by scope ("Scopes", api-portal.lsk.lightspeed.app/quick-start/authentication/
 * v2-authentication, checked 2026-12-02): staff-api for the POS users and their shifts, financial-api
 * for the businesses (the locations) and the sales; offline_access for a long-lived refresh token.
 * Nothing is written and no order is read, so orders-api (order creation, read and write) is not asked.
 */
export const LIGHTSPEED_SCOPES = ['financial-api', 'staff-api', 'offline_access'] as const;

const base = () => vendorBaseUrl('lightspeed', PRODUCTION);
const authBase = () => `${vendorBaseUrl('lightspeed', PRODUCTION_AUTH)}${OPENID_CONNECT}`;

const TokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
  refresh_token: z.string().min(1).optional(),
});
const Businesses = z.object({
  _embedded: z.object({
    businessList: z.array(
      z.object({
        businessId: z.union([z.number(), z.string()]),
        businessName: z.string().optional(),
        currencyCode: z
          .string()
          .regex(/^[A-Z]{3}$/)
          .optional(),
        businessLocations: z
          .array(z.object({ blID: z.union([z.number(), z.string()]), blName: z.string().optional() }))
          .optional(),
      }),
    ),
  }),
});

async function token(app: OAuthApp, form: Record<string, string>, secret: string): Promise<OAuthGrant> {
  const requestedAt = Date.now();
  const res = await vendorRequest({
    vendor: 'lightspeed',
    method: 'POST',
    url: `${authBase()}/token`,
    headers: { Authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}` },
    form,
    tokenEndpoint: true,
    secrets: [app.clientSecret, secret],
  });
  const t = parseAs('lightspeed', TokenResponse, res, 'the token answer');
  return {
    accessToken: t.access_token,
    refreshToken: t.refresh_token,
    expiresAt: t.expires_in !== undefined ? requestedAt + t.expires_in * 1000 : undefined,
  };
}

// ------------------------------------------------------------------ data streams

const STAFF_PAGE = 100;
const SALES_PAGE = 100;
const DAY = 86_400_000;
/** "The date range between 'from' and 'to' cannot exceed 365 days". */
export const LIGHTSPEED_MAX_SALES_RANGE_MS = 365 * DAY;
const utcParam = (ms: number) => new Date(ms).toISOString().slice(0, 19);
/** The longest shift (a day) plus the largest UTC offset (14 hours), rounded up: see the header. */
export const LIGHTSPEED_SHIFT_LOOKBACK_MS = 2 * DAY;
/** How far before its cursor an incremental read of shifts starts, to see a shift fixed late in an open pay period (see the header). */
export const LIGHTSPEED_SHIFT_EDIT_LOOKBACK_MS = 35 * DAY;

class LightspeedSession {
  private readonly send: <T>(request: () => Promise<T>) => Promise<T>;
  private readonly token: string;
  /** The location the connection linked (its account id). */
  readonly location: string;

  constructor(auth: StreamAuth) {
    if (!auth.accessToken)
      throw new VendorError('lightspeed', 'rejected', 'lightspeed: no access token for the business location');
    if (!/^\d{1,20}$/.test(auth.accountId))
      throw new VendorError('lightspeed', 'invalid', 'lightspeed: the business location id is not a number');
    this.token = auth.accessToken;
    this.location = auth.accountId;
    this.send = auth.retry ?? ((request) => request());
  }

  get<T extends z.ZodType>(path: string, params: Record<string, string>, schema: T, what: string): Promise<z.infer<T>> {
    const url = `${base()}${path}?${new URLSearchParams(params).toString()}`;
    return this.send(async () =>
      parseAs(
        'lightspeed',
        schema,
        await vendorRequest({
          vendor: 'lightspeed',
          url,
          headers: { Authorization: `Bearer ${this.token}` },
          secrets: [this.token],
        }),
        what,
      ),
    );
  }

  /**
   * The locations the connection reads (see the header): every location of the business holding
   * the linked one, the linked one first, with the business's currency.
   */
  async locations(): Promise<{ ids: string[]; currency?: string; whole: boolean }> {
    const answer = await this.get('/f/data/businesses', {}, Businesses, 'the businesses answer');
    const business = answer._embedded.businessList.find((b) =>
      (b.businessLocations ?? []).some((l) => String(l.blID) === this.location),
    );
    if (!business) return { ids: [this.location], whole: false };
    const others = (business.businessLocations ?? []).map((l) => String(l.blID)).filter((id) => id !== this.location);
    return { ids: [this.location, ...new Set(others)], currency: business.currencyCode, whole: true };
  }

  /** The pages of a Staff API list (`page` from 1 while `links.next` names one). */
  async *staffPages<T extends z.ZodType>(
    path: string,
    params: Record<string, string>,
    schema: T,
    items: (page: z.infer<T>) => unknown[],
    what: string,
  ) {
    for (let page = 1; ; page++) {
      const answer = await this.get(path, { ...params, page: String(page), size: String(STAFF_PAGE) }, schema, what);
      const list = items(answer);
      if (list.length > 0) yield answer;
      if (!(answer as z.infer<typeof Page>).links?.next || list.length === 0) return;
    }
  }
}

const windowOf = (w: StreamWindow) => ('modifiedSince' in w ? { from: w.modifiedSince, to: Date.now() } : w);

export const lightspeedStreams: StreamConnector = {
  maxWindowMs: { sales: LIGHTSPEED_MAX_SALES_RANGE_MS },

  async *roster(auth) {
    const session = new LightspeedSession(auth);
    const { ids } = await session.locations();
    // a POS user of several locations is one employee (staffId is the business's user id)
    const seen = new Set<string>();
    for (const location of ids) {
      for await (const page of session.staffPages(
        `/staff/v1/businessLocations/${location}/userTypes/POS`,
        { sort: 'userId,asc' },
        StaffPage,
        (p) => p.data.staff,
        'the staff page',
      )) {
        const fresh = page.data.staff.map(toStaff).filter((e) => !seen.has(e.vendorId));
        fresh.forEach((e) => seen.add(e.vendorId));
        if (fresh.length) yield fresh;
      }
    }
  },

  async *punches(auth, window) {
    const session = new LightspeedSession(auth);
    const readAt = Date.now();
    const { ids, currency = 'USD', whole } = await session.locations();
    // the times have whole seconds: the start rounded down and the end up (the extra re-reads are harmless)
    const start = (at: number) => utcParam(Math.floor(at / 1000) * 1000);
    const params: Record<string, string> =
      'modifiedSince' in window
        ? { sort: 'date,asc', startTime: start(window.modifiedSince - LIGHTSPEED_SHIFT_EDIT_LOOKBACK_MS) }
        : {
            sort: 'date,asc',
            startTime: start(window.from - LIGHTSPEED_SHIFT_LOOKBACK_MS),
            endTime: utcParam(Math.ceil((window.to + LIGHTSPEED_SHIFT_LOOKBACK_MS) / 1000) * 1000),
          };
    const shiftPages = async function* () {
      for (const location of ids)
        yield* session.staffPages(
          `/staff/v1/businessLocations/${location}/shift`,
          params,
          ShiftPage,
          (p) => p.data.shifts,
          'the shifts page',
        );
    };
    const seen = new Set<string>();
    for await (const page of shiftPages()) {
      const punches = page.data.shifts.map((s) => toPunch(s, currency)).filter((p): p is PosPunch => p !== null);
      for (const s of page.data.shifts) seen.add(s.uuid);
      if (punches.length) yield punches;
    }
    // deleted shifts (reconcile.ts), reached only once every location's pages were read: only over
    // an incremental read (no endTime: every shift clocked in since startTime is answered whichever
    // time the filter is on; a backfill's endTime may cut a shift updated after it) of the whole
    // business (the linked location found in it), LIGHTSPEED_SHIFT_LOOKBACK_MS inside its start
    if (auth.storedPunches && 'modifiedSince' in window && whole) {
      const gone = await vanishedPunches({
        stored: auth.storedPunches,
        from: Date.parse(`${params.startTime}Z`) + LIGHTSPEED_SHIFT_LOOKBACK_MS,
        to: readAt,
        seen,
        readAt,
        readAgain: async function* () {
          for await (const page of shiftPages()) yield page.data.shifts.map((s) => s.uuid);
        },
      });
      if (gone.length) yield gone;
    }
  },

  async *sales(auth, window) {
    const session = new LightspeedSession(auth);
    const { ids, currency = 'USD' } = await session.locations();
    const { from, to } = windowOf(window);
    for (const location of ids) {
      let token: string | undefined;
      do {
        const params: Record<string, string> = {
          from: new Date(from).toISOString(),
          to: new Date(to).toISOString(),
          include: 'staff,payments',
          pageSize: String(SALES_PAGE),
        };
        if (token) params.nextPageToken = token;
        const page = await session.get(
          `/f/v2/business-location/${location}/sales`,
          params,
          SalesPage,
          'the sales page',
        );
        const sales = page.sales.map((s) => toSale(s, currency)).filter((s): s is PosSale => s !== null);
        if (sales.length) yield sales;
        token = page.nextPageToken || undefined;
      } while (token);
    }
  },
};

export const lightspeed: Connector = {
  slug: 'lightspeed',
  streams: lightspeedStreams,
  oauth: {
    authorizeUrl({ app, state }) {
      const url = new URL(`${authBase()}/auth`);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', app.clientId);
      url.searchParams.set('scope', LIGHTSPEED_SCOPES.join(' '));
      url.searchParams.set('redirect_uri', app.redirectUri);
      url.searchParams.set('state', state);
      return url.toString();
    },

    async exchange({ app, code }) {
      const grant = await token(app, { grant_type: 'authorization_code', code, redirect_uri: app.redirectUri }, code);
      // The account id comes from this call, so (unlike a name lookup) its failure fails the exchange.
      const res = await vendorRequest({
        vendor: 'lightspeed',
        url: `${base()}/f/data/businesses`,
        headers: { Authorization: `Bearer ${grant.accessToken}` },
        secrets: [grant.accessToken, grant.refreshToken],
      });
      const business = parseAs('lightspeed', Businesses, res, 'the businesses answer')._embedded.businessList[0];
      const location = business?.businessLocations?.[0];
      if (!business || !location)
        throw notAsDocumented('lightspeed', 'a businesses answer without a business location', res.status);
      // the connection covers the business (every location, see the header): named after it
      const name =
        (business.businessLocations ?? []).length > 1
          ? business.businessName || location.blName
          : [business.businessName, location.blName].filter(Boolean).join(' - ') || undefined;
      const currency = business.currencyCode;
      return { ...grant, account: { id: String(location.blID), name, ...(currency ? { currency } : {}) } };
    },

    async refresh({ app, refreshToken }) {
      return token(app, { grant_type: 'refresh_token', refresh_token: refreshToken }, refreshToken);
    },
  },
};
