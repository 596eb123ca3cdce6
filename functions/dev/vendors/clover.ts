import express, { type Response, type Router } from 'express';
import { SIMULATED_OAUTH_ACCOUNTS, SIMULATED_OAUTH_APPS } from './accounts';
import {
  CLOVER_CONCURRENCY,
  RATE_LIMITS,
  TOKEN_LIFETIMES,
  cloverFilterRange,
  cloverPage,
  refuse,
  takeRequest,
} from './rules';
import type { PosEmployee, PosPunch, PosSale } from '../../src/pos/connectors/types';
import {
  generateCloverData,
  type CloverDataOptions,
  type CloverSimData,
  type SimCloverOrder,
  type SimCloverPayment,
} from './clover-data';
import {
  bearerToken,
  bodyField,
  queryParam,
  randomToken,
  REASONS,
  redirectWith,
  scriptedFailures,
  validRedirectUri,
  type SimulatorState,
} from './state';

/**
 * A local Clover, the v2/OAuth flow with expiring tokens (src/pos/connectors/vendors/clover.ts names
 * the documentation followed):
 * - GET /oauth/v2/authorize?client_id&redirect_uri&state&response_type=code: consents at once and
 *   redirects with merchant_id, employee_id, client_id, code and state (error=access_denied when
 *   state.denyNextAuthorize is set).
 * - POST /oauth/v2/token {client_id, client_secret, code} -> {access_token, access_token_expiration,
 *   refresh_token, refresh_token_expiration} (Unix seconds); codes are single use.
 * - POST /oauth/v2/refresh {client_id, refresh_token} -> a new pair; the refresh token is single use.
 * - GET /v3/merchants/{mId} with Bearer -> the merchant.
 * Clover answers 401 {message} for every authentication problem (its "401 Unauthorized" page). The
 * lifetimes are not published ("do not hard code"): access tokens last 1 hour here, refresh tokens
 * a year (the documented samples are a year apart), codes 10 minutes (assumptions).
 * Data routes (the seeded merchant of ./clover-data.ts), Bearer access token of the merchant:
 * - GET /v3/merchants/{mId}/employees (expand=roles), /shifts (filter on inTime), /orders (filter on
 *   modifiedTime, expand=payments,refunds), each {elements: [...]}, paged by `limit` (default 100,
 *   400 beyond 1000) and `offset`, sorted by the filtered time then id. Repeated `filter=field<op>value`
 *   parameters (>=, >, <=, <, =); a time range longer than 90 days is cut to its last 90 days, as
 *   Clover documents.
 * - Faults (./state.ts): failNext('clover', ...), hangNext, malformPage (a page whose first element
 *   has a numeric id), duplicateAcrossPages (a page also repeats the last element of the page before),
 *   modifyAfterPage (on the orders list: the first order served gets a larger tip, modified now),
 *   revoke(accessToken); hangNext holds a request, which stays in progress for the concurrency
 *   limits (5 per access token, 10 per app: 429 beyond them, as Clover documents).
 * - Cases a sync must reverse or keep apart (./clover-data.ts): test-mode orders (testMode true),
 *   service charges on payments (Payment.serviceCharge {id, name, amount}, served with the
 *   payments.serviceCharge expansion), payments voided after close (result VOIDED, voidReason
 *   REOPEN_ORDER, the order's paymentState OPEN again), voided refunds (voided, status VOIDED), and
 *   through fixCloverShift / deleteCloverShift a clock-out fixed later and a deleted shift.
 */

export const CLOVER_ACCESS_TOKEN_TTL_SECONDS = TOKEN_LIFETIMES.clover.access;
export const CLOVER_REFRESH_TOKEN_TTL_SECONDS = TOKEN_LIFETIMES.clover.refresh;
export const CLOVER_CODE_TTL_SECONDS = TOKEN_LIFETIMES.clover.code;

const APP = SIMULATED_OAUTH_APPS.clover;
const MERCHANT = SIMULATED_OAUTH_ACCOUNTS.clover;

function cloverError(res: Response, status: number, message = `${status} ${REASONS[status] ?? 'Error'}`): void {
  res.status(status).json({ message });
}

