import express, { type Request, type Response, type Router } from 'express';
import { SIMULATED, SIMULATED_NAMES, SIMULATED_OAUTH_ACCOUNTS, SIMULATED_OAUTH_APPS } from './accounts';
import { generateSquareData, squareTime, type SquareData } from './square-data';
import { bearerToken, bodyField, queryParam, randomToken, redirectWith, scriptedFailures, validRedirectUri, type SimulatorState } from './state';

/**
 * A local Square: the OAuth pages and the API calls the connectors make (src/connectors/vendors/square.ts
 * names the documentation followed).
 * - GET /oauth2/authorize: consents at once (no browser) and redirects to redirect_uri with
 *   code, response_type=code and state; error=access_denied&error_description=user_denied when
 *   state.denyNextAuthorize is set (the Authorize reference's refusal).
 * - POST /oauth2/token (ObtainToken): authorization_code and refresh_token grants; codes are single
 *   use and expire after 5 minutes; the refresh token is returned unchanged (code flow); failures
 *   answer 401 {message, type: 'service.not_authorized'} as Square's OAuth endpoints do.
 * - GET /v2/merchants/{id|me}, GET /v2/locations/{id}: `Authorization: Bearer`, v2 error bodies
 *   {errors: [{category, code, detail}]}: 401 UNAUTHORIZED / ACCESS_TOKEN_EXPIRED /
 *   ACCESS_TOKEN_REVOKED, 403 INSUFFICIENT_SCOPES, 404 NOT_FOUND.
 * - GET /v2/locations (ListLocations), and the data streams over the seeded restaurant of
 *   ./square-data.ts (`squareSimData()`, replaceable with `setSquareSimData` for a benchmark):
 *   POST /v2/team-members/search (SearchTeamMembers: filter location_ids / status / is_owner, limit
 *   1-200, default 100), POST /v2/labor/timecards/search (SearchTimecards: filter location_ids,
 *   team_member_ids, status, start / end time ranges; sort START_AT | END_AT | CREATED_AT | UPDATED_AT;
 *   limit 1-200, default 200), POST /v2/orders/search (SearchOrders: 1-10 location_ids, state_filter,
 *   date_time_filter created_at | updated_at | closed_at which must match sort.sort_field, limit 1-1000,
 *   default 500). Time ranges are inclusive at both ends; results sorted by the sorted time then id;
 *   opaque cursors bound to the query (another query with the cursor: 400 INVALID_CURSOR); bad
 *   requests answer 400 {errors: [{category: INVALID_REQUEST_ERROR, code, detail, field}]}.
 * - Faults: state.failNext('square', ...) (429 / 5xx before any route) and `corruptSquarePage(n)`:
 *   the n-th search page from now (0: the next) answers a body that is not as documented.
 */

export const SQUARE_ACCESS_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
export const SQUARE_CODE_TTL_SECONDS = 5 * 60;

const MERCHANT = SIMULATED_OAUTH_ACCOUNTS.square;
const LOCATION = { id: SIMULATED.square_api_key.locationId, name: SIMULATED_NAMES.square_api_key };
const ALL_SCOPES = ['MERCHANT_PROFILE_READ', 'EMPLOYEES_READ', 'TIMECARDS_READ', 'ORDERS_READ', 'PAYMENTS_READ', 'ITEMS_READ'];

const CATEGORY: Record<number, string> = { 400: 'INVALID_REQUEST_ERROR', 401: 'AUTHENTICATION_ERROR', 403: 'AUTHENTICATION_ERROR', 404: 'INVALID_REQUEST_ERROR', 429: 'RATE_LIMIT_ERROR' };
const CODE: Record<number, string> = {
  400: 'BAD_REQUEST', 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 429: 'RATE_LIMITED',
  500: 'INTERNAL_SERVER_ERROR', 502: 'BAD_GATEWAY', 503: 'SERVICE_UNAVAILABLE', 504: 'GATEWAY_TIMEOUT',
};

