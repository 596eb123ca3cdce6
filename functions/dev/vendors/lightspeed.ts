import express, { type Request, type Response, type Router } from 'express';
import { TOKEN_LIFETIMES } from './rules';
import type { PosEmployee, PosPunch, PosSale } from '../../src/pos/connectors';
import { SIMULATED_OAUTH_ACCOUNTS, SIMULATED_OAUTH_APPS } from './accounts';
import { generateLightspeedData, type LightspeedSimData, type SimLightspeedSale } from './lightspeed-data';
import type { SimRestaurantOptions } from './sim-options';
import {
  bearerToken,
  queryParam,
  randomToken,
  REASONS,
  redirectWith,
  scriptedFailures,
  validRedirectUri,
  type SimulatorState,
} from './state';

/**
 * A local Lightspeed Restaurant K-Series (src/pos/connectors/vendors/lightspeed.ts names the
 * documentation followed):
 * - V2 authentication only (the "Migration FAQ": every API client created since 10 November 2025
 *   is V2; the V1 /oauth/authorize and /oauth/token paths are not served, as a V2 client cannot
 *   use them): GET /realms/k-series/protocol/openid-connect/auth?response_type=code&client_id&
 *   scope&redirect_uri&state consents at once and redirects with code and state
 *   (error=access_denied when state.denyNextAuthorize is set).
 * - POST /realms/k-series/protocol/openid-connect/token: client authentication with HTTP Basic
 *   (client_id:client_secret), the parameters in the form body (V2: "POST with parameters in
 *   request body"; query parameters are not read); authorization_code and refresh_token grants;
 *   standard OAuth 2 answers (with Keycloak's refresh_expires_in) and errors (RFC 6749 5.1/5.2):
 *   401 invalid_client, 400 invalid_grant, 400 unsupported_grant_type. Every client gets the
 *   profile and email scopes besides those asked. Access tokens last 60 minutes here (V2: "must be
 *   checked dynamically", so the connector reads expires_in); refresh tokens are single-use and
 *   last 14 days with offline_access, and only 30 minutes without it (V2: "tokens without
 *   offline_access will have a shorter lifespan"; 30 minutes is Keycloak's default session idle
 *   time, assumed); codes 10 minutes (assumed).
 * - One business with two locations (accounts.ts): a consent links the first, and a token of the
 *   business reaches every location's data routes (403 "Access Denied" for another location).
 *   Sales carry the documented transaction types ("Transaction Types", api-portal.lsk.lightspeed.app):
 *   VOID and RECALL records naming the account they take back in source.previousAccountId (lines
 *   and tips negated, as a reversal), a recalled account closed again as a new SALE, CANCEL records
 *   of a canceled input, accounts answered `cancelled`; shifts carry declaredCashTips.
 * - GET /f/data/businesses (scope financial-api) with Bearer; a missing or bad token answers 401
 *   {error: 'invalid_token'} with WWW-Authenticate (RFC 6750 3.1), a missing scope 403
 *   insufficient_scope.
 */

export const LIGHTSPEED_ACCESS_TOKEN_TTL_SECONDS = TOKEN_LIFETIMES.lightspeed.access;
export const LIGHTSPEED_REFRESH_TOKEN_TTL_SECONDS = TOKEN_LIFETIMES.lightspeed.refresh;
export const LIGHTSPEED_CODE_TTL_SECONDS = TOKEN_LIFETIMES.lightspeed.code;
/** V2: "tokens without offline_access will have a shorter lifespan" (30 minutes: Keycloak's default session idle time, assumed). */
export const LIGHTSPEED_ONLINE_REFRESH_TOKEN_TTL_SECONDS = 30 * 60;
/** The V2 (Keycloak realm) OpenID Connect endpoints, on auth.lsk-prod.app in production. */
export const LIGHTSPEED_AUTH_PATH = '/realms/k-series/protocol/openid-connect';
const AUTOMATIC_SCOPES = ['profile', 'email'];

const APP = SIMULATED_OAUTH_APPS.lightspeed;
const BUSINESS = SIMULATED_OAUTH_ACCOUNTS.lightspeed;
const ACCOUNT = String(BUSINESS.location.blID);
/** Every location of the business: one token of the business reaches each. */
const LOCATIONS = new Set<string>(BUSINESS.locations.map((l) => String(l.blID)));