function issuePair(state: SimulatorState, clientId: string) {
  const accessToken = randomToken('SIMclvAT-', 32);
  const refreshToken = randomToken('SIMclvRT-', 32);
  const access = state.issueToken(
    'clover',
    'access',
    accessToken,
    { clientId, account: MERCHANT.merchantId, scopes: [] },
    state.accessTtl(CLOVER_ACCESS_TOKEN_TTL_SECONDS),
  );
  const refresh = state.issueToken(
    'clover',
    'refresh',
    refreshToken,
    { clientId, account: MERCHANT.merchantId, scopes: [] },
    CLOVER_REFRESH_TOKEN_TTL_SECONDS,
  );
  return {
    access_token: accessToken,
    access_token_expiration: Math.floor((access.expiresAt ?? 0) / 1000),
    refresh_token: refreshToken,
    refresh_token_expiration: Math.floor((refresh.expiresAt ?? 0) / 1000),
  };
}

export const CLOVER_CASH_LABEL_KEY = 'com.clover.tender.cash';

/** The seeded merchant the simulator serves. */
export const cloverSim = { data: undefined as CloverSimData | undefined };

export function cloverSimData(): CloverSimData {
  if (!cloverSim.data) cloverSim.data = generateCloverData();
  return cloverSim.data;
}

/** Serves a freshly generated merchant. */
export function configureCloverSim(options: CloverDataOptions = {}): CloverSimData {
  cloverSim.data = generateCloverData(options);
  return cloverSim.data;
}

export interface CloverGroundTruth {
  employees: PosEmployee[];
  punches: PosPunch[];
  sales: PosSale[];
}

/**
 * The sales of one simulated order, as the connector must read them: none for a test-mode order
 * or one never paid; for a paid order a sale (net: paid less tax and service charge) and a negative
 * one per refund (a voided refund taken back: zero figures, voided); for an order reopened after it
 * closed (its payments voided, REOPEN_ORDER) and not paid again, the same records taken back.
 */
export function cloverOrderTruth(o: SimCloverOrder): PosSale[] {
  if (o.testMode) return [];
  const paid = o.payments.filter((p) => p.result === 'SUCCESS');
  const sold = o.state === 'locked' && paid.length > 0;
  const reopened = o.payments.filter((p) => p.voidReason === 'REOPEN_ORDER');
  if (!sold && reopened.length === 0) return [];
  const base = {
    employeeVendorId: o.employeeId,
    currency: o.currency,
    customers: 0,
    gratuities: 0,
    tipsTo: [],
    modifiedAt: o.modifiedTime,
  };
  const takenBack = { amount: 0, tips: 0, cashTips: 0, serviceCharges: 0, voided: true };
  const tips = (ps: typeof paid) => ps.reduce((n, p) => n + p.tipAmount, 0);
  return [
    {
      ...base,
      vendorId: o.id,
      closedAt: Math.max(...(sold ? paid : reopened).map((p) => p.createdTime)),
      ...(sold
        ? {
            amount: paid.reduce((n, p) => n + p.amount - p.taxAmount - p.serviceCharge, 0),
            tips: tips(paid),
            cashTips: tips(paid.filter((p) => p.tender === 'cash')),
            serviceCharges: paid.reduce((n, p) => n + p.serviceCharge, 0),
            voided: false,
          }
        : takenBack),
      refund: false,
      refundOf: null,
    },
    ...o.refunds.map((r): PosSale => {
      const cash = o.payments.find((p) => p.id === r.paymentId)?.tender === 'cash';
      return {
        ...base,
        vendorId: r.id,
        closedAt: r.createdTime,
        ...(sold && !r.voided
          ? {
              amount: 0 - (r.amount - r.taxAmount),
              tips: 0 - r.tipAmount,
              cashTips: cash ? 0 - r.tipAmount : 0,
              serviceCharges: 0,
              voided: false,
            }
          : takenBack),
        refund: true,
        refundOf: o.id,
      };
    }),
  ];
}

/**
 * A manager fixes a shift's clock-out after the fact (overrideOutTime): Clover keeps no time of
 * the edit, so nothing in the shift says it changed.
 */
export function fixCloverShift(id: string, overrideOutTime: number): void {
  const shift = cloverSimData().shifts.find((s) => s.id === id);
  if (!shift) throw new Error(`no simulated Clover shift ${id}`);
  shift.overrideOutTime = overrideOutTime;
}

/**
 * Reopens a paid order now (every SUCCESS payment voided, REOPEN_ORDER), and pays it again a
 * moment later with `newTip` when given: what Clover shows of a check reopened after it closed.
 */