function v2Error(res: Response, status: number, code = CODE[status] ?? 'INTERNAL_SERVER_ERROR', detail?: string): void {
  res.status(status).json({ errors: [{ category: CATEGORY[status] ?? 'API_ERROR', code, ...(detail ? { detail } : {}) }] });
}

/** The legacy error shape of Square's OAuth endpoints. */
function oauthError(res: Response, status: number, message: string, type = status === 401 ? 'service.not_authorized' : 'bad_request'): void {
  res.status(status).json({ message, type });
}

/** Checks the bearer token of an API call (and a scope); answers the error itself when it fails. */
function authorize(state: SimulatorState, req: Request, res: Response, scope: string): { account: string } | undefined {
  const check = state.checkToken('square', 'access', bearerToken(req));
  if (!check.ok) {
    if (check.reason === 'missing') v2Error(res, 401, 'UNAUTHORIZED', 'Your request did not include an `Authorization` http header with an access token.');
    else if (check.reason === 'expired') v2Error(res, 401, 'ACCESS_TOKEN_EXPIRED', 'The access token has expired.');
    else if (check.reason === 'revoked') v2Error(res, 401, 'ACCESS_TOKEN_REVOKED', 'The access token has been revoked.');
    else v2Error(res, 401, 'UNAUTHORIZED', 'This request could not be authorized.');
    return undefined;
  }
  if (!check.token.scopes.includes(scope)) {
    v2Error(res, 403, 'INSUFFICIENT_SCOPES', `The merchant has not given your application sufficient permissions to do this. Required scope: ${scope}.`);
    return undefined;
  }
  return { account: check.token.account };
}

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

// --- the data streams -------------------------------------------------------------------------

let simData: SquareData | undefined;

/** The seeded restaurant the simulator serves (built on first use: 60 days, 25 team members, ~150 orders a day). */
export function squareSimData(): SquareData {
  simData ??= generateSquareData();
  return simData;
}

/** Serves another dataset (a benchmark asks for a year); undefined: back to the default one. */
export function setSquareSimData(data: SquareData | undefined): void {
  simData = data;
}

let corruptCountdown: number | undefined;

/** The search page `after` pages from now (0: the next one) answers a body that is not as documented. */
export function corruptSquarePage(after = 0): void {
  corruptCountdown = after;
}

/** Clears the page faults (tests call it between cases). */
export function resetSquareFaults(): void {
  corruptCountdown = undefined;
}

function takeCorruption(): boolean {
  if (corruptCountdown === undefined) return false;
  if (corruptCountdown === 0) {
    corruptCountdown = undefined;
    return true;
  }
  corruptCountdown--;
  return false;
}

class BadRequest extends Error {
  constructor(readonly code: string, readonly detail: string, readonly field?: string) {
    super(detail);
  }
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function objAt(v: unknown, field: string): Record<string, unknown> | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isObj(v)) throw new BadRequest('EXPECTED_OBJECT', `Expected \`${field}\` to be an object.`, field);
  return v;
}

function stringsAt(v: unknown, field: string): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw new BadRequest('EXPECTED_ARRAY', `Expected \`${field}\` to be an array of strings.`, field);
  return v as string[];
}

function limitAt(v: unknown, max: number, dflt: number): number {
  if (v === undefined || v === null) return dflt;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new BadRequest('EXPECTED_INTEGER', 'Expected `limit` to be an integer.', 'limit');
  if (v < 1) throw new BadRequest('VALUE_TOO_LOW', `\`limit\` must be at least 1.`, 'limit');
  if (v > max) throw new BadRequest('VALUE_TOO_HIGH', `\`limit\` must be at most ${max}.`, 'limit');
  return v;
}

