import express, { type Request, type Response, type Router } from 'express';
import { TOKEN_LIFETIMES } from './rules';
import { SIMULATED, SIMULATED_NAMES, SIMULATED_OAUTH_ACCOUNTS, SIMULATED_OAUTH_APPS } from './accounts';
import {
  generateSquareData,
  squareTime,
  squareTruth,
  type SquareData,
  type SquareDataOptions,
  type SquareGroundTruth,
  type SquareTeamMember,
  type SquareTimecard,
} from './square-data';
import {
  bearerToken,
  bodyField,
  queryParam,
  randomToken,
  redirectWith,
  scriptedFailures,
  validRedirectUri,
  type SimulatorState,
} from './state';

/**
 * A local Square: the OAuth pages and the API calls the connectors make (src/pos/connectors/vendors/square.ts
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
 *   ./square-data.ts (`squareSimData()`; `configureSquareSim(options)` for another size, e.g. a year;
 *   `squareGroundTruth(accountId)` for what a connection must read):
 *   POST /v2/team-members/search (SearchTeamMembers: filter location_ids / status / is_owner, limit
 *   1-200, default 100), POST /v2/labor/timecards/search (SearchTimecards: filter location_ids,
 *   team_member_ids, status, start / end time ranges; sort START_AT | END_AT | CREATED_AT | UPDATED_AT;
 *   limit 1-200, default 200), POST /v2/orders/search (SearchOrders: 1-10 location_ids, state_filter,
 *   date_time_filter created_at | updated_at | closed_at which must match sort.sort_field, limit 1-1000,
 *   default 500), POST /v2/orders/batch-retrieve (BatchRetrieveOrders: 1-100 order_ids),
 *   GET /v2/payments (ListPayments: begin_time inclusive, end_time exclusive, on created_at; one
 *   location_id, default the main one; sort_order; limit 1-100) and GET /v2/payments/{id}.
 *   Search time ranges are inclusive at both ends; results sorted by the sorted time then id; opaque
 *   keyset cursors bound to the query (another query with the cursor: 400 INVALID_CURSOR); bad
 *   requests answer 400 {errors: [{category: INVALID_REQUEST_ERROR, code, detail, field}]}.
 * - Faults, scripted on the SimulatorState (./state.ts): failNext('square', 429 | 5xx, {retryAfter}),
 *   hangNext (no answer: the client's timeout), and on the data pages (the three searches):
 *   malformPage, duplicateAcrossPages, modifyAfterPage (an order gets a tip adjustment, a timecard
 *   a later clock-out, a team member a new phone, at the simulator's now); revoke(token) for a
 *   revoked token. `corruptSquarePage(n)` is the older way to malform a page.
 */

export const SQUARE_ACCESS_TOKEN_TTL_SECONDS = TOKEN_LIFETIMES.square.access;
export const SQUARE_CODE_TTL_SECONDS = TOKEN_LIFETIMES.square.code;

const MERCHANT = SIMULATED_OAUTH_ACCOUNTS.square;
const LOCATION = { id: SIMULATED.square_api_key.locationId, name: SIMULATED_NAMES.square_api_key };
const ALL_SCOPES = [
  'MERCHANT_PROFILE_READ',
  'EMPLOYEES_READ',
  'TIMECARDS_READ',
  'ORDERS_READ',
  'PAYMENTS_READ',
  'ITEMS_READ',
];

const CATEGORY: Record<number, string> = {
  400: 'INVALID_REQUEST_ERROR',
  401: 'AUTHENTICATION_ERROR',
  403: 'AUTHENTICATION_ERROR',
  404: 'INVALID_REQUEST_ERROR',
  429: 'RATE_LIMIT_ERROR',
};
const CODE: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_SERVER_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

function v2Error(res: Response, status: number, code = CODE[status] ?? 'INTERNAL_SERVER_ERROR', detail?: string): void {
  res
    .status(status)
    .json({ errors: [{ category: CATEGORY[status] ?? 'API_ERROR', code, ...(detail ? { detail } : {}) }] });
}

/** The legacy error shape of Square's OAuth endpoints. */
function oauthError(
  res: Response,
  status: number,
  message: string,
  type = status === 401 ? 'service.not_authorized' : 'bad_request',
): void {
  res.status(status).json({ message, type });
}