export function reopenCloverOrder(id: string, payAgain?: { tipAmount: number }): void {
  const order = cloverSimData().orders.find((o) => o.id === id);
  const paid = order?.payments.filter((p) => p.result === 'SUCCESS') ?? [];
  if (!order || paid.length === 0) throw new Error(`no paid simulated Clover order ${id}`);
  const at = Math.max(Date.now(), order.modifiedTime + 1);
  for (const p of paid) Object.assign(p, { result: 'VOIDED', voidReason: 'REOPEN_ORDER', modifiedTime: at });
  order.state = 'open';
  order.modifiedTime = at;
  if (!payAgain) return;
  const [first] = paid;
  order.payments.push({
    ...first,
    id: `${first.id.slice(0, 9)}R${String(order.payments.length).padStart(3, '0')}`,
    tipAmount: payAgain.tipAmount,
    result: 'SUCCESS',
    voidReason: null,
    createdTime: at + 1,
    modifiedTime: at + 1,
  });
  order.state = 'locked';
  order.modifiedTime = at + 1;
}

/** Voids a refund now (Refund.voided): nothing of it stands. */
export function voidCloverRefund(id: string): void {
  const order = cloverSimData().orders.find((o) => o.refunds.some((r) => r.id === id));
  if (!order) throw new Error(`no simulated Clover refund ${id}`);
  order.refunds.find((r) => r.id === id)!.voided = true;
  order.modifiedTime = Math.max(Date.now(), order.modifiedTime + 1);
}

/** A manager deletes a shift: Clover keeps no trace of it (no deleted flag, no webhook). */
export function deleteCloverShift(id: string): void {
  const data = cloverSimData();
  data.shifts = data.shifts.filter((s) => s.id !== id);
}

/**
 * Everything the simulated merchant holds, normalized the way the connector must read it:
 * employees (deleted ones inactive; first word of the name as first name; no phone), shifts with
 * overrides applied and no breaks (Clover has none), a sale per paid order and a negative one per refund.
 */
export function cloverGroundTruth(): CloverGroundTruth {
  const data = cloverSimData();
  const employees = data.employees.map((e): PosEmployee => {
    const space = e.name.indexOf(' ');
    return {
      vendorId: e.id,
      firstName: space < 0 ? e.name : e.name.slice(0, space),
      lastName: space < 0 ? '' : e.name.slice(space + 1),
      email: e.email,
      phone: null,
      active: e.deletedTime === null,
      jobTitle: e.roleName,
      modifiedAt: e.deletedTime ?? e.claimedTime,
    };
  });
  const punches = data.shifts.map((s): PosPunch => ({
    vendorId: s.id,
    employeeVendorId: s.employeeId,
    clockInAt: s.overrideInTime ?? s.inTime,
    clockOutAt: s.overrideOutTime ?? s.outTime,
    breaks: [],
    jobTitle: null,
    deleted: false,
    declaredCashTips: s.cashTipsCollected,
    modifiedAt: Math.max(s.inTime, s.overrideInTime ?? 0, s.outTime ?? 0, s.overrideOutTime ?? 0),
  }));
  return { employees, punches, sales: data.orders.flatMap(cloverOrderTruth) };
}

type Filter = { field: string; op: string; value: number };

/** Clover's repeated `filter` parameters (`modifiedTime>=1700000000000`); undefined when one is not understood. */
function filtersOf(req: express.Request): Filter[] | undefined {
  const raw = (req.query as Record<string, unknown>).filter;
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const out: Filter[] = [];
  for (const f of list) {
    const m = typeof f === 'string' ? /^\s*([A-Za-z.]+)\s*(>=|<=|>|<|=)\s*(-?\d+)\s*$/.exec(f) : null;
    if (!m) return undefined;
    out.push({ field: m[1], op: m[2], value: Number(m[3]) });
  }
  return out;
}