function oauthError(res: Response, status: number, error: string, description: string): void {
  if (status === 401) res.set('WWW-Authenticate', 'Basic realm="oauth"');
  res.status(status).set('Cache-Control', 'no-store').json({ error, error_description: description });
}

/** A token-endpoint parameter from the form body (V2 reads no query parameters). */
function param(req: Request, name: string): string | undefined {
  const body: unknown = req.body;
  const v = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof v === 'string' ? v : undefined;
}

function basicClient(req: Request): { id: string; secret: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(req.get('authorization') ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export function lightspeedRouter(state: SimulatorState): Router {
  const r = express.Router();
  r.use(
    scriptedFailures(state, 'lightspeed', (res, status, req) => {
      res.status(status).json({
        timestamp: new Date(state.now()).toISOString(),
        status,
        error: REASONS[status] ?? 'Error',
        path: req.originalUrl.split('?')[0],
      });
    }),
  );
  r.use(express.urlencoded({ extended: false }));

  r.get(`${LIGHTSPEED_AUTH_PATH}/auth`, (req, res) => {
    const clientId = queryParam(req, 'client_id');
    const redirectUri = queryParam(req, 'redirect_uri');
    const scope = queryParam(req, 'scope');
    if (clientId !== APP.clientId) return void res.status(400).type('text').send('Unknown client_id');
    if (!validRedirectUri(redirectUri)) return void res.status(400).type('text').send('Invalid redirect_uri');
    const stateParam = queryParam(req, 'state');
    if (queryParam(req, 'response_type') !== 'code')
      return redirectWith(res, redirectUri, { error: 'unsupported_response_type', state: stateParam });
    if (!scope)
      return redirectWith(res, redirectUri, {
        error: 'invalid_scope',
        error_description: 'scope is required',
        state: stateParam,
      });
    if (state.denyNextAuthorize) {
      state.denyNextAuthorize = false;
      return redirectWith(res, redirectUri, {
        error: 'access_denied',
        error_description: 'The user denied the request',
        state: stateParam,
      });
    }
    const scopes = [...new Set([...scope.split(/\s+/).filter(Boolean), ...AUTOMATIC_SCOPES])];
    const code = state.issueCode(
      randomToken('', 6),
      { vendor: 'lightspeed', clientId, redirectUri, scopes, account: ACCOUNT },
      LIGHTSPEED_CODE_TTL_SECONDS,
    );
    redirectWith(res, redirectUri, { code, state: stateParam });
  });

  r.post(`${LIGHTSPEED_AUTH_PATH}/token`, (req, res) => {
    const client = basicClient(req);
    if (
      !client ||
      client.id !== APP.clientId ||
      client.secret !== APP.clientSecret ||
      state.isRevoked(APP.clientSecret)
    ) {
      return oauthError(res, 401, 'invalid_client', 'Client authentication failed');
    }
    const grantType = param(req, 'grant_type');
    let scopes: string[];
    if (grantType === 'authorization_code') {
      const check = state.redeemCode('lightspeed', param(req, 'code'), client.id, param(req, 'redirect_uri') ?? '');
      if (!check.ok)
        return oauthError(
          res,
          400,
          'invalid_grant',
          check.reason === 'redirect_uri' ? 'redirect_uri does not match' : 'Invalid authorization code',
        );
      scopes = check.code.scopes;
    } else if (grantType === 'refresh_token') {
      const refreshToken = param(req, 'refresh_token');
      const check = state.checkToken('lightspeed', 'refresh', refreshToken);
      if (!check.ok || check.token.clientId !== client.id)
        return oauthError(res, 400, 'invalid_grant', 'Invalid refresh token');
      state.spend(refreshToken as string);
      scopes = check.token.scopes;
    } else {
      return oauthError(res, 400, 'unsupported_grant_type', 'Unsupported grant type');
    }
    const accessToken = randomToken('SIMlsk.', 40);
    const refreshToken = randomToken('SIMlskR.', 40);
    const ttl = state.accessTtl(LIGHTSPEED_ACCESS_TOKEN_TTL_SECONDS);
    state.issueToken('lightspeed', 'access', accessToken, { clientId: client.id, account: ACCOUNT, scopes }, ttl);
    const refreshTtl = scopes.includes('offline_access')
      ? LIGHTSPEED_REFRESH_TOKEN_TTL_SECONDS
      : LIGHTSPEED_ONLINE_REFRESH_TOKEN_TTL_SECONDS;
    state.issueToken(
      'lightspeed',
      'refresh',
      refreshToken,
      { clientId: client.id, account: ACCOUNT, scopes },
      refreshTtl,
    );
    res.set('Cache-Control', 'no-store').json({
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ttl,
      refresh_token: refreshToken,
      refresh_expires_in: refreshTtl,
      scope: scopes.join(' '),
    });
  });

  r.get('/f/data/businesses', (req, res) => {
    const check = state.checkToken('lightspeed', 'access', bearerToken(req));
    if (!check.ok) {
      res.set('WWW-Authenticate', 'Bearer error="invalid_token"');
      return void res.status(401).json({
        error: 'invalid_token',
        error_description: check.reason === 'expired' ? 'The access token expired' : 'Invalid access token',
      });
    }
    if (!check.token.scopes.includes('financial-api')) {
      res.set('WWW-Authenticate', 'Bearer error="insufficient_scope", scope="financial-api"');
      return void res
        .status(403)
        .json({ error: 'insufficient_scope', error_description: 'The token lacks the financial-api scope' });
    }
    const self = `${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl.split('?')[0]}`;
    res.json({
      _embedded: {
        businessList: [
          {
            businessName: BUSINESS.businessName,
            businessId: BUSINESS.businessId,
            currencyCode: BUSINESS.currencyCode,
            businessLocations: BUSINESS.locations.map((l) => ({ ...l })),
          },
        ],
      },
      _links: { self: { href: self } },
    });
  });

  /** A data call's bearer token: an access token of the location with the scope, not revoked (else 401/403 as the businesses call answers). */
  const authorized = (req: Request, res: Response, scope: string): boolean => {
    const token = bearerToken(req);
    const check = state.checkToken('lightspeed', 'access', token);
    if (!check.ok || state.isRevoked(token)) {
      res.set('WWW-Authenticate', 'Bearer error="invalid_token"');
      res.status(401).json({ error: 'invalid_token', error_description: 'Invalid access token' });
      return false;
    }
    if (!check.token.scopes.includes(scope)) {
      res.status(403).json({ error: 'insufficient_scope', error_description: `The token lacks the ${scope} scope` });
      return false;
    }
    if (!LOCATIONS.has(String(req.params.businessLocationId))) {
      res
        .status(403)
        .json({ timestamp: new Date(state.now()).toISOString(), status: 403, error: 'Access Denied', path: req.path });
      return false;
    }
    return true;
  };

  /** `yyyy-MM-dd'T'HH:mm:ss` (UTC) or a full ISO 8601 time, as epoch ms; NaN when neither. */
  const timeParam = (v: string | undefined) =>
    v && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(v) ? Date.parse(/Z|[+-]\d{2}:\d{2}$/.test(v) ? v : `${v}Z`) : NaN;

  /** A Staff API page (`page` from 1, `size`), with its links and page info; page faults applied. */
  const staffPage = (
    req: Request,
    res: Response,
    key: 'staff' | 'shifts',
    all: Record<string, unknown>[],
    onServed?: (first: Record<string, unknown> | undefined) => void,
  ) => {
    const page = Number(queryParam(req, 'page') ?? 1);
    const size = Number(queryParam(req, 'size') ?? 10);
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(size) || size < 1 || size > 1000) {
      return void res.status(400).json({
        timestamp: new Date(state.now()).toISOString(),
        status: 400,
        error: 'Invalid paging parameters',
        path: req.path,
      });
    }
    const due = state.nextPage('lightspeed');
    const from = (page - 1) * size;
    const items = all.slice(due.has('duplicate') && from > 0 ? from - 1 : from, from + size);
    const totalPages = Math.max(1, Math.ceil(all.length / size));
    const href = (p: number) => `https://api.lsk.lightspeed.app${req.path}?page=${p}&size=${size}`;
    const data = due.has('malformed') ? items.map((x, i) => (i === 0 ? { ...x, staffId: 'not-a-number' } : x)) : items;
    res.json({
      data: { [key]: data },
      links: {
        first: { href: href(1) },
        self: { href: href(page) },
        last: { href: href(totalPages) },
        ...(page < totalPages ? { next: { href: href(page + 1) } } : {}),
      },
      page: { page, size, totalElements: all.length, totalPages },
    });
    if (due.has('modify')) onServed?.(items[0]);
  };

  r.get('/staff/v1/businessLocations/:businessLocationId/userTypes/POS', (req, res) => {
    if (!authorized(req, res, 'staff-api')) return;
    const location = Number(req.params.businessLocationId);
    const staff = lightspeedSimData()
      .staff.filter((s) => s.locations.includes(location))
      .sort((a, b) => a.staffId - b.staffId)
      .map((s) => ({
        staffId: s.staffId,
        username: s.username,
        userTypes: ['POS'],
        firstName: s.firstName,
        lastName: s.lastName,
        active: s.active,
        pinCodeSet: true,
        pinLength: 4,
        createdOn: iso(s.modifiedOn - 30 * 86_400_000),
        modifiedOn: iso(s.modifiedOn),
        businessId: BUSINESS.businessId,
        businessLocationId: location,
        groups: [{ id: 4000 + GROUP_IDS.indexOf(s.group), name: s.group }],
        reportAccess: ['STAFF_REPORT_OWN_ACCESS'],
        roles: [{ id: 1, name: 'ROLE_CAN_LOGIN' }],
      }));
    staffPage(req, res, 'staff', staff);
  });

  r.get('/staff/v1/businessLocations/:businessLocationId/shift', (req, res) => {
    if (!authorized(req, res, 'staff-api')) return;
    const start = queryParam(req, 'startTime') === undefined ? -Infinity : timeParam(queryParam(req, 'startTime'));
    const end = queryParam(req, 'endTime') === undefined ? Infinity : timeParam(queryParam(req, 'endTime'));
    if (Number.isNaN(start) || Number.isNaN(end))
      return void res.status(400).json({
        timestamp: new Date(state.now()).toISOString(),
        status: 400,
        error: "Times must be yyyy-MM-dd'T'HH:mm:ss",
        path: req.path,
      });
    // "Show results after this start time" / "before this end time" (Get Shift, api-docs.lsk.lightspeed.app):
    // read here as the shift's start, its clock-in, the stricter of the two readings for a client reading by update
    const location = Number(req.params.businessLocationId);
    const shifts = lightspeedSimData()
      .shifts.filter((s) => s.blId === location && clockInOf(s) >= start && clockInOf(s) < end)
      .sort((a, b) => a.dateInUTC - b.dateInUTC || (a.uuid < b.uuid ? -1 : 1));
    staffPage(
      req,
      res,
      'shifts',
      shifts.map((s) => ({
        uuid: s.uuid,
        businessId: BUSINESS.businessId,
        businessLocationId: s.blId,
        deviceId: 54321,
        staffId: s.staffId,
        declaredCashTips: s.declaredCashTips,
        dateInUTC: iso(s.dateInUTC),
        events: s.events.map((e) => ({
          uuid: e.uuid,
          timestamp: iso(e.timestamp),
          createdOn: iso(e.timestamp),
          eventType: e.eventType,
        })),
      })),
      (first) => {
        // a shift corrected while we page: a newer clock-out event, the shift updated now
        const shift = lightspeedSimData().shifts.find((s) => s.uuid === first?.uuid);
        const out = shift?.events.filter((e) => e.eventType === 'CLOCK_OUT').at(-1);
        if (!shift || !out) return;
        shift.events.push({
          uuid: `${shift.uuid}-fix`,
          timestamp: out.timestamp + 15 * 60_000,
          eventType: 'CLOCK_OUT',
        });
        shift.dateInUTC = Math.max(shift.dateInUTC + 1000, state.now());
        state.modifications.push({ vendor: 'lightspeed', kind: 'time_entry', id: shift.uuid, at: shift.dateInUTC });
      },
    );
  });

  r.get('/f/v2/business-location/:businessLocationId/sales', (req, res) => {
    if (!authorized(req, res, 'financial-api')) return;
    const from = timeParam(queryParam(req, 'from'));
    const to =
      queryParam(req, 'to') === undefined ? state.now() : Math.min(timeParam(queryParam(req, 'to')), state.now());
    if (Number.isNaN(from))
      return void res
        .status(400)
        .json({ error: `Invalid date format: ${queryParam(req, 'from') ?? '(missing from)'}` });
    if (Number.isNaN(to)) return void res.status(400).json({ error: `Invalid date format: ${queryParam(req, 'to')}` });
    if (from > to)
      return void res.status(400).json({
        error: `Invalid date range: 'from' date ${queryParam(req, 'from')} should not be after 'to' date ${queryParam(req, 'to')}`,
      });
    if (to - from > 365 * 86_400_000)
      return void res.status(400).json({ error: 'The date range between from and to cannot exceed 365 days' });
    const pageSize = Number(queryParam(req, 'pageSize') ?? 50);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
      return void res.status(400).json({ error: 'pageSize must be between 1 and 100' });
    const token = queryParam(req, 'nextPageToken');
    const offset = token
      ? Number(
          Buffer.from(token, 'base64url')
            .toString('utf8')
            .replace(/^offset:/, ''),
        )
      : 0;
    if (!Number.isInteger(offset) || offset < 0) return void res.status(400).json({ error: 'Invalid nextPageToken' });
    const include = (queryParam(req, 'include') ?? '').split(',');
    const location = Number(req.params.businessLocationId);
    const all = lightspeedSimData().sales.filter(
      (s) => s.blId === location && s.timeClosed >= from && s.timeClosed < to,
    );
    const due = state.nextPage('lightspeed');
    const page = all
      .slice(due.has('duplicate') && offset > 0 ? offset - 1 : offset, offset + pageSize)
      .map((s) => renderSale(s, include));
    const next =
      offset + pageSize < all.length ? Buffer.from(`offset:${offset + pageSize}`).toString('base64url') : undefined;
    res.json({
      sales: due.has('malformed') ? page.map((x, i) => (i === 0 ? { ...x, timeClosed: 'yesterday' } : x)) : page,
      ...(next ? { nextPageToken: next } : {}),
    });
  });

  return r;
}

const GROUP_IDS = ['Floor', 'Bar', 'Kitchen'];
const clockInOf = (s: LightspeedSimData['shifts'][number]) =>
  Math.max(...s.events.filter((e) => e.eventType === 'CLOCK_IN').map((e) => e.timestamp));
const iso = (ms: number) => new Date(ms).toISOString();

function renderSale(s: SimLightspeedSale, include: string[]): Record<string, unknown> {
  return {
    accountReference: Buffer.from(s.accountFiscId).toString('base64'),
    accountFiscId: s.accountFiscId,
    receiptId: s.receiptId,
    source: {
      initialAccountId: s.initialAccountId ?? s.accountFiscId,
      ...(s.previousAccountId ? { previousAccountId: s.previousAccountId } : {}),
    },
    salesLines: s.lines.map((amount, i) => ({
      id: `S${s.receiptId}.${i}`,
      totalNetAmountWithoutTax: amount,
      totalNetAmountWithTax: amount,
      quantity: '1.000',
      currency: s.currency,
      timeOfSale: iso(s.timeClosed - 30 * 60_000),
      staffId: s.ownerId ?? undefined,
    })),
    ...(include.includes('payments')
      ? {
          payments: s.payments.map((p, i) => ({
            code: p.code,
            description: p.code === 'CASH' ? 'Cash' : 'Card',
            paymentMethodId: p.code === 'CASH' ? 1 : 2,
            netAmountWithTax: p.netAmountWithTax,
            currency: s.currency,
            tip: p.tip,
            type: 'NORMAL',
            staffId: s.ownerId ?? undefined,
            fiscId: `T${s.receiptId}.${i}`,
            fiscDate: iso(s.timeClosed),
          })),
        }
      : {}),
    timeOfOpening: iso(s.timeClosed - 45 * 60_000),
    timeClosed: iso(s.timeClosed),
    cancelled: s.cancelled,
    type: s.type,
    ...(s.voidReason ? { voidReason: s.voidReason } : {}),
    ...(s.ownerId !== null
      ? { ownerId: s.ownerId, ...(include.includes('staff') ? { ownerName: `Staff ${s.ownerId}` } : {}) }
      : {}),
    nbCovers: s.nbCovers,
    dineIn: true,
    deviceId: 75125,
    deviceName: 'iPad9',
  };
}

/** The seeded business location the simulator serves (generated once, default options). */
export const lightspeedSim = { data: undefined as LightspeedSimData | undefined };

export function lightspeedSimData(): LightspeedSimData {
  if (!lightspeedSim.data) lightspeedSim.data = generateLightspeedData();
  return lightspeedSim.data;
}

/** Serves a freshly generated business location. */
export function configureLightspeedSim(options: SimRestaurantOptions = {}): LightspeedSimData {
  lightspeedSim.data = generateLightspeedData(options);
  return lightspeedSim.data;
}

export interface LightspeedGroundTruth {
  employees: PosEmployee[];
  punches: PosPunch[];
  /** Each account as it stands last: a sale taken back by a VOID or RECALL is its voided record. */
  sales: PosSale[];
  /** Every sale record the connector reads, in the order served (an account taken back appears twice: as sold, then voided). */
  saleRecords: PosSale[];
}

/** Half-even rounding of a six-decimal amount string sum to cents, by integer arithmetic (independent of the connector's). */
function cents(values: string[]): number {
  const micros = values.reduce(
    (n, v) =>
      n +
      (v.startsWith('-') ? -1 : 1) *
        Math.round(Number(v.replace('-', '').replace('.', '')) * 10 ** (6 - (v.split('.')[1]?.length ?? 0))),
    0,
  );
  const sign = micros < 0 ? -1 : 1;
  const abs = Math.abs(micros);
  const q = Math.floor(abs / 10_000);
  const r = abs % 10_000;
  return sign * (r > 5_000 || (r === 5_000 && q % 2 === 1) ? q + 1 : q);
}

/** What the connector must read from the simulator. */
export function lightspeedGroundTruth(): LightspeedGroundTruth {
  const data = lightspeedSimData();
  const truth = {
    employees: data.staff.map((s) => ({
      vendorId: String(s.staffId),
      firstName: s.firstName,
      lastName: s.lastName,
      email: null,
      phone: null,
      active: s.active,
      jobTitle: s.group,
      modifiedAt: s.modifiedOn,
    })),
    punches: data.shifts.map((s) => {
      const last = (type: string) =>
        s.events
          .filter((e) => e.eventType === type)
          .map((e) => e.timestamp)
          .sort((a, b) => b - a)[0] ?? null;
      const declared = cents([s.declaredCashTips]);
      return {
        vendorId: s.uuid,
        employeeVendorId: String(s.staffId),
        clockInAt: last('CLOCK_IN')!,
        clockOutAt: last('CLOCK_OUT'),
        breaks: [],
        jobTitle: null,
        deleted: false,
        ...(declared !== 0 ? { declaredCashTips: declared } : {}),
        modifiedAt: s.dateInUTC,
      };
    }),
    saleRecords: data.sales.flatMap((s): PosSale[] => {
      const owner = s.ownerId === null ? null : String(s.ownerId);
      if (s.type === 'VOID' || s.type === 'RECALL' || (s.type === 'CANCEL' && s.previousAccountId)) {
        // the account taken back, voided, with the amounts it was stored with
        const target = data.sales.find((x) => x.accountFiscId === s.previousAccountId)!;
        return [
          {
            vendorId: target.accountFiscId,
            employeeVendorId: owner,
            closedAt: s.timeClosed,
            currency: s.currency,
            amount: cents(target.lines),
            tips: cents(target.payments.map((p) => p.tip)),
            cashTips: cents(target.payments.filter((p) => p.code === 'CASH').map((p) => p.tip)),
            customers: 0,
            refund: false,
            refundOf: null,
            voided: true,
            modifiedAt: s.timeClosed,
          },
        ];
      }
      if (s.type !== 'SALE' && s.type !== 'REFUND') return [];
      return [
        {
          vendorId: s.accountFiscId,
          employeeVendorId: owner,
          closedAt: s.timeClosed,
          currency: s.currency,
          amount: cents(s.lines),
          tips: cents(s.payments.map((p) => p.tip)),
          cashTips: cents(s.payments.filter((p) => p.code === 'CASH').map((p) => p.tip)),
          customers: s.nbCovers,
          refund: s.type === 'REFUND',
          refundOf: s.type === 'REFUND' ? s.initialAccountId : null,
          ...(s.cancelled ? { voided: true } : {}),
          modifiedAt: s.timeClosed,
        },
      ];
    }),
  };
  const last = new Map<string, PosSale>();
  for (const s of truth.saleRecords)
    if ((last.get(s.vendorId)?.modifiedAt ?? -Infinity) <= s.modifiedAt) last.set(s.vendorId, s);
  return { ...truth, sales: [...last.values()] };
}

/** Rounds to whole seconds (the Financial and Staff APIs write no milliseconds). */
const second = (ms: number) => Math.floor(ms / 1000) * 1000;

/**
 * Takes a closed account back at `at`, as a till does: a VOID record (or a RECALL, then the
 * receipt closed again a minute later as a new account with the same lines) naming it in
 * source.previousAccountId, its lines and tips negated. Answers the new records' ids.
 */
export function takeBackLightspeedSale(accountFiscId: string, type: 'VOID' | 'RECALL', at: number): string[] {
  const data = lightspeedSimData();
  const sale = data.sales.find((s) => s.accountFiscId === accountFiscId && s.type === 'SALE');
  if (!sale) throw new Error(`no sale ${accountFiscId}`);
  const negate = (v: string) => (v.startsWith('-') ? v.slice(1) : /^0(\.0+)?$/.test(v) ? v : `-${v}`);
  const n = data.sales.length;
  const record: SimLightspeedSale = {
    ...sale,
    accountFiscId: `${accountFiscId}.${type.toLowerCase()}${n}`,
    receiptId: `R${type}${n}`,
    type,
    cancelled: false,
    timeClosed: second(at),
    nbCovers: 0,
    initialAccountId: sale.initialAccountId ?? sale.accountFiscId,
    previousAccountId: sale.accountFiscId,
    ...(type === 'VOID' ? { voidReason: 'Void after close' } : {}),
    lines: sale.lines.map(negate),
    payments: sale.payments.map((p) => ({ ...p, tip: negate(p.tip) })),
  };
  data.sales.push(record);
  const ids = [record.accountFiscId];
  if (type === 'RECALL') {
    const again: SimLightspeedSale = {
      ...sale,
      accountFiscId: `${accountFiscId}.again${n}`,
      receiptId: `Ragain${n}`,
      timeClosed: second(at) + 60_000,
      previousAccountId: record.accountFiscId,
    };
    data.sales.push(again);
    ids.push(again.accountFiscId);
  }
  data.sales.sort((a, b) => a.timeClosed - b.timeClosed);
  return ids;
}

/** A manager's late fix of a shift at `at`: a newer clock-out event 15 minutes later and new declared cash tips. */
export function fixLightspeedShift(uuid: string, at: number, declaredCashTips: string): void {
  const shift = lightspeedSimData().shifts.find((s) => s.uuid === uuid);
  const out = shift?.events.filter((e) => e.eventType === 'CLOCK_OUT').at(-1);
  if (!shift || !out) throw new Error(`no closed shift ${uuid}`);
  shift.events.push({
    uuid: `${uuid}-fix${shift.events.length}`,
    timestamp: out.timestamp + 15 * 60_000,
    eventType: 'CLOCK_OUT',
  });
  shift.declaredCashTips = declaredCashTips;
  shift.dateInUTC = second(at);
}

/**
 * A manager deletes a shift: the shift list answers it no more (it has no deleted flag, and the
 * shift.deleted webhook is not received), so the ground truth loses it too.
 */
export function deleteLightspeedShift(uuid: string): void {
  const data = lightspeedSimData();
  if (!data.shifts.some((s) => s.uuid === uuid)) throw new Error(`no simulated Lightspeed shift ${uuid}`);
  data.shifts = data.shifts.filter((s) => s.uuid !== uuid);
}