/** Checks the bearer token of an API call (and a scope); answers the error itself when it fails. */
function authorize(state: SimulatorState, req: Request, res: Response, scope: string): { account: string } | undefined {
  const check = state.checkToken('square', 'access', bearerToken(req));
  if (!check.ok) {
    if (check.reason === 'missing')
      v2Error(
        res,
        401,
        'UNAUTHORIZED',
        'Your request did not include an `Authorization` http header with an access token.',
      );
    else if (check.reason === 'expired') v2Error(res, 401, 'ACCESS_TOKEN_EXPIRED', 'The access token has expired.');
    else if (check.reason === 'revoked')
      v2Error(res, 401, 'ACCESS_TOKEN_REVOKED', 'The access token has been revoked.');
    else v2Error(res, 401, 'UNAUTHORIZED', 'This request could not be authorized.');
    return undefined;
  }
  if (!check.token.scopes.includes(scope)) {
    v2Error(
      res,
      403,
      'INSUFFICIENT_SCOPES',
      `The merchant has not given your application sufficient permissions to do this. Required scope: ${scope}.`,
    );
    return undefined;
  }
  return { account: check.token.account };
}

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

// --- the data streams -------------------------------------------------------------------------

let simData: SquareData | undefined;
/** The options of the dataset served, and whether a `modify` fault changed it since it was built. */
let simOptions: SquareDataOptions | undefined;
let simModified = false;

/** The dataset options from the environment (the local stack, a benchmark run): SQUARE_SIM_DAYS, SQUARE_SIM_ORDERS_PER_DAY. */
function envOptions(): SquareDataOptions {
  const num = (name: string) => {
    const v = Number(process.env[name]);
    return Number.isFinite(v) && v > 0 ? v : undefined;
  };
  return { days: num('SQUARE_SIM_DAYS'), ordersPerDay: num('SQUARE_SIM_ORDERS_PER_DAY') };
}

/**
 * The seeded restaurant the simulator serves, built on first use: by default 60 days, 25 team
 * members, ~150 orders a day (SQUARE_SIM_DAYS and SQUARE_SIM_ORDERS_PER_DAY change that).
 */
export function squareSimData(): SquareData {
  return simData ?? configureSquareSim();
}

/** Serves another dataset; undefined: back to the default one (built again on next use). */
export function setSquareSimData(data: SquareData | undefined): void {
  simData = data;
  simOptions = undefined;
  simModified = false;
}

/**
 * Serves a freshly generated dataset: e.g. `configureSquareSim({ days: 365, ordersPerDay: 275 })`
 * for a year of ~100,000 orders (generated in well under a second, a few MB in columns).
 */
export function configureSquareSim(options: SquareDataOptions = {}): SquareData {
  simOptions = { ...envOptions(), ...options };
  simData = generateSquareData(simOptions);
  simModified = false;
  return simData;
}

/** The locations a connection reaches: the merchant's (an OAuth connection) or one (square_api_key). */
export function squareSimLocations(accountId: string, data = squareSimData()): string[] {
  if (accountId === MERCHANT.merchantId) return data.locations.map((l) => l.id);
  if (data.locations.some((l) => l.id === accountId)) return [accountId];
  throw new Error(`the Square simulator has no merchant or location ${accountId}`);
}

/**
 * Everything the simulator holds for a connection (merchant id or location id), normalized the way
 * the connector must read it (dev/vendors/square-data.ts, squareTruth), as of now: scripted
 * modifications included. Tests compare what a sync wrote with it record by record.
 */
export function squareGroundTruth(accountId: string): SquareGroundTruth {
  const data = squareSimData();
  return squareTruth(data, squareSimLocations(accountId, data));
}

let corruptCountdown: number | undefined;

/** The search page `after` pages from now (0: the next one) answers a body that is not as documented (state.malformPage does the same). */
export function corruptSquarePage(after = 0): void {
  corruptCountdown = after;
}

/**
 * Clears the page faults of corruptSquarePage, and builds the dataset again when `modify` faults
 * changed it (tests call it between cases).
 */
export function resetSquareFaults(): void {
  corruptCountdown = undefined;
  if (simModified && simOptions) configureSquareSim(simOptions);
  simModified = false;
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
  constructor(
    readonly code: string,
    readonly detail: string,
    readonly field?: string,
  ) {
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
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))
    throw new BadRequest('EXPECTED_ARRAY', `Expected \`${field}\` to be an array of strings.`, field);
  return v as string[];
}