/** The records passing the time filters on `field`, the range cut to its last 90 days as Clover documents. */
function timeFiltered<T>(items: T[], filters: Filter[], field: string, time: (x: T) => number): T[] {
  let lo = -Infinity;
  let hi = Infinity;
  for (const f of filters.filter((x) => x.field === field)) {
    if (f.op === '>=') lo = Math.max(lo, f.value);
    else if (f.op === '>') lo = Math.max(lo, f.value + 1);
    else if (f.op === '<=') hi = Math.min(hi, f.value + 1);
    else if (f.op === '<') hi = Math.min(hi, f.value);
    else if (f.op === '=') [lo, hi] = [Math.max(lo, f.value), Math.min(hi, f.value + 1)];
  }
  [lo, hi] = cloverFilterRange(lo, hi);
  return items.filter((x) => time(x) >= lo && time(x) < hi).sort((a, b) => time(a) - time(b));
}

function renderOrder(o: SimCloverOrder, expand: string[]) {
  const href = `https://api.clover.com/v3/merchants/${MERCHANT.merchantId}/orders/${o.id}`;
  const tender = (t: 'cash' | 'card') =>
    t === 'cash'
      ? { id: 'SIMTENDERCASH', labelKey: CLOVER_CASH_LABEL_KEY, label: 'Cash', opensCashDrawer: true }
      : {
          id: 'SIMTENDERCARD',
          labelKey: 'com.clover.tender.credit_card',
          label: 'Credit Card',
          opensCashDrawer: false,
        };
  const serviceCharge = (p: SimCloverPayment) =>
    p.serviceCharge > 0 && expand.includes('payments.serviceCharge')
      ? { serviceCharge: { id: 'SIMSERVICECHG1', name: 'Large party gratuity', amount: p.serviceCharge } }
      : {};
  return {
    href,
    id: o.id,
    currency: o.currency,
    employee: o.employeeId ? { id: o.employeeId } : undefined,
    total: o.total,
    paymentState: o.state === 'open' ? 'OPEN' : o.refunds.some((r) => !r.voided) ? 'PARTIALLY_REFUNDED' : 'PAID',
    state: o.stateLabel === undefined ? o.state : (o.stateLabel ?? undefined),
    manualTransaction: false,
    groupLineItems: true,
    testMode: o.testMode,
    createdTime: o.createdTime,
    clientCreatedTime: o.createdTime,
    modifiedTime: o.modifiedTime,
    payments: {
      elements: o.payments.map((p) => ({
        id: p.id,
        order: { id: o.id },
        tender: tender(p.tender),
        amount: p.amount,
        tipAmount: p.tipAmount,
        taxAmount: p.taxAmount,
        cashbackAmount: 0,
        ...serviceCharge(p),
        employee: p.employeeId ? { id: p.employeeId } : undefined,
        createdTime: p.createdTime,
        clientCreatedTime: p.createdTime,
        modifiedTime: p.modifiedTime,
        offline: false,
        result: p.result,
        ...(p.voidReason ? { voidReason: p.voidReason } : {}),
      })),
    },
    refunds: {
      elements: o.refunds.map((r) => ({
        id: r.id,
        orderRef: { id: o.id },
        payment: { id: r.paymentId },
        // Refund.amount is the "total amount refunded, including tax and tip" (Clover SDK model
        // com.clover.sdk.v3.payments.Refund); the seeded refund keeps its tip apart
        amount: r.amount + r.tipAmount,
        taxAmount: r.taxAmount,
        tipAmount: r.tipAmount,
        createdTime: r.createdTime,
        clientCreatedTime: r.createdTime,
        voided: r.voided,
        status: r.voided ? 'VOIDED' : 'SUCCESS',
      })),
    },
  };
}

/**
 * Clover's concurrent-request limits ("Work with API usage and rate limits",
 * docs.clover.com/dev/docs/api-usage-rate-limits, checked 2026-12-02): 5 requests in progress at
 * once per access token and 10 per app; "a sixth request will return a 429 HTTP Too Many Requests
 * error". A request is in progress from its arrival (a held one included) until its answer is sent.
 */
function concurrencyLimits(state: SimulatorState): express.RequestHandler {
  const inProgress = new Map<string, number>();
  return (req, res, next) => {
    const token = bearerToken(req) ?? '';
    const check = state.checkToken('clover', 'access', token);
    const keys = [`token:${token}`, ...(check.ok ? [`app:${check.token.clientId ?? ''}`] : [])];
    const limits = [CLOVER_CONCURRENCY.token, CLOVER_CONCURRENCY.app];
    if (keys.some((k, i) => (inProgress.get(k) ?? 0) >= limits[i])) {
      res.set('Retry-After', '1');
      return cloverError(res, 429, 'Too Many Requests');
    }
    for (const k of keys) inProgress.set(k, (inProgress.get(k) ?? 0) + 1);
    res.on('close', () => {
      for (const k of keys) {
        const n = (inProgress.get(k) ?? 1) - 1;
        if (n <= 0) inProgress.delete(k);
        else inProgress.set(k, n);
      }
    });
    next();
  };
}