/** A TimeRange {start_at, end_at} (RFC 3339), inclusive at both ends. */
function rangeAt(v: unknown, field: string): ((iso: string | undefined) => boolean) | undefined {
  const r = objAt(v, field);
  if (!r) return undefined;
  const bound = (x: unknown, name: string): number | undefined => {
    if (x === undefined || x === null) return undefined;
    const ms = typeof x === 'string' ? Date.parse(x) : NaN;
    if (Number.isNaN(ms)) throw new BadRequest('INVALID_TIME', `Invalid RFC 3339 timestamp in \`${field}.${name}\`.`, `${field}.${name}`);
    return ms;
  };
  const from = bound(r.start_at, 'start_at');
  const to = bound(r.end_at, 'end_at');
  return (iso) => {
    if (iso === undefined) return false;
    const t = Date.parse(iso);
    return (from === undefined || t >= from) && (to === undefined || t <= to);
  };
}

function enumAt<T extends string>(v: unknown, field: string, values: readonly T[]): T | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) throw new BadRequest('INVALID_ENUM_VALUE', `Invalid value for \`${field}\`.`, field);
  return v as T;
}

/** The cursor: the offset of the next page, bound to the query it pages through (opaque to clients). */
function queryKey(body: Record<string, unknown>): string {
  const { cursor: _cursor, ...rest } = body;
  return JSON.stringify(rest);
}

function pageOf<T>(items: T[], body: Record<string, unknown>, limit: number): { page: T[]; cursor?: string } {
  let offset = 0;
  const key = queryKey(body);
  if (body.cursor !== undefined) {
    let parsed: unknown;
    try {
      parsed = typeof body.cursor === 'string' ? JSON.parse(Buffer.from(body.cursor, 'base64url').toString('utf8')) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!isObj(parsed) || typeof parsed.o !== 'number' || parsed.k !== key) {
      throw new BadRequest('INVALID_CURSOR', 'The pagination cursor is not valid for this query.', 'cursor');
    }
    offset = parsed.o;
  }
  const page = items.slice(offset, offset + limit);
  const next = offset + limit < items.length ? Buffer.from(JSON.stringify({ o: offset + limit, k: key })).toString('base64url') : undefined;
  return { page, cursor: next };
}

function byTime<T extends { id: string }>(items: T[], time: (x: T) => string | undefined, order: 'ASC' | 'DESC'): T[] {
  const sign = order === 'DESC' ? -1 : 1;
  return items.slice().sort((a, b) => {
    const ta = Date.parse(time(a) ?? '') || 0;
    const tb = Date.parse(time(b) ?? '') || 0;
    return ta !== tb ? sign * (ta - tb) : sign * a.id.localeCompare(b.id);
  });
}

function searchTeamMembers(data: SquareData, body: Record<string, unknown>) {
  const query = objAt(body.query, 'query');
  const filter = objAt(query?.filter, 'query.filter');
  const locationIds = stringsAt(filter?.location_ids, 'query.filter.location_ids');
  const status = enumAt(filter?.status, 'query.filter.status', ['ACTIVE', 'INACTIVE'] as const);
  const isOwner = filter?.is_owner === true;
  const limit = limitAt(body.limit, 200, 100);
  const items = data.teamMembers.filter((tm) =>
    (!locationIds?.length || tm.assigned_locations.location_ids.some((l) => locationIds.includes(l))) &&
    (!status || tm.status === status) && (!isOwner || tm.is_owner));
  const { page, cursor } = pageOf(items, body, limit);
  return { team_members: page, ...(cursor ? { cursor } : {}) };
}