function limitAt(v: unknown, max: number, dflt: number, field = 'limit'): number {
  if (v === undefined || v === null) return dflt;
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n))
    throw new BadRequest('EXPECTED_INTEGER', `Expected \`${field}\` to be an integer.`, field);
  if (n < 1) throw new BadRequest('VALUE_TOO_LOW', `\`${field}\` must be at least 1.`, field);
  if (n > max) throw new BadRequest('VALUE_TOO_HIGH', `\`${field}\` must be at most ${max}.`, field);
  return n;
}

function timeAt(x: unknown, field: string): number | undefined {
  if (x === undefined || x === null) return undefined;
  const ms = typeof x === 'string' ? Date.parse(x) : NaN;
  if (Number.isNaN(ms)) throw new BadRequest('INVALID_TIME', `Invalid RFC 3339 timestamp in \`${field}\`.`, field);
  return ms;
}

/** A TimeRange {start_at, end_at} (RFC 3339), inclusive at both ends. */
function rangeAt(v: unknown, field: string): { from?: number; to?: number } | undefined {
  const r = objAt(v, field);
  if (!r) return undefined;
  return { from: timeAt(r.start_at, `${field}.start_at`), to: timeAt(r.end_at, `${field}.end_at`) };
}

const inRange = (range: { from?: number; to?: number } | undefined, iso: string | undefined): boolean => {
  if (!range) return true;
  if (iso === undefined) return false;
  const t = Date.parse(iso);
  return (range.from === undefined || t >= range.from) && (range.to === undefined || t <= range.to);
};

function enumAt<T extends string>(v: unknown, field: string, values: readonly T[]): T | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || !(values as readonly string[]).includes(v))
    throw new BadRequest('INVALID_ENUM_VALUE', `Invalid value for \`${field}\`.`, field);
  return v as T;
}

/** A sort key: the sorted time, then the id. */
type Key = readonly [number, string];
const compareKeys = (a: Key, b: Key): number => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);

/**
 * One page of a list sorted ascending by key, in `order`, after the cursor: cursors are keyset
 * cursors (the key of the last record served, bound to the query), so a record modified while a
 * client pages (moved in the order) neither shifts the records after it nor is skipped. `range`
 * bounds the sorted time (inclusive; `toExclusive` for ListPayments' end_time). `duplicate` (a
 * scripted fault) starts the page at the last record already served.
 */