export function cloverRouter(state: SimulatorState): Router {
  const r = express.Router();
  r.use('/v3/merchants', concurrencyLimits(state));
  r.use(scriptedFailures(state, 'clover', (res, status) => cloverError(res, status)));
  r.use(express.json());

  r.get('/oauth/v2/authorize', (req, res) => {
    const clientId = queryParam(req, 'client_id');
    const redirectUri = queryParam(req, 'redirect_uri');
    if (clientId !== APP.clientId) return void res.status(400).type('text').send('Unknown client_id');
    if (!validRedirectUri(redirectUri)) return void res.status(400).type('text').send('Invalid redirect_uri');
    const stateParam = queryParam(req, 'state');
    if (state.denyNextAuthorize) {
      state.denyNextAuthorize = false;
      return redirectWith(res, redirectUri, { error: 'access_denied', state: stateParam });
    }
    const code = state.issueCode(
      randomToken('SIMclvCODE', 16),
      { vendor: 'clover', clientId, redirectUri, scopes: [], account: MERCHANT.merchantId },
      CLOVER_CODE_TTL_SECONDS,
    );
    redirectWith(res, redirectUri, {
      merchant_id: MERCHANT.merchantId,
      employee_id: MERCHANT.employeeId,
      client_id: clientId,
      code,
      state: stateParam,
    });
  });

  r.post('/oauth/v2/token', (req, res) => {
    const clientId = bodyField(req, 'client_id');
    if (
      clientId !== APP.clientId ||
      bodyField(req, 'client_secret') !== APP.clientSecret ||
      state.isRevoked(APP.clientSecret)
    ) {
      return cloverError(res, 401, 'Invalid client credentials');
    }
    const check = state.redeemCode('clover', bodyField(req, 'code'), clientId);
    if (!check.ok)
      return cloverError(
        res,
        401,
        check.reason === 'used' ? 'Authorization code has already been used' : 'Invalid or expired authorization code',
      );
    res.json(issuePair(state, clientId));
  });

  r.post('/oauth/v2/refresh', (req, res) => {
    const clientId = bodyField(req, 'client_id');
    if (clientId !== APP.clientId) return cloverError(res, 401, 'Invalid client_id');
    const refreshToken = bodyField(req, 'refresh_token');
    const check = state.checkToken('clover', 'refresh', refreshToken);
    if (!check.ok || check.token.clientId !== clientId) return cloverError(res, 401, 'Invalid refresh token');
    state.spend(refreshToken as string);
    res.json(issuePair(state, clientId));
  });

  r.get('/v3/merchants/:merchantId', (req, res) => {
    const check = state.checkToken('clover', 'access', bearerToken(req));
    if (!check.ok || check.token.account !== req.params.merchantId) return cloverError(res, 401);
    res.json({
      href: `https://api.clover.com/v3/merchants/${MERCHANT.merchantId}`,
      id: MERCHANT.merchantId,
      name: MERCHANT.name,
      owner: {
        href: `https://api.clover.com/v3/merchants/${MERCHANT.merchantId}/employees/${MERCHANT.employeeId}`,
        id: MERCHANT.employeeId,
      },
      isBillable: true,
      createdTime: 1709251200000,
    });
  });

  /** The merchant of a data route, when the bearer token is one of its access tokens; answers 401 itself otherwise. */
  const authorized = (req: express.Request, res: Response): boolean => {
    const token = bearerToken(req);
    const check = state.checkToken('clover', 'access', token);
    if (!check.ok || state.isRevoked(token) || check.token.account !== req.params.merchantId) {
      cloverError(res, 401);
      return false;
    }
    return withinRateLimits(res, token ?? '', check.token.clientId ?? '');
  };

  /** Clover's limits per access token and per app (./rules.ts): 429 with Retry-After beyond them. */
  const withinRateLimits = (res: Response, token: string, clientId: string): boolean => {
    for (const [key, windows] of [
      [`clover:token:${token}`, RATE_LIMITS.cloverToken],
      [`clover:app:${clientId}`, RATE_LIMITS.cloverApp],
    ] as const) {
      const decision = takeRequest(state.arrivals, key, windows);
      if (!decision.allowed) {
        refuse(res, decision);
        cloverError(res, 429, 'Too Many Requests');
        return false;
      }
    }
    return true;
  };

  /** One `limit`/`offset` page of `items` as {elements}, malformed when a page fault is due. */
  const page = (req: express.Request, res: Response, items: unknown[]): void => {
    const paging = cloverPage(queryParam(req, 'limit'), queryParam(req, 'offset'));
    if ('error' in paging) return cloverError(res, 400, paging.error);
    const { limit, offset } = paging;
    const due = state.nextPage('clover');
    // a record shifting pages between two requests: this page also holds the last one of the page before
    const elements = items.slice(due.has('duplicate') && offset > 0 ? offset - 1 : offset, offset + limit) as Record<
      string,
      unknown
    >[];
    if (due.has('malformed'))
      return void res.json({ elements: elements.map((e, i) => (i === 0 ? { ...e, id: 42 } : e)) });
    res.json({ elements, href: `https://api.clover.com${req.path}?limit=${limit}&offset=${offset}` });
    if (due.has('modify') && typeof elements[0]?.id === 'string') modifyOrder(elements[0].id);
  };

  /** A `modify` page fault on the orders list: the first order just served gets a larger tip now (no effect on other lists). */
  const modifyOrder = (id: string): void => {
    const order = cloverSimData().orders.find((o) => o.id === id);
    const payment = order?.payments.find((p) => p.result === 'SUCCESS');
    if (!order || !payment) return;
    payment.tipAmount += 100;
    order.modifiedTime = Math.max(order.modifiedTime + 1, state.now());
    state.modifications.push({ vendor: 'clover', kind: 'order', id, at: order.modifiedTime });
  };

  r.get('/v3/merchants/:merchantId/employees', (req, res) => {
    if (!authorized(req, res)) return;
    const roles = (queryParam(req, 'expand') ?? '').split(',').includes('roles');
    page(
      req,
      res,
      [...cloverSimData().employees]
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((e) => ({
          href: `https://api.clover.com/v3/merchants/${MERCHANT.merchantId}/employees/${e.id}`,
          id: e.id,
          name: e.name,
          nickname: e.nickname ?? undefined,
          email: e.email ?? undefined,
          role: e.role,
          isOwner: e.role === 'ADMIN',
          claimedTime: e.claimedTime,
          deletedTime: e.deletedTime ?? undefined,
          ...(roles ? { roles: { elements: [{ id: `SIMROLE${e.role}`, name: e.roleName, systemRole: e.role }] } } : {}),
        })),
    );
  });

  r.get('/v3/merchants/:merchantId/shifts', (req, res) => {
    if (!authorized(req, res)) return;
    const filters = filtersOf(req);
    if (!filters) return cloverError(res, 400, 'Invalid filter');
    page(
      req,
      res,
      timeFiltered(cloverSimData().shifts, filters, 'inTime', (s) => s.inTime).map((s) => ({
        id: s.id,
        employee: { id: s.employeeId },
        inTime: s.inTime,
        outTime: s.outTime ?? undefined,
        overrideInTime: s.overrideInTime ?? undefined,
        overrideOutTime: s.overrideOutTime ?? undefined,
        cashTipsCollected: s.cashTipsCollected,
        serverBanking: false,
      })),
    );
  });

  r.get('/v3/merchants/:merchantId/orders', (req, res) => {
    if (!authorized(req, res)) return;
    const filters = filtersOf(req);
    if (!filters) return cloverError(res, 400, 'Invalid filter');
    const expand = (queryParam(req, 'expand') ?? '').split(',');
    const orders = timeFiltered(cloverSimData().orders, filters, 'modifiedTime', (o) => o.modifiedTime)
      .sort((a, b) => a.modifiedTime - b.modifiedTime || (a.id < b.id ? -1 : 1))
      .map((o) => {
        const { payments, refunds, ...rest } = renderOrder(o, expand);
        return {
          ...rest,
          ...(expand.includes('payments') ? { payments } : {}),
          ...(expand.includes('refunds') ? { refunds } : {}),
        };
      });
    page(req, res, orders);
  });

  return r;
}