function searchTimecards(data: SquareData, body: Record<string, unknown>) {
  const query = objAt(body.query, 'query');
  const filter = objAt(query?.filter, 'query.filter');
  const sort = objAt(query?.sort, 'query.sort');
  const locationIds = stringsAt(filter?.location_ids, 'query.filter.location_ids');
  const memberIds = stringsAt(filter?.team_member_ids, 'query.filter.team_member_ids');
  const status = enumAt(filter?.status, 'query.filter.status', ['OPEN', 'CLOSED'] as const);
  const start = rangeAt(filter?.start, 'query.filter.start');
  const end = rangeAt(filter?.end, 'query.filter.end');
  const field = enumAt(sort?.field, 'query.sort.field', ['START_AT', 'END_AT', 'CREATED_AT', 'UPDATED_AT'] as const) ?? 'START_AT';
  const order = enumAt(sort?.order, 'query.sort.order', ['ASC', 'DESC'] as const) ?? 'ASC';
  const limit = limitAt(body.limit, 200, 200);
  const items = data.timecards.filter((t) =>
    (!locationIds?.length || locationIds.includes(t.location_id)) && (!memberIds?.length || memberIds.includes(t.team_member_id)) &&
    (!status || t.status === status) && (!start || start(t.start_at)) && (!end || end(t.end_at)));
  const key = { START_AT: 'start_at', END_AT: 'end_at', CREATED_AT: 'created_at', UPDATED_AT: 'updated_at' } as const;
  const { page, cursor } = pageOf(byTime(items, (t) => t[key[field]], order), body, limit);
  return { timecards: page, ...(cursor ? { cursor } : {}) };
}