function keysetPage<T>(
  list: { length: number; at(pos: number): T; key(item: T): Key },
  o: {
    queryKey: string;
    cursor: unknown;
    order: 'ASC' | 'DESC';
    limit: number;
    match: (item: T) => boolean;
    range?: { from?: number; to?: number; toExclusive?: boolean };
    duplicate?: boolean;
  },
): { page: T[]; cursor?: string } {
  const firstWhere = (pred: (pos: number) => boolean): number => {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pred(mid)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const time = (pos: number) => list.key(list.at(pos))[0];
  const lo = o.range?.from === undefined ? 0 : firstWhere((p) => time(p) >= (o.range?.from as number));
  const to = o.range?.to;
  const hi = to === undefined ? list.length : firstWhere((p) => (o.range?.toExclusive ? time(p) >= to : time(p) > to));

  let after: Key | undefined;
  if (o.cursor !== undefined) {
    let parsed: unknown;
    try {
      parsed =
        typeof o.cursor === 'string' ? JSON.parse(Buffer.from(o.cursor, 'base64url').toString('utf8')) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!isObj(parsed) || typeof parsed.t !== 'number' || typeof parsed.i !== 'string' || parsed.k !== o.queryKey) {
      throw new BadRequest('INVALID_CURSOR', 'The pagination cursor is not valid for this query.', 'cursor');
    }
    after = [parsed.t, parsed.i];
  }
  const asc = o.order === 'ASC';
  const step = asc ? 1 : -1;
  const inside = (pos: number) => pos >= lo && pos < hi;
  let pos: number;
  if (after) {
    const k = after;
    const firstAfter = Math.max(
      lo,
      firstWhere((p) => compareKeys(list.key(list.at(p)), k) > 0),
    );
    pos = asc
      ? firstAfter
      : Math.min(
          hi,
          firstWhere((p) => compareKeys(list.key(list.at(p)), k) >= 0),
        ) - 1;
    if (o.duplicate) {
      for (let back = pos - step; inside(back); back -= step) {
        if (o.match(list.at(back))) {
          pos = back;
          break;
        }
      }
    }
  } else {
    pos = asc ? lo : hi - 1;
  }
  const page: T[] = [];
  let more = false;
  for (; inside(pos); pos += step) {
    const item = list.at(pos);
    if (!o.match(item)) continue;
    if (page.length === o.limit) {
      more = true;
      break;
    }
    page.push(item);
  }
  if (!more || page.length === 0) return { page };
  const [t, i] = list.key(page[page.length - 1]);
  return { page, cursor: Buffer.from(JSON.stringify({ k: o.queryKey, t, i })).toString('base64url') };
}

/** The query a cursor is bound to: the body (or query string) without the cursor. */
function queryKey(body: Record<string, unknown>): string {
  const { cursor: _cursor, ...rest } = body;
  return JSON.stringify(rest, Object.keys(rest).sort());
}

const ofArray = <T>(items: T[], key: (x: T) => Key) => ({ length: items.length, at: (p: number) => items[p], key });

function searchTeamMembers(data: SquareData, body: Record<string, unknown>, duplicate: boolean) {
  const query = objAt(body.query, 'query');
  const filter = objAt(query?.filter, 'query.filter');
  const locationIds = stringsAt(filter?.location_ids, 'query.filter.location_ids');
  const status = enumAt(filter?.status, 'query.filter.status', ['ACTIVE', 'INACTIVE'] as const);
  const isOwner = filter?.is_owner === true;
  const limit = limitAt(body.limit, 200, 100);
  const key = (tm: SquareTeamMember): Key => [0, tm.id];
  const sorted = data.teamMembers.slice().sort((a, b) => compareKeys(key(a), key(b)));
  const { page, cursor } = keysetPage(ofArray(sorted, key), {
    queryKey: queryKey(body),
    cursor: body.cursor,
    order: 'ASC',
    limit,
    duplicate,
    match: (tm) =>
      (!locationIds?.length || tm.assigned_locations.location_ids.some((l) => locationIds.includes(l))) &&
      (!status || tm.status === status) &&
      (!isOwner || tm.is_owner),
  });
  return { answer: { team_members: page, ...(cursor ? { cursor } : {}) }, first: page[0] };
}

function searchTimecards(data: SquareData, body: Record<string, unknown>, duplicate: boolean) {
  const query = objAt(body.query, 'query');
  const filter = objAt(query?.filter, 'query.filter');
  const sort = objAt(query?.sort, 'query.sort');
  const locationIds = stringsAt(filter?.location_ids, 'query.filter.location_ids');
  const memberIds = stringsAt(filter?.team_member_ids, 'query.filter.team_member_ids');
  const status = enumAt(filter?.status, 'query.filter.status', ['OPEN', 'CLOSED'] as const);
  const start = rangeAt(filter?.start, 'query.filter.start');
  const end = rangeAt(filter?.end, 'query.filter.end');
  const field =
    enumAt(sort?.field, 'query.sort.field', ['START_AT', 'END_AT', 'CREATED_AT', 'UPDATED_AT'] as const) ?? 'START_AT';
  const order = enumAt(sort?.order, 'query.sort.order', ['ASC', 'DESC'] as const) ?? 'ASC';
  const limit = limitAt(body.limit, 200, 200);
  const prop = (
    { START_AT: 'start_at', END_AT: 'end_at', CREATED_AT: 'created_at', UPDATED_AT: 'updated_at' } as const
  )[field];
  const key = (t: SquareTimecard): Key => [Date.parse(t[prop] ?? '') || 0, t.id];
  const sorted = data.timecards.slice().sort((a, b) => compareKeys(key(a), key(b)));
  const { page, cursor } = keysetPage(ofArray(sorted, key), {
    queryKey: queryKey(body),
    cursor: body.cursor,
    order,
    limit,
    duplicate,
    match: (t) =>
      (!locationIds?.length || locationIds.includes(t.location_id)) &&
      (!memberIds?.length || memberIds.includes(t.team_member_id)) &&
      (!status || t.status === status) &&
      inRange(start, t.start_at) &&
      (!end || inRange(end, t.end_at)),
  });
  return { answer: { timecards: page, ...(cursor ? { cursor } : {}) }, first: page[0] };
}

function checkLocations(locationIds: string[], merchantLocations: string[], field: string): void {
  const unknown = locationIds.find((l) => !merchantLocations.includes(l));
  if (unknown) throw new BadRequest('NOT_FOUND', `Location \`${unknown}\` not found.`, field);
}

function searchOrders(data: SquareData, body: Record<string, unknown>, duplicate: boolean) {
  const merchantLocations = data.locations.map((l) => l.id);
  const locationIds = stringsAt(body.location_ids, 'location_ids');
  if (!locationIds?.length) throw new BadRequest('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'location_ids');
  if (locationIds.length > 10)
    throw new BadRequest('ARRAY_LENGTH_TOO_LONG', 'At most 10 location IDs.', 'location_ids');
  checkLocations(locationIds, merchantLocations, 'location_ids');
  const query = objAt(body.query, 'query');
  const filter = objAt(query?.filter, 'query.filter');
  const sort = objAt(query?.sort, 'query.sort');
  const stateFilter = objAt(filter?.state_filter, 'query.filter.state_filter');
  const states = stringsAt(stateFilter?.states, 'query.filter.state_filter.states');
  const dtf = objAt(filter?.date_time_filter, 'query.filter.date_time_filter');
  const fields = (['created_at', 'updated_at', 'closed_at'] as const).filter(
    (f) => dtf?.[f] !== undefined && dtf[f] !== null,
  );
  if (fields.length > 1)
    throw new BadRequest(
      'BAD_REQUEST',
      'Only one time range can be filtered at a time.',
      'query.filter.date_time_filter',
    );
  const sortField =
    enumAt(sort?.sort_field, 'query.sort.sort_field', ['CREATED_AT', 'UPDATED_AT', 'CLOSED_AT'] as const) ??
    'CREATED_AT';
  const sortOrder = enumAt(sort?.sort_order, 'query.sort.sort_order', ['ASC', 'DESC'] as const) ?? 'DESC';
  if (fields[0] && fields[0].toUpperCase() !== sortField) {
    throw new BadRequest(
      'BAD_REQUEST',
      `The sort_field must be ${fields[0].toUpperCase()} when filtering by ${fields[0]}.`,
      'query.sort.sort_field',
    );
  }
  if (sortField === 'CLOSED_AT' && (!states?.length || states.some((s) => s !== 'COMPLETED' && s !== 'CANCELED'))) {
    throw new BadRequest(
      'BAD_REQUEST',
      'Sorting by CLOSED_AT requires a state_filter of COMPLETED or CANCELED orders.',
      'query.sort.sort_field',
    );
  }
  const range = fields[0] ? rangeAt(dtf?.[fields[0]], `query.filter.date_time_filter.${fields[0]}`) : undefined;
  const limit = limitAt(body.limit, 1000, 500);
  const store = data.orders;
  const column = ({ CREATED_AT: 'created', UPDATED_AT: 'updated', CLOSED_AT: 'closed' } as const)[sortField];
  const sorted = store.sortedBy(column);
  const time = (i: number) =>
    column === 'created' ? store.createdAt(i) : column === 'updated' ? store.updatedAt(i) : store.closedAt(i);
  // every simulated order is COMPLETED
  const wanted = !states?.length || states.includes('COMPLETED');
  const { page, cursor } = keysetPage(
    { length: sorted.length, at: (p) => sorted[p], key: (i): Key => [time(i), store.orderId(i)] },
    {
      queryKey: queryKey(body),
      cursor: body.cursor,
      order: sortOrder,
      limit,
      range,
      duplicate,
      match: (i) => wanted && locationIds.includes(store.locationId(i)),
    },
  );
  const next = cursor ? { cursor } : {};
  if (body.return_entries === true) {
    return {
      answer: {
        order_entries: page.map((i) => ({
          order_id: store.orderId(i),
          version: store.order(i).version,
          location_id: store.locationId(i),
        })),
        ...next,
      },
      first: page[0],
    };
  }
  return { answer: { orders: page.map((i) => store.order(i)), ...next }, first: page[0] };
}

/** BatchRetrieveOrders: up to 100 orders by id (unknown ids are left out), optionally of one location. */
function batchRetrieveOrders(data: SquareData, body: Record<string, unknown>) {
  const ids = stringsAt(body.order_ids, 'order_ids');
  if (!ids?.length) throw new BadRequest('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'order_ids');
  if (ids.length > 100) throw new BadRequest('ARRAY_LENGTH_TOO_LONG', 'At most 100 order IDs.', 'order_ids');
  const location = body.location_id;
  if (location !== undefined && location !== null && typeof location !== 'string')
    throw new BadRequest('EXPECTED_STRING', 'Expected `location_id` to be a string.', 'location_id');
  const store = data.orders;
  const found = ids
    .map((id) => store.indexOfOrder(id))
    .filter((i) => i >= 0 && (!location || store.locationId(i) === location));
  return { orders: found.map((i) => store.order(i)) };
}

/**
 * ListPayments: payments created in [begin_time, end_time) (default: the last year up to now) at
 * one location (default: the main one), sorted by created_at (sort_order, default DESC), limit
 * 1-100 (default 100), keyset cursors.
 */
function listPayments(data: SquareData, query: Record<string, unknown>, now: number) {
  const merchantLocations = data.locations.map((l) => l.id);
  const location =
    typeof query.location_id === 'string' && query.location_id ? query.location_id : merchantLocations[0];
  checkLocations([location], merchantLocations, 'location_id');
  const begin = timeAt(query.begin_time, 'begin_time') ?? now - 365 * 86_400_000;
  const end = timeAt(query.end_time, 'end_time') ?? now;
  const order = enumAt(query.sort_order, 'sort_order', ['ASC', 'DESC'] as const) ?? 'DESC';
  enumAt(query.sort_field, 'sort_field', ['CREATED_AT'] as const);
  const limit = limitAt(query.limit, 100, 100);
  const store = data.orders;
  const sorted = store.paymentsByCreated();
  const { page, cursor } = keysetPage(
    {
      length: sorted.length,
      at: (p) => sorted[p],
      key: (p): Key => [store.paidAt(p >> 1, p % 2), store.paymentId(p >> 1, p % 2)],
    },
    {
      queryKey: queryKey(query),
      cursor: query.cursor,
      order,
      limit,
      range: { from: begin, to: end, toExclusive: true },
      match: (p) => store.locationId(p >> 1) === location,
    },
  );
  return { payments: page.map((p) => store.payment(p >> 1, p % 2)), ...(cursor ? { cursor } : {}) };
}

/** A body the documentation does not allow (a list that is not a list, a record without its id). */
function corrupted(listKey: string): Record<string, unknown> {
  return { [listKey]: [{ id: 12345, start_at: 'not a time', closed_at: 'yesterday-ish' }], cursor: 17 };
}

/** A `modify` page fault: the first record of the page just served changes now. */
function modifyServed(state: SimulatorState, data: SquareData, listKey: string, first: unknown): void {
  if (first === undefined) return;
  simModified = true;
  const at = state.now();
  if (listKey === 'orders' && typeof first === 'number') {
    data.orders.modify(first, at);
    state.modifications.push({
      vendor: 'square',
      kind: 'order',
      id: data.orders.orderId(first),
      at: data.orders.updatedAt(first),
    });
  } else if (listKey === 'timecards') {
    const t = first as SquareTimecard;
    if (t.end_at) t.end_at = new Date(Date.parse(t.end_at) + 15 * 60_000).toISOString();
    t.updated_at = new Date(at).toISOString();
    t.version++;
    state.modifications.push({ vendor: 'square', kind: 'timecard', id: t.id, at });
  } else if (listKey === 'team_members') {
    const tm = first as SquareTeamMember;
    tm.phone_number = `+1312555${String(at % 10_000).padStart(4, '0')}`;
    tm.updated_at = new Date(at).toISOString();
    state.modifications.push({ vendor: 'square', kind: 'team_member', id: tm.id, at });
  }
}

function badRequest(res: Response, err: unknown): void {
  if (!(err instanceof BadRequest)) throw err;
  res.status(400).json({
    errors: [
      {
        category: 'INVALID_REQUEST_ERROR',
        code: err.code,
        detail: err.detail,
        ...(err.field ? { field: err.field } : {}),
      },
    ],
  });
}

export function squareRouter(state: SimulatorState): Router {
  // the personal access token of the square_api_key account: the merchant's, all scopes, no expiry
  state.seedToken(SIMULATED.square_api_key.accessToken, {
    vendor: 'square',
    kind: 'access',
    account: MERCHANT.merchantId,
    scopes: ALL_SCOPES,
  });

  const r = express.Router();
  r.use(
    scriptedFailures(state, 'square', (res, status) =>
      v2Error(res, status, undefined, status === 429 ? 'Rate limit exceeded.' : 'Simulated failure.'),
    ),
  );
  r.use(express.json());

  r.get('/oauth2/authorize', (req, res) => {
    const clientId = queryParam(req, 'client_id');
    const redirectUri = queryParam(req, 'redirect_uri');
    if (clientId !== SIMULATED_OAUTH_APPS.square.clientId)
      return void res.status(400).type('text').send('Invalid client_id');
    if (!validRedirectUri(redirectUri)) return void res.status(400).type('text').send('Invalid redirect_uri');
    const stateParam = queryParam(req, 'state');
    if (state.denyNextAuthorize) {
      state.denyNextAuthorize = false;
      return redirectWith(res, redirectUri, {
        error: 'access_denied',
        error_description: 'user_denied',
        state: stateParam,
      });
    }
    const scopes = (
      queryParam(req, 'scope') ?? 'MERCHANT_PROFILE_READ PAYMENTS_READ SETTLEMENTS_READ BANK_ACCOUNTS_READ'
    )
      .split(/[\s+]+/)
      .filter(Boolean);
    const code = state.issueCode(
      randomToken('sq0cgp-SIM', 16),
      { vendor: 'square', clientId, redirectUri, scopes, account: MERCHANT.merchantId },
      SQUARE_CODE_TTL_SECONDS,
    );
    redirectWith(res, redirectUri, { code, response_type: 'code', state: stateParam });
  });

  r.post('/oauth2/token', (req, res) => {
    const clientId = bodyField(req, 'client_id');
    const app = SIMULATED_OAUTH_APPS.square;
    if (
      clientId !== app.clientId ||
      bodyField(req, 'client_secret') !== app.clientSecret ||
      state.isRevoked(app.clientSecret)
    ) {
      return oauthError(res, 401, 'Not Authorized');
    }
    const grantType = bodyField(req, 'grant_type');
    let scopes: string[];
    let refreshToken: string;
    if (grantType === 'authorization_code') {
      const check = state.redeemCode('square', bodyField(req, 'code'), clientId, bodyField(req, 'redirect_uri'));
      if (!check.ok) {
        if (check.reason === 'redirect_uri')
          return oauthError(res, 400, 'The redirect_uri does not match the one of the authorization request');
        const why = {
          used: 'Authorization code is already redeemed',
          expired: 'Authorization code is expired',
          unknown: 'Authorization code not found',
          client: 'Authorization code not found',
        }[check.reason];
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
    const issued = state.issueToken(
      'square',
      'access',
      accessToken,
      { clientId, account: MERCHANT.merchantId, scopes },
      state.accessTtl(SQUARE_ACCESS_TOKEN_TTL_SECONDS),
    );
    res.json({
      access_token: accessToken,
      token_type: 'bearer',
      expires_at: isoSeconds(issued.expiresAt ?? state.now()),
      merchant_id: MERCHANT.merchantId,
      refresh_token: refreshToken,
      short_lived: false,
    });
  });

  // RevokeToken: `Authorization: Client {application secret}`, {client_id, access_token | merchant_id};
  // every token of the merchant's authorization for the application is revoked -> {success: true}
  r.post('/oauth2/revoke', (req, res) => {
    const app = SIMULATED_OAUTH_APPS.square;
    if (req.get('authorization') !== `Client ${app.clientSecret}` || bodyField(req, 'client_id') !== app.clientId)
      return oauthError(res, 401, 'Not Authorized');
    const accessToken = bodyField(req, 'access_token');
    const merchantId = bodyField(req, 'merchant_id');
    if ((accessToken === undefined) === (merchantId === undefined))
      return oauthError(res, 400, 'Provide exactly one of access_token and merchant_id');
    const check = accessToken === undefined ? undefined : state.checkToken('square', 'access', accessToken);
    const account = merchantId ?? (check?.ok ? check.token.account : undefined);
    if (!account || state.revokeGrant('square', app.clientId, account) === 0)
      return oauthError(res, 404, 'No authorization found', 'not_found');
    res.json({ success: true });
  });

  r.get('/v2/merchants/:merchantId', (req, res) => {
    const auth = authorize(state, req, res, 'MERCHANT_PROFILE_READ');
    if (!auth) return;
    const id = req.params.merchantId === 'me' ? auth.account : req.params.merchantId;
    if (id !== auth.account) return v2Error(res, 404, 'NOT_FOUND', `Merchant with ID \`${id}\` not found.`);
    res.json({
      merchant: {
        id: MERCHANT.merchantId,
        business_name: MERCHANT.businessName,
        country: 'US',
        language_code: 'en-US',
        currency: 'USD',
        status: 'ACTIVE',
        main_location_id: LOCATION.id,
        created_at: '2024-03-01T09:30:00.000Z',
      },
    });
  });

  r.get('/v2/locations', (req, res) => {
    const auth = authorize(state, req, res, 'MERCHANT_PROFILE_READ');
    if (!auth) return;
    const data = squareSimData();
    res.json({
      locations: data.locations.map((l) => ({
        id: l.id,
        name: l.name,
        business_name: MERCHANT.businessName,
        merchant_id: MERCHANT.merchantId,
        timezone: l.timezone,
        status: l.status,
        type: 'PHYSICAL',
        country: 'US',
        currency: l.currency,
        created_at: squareTime(data.startAt - 400 * 86_400_000),
      })),
    });
  });

  type Search = (
    data: SquareData,
    body: Record<string, unknown>,
    duplicate: boolean,
  ) => { answer: unknown; first: unknown };
  const search = (path: string, scope: string, listKey: string, run: Search) => {
    r.post(path, (req, res) => {
      const auth = authorize(state, req, res, scope);
      if (!auth) return;
      const body: unknown = req.body ?? {};
      if (!isObj(body)) return v2Error(res, 400, 'EXPECTED_OBJECT', 'Expected the request body to be an object.');
      const faults = state.nextPage('square');
      const data = squareSimData();
      let result: ReturnType<Search>;
      try {
        result = run(data, body, faults.has('duplicate'));
      } catch (err) {
        return badRequest(res, err);
      }
      const malformed = takeCorruption() || faults.has('malformed');
      res.json(malformed ? corrupted(listKey) : result.answer);
      if (faults.has('modify')) modifyServed(state, data, listKey, result.first);
    });
  };
  search('/v2/team-members/search', 'EMPLOYEES_READ', 'team_members', searchTeamMembers);
  search('/v2/labor/timecards/search', 'TIMECARDS_READ', 'timecards', searchTimecards);
  search('/v2/orders/search', 'ORDERS_READ', 'orders', searchOrders);

  r.post('/v2/orders/batch-retrieve', (req, res) => {
    if (!authorize(state, req, res, 'ORDERS_READ')) return;
    const body: unknown = req.body ?? {};
    if (!isObj(body)) return v2Error(res, 400, 'EXPECTED_OBJECT', 'Expected the request body to be an object.');
    try {
      res.json(batchRetrieveOrders(squareSimData(), body));
    } catch (err) {
      badRequest(res, err);
    }
  });

  r.get('/v2/payments', (req, res) => {
    if (!authorize(state, req, res, 'PAYMENTS_READ')) return;
    try {
      res.json(listPayments(squareSimData(), req.query as Record<string, unknown>, state.now()));
    } catch (err) {
      badRequest(res, err);
    }
  });

  r.get('/v2/payments/:paymentId', (req, res) => {
    if (!authorize(state, req, res, 'PAYMENTS_READ')) return;
    const data = squareSimData();
    const at = data.orders.indexOfPayment(req.params.paymentId);
    if (!at) return v2Error(res, 404, 'NOT_FOUND', `Could not find payment with id: ${req.params.paymentId}`);
    res.json({ payment: data.orders.payment(at[0], at[1]) });
  });

  r.get('/v2/locations/:locationId', (req, res) => {
    const auth = authorize(state, req, res, 'MERCHANT_PROFILE_READ');
    if (!auth) return;
    if (req.params.locationId !== LOCATION.id || auth.account !== MERCHANT.merchantId) {
      return v2Error(res, 404, 'NOT_FOUND', `Location \`${req.params.locationId}\` not found.`);
    }
    res.json({
      location: {
        id: LOCATION.id,
        name: LOCATION.name,
        business_name: MERCHANT.businessName,
        merchant_id: MERCHANT.merchantId,
        timezone: 'America/Chicago',
        status: 'ACTIVE',
        type: 'PHYSICAL',
        country: 'US',
        currency: 'USD',
        language_code: 'en-US',
        capabilities: ['CREDIT_CARD_PROCESSING'],
        created_at: '2024-03-01T09:30:00.000Z',
        address: {
          address_line_1: '1 Main Street',
          locality: 'Springfield',
          administrative_district_level_1: 'IL',
          postal_code: '62701',
          country: 'US',
        },
      },
    });
  });

  return r;
}