function searchOrders(data: SquareData, body: Record<string, unknown>, merchantLocations: string[]) {
  const locationIds = stringsAt(body.location_ids, 'location_ids');
  if (!locationIds?.length) throw new BadRequest('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'location_ids');
  if (locationIds.length > 10) throw new BadRequest('ARRAY_LENGTH_TOO_LONG', 'At most 10 location IDs.', 'location_ids');
  const unknown = locationIds.find((l) => !merchantLocations.includes(l));
  if (unknown) throw new BadRequest('NOT_FOUND', `Location \`${unknown}\` not found.`, 'location_ids');
  const query = objAt(body.query, 'query');
  const filter = objAt(query?.filter, 'query.filter');
  const sort = objAt(query?.sort, 'query.sort');
  const stateFilter = objAt(filter?.state_filter, 'query.filter.state_filter');
  const states = stringsAt(stateFilter?.states, 'query.filter.state_filter.states');
  const dtf = objAt(filter?.date_time_filter, 'query.filter.date_time_filter');
  const fields = (['created_at', 'updated_at', 'closed_at'] as const).filter((f) => dtf?.[f] !== undefined && dtf[f] !== null);
  if (fields.length > 1) throw new BadRequest('BAD_REQUEST', 'Only one time range can be filtered at a time.', 'query.filter.date_time_filter');
  const sortField = enumAt(sort?.sort_field, 'query.sort.sort_field', ['CREATED_AT', 'UPDATED_AT', 'CLOSED_AT'] as const) ?? 'CREATED_AT';
  const sortOrder = enumAt(sort?.sort_order, 'query.sort.sort_order', ['ASC', 'DESC'] as const) ?? 'DESC';
  if (fields[0] && fields[0].toUpperCase() !== sortField) {
    throw new BadRequest('BAD_REQUEST', `The sort_field must be ${fields[0].toUpperCase()} when filtering by ${fields[0]}.`, 'query.sort.sort_field');
  }
  if (sortField === 'CLOSED_AT' && (!states?.length || states.some((s) => s !== 'COMPLETED' && s !== 'CANCELED'))) {
    throw new BadRequest('BAD_REQUEST', 'Sorting by CLOSED_AT requires a state_filter of COMPLETED or CANCELED orders.', 'query.sort.sort_field');
  }
  const range = fields[0] ? rangeAt(dtf?.[fields[0]], `query.filter.date_time_filter.${fields[0]}`) : undefined;
  const limit = limitAt(body.limit, 1000, 500);
  const items = data.orders.filter((o) =>
    locationIds.includes(o.location_id) && (!states?.length || states.includes(o.state)) && (!range || range(o[fields[0] as 'closed_at'])));
  const key = { CREATED_AT: 'created_at', UPDATED_AT: 'updated_at', CLOSED_AT: 'closed_at' } as const;
  const { page, cursor } = pageOf(byTime(items, (o) => o[key[sortField]], sortOrder), body, limit);
  if (body.return_entries === true) {
    return { order_entries: page.map((o) => ({ order_id: o.id, version: o.version, location_id: o.location_id })), ...(cursor ? { cursor } : {}) };
  }
  return { orders: page, ...(cursor ? { cursor } : {}) };
}

/** A body the documentation does not allow (a list that is not a list, a record without its id). */
function corrupted(listKey: string): Record<string, unknown> {
  return { [listKey]: [{ id: 12345, start_at: 'not a time', closed_at: 'yesterday-ish' }], cursor: 17 };
}

export function squareRouter(state: SimulatorState): Router {
  // the personal access token of the square_api_key account: the merchant's, all scopes, no expiry
  state.seedToken(SIMULATED.square_api_key.accessToken, { vendor: 'square', kind: 'access', account: MERCHANT.merchantId, scopes: ALL_SCOPES });

  const r = express.Router();
  r.use(scriptedFailures(state, 'square', (res, status) => v2Error(res, status, undefined, status === 429 ? 'Rate limit exceeded.' : 'Simulated failure.')));
  r.use(express.json());

  r.get('/oauth2/authorize', (req, res) => {
    const clientId = queryParam(req, 'client_id');
    const redirectUri = queryParam(req, 'redirect_uri');
    if (clientId !== SIMULATED_OAUTH_APPS.square.clientId) return void res.status(400).type('text').send('Invalid client_id');
    if (!validRedirectUri(redirectUri)) return void res.status(400).type('text').send('Invalid redirect_uri');
    const stateParam = queryParam(req, 'state');
    if (state.denyNextAuthorize) {
      state.denyNextAuthorize = false;
      return redirectWith(res, redirectUri, { error: 'access_denied', error_description: 'user_denied', state: stateParam });
    }
    const scopes = (queryParam(req, 'scope') ?? 'MERCHANT_PROFILE_READ PAYMENTS_READ SETTLEMENTS_READ BANK_ACCOUNTS_READ').split(/[\s+]+/).filter(Boolean);
    const code = state.issueCode(randomToken('sq0cgp-SIM', 16), { vendor: 'square', clientId, redirectUri, scopes, account: MERCHANT.merchantId }, SQUARE_CODE_TTL_SECONDS);
    redirectWith(res, redirectUri, { code, response_type: 'code', state: stateParam });
  });

  r.post('/oauth2/token', (req, res) => {
    const clientId = bodyField(req, 'client_id');
    const app = SIMULATED_OAUTH_APPS.square;
    if (clientId !== app.clientId || bodyField(req, 'client_secret') !== app.clientSecret || state.isRevoked(app.clientSecret)) {
      return oauthError(res, 401, 'Not Authorized');
    }
    const grantType = bodyField(req, 'grant_type');
    let scopes: string[];
    let refreshToken: string;
    if (grantType === 'authorization_code') {
      const check = state.redeemCode('square', bodyField(req, 'code'), clientId, bodyField(req, 'redirect_uri'));
      if (!check.ok) {
        if (check.reason === 'redirect_uri') return oauthError(res, 400, 'The redirect_uri does not match the one of the authorization request');
        const why = { used: 'Authorization code is already redeemed', expired: 'Authorization code is expired', unknown: 'Authorization code not found', client: 'Authorization code not found' }[check.reason];
        return oauthError(res, 401, why);
      }
      scopes = check.code.scopes;
      refreshToken = randomToken('EQAAlSIM', 48);
      state.issueToken('square', 'refresh', refreshToken, { clientId, account: MERCHANT.merchantId, scopes });
    } else if (grantType === 'refresh_token') {
      refreshToken = bodyField(req, 'refresh_token') ?? '';
      const check = state.checkToken('square', 'refresh', refreshToken);
      if (!check.ok || check.token.clientId !== clientId) return oauthError(res, 401, 'Not Authorized');
      scopes = check.token.scopes;
    } else {
      return oauthError(res, 400, 'Unsupported grant_type');
    }
    const accessToken = randomToken('EAAAlSIM', 48);
    const issued = state.issueToken('square', 'access', accessToken, { clientId, account: MERCHANT.merchantId, scopes }, state.accessTtl(SQUARE_ACCESS_TOKEN_TTL_SECONDS));
    res.json({
      access_token: accessToken,
      token_type: 'bearer',
      expires_at: isoSeconds(issued.expiresAt ?? state.now()),
      merchant_id: MERCHANT.merchantId,
      refresh_token: refreshToken,
      short_lived: false,
    });
  });

  r.get('/v2/merchants/:merchantId', (req, res) => {
    const auth = authorize(state, req, res, 'MERCHANT_PROFILE_READ');
    if (!auth) return;
    const id = req.params.merchantId === 'me' ? auth.account : req.params.merchantId;
    if (id !== auth.account) return v2Error(res, 404, 'NOT_FOUND', `Merchant with ID \`${id}\` not found.`);
    res.json({
      merchant: {
        id: MERCHANT.merchantId, business_name: MERCHANT.businessName, country: 'US', language_code: 'en-US', currency: 'USD',
        status: 'ACTIVE', main_location_id: LOCATION.id, created_at: '2024-03-01T09:30:00.000Z',
      },
    });
  });

  r.get('/v2/locations', (req, res) => {
    const auth = authorize(state, req, res, 'MERCHANT_PROFILE_READ');
    if (!auth) return;
    const data = squareSimData();
    res.json({
      locations: data.locations.map((l) => ({
        id: l.id, name: l.name, business_name: MERCHANT.businessName, merchant_id: MERCHANT.merchantId, timezone: l.timezone,
        status: l.status, type: 'PHYSICAL', country: 'US', currency: l.currency, created_at: squareTime(data.startAt - 400 * 86_400_000),
      })),
    });
  });

  const search = (path: string, scope: string, listKey: string, run: (data: SquareData, body: Record<string, unknown>) => unknown) => {
    r.post(path, (req, res) => {
      const auth = authorize(state, req, res, scope);
      if (!auth) return;
      const body: unknown = req.body ?? {};
      if (!isObj(body)) return v2Error(res, 400, 'EXPECTED_OBJECT', 'Expected the request body to be an object.');
      let answer: unknown;
      try {
        answer = run(squareSimData(), body);
      } catch (err) {
        if (!(err instanceof BadRequest)) throw err;
        return void res.status(400).json({ errors: [{ category: 'INVALID_REQUEST_ERROR', code: err.code, detail: err.detail, ...(err.field ? { field: err.field } : {}) }] });
      }
      res.json(takeCorruption() ? corrupted(listKey) : answer);
    });
  };
  search('/v2/team-members/search', 'EMPLOYEES_READ', 'team_members', searchTeamMembers);
  search('/v2/labor/timecards/search', 'TIMECARDS_READ', 'timecards', searchTimecards);
  search('/v2/orders/search', 'ORDERS_READ', 'orders', (data, body) => searchOrders(data, body, data.locations.map((l) => l.id)));

  r.get('/v2/locations/:locationId', (req, res) => {
    const auth = authorize(state, req, res, 'MERCHANT_PROFILE_READ');
    if (!auth) return;
    if (req.params.locationId !== LOCATION.id || auth.account !== MERCHANT.merchantId) {
      return v2Error(res, 404, 'NOT_FOUND', `Location \`${req.params.locationId}\` not found.`);
    }
    res.json({
      location: {
        id: LOCATION.id, name: LOCATION.name, business_name: MERCHANT.businessName, merchant_id: MERCHANT.merchantId,
        timezone: 'America/Chicago', status: 'ACTIVE', type: 'PHYSICAL', country: 'US', currency: 'USD', language_code: 'en-US',
        capabilities: ['CREDIT_CARD_PROCESSING'], created_at: '2024-03-01T09:30:00.000Z',
        address: { address_line_1: '1 Main Street', locality: 'Springfield', administrative_district_level_1: 'IL', postal_code: '62701', country: 'US' },
      },
    });
  });

  return r;
}
