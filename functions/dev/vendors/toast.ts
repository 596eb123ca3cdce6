import { randomUUID } from 'node:crypto';
import express, { type Response, type Router } from 'express';
import { SIMULATED, SIMULATED_NAMES, SIMULATED_UNREACHABLE } from './accounts';
import { RATE_LIMITS, TOKEN_LIFETIMES, refuse, takeRequest } from './rules';
import type { PosEmployee, PosPunch, PosSale } from '../../src/pos/connectors/types';
import {
  bearerToken,
  bodyField,
  queryParam,
  randomToken,
  REASONS,
  scriptedFailures,
  type SimulatorState,
} from './state';
import {
  generateToastData,
  type SimCheck,
  type SimPayment,
  type SimOrder,
  type SimTimeEntry,
  type ToastDataOptions,
  type ToastSimData,
} from './toast-data';

/**
 * A local Toast (src/pos/connectors/vendors/toast.ts names the documentation followed):
 * - POST /authentication/v1/authentication/login {clientId, clientSecret, userAccessType:
 *   'TOAST_MACHINE_CLIENT'} -> {token: {tokenType: 'Bearer', scope, expiresIn, accessToken,
 *   idToken, refreshToken}, status: 'SUCCESS'}; 401 for client credentials that are not valid. A
 *   login while the client's token is valid (before its last minute) gives the same token back; a
 *   third login of a client within an hour is answered 429 (Toast's authentication rate limit;
 *   `configureToastSim({ loginsPerHour })` changes or (false) lifts it).
 * - GET /restaurants/v1/restaurants/{restaurantGUID} with Bearer and Toast-Restaurant-External-ID:
 *   RestaurantInfo for the connected restaurant, 403 for a restaurant that has not granted the
 *   client access, 404 for a GUID Toast does not know.
 * - Labor API: GET /labor/v1/jobs, GET /labor/v1/employees (the whole list, deleted ones flagged),
 *   GET /labor/v1/timeEntries with startDate+endDate (inDate in [start, end), archived/deleted
 *   entries only with includeArchived=true) or modifiedStartDate+modifiedEndDate (always with
 *   deleted ones) or businessDate; a period longer than one (calendar) month answers 400.
 * - Orders API: GET /orders/v2/ordersBulk with startDate+endDate (orders modified in [start, end))
 *   or businessDate (yyyyMMdd), pageSize (1..100, default 100; 400 beyond) and page (from 1),
 *   ordered by modification time then GUID.
 *   All data routes need the bearer token issued by the login and the Toast-Restaurant-External-ID
 *   header of the connected restaurant; they serve the seeded restaurant of ./toast-data.ts.
 *   Its answers carry Link headers (rel first, self, prev, next), as the devguide's ordersBulk
 *   pagination example shows.
 * - Rate limits (devguide "Rate limiting"): 20 requests a second and 10,000 per 15 minutes per API
 *   client and restaurant, on the restaurant routes; beyond, 429 with Retry-After (seconds); every
 *   answer of those routes carries X-Toast-RateLimit-By / -Remaining / -Reset (epoch seconds).
 *   `configureToastSim({ rateLimit })` changes or (false) lifts them. GET /ordersBulk has its own
 *   endpoint limit of 5 a second per client and location (429 beyond; `ordersBulkPerSecond`), and
 *   historical reads closer than `historicalSpacingMs` (off by default) are answered 429 too.
 * - Money cases (./toast-data.ts): checks voided a day or more after they closed (voided,
 *   voidDate), checks reopened (paymentStatus OPEN or PAID again, closedDate kept), gratuity and
 *   delivery service charges (appliedServiceCharges), declared cash tips on time entries.
 * - Errors are Toast ErrorMessage objects {status, code, message, messageKey, fieldName, link,
 *   requestId, developerMessage, errors, canRetry}; `code` is left null (the numeric codes are not
 *   documented publicly).
 * - Faults, scripted on the SimulatorState (./state.ts): failNext('toast', ...), hangNext, and on
 *   the data pages (employees, timeEntries, ordersBulk): malformPage, duplicateAcrossPages (an
 *   ordersBulk page also repeats the last order of the page before it), modifyAfterPage (an order
 *   gets a tip adjustment, a time entry a later clock-out, an employee a new phone number, at the
 *   simulator's now); revoke(clientSecret) for revoked credentials. `malformNextToastPage` is the
 *   older way to malform a page.
 */

export const TOAST_TOKEN_TTL_SECONDS = TOKEN_LIFETIMES.toast.access;
/** "Do not request a new authentication token more than twice in a one-hour period" (doc.toasttab.com/doc/devguide/apiAuthenticationRateLimit.html). */
export const TOAST_LOGINS_PER_HOUR = 2;
const HOUR_MS = 3_600_000;
/** The dining option of the simulated restaurant's orders (Toast's configuration GUID of "Dine In"). */
const DINE_IN_GUID = 'a3f2c1d0-5b4e-4c8a-9d7f-0e1b2c3d4e5f';
const CLIENT = SIMULATED.toast;
/** The restaurant's configured service charges (configuration API ServiceCharge GUIDs). */
const GRATUITY_CHARGE_GUID = 'c1a0e5d2-7b3f-4e8a-9c6d-2f4b8a1e0d71';
const DELIVERY_CHARGE_GUID = 'c1a0e5d2-7b3f-4e8a-9c6d-2f4b8a1e0d72';
const gratuityCents = (c: SimCheck) =>
  c.serviceCharges.filter((sc) => sc.gratuity).reduce((n, sc) => n + sc.amountCents, 0);

function errorMessage(res: Response, status: number, message: string): void {
  res.status(status).json({
    status,
    code: null,
    message,
    messageKey: null,
    fieldName: null,
    link: 'https://doc.toasttab.com/doc/devguide/apiResponsesAndErrors.html',
    requestId: randomUUID(),
    developerMessage: null,
    errors: [],
    canRetry: null,
  });
}

/** A JWT-shaped (unsigned, simulated) access token, as Toast's are JSON Web Tokens. */
function simulatedJwt(): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss: 'toast-simulator', sub: CLIENT.clientId, jti: randomUUID() })}.${randomToken('', 24)}`;
}

/**
 * Test controls of the Toast data routes (module-wide, like the dataset): the restaurant served,
 * and malformed pages: after `malformedSkip` more data answers, the next `malformedNext` answers of
 * the data routes are not as documented.
 */
export const toastSim = {
  data: undefined as ToastSimData | undefined,
  /** The dataset as generated, restored by resetToastSim() once a scripted fault modified it. */
  pristine: undefined as ToastSimData | undefined,
  modified: false,
  malformedNext: 0,
  malformedSkip: 0,
  /** Toast's documented rate limits (./rules.ts); false: none. */
  rateLimit: {
    perSecond: RATE_LIMITS.toast[0].max,
    per15Minutes: RATE_LIMITS.toast[1].max,
  } as { perSecond: number; per15Minutes: number } | false,
  /** Logins a client may make in an hour ("Authentication rate limit": twice); false: any number. */
  loginsPerHour: TOAST_LOGINS_PER_HOUR as number | false,
  /** ordersBulk's endpoint limit per client and location (./rules.ts: 5 a second); false: none. */
  ordersBulkPerSecond: RATE_LIMITS.toastOrdersBulk[0].max as number | false,
  /**
   * The spacing Toast asks of historical ordersBulk reads (startDate/endDate wholly in the past,
   * "calls spaced at least 5-10 seconds apart"): a closer one is answered 429. 0 (the default, so
   * the test tier's backfills stay fast): not enforced.
   */
  historicalSpacingMs: 0,
};

/** The seeded restaurant the simulator serves (generated once, default options). */
export function toastSimData(): ToastSimData {
  if (!toastSim.data) configureToastSim();
  return toastSim.data as ToastSimData;
}

/** Serves a freshly generated restaurant (days, ordersPerDay ...) and/or other rate limits. */
export function configureToastSim(
  options: ToastDataOptions & {
    rateLimit?: { perSecond: number; per15Minutes: number } | false;
    loginsPerHour?: number | false;
    ordersBulkPerSecond?: number | false;
    historicalSpacingMs?: number;
  } = {},
): ToastSimData {
  const { rateLimit, loginsPerHour, ordersBulkPerSecond, historicalSpacingMs, ...data } = options;
  if (rateLimit !== undefined) toastSim.rateLimit = rateLimit;
  if (loginsPerHour !== undefined) toastSim.loginsPerHour = loginsPerHour;
  if (ordersBulkPerSecond !== undefined) toastSim.ordersBulkPerSecond = ordersBulkPerSecond;
  if (historicalSpacingMs !== undefined) toastSim.historicalSpacingMs = historicalSpacingMs;
  if (Object.keys(data).length > 0 || !toastSim.data) {
    toastSim.data = generateToastData(data);
    toastSim.pristine = structuredClone(toastSim.data);
    toastSim.modified = false;
  }
  return toastSim.data;
}

export interface ToastGroundTruth {
  employees: PosEmployee[];
  punches: PosPunch[];
  sales: PosSale[];
}

/**
 * Everything the simulated restaurant holds, normalized the way the connector must read it (as of
 * now: scripted modifications included): employees (deleted ones inactive), time entries (deleted
 * ones flagged), and per closed check a sale (net amount, tips, the cash part: tips of CASH
 * payments, the order's server, its guests on the first check) and per refunded payment a negative
 * sale; gratuity service charges as service charges. A check that closed and was then voided
 * (with its order or alone), deleted or reopened is its sale marked voided; voided payments are
 * left out. A time entry's declared cash tips are its punch's.
 */
export function toastGroundTruth(): ToastGroundTruth {
  const data = toastSimData();
  const titles = new Map(data.jobs.map((j) => [j.guid, j.title]));
  const employees = data.employees.map((e): PosEmployee => ({
    vendorId: e.guid,
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    phone: e.phone,
    active: !e.deleted,
    jobTitle: e.jobGuids.map((g) => titles.get(g)).find((t) => t !== undefined) ?? null,
    modifiedAt: e.modifiedAt,
  }));
  const punches = data.timeEntries.map((t): PosPunch => ({
    vendorId: t.guid,
    employeeVendorId: t.employeeGuid,
    clockInAt: t.inAt,
    clockOutAt: t.outAt,
    breaks: t.breaks.map((b) => ({ startAt: b.inAt, endAt: b.outAt, paid: b.paid })),
    jobTitle: t.jobGuid ? (titles.get(t.jobGuid) ?? null) : null,
    deleted: t.deleted,
    declaredCashTips: t.declaredCashTipsCents,
    modifiedAt: t.modifiedAt,
  }));
  return { employees, punches, sales: data.orders.flatMap(toastOrderTruth) };
}

/**
 * The part of a refund before tax: Toast's Payment.refund.refundAmount is "the amount of the refund,
 * excluding the tip" (tax included; orders API, Refund), while a sale is Check.amount (before tax).
 * Every refund of the seed is of the whole check's taxed amount or a share of it.
 */
function toastRefundNetCents(refundCents: number, c: SimCheck): number {
  return Math.round((refundCents * c.amountCents) / (c.amountCents + c.taxCents));
}

/** The sales of one simulated order, as the connector must read them. */
export function toastOrderTruth(o: SimOrder): PosSale[] {
  const out: PosSale[] = [];
  let guests = o.guests;
  for (const c of o.checks) {
    if (c.closedAt === null) continue;
    const voided = o.voided || o.deleted || c.voided || c.deleted || c.reopened !== null;
    const payments = c.payments.filter((p) => !p.voided);
    const base = { employeeVendorId: o.serverGuid, currency: 'USD', modifiedAt: c.modifiedAt, voided };
    const tips = (ps: typeof payments) => ps.reduce((n, p) => n + p.tipCents, 0);
    out.push({
      ...base,
      vendorId: c.guid,
      closedAt: c.closedAt,
      amount: c.amountCents,
      tips: tips(payments),
      cashTips: tips(payments.filter((p) => p.type === 'CASH')),
      gratuities: 0,
      serviceCharges: c.serviceCharges.filter((s) => s.gratuity).reduce((n, s) => n + s.amountCents, 0),
      customers: guests,
      refund: false,
      refundOf: null,
    });
    guests = 0;
    for (const p of payments) {
      if (!p.refund) continue;
      const details = p.refund.details;
      const charged = (gratuity: boolean) =>
        (details?.serviceCharges ?? [])
          .filter((r) => c.serviceCharges.find((sc) => sc.guid === r.guid)?.gratuity === gratuity)
          .reduce((n, r) => n + r.amountCents, 0);
      out.push({
        ...base,
        vendorId: `${p.guid}:refund`,
        closedAt: p.refund.at,
        amount: details
          ? 0 - details.items.reduce((n, i) => n + i.amountCents, 0) - charged(false)
          : -toastRefundNetCents(p.refund.amountCents, c),
        ...(details ? { serviceCharges: 0 - charged(true) } : {}),
        tips: 0 - p.refund.tipCents,
        cashTips: p.type === 'CASH' ? 0 - p.refund.tipCents : 0,
        customers: 0,
        refund: true,
        refundOf: c.guid,
      });
    }
  }
  return out;
}

/** The next data answer (after `skip` good ones) is a malformed page. */
export function malformNextToastPage(options: { skip?: number; times?: number } = {}): void {
  toastSim.malformedSkip = options.skip ?? 0;
  toastSim.malformedNext = options.times ?? 1;
}

/** Clears malformNextToastPage, and undoes the records changed by `modify` faults. */
export function resetToastSim(): void {
  toastSim.malformedNext = 0;
  toastSim.malformedSkip = 0;
  if (toastSim.modified && toastSim.pristine) toastSim.data = structuredClone(toastSim.pristine);
  toastSim.modified = false;
}

function malformedNow(): boolean {
  if (toastSim.malformedNext <= 0) return false;
  if (toastSim.malformedSkip > 0) {
    toastSim.malformedSkip--;
    return false;
  }
  toastSim.malformedNext--;
  return true;
}

/** Toast's date-time format: 2025-05-20T14:15:22.000+0000. */
export function toastDate(ms: number): string;
export function toastDate(ms: number | null): string | null;
export function toastDate(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString().replace('Z', '+0000');
}

/** An ISO-8601 date-time query value (Z, +hh:mm or +hhmm offsets); NaN when it is not one. */
function parseQueryDate(v: string | undefined): number {
  if (!v || !/^\d{4}-\d{2}-\d{2}T/.test(v)) return NaN;
  return Date.parse(v.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
}

function plusOneMonth(ms: number): number {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.getTime();
}

const dollars = (cents: number) => cents / 100;
const ref = (guid: string, entityType: string) => ({ guid, entityType, externalId: null });

function renderTimeEntry(t: SimTimeEntry) {
  return {
    ...ref(t.guid, 'TimeEntry'),
    createdDate: toastDate(t.createdAt),
    modifiedDate: toastDate(t.modifiedAt),
    deletedDate: t.deleted ? toastDate(t.modifiedAt) : null,
    deleted: t.deleted,
    jobReference: t.jobGuid ? ref(t.jobGuid, 'RestaurantJob') : null,
    employeeReference: ref(t.employeeGuid, 'RestaurantUser'),
    shiftReference: null,
    inDate: toastDate(t.inAt),
    outDate: toastDate(t.outAt),
    autoClockedOut: false,
    businessDate: toastDate(t.inAt).slice(0, 10).replace(/-/g, ''),
    regularHours: t.outAt === null ? 0 : Math.round(((t.outAt - t.inAt) / 3_600_000) * 100) / 100,
    overtimeHours: 0,
    hourlyWage: 15.5,
    breaks: t.breaks.map((b, i) => ({
      guid: `${t.guid.slice(0, -4)}b${String(i).padStart(3, '0')}`,
      breakType: { guid: 'b0000000-0000-4000-8000-000000000001', entityType: 'BreakType' },
      paid: b.paid,
      inDate: toastDate(b.inAt),
      outDate: toastDate(b.outAt),
      missed: false,
      waived: false,
      auditResponse: false,
    })),
    declaredCashTips: dollars(t.declaredCashTipsCents),
    nonCashTips: 0,
    cashSales: 0,
    nonCashSales: 0,
    tipsWithheld: 0,
  };
}

const refundTransactionOf = (p: SimPayment) => `${p.guid.slice(0, -4)}rfnd`;

/** A service charge's RefundDetails, when a payment's refund took it back. */
function refundOfCharge(c: SimCheck, guid: string) {
  for (const p of c.payments) {
    const r = p.refund?.details?.serviceCharges.find((x) => x.guid === guid);
    if (r)
      return {
        refundDetails: {
          refundAmount: dollars(r.amountCents),
          taxRefundAmount: 0,
          refundTransaction: ref(refundTransactionOf(p), 'RefundTransaction'),
        },
      };
  }
  return {};
}

/**
 * A server refunds items of a closed check now, through its first payment not refunded yet: items
 * of `items` cents before tax with `taxCents` each (their own tax rates), the check's gratuity
 * service charges when `gratuity`, and the payment's whole tip when `tip`. Toast shows it as the
 * payment's Refund (refundAmount: the refund excluding the tip, tax included; tipRefundAmount) and
 * RefundDetails on the refunded selections and service charges, one refund transaction. The check
 * and its order are modified now. Answers the payment's guid.
 */
export function refundToastItems(
  checkGuid: string,
  o: { items: { amountCents: number; taxCents: number }[]; gratuity: boolean; tip: boolean; at: number },
): string {
  const data = toastSimData();
  const order = data.orders.find((x) => x.checks.some((c) => c.guid === checkGuid));
  const check = order?.checks.find((c) => c.guid === checkGuid);
  const payment = check?.payments.find((p) => !p.voided && p.refund === null);
  if (!order || !check || !payment) throw new Error(`no refundable simulated Toast check ${checkGuid}`);
  const items = o.items.map((i, n) => ({ ...i, guid: `${checkGuid.slice(0, -4)}s${String(n).padStart(3, '0')}` }));
  const serviceCharges = o.gratuity
    ? check.serviceCharges.filter((sc) => sc.gratuity).map((sc) => ({ guid: sc.guid, amountCents: sc.amountCents }))
    : [];
  payment.refund = {
    amountCents:
      items.reduce((n, i) => n + i.amountCents + i.taxCents, 0) + serviceCharges.reduce((n, r) => n + r.amountCents, 0),
    tipCents: o.tip ? payment.tipCents : 0,
    at: o.at,
    details: { items, serviceCharges },
  };
  check.modifiedAt = o.at;
  order.modifiedAt = Math.max(order.modifiedAt, o.at);
  return payment.guid;
}

/** An order as ordersBulk (and the orders webhook's `details.order`) renders it. */
export function renderToastOrder(o: SimOrder) {
  return {
    ...ref(o.guid, 'Order'),
    openedDate: toastDate(o.openedAt),
    createdDate: toastDate(o.openedAt),
    modifiedDate: toastDate(o.modifiedAt),
    closedDate: toastDate(o.closedAt),
    paidDate: toastDate(o.closedAt),
    deleted: o.deleted,
    deletedDate: '1970-01-01T00:00:00.000+0000',
    voided: o.voided,
    voidDate: o.voided ? toastDate(Math.max(...o.checks.map((c) => c.voidedAt ?? o.modifiedAt))) : null,
    businessDate: o.businessDate,
    numberOfGuests: o.guests,
    server: o.serverGuid ? ref(o.serverGuid, 'RestaurantUser') : null,
    source: 'In Store',
    // required by Toast's Order schema (an ExternalReference): every simulated order is dine-in
    diningOption: ref(DINE_IN_GUID, 'DiningOption'),
    approvalStatus: 'APPROVED',
    checks: o.checks.map((c) => ({
      ...ref(c.guid, 'Check'),
      openedDate: toastDate(o.openedAt),
      createdDate: toastDate(o.openedAt),
      closedDate: toastDate(c.closedAt),
      modifiedDate: toastDate(c.modifiedAt),
      deleted: c.deleted,
      deletedDate: '1970-01-01T00:00:00.000+0000',
      voided: c.voided,
      voidDate: toastDate(c.voidedAt),
      voidBusinessDate: c.voidedAt === null ? null : Number(toastDate(c.voidedAt).slice(0, 10).replace(/-/g, '')),
      paymentStatus: c.reopened ?? (c.voided ? 'CLOSED' : c.closedAt === null ? 'OPEN' : 'CLOSED'),
      amount: dollars(c.amountCents),
      taxAmount: dollars(c.taxCents),
      // Check.amount "does not include gratuity": the gratuity charges are on top of it
      totalAmount: dollars(c.amountCents + c.taxCents + gratuityCents(c)),
      // the seed keeps no items; a refund of items (refundToastItems) shows them with their RefundDetails
      selections: c.payments.flatMap((p) =>
        (p.refund?.details?.items ?? []).map((i) => ({
          ...ref(i.guid, 'MenuItemSelection'),
          item: ref(`${i.guid.slice(0, -4)}item`, 'MenuItem'),
          quantity: 1,
          price: dollars(i.amountCents),
          tax: dollars(i.taxCents),
          voided: false,
          refundDetails: {
            refundAmount: dollars(i.amountCents),
            taxRefundAmount: dollars(i.taxCents),
            refundTransaction: ref(refundTransactionOf(p), 'RefundTransaction'),
          },
        })),
      ),
      appliedDiscounts: [],
      appliedServiceCharges: c.serviceCharges.map((sc) => ({
        ...ref(sc.guid, 'AppliedServiceCharge'),
        chargeAmount: dollars(sc.amountCents),
        serviceCharge: ref(sc.gratuity ? GRATUITY_CHARGE_GUID : DELIVERY_CHARGE_GUID, 'ServiceCharge'),
        chargeType: sc.gratuity ? 'PERCENT' : 'FIXED',
        name: sc.name,
        delivery: !sc.gratuity,
        takeout: false,
        dineIn: sc.gratuity,
        gratuity: sc.gratuity,
        taxable: false,
        appliedTaxes: [],
        serviceChargeCalculation: 'PRE_DISCOUNT',
        serviceChargeCategory: 'SERVICE_CHARGE',
        paymentGuid: null,
        ...refundOfCharge(c, sc.guid),
      })),
      payments: c.payments.map((p) => ({
        ...ref(p.guid, 'OrderPayment'),
        paidDate: toastDate(c.closedAt),
        type: p.type,
        amount: dollars(p.amountCents),
        tipAmount: dollars(p.tipCents),
        amountTendered: dollars(p.amountCents + p.tipCents),
        paymentStatus: p.voided ? 'VOIDED' : 'CAPTURED',
        refundStatus: p.refund === null ? 'NONE' : p.refund.amountCents === p.amountCents ? 'FULL' : 'PARTIAL',
        refund:
          p.refund === null
            ? null
            : {
                refundAmount: dollars(p.refund.amountCents),
                tipRefundAmount: dollars(p.refund.tipCents),
                refundDate: toastDate(p.refund.at),
                refundBusinessDate: Number(toastDate(p.refund.at).slice(0, 10).replace(/-/g, '')),
                refundTransaction: ref(refundTransactionOf(p), 'RefundTransaction'),
              },
      })),
    })),
  };
}

/** A data page's faults: the scripted ones (state) and the older malformNextToastPage. */
function pageFaults(state: SimulatorState): { malformed: boolean; duplicate: boolean; modify: boolean } {
  const due = state.nextPage('toast');
  return {
    malformed: malformedNow() || due.has('malformed'),
    duplicate: due.has('duplicate'),
    modify: due.has('modify'),
  };
}

export function toastRouter(state: SimulatorState): Router {
  const r = express.Router();
  const withinRateLimit = (req: express.Request, res: Response, clientId: string): boolean => {
    const limit = toastSim.rateLimit;
    if (!limit) return true;
    const key = `toast:${clientId}:${(req.get('toast-restaurant-external-id') ?? '').toLowerCase()}`;
    const windows = [
      { max: limit.perSecond, windowMs: 1000 },
      { max: limit.per15Minutes, windowMs: 900_000 },
    ];
    const decision = takeRequest(state.arrivals, key, windows);
    res.set({
      'X-Toast-RateLimit-By': 'GLOBAL',
      'X-Toast-RateLimit-Reset': String(Math.ceil(decision.resetAt / 1000)),
      'X-Toast-RateLimit-Remaining': String(decision.remaining),
    });
    if (decision.allowed) return true;
    refuse(res, decision);
    errorMessage(res, 429, 'Too many requests: the rate limit for this API client and restaurant is exceeded.');
    return false;
  };

  /** The token each client was last given, handed out again while it stays valid. */
  const currentLogins = new Map<string, string>();

  /**
   * Toast's authentication rate limit: a client logging in more than TOAST_LOGINS_PER_HOUR times
   * an hour is answered 429 (Toast itself may end its API access: the simulator makes the
   * violation visible instead). Counted in the state's arrivals (./rules.ts), forgotten by reset().
   */
  const withinLoginLimit = (res: Response, clientId: string): boolean => {
    const limit = toastSim.loginsPerHour;
    if (limit === false) return true;
    const decision = takeRequest(state.arrivals, `toast-login:${clientId}`, [{ max: limit, windowMs: HOUR_MS }]);
    if (decision.allowed) return true;
    refuse(res, decision);
    errorMessage(
      res,
      429,
      `Authentication rate limit: do not request a new authentication token more than ${limit} times in a one-hour period; reuse the token until it expires.`,
    );
    return false;
  };

  /** A `modify` page fault: the first record of the page just served changes now. */
  const modifyServed = (kind: 'order' | 'time_entry' | 'employee', guid: string | undefined): void => {
    if (!guid) return;
    const data = toastSimData();
    const at = state.now();
    if (kind === 'order') {
      const o = data.orders.find((x) => x.guid === guid);
      const payment = o?.checks.flatMap((c) => c.payments).find((p) => !p.voided);
      if (!o) return;
      if (payment) payment.tipCents += 100;
      for (const c of o.checks) c.modifiedAt = Math.max(c.modifiedAt, at);
      o.modifiedAt = Math.max(o.modifiedAt, at);
    } else if (kind === 'time_entry') {
      const t = data.timeEntries.find((x) => x.guid === guid);
      if (!t) return;
      if (t.outAt !== null) t.outAt += 15 * 60_000;
      t.modifiedAt = Math.max(t.modifiedAt, at);
    } else {
      const e = data.employees.find((x) => x.guid === guid);
      if (!e) return;
      e.phone = `617555${String(at % 10_000).padStart(4, '0')}`;
      e.modifiedAt = Math.max(e.modifiedAt, at);
    }
    toastSim.modified = true;
    state.modifications.push({ vendor: 'toast', kind, id: guid, at });
  };

  r.use(
    scriptedFailures(state, 'toast', (res, status) =>
      errorMessage(res, status, REASONS[status] ?? 'Simulated failure'),
    ),
  );
  r.use(express.json());

  r.post('/authentication/v1/authentication/login', (req, res) => {
    const clientId = bodyField(req, 'clientId');
    const clientSecret = bodyField(req, 'clientSecret');
    if (bodyField(req, 'userAccessType') !== 'TOAST_MACHINE_CLIENT')
      return errorMessage(res, 400, 'userAccessType must be TOAST_MACHINE_CLIENT');
    if (
      clientId !== CLIENT.clientId ||
      clientSecret !== CLIENT.clientSecret ||
      state.isRevoked(clientId, clientSecret)
    ) {
      return errorMessage(res, 401, 'The Toast API client credentials in your request are not valid.');
    }
    if (!withinLoginLimit(res, clientId)) return;
    // "Multiple requests for authentication tokens during the same period of token validity will
    // return the same token and the same expiration time" until its last minute (apiAuthTokenRefresh)
    const current = currentLogins.get(clientId);
    const check = current ? state.checkToken('toast', 'access', current) : undefined;
    const remaining = check?.ok ? (check.token.expiresAt ?? Infinity) - state.now() : 0;
    let accessToken = current as string;
    let ttl = Math.floor(remaining / 1000);
    if (remaining <= 60_000) {
      accessToken = simulatedJwt();
      ttl = state.accessTtl(TOAST_TOKEN_TTL_SECONDS);
      state.issueToken(
        'toast',
        'access',
        accessToken,
        { clientId, account: CLIENT.restaurantGuid, scopes: ['restaurants:read', 'labor:read', 'orders:read'] },
        ttl,
      );
      currentLogins.set(clientId, accessToken);
    }
    res.json({
      token: { tokenType: 'Bearer', scope: null, expiresIn: ttl, accessToken, idToken: null, refreshToken: null },
      status: 'SUCCESS',
    });
  });

  r.get('/restaurants/v1/restaurants/:restaurantGuid', (req, res) => {
    const check = state.checkToken('toast', 'access', bearerToken(req));
    if (!check.ok)
      return errorMessage(
        res,
        401,
        check.reason === 'expired' ? 'The authentication token has expired.' : 'Authentication failed.',
      );
    if (!withinRateLimit(req, res, check.token.clientId ?? '')) return;
    const guid = req.params.restaurantGuid.toLowerCase();
    const header = req.get('toast-restaurant-external-id');
    if (!header) return errorMessage(res, 400, 'The Toast-Restaurant-External-ID header is required.');
    if (header.toLowerCase() !== guid)
      return errorMessage(
        res,
        400,
        'The Toast-Restaurant-External-ID header does not match the restaurant of the request.',
      );
    if (guid === SIMULATED_UNREACHABLE.toastRestaurantGuid)
      return errorMessage(res, 403, 'Access to this restaurant is not allowed for the API client.');
    if (guid !== CLIENT.restaurantGuid || check.token.account !== CLIENT.restaurantGuid)
      return errorMessage(res, 404, 'Restaurant not found.');
    res.json({
      guid: CLIENT.restaurantGuid,
      general: {
        name: SIMULATED_NAMES.toast,
        locationName: SIMULATED_NAMES.toastLocation,
        locationCode: 'HBR',
        description: 'A simulated restaurant.',
        timeZone: 'America/New_York',
        closeoutHour: 4,
        managementGroupGuid: '7b2c4d6e-8f10-4a3b-9c5d-6e7f8a9b0c1d',
        currencyCode: 'USD',
        firstBusinessDate: 20240301,
        archived: false,
      },
      urls: {
        website: null,
        facebook: null,
        twitter: null,
        orderOnline: null,
        purchaseGiftCard: null,
        checkGiftCard: null,
      },
      location: {
        address1: '10 Harbour Way',
        address2: null,
        city: 'Boston',
        stateCode: 'MA',
        administrativeArea: null,
        zipCode: '02110',
        country: 'US',
        phone: '6175550100',
        phoneCountryCode: '1',
        latitude: 42.3554,
        longitude: -71.0505,
      },
    });
  });

  /** The bearer token and restaurant header of a data route; answers the error itself when they do not pass. */
  const authorized = (req: express.Request, res: Response): boolean => {
    const check = state.checkToken('toast', 'access', bearerToken(req));
    if (check.ok && !withinRateLimit(req, res, check.token.clientId ?? '')) return false;
    if (!check.ok) {
      errorMessage(
        res,
        401,
        check.reason === 'expired' ? 'The authentication token has expired.' : 'Authentication failed.',
      );
      return false;
    }
    const header = req.get('toast-restaurant-external-id')?.toLowerCase();
    if (!header) {
      errorMessage(res, 400, 'The Toast-Restaurant-External-ID header is required.');
      return false;
    }
    if (header !== CLIENT.restaurantGuid || check.token.account !== CLIENT.restaurantGuid) {
      errorMessage(res, 403, 'Access to this restaurant is not allowed for the API client.');
      return false;
    }
    return true;
  };

  r.get('/labor/v1/jobs', (req, res) => {
    if (!authorized(req, res)) return;
    res.json(
      toastSimData().jobs.map((j) => ({
        ...ref(j.guid, 'RestaurantJob'),
        title: j.title,
        deleted: false,
        tipped: j.title === 'Server' || j.title === 'Bartender',
      })),
    );
  });

  r.get('/labor/v1/employees', (req, res) => {
    if (!authorized(req, res)) return;
    const body = toastSimData().employees.map((e) => ({
      ...ref(e.guid, 'RestaurantUser'),
      createdDate: toastDate(e.createdAt),
      modifiedDate: toastDate(e.modifiedAt),
      deletedDate: e.deleted ? toastDate(e.modifiedAt) : null,
      deleted: e.deleted,
      firstName: e.firstName,
      chosenName: null,
      lastName: e.lastName,
      email: e.email,
      phoneNumber: e.phone,
      phoneNumberCountryCode: e.phone ? '1' : null,
      externalEmployeeId: null,
      jobReferences: e.jobGuids.map((g) => ref(g, 'RestaurantJob')),
      wageOverrides: [],
    }));
    const faults = pageFaults(state);
    if (faults.malformed) return void res.json(body.map((e, i) => (i === 3 ? { ...e, guid: 42 } : e)));
    res.json(body);
    if (faults.modify) modifyServed('employee', body[0]?.guid);
  });

  r.get('/labor/v1/timeEntries', (req, res) => {
    if (!authorized(req, res)) return;
    const q = (name: string) => queryParam(req, name);
    let match: (t: SimTimeEntry) => boolean;
    if (
      q('startDate') !== undefined ||
      q('endDate') !== undefined ||
      q('modifiedStartDate') !== undefined ||
      q('modifiedEndDate') !== undefined
    ) {
      const modified = q('modifiedStartDate') !== undefined || q('modifiedEndDate') !== undefined;
      const start = parseQueryDate(q(modified ? 'modifiedStartDate' : 'startDate'));
      const end = parseQueryDate(q(modified ? 'modifiedEndDate' : 'endDate'));
      if (Number.isNaN(start) || Number.isNaN(end))
        return errorMessage(res, 400, 'Both a start and an end date in ISO-8601 format are required.');
      if (end < start) return errorMessage(res, 400, 'The end date must not be before the start date.');
      if (end > plusOneMonth(start))
        return errorMessage(res, 400, 'The specified period cannot be longer than one month.');
      const archived = q('includeArchived') === 'true';
      match = modified
        ? (t) => t.modifiedAt >= start && t.modifiedAt < end
        : (t) => t.inAt >= start && t.inAt < end && (archived || !t.deleted);
    } else if (q('businessDate') !== undefined) {
      const bd = q('businessDate');
      match = (t) => !t.deleted && toastDate(t.inAt).slice(0, 10).replace(/-/g, '') === bd;
    } else {
      return errorMessage(
        res,
        400,
        'A startDate and endDate, a modifiedStartDate and modifiedEndDate, or a businessDate is required.',
      );
    }
    const body = toastSimData().timeEntries.filter(match).map(renderTimeEntry);
    const faults = pageFaults(state);
    if (faults.malformed) return void res.json(body.map((t, i) => (i === 0 ? { ...t, inDate: 12345 } : t)));
    res.json(body);
    if (faults.modify) modifyServed('time_entry', body[0]?.guid);
  });

  /** The last historical ordersBulk read of each client and restaurant. */
  const lastHistorical = new Map<string, number>();
  /**
   * ordersBulk's own limits (devguide "Rate limiting", "Endpoint-specific rate limits"): 5 requests
   * a second per client and location, answered 429 with Retry-After beyond; historical reads spaced
   * (toastSim.historicalSpacingMs).
   */
  const withinOrdersBulkLimit = (req: express.Request, res: Response): boolean => {
    const check = state.checkToken('toast', 'access', bearerToken(req));
    const key = `toast-ordersBulk:${check.ok ? (check.token.clientId ?? '') : ''}:${(req.get('toast-restaurant-external-id') ?? '').toLowerCase()}`;
    const max = toastSim.ordersBulkPerSecond;
    if (max !== false) {
      const decision = takeRequest(state.arrivals, key, [{ max, windowMs: 1000 }]);
      if (!decision.allowed) {
        refuse(res, decision);
        errorMessage(
          res,
          429,
          `Too many requests: GET /ordersBulk allows ${max} requests a second per client and location.`,
        );
        return false;
      }
    }
    const end = parseQueryDate(queryParam(req, 'endDate'));
    const spacing = toastSim.historicalSpacingMs;
    if (spacing > 0 && !Number.isNaN(end) && end < state.now() - 3_600_000) {
      const now = Date.now();
      const last = lastHistorical.get(key);
      if (last !== undefined && now - last < spacing) {
        res.set('Retry-After', String(Math.ceil((last + spacing - now) / 1000)));
        errorMessage(
          res,
          429,
          `Historical ordersBulk requests must be spaced at least ${spacing / 1000} seconds apart.`,
        );
        return false;
      }
      lastHistorical.set(key, now);
    }
    return true;
  };

  r.get('/orders/v2/ordersBulk', (req, res) => {
    if (!authorized(req, res)) return;
    if (!withinOrdersBulkLimit(req, res)) return;
    const q = (name: string) => queryParam(req, name);
    const pageSize = q('pageSize') === undefined ? 100 : Number(q('pageSize'));
    const page = q('page') === undefined ? 1 : Number(q('page'));
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
      return errorMessage(res, 400, 'pageSize must be between 1 and 100.');
    if (!Number.isInteger(page) || page < 1) return errorMessage(res, 400, 'page must be a positive integer.');
    let match: (o: SimOrder) => boolean;
    if (q('startDate') !== undefined || q('endDate') !== undefined) {
      const start = parseQueryDate(q('startDate'));
      const end = parseQueryDate(q('endDate'));
      if (Number.isNaN(start) || Number.isNaN(end))
        return errorMessage(res, 400, 'Both startDate and endDate in ISO-8601 format are required.');
      if (end < start) return errorMessage(res, 400, 'The end date must not be before the start date.');
      match = (o) => o.modifiedAt >= start && o.modifiedAt < end;
    } else if (q('businessDate') !== undefined && /^\d{8}$/.test(q('businessDate') ?? '')) {
      const bd = Number(q('businessDate'));
      match = (o) => o.businessDate === bd;
    } else {
      return errorMessage(res, 400, 'A startDate and endDate or a businessDate (yyyyMMdd) is required.');
    }
    const all = toastSimData()
      .orders.filter(match)
      .sort((a, b) => a.modifiedAt - b.modifiedAt || (a.guid < b.guid ? -1 : 1));
    const faults = pageFaults(state);
    const start = (page - 1) * pageSize;
    const body = all.slice(faults.duplicate && start > 0 ? start - 1 : start, page * pageSize).map(renderToastOrder);
    const self = new URL(`${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`);
    const at = (n: number) => {
      self.searchParams.set('page', String(n));
      return self.toString();
    };
    const links = [`<${at(1)}>; rel="first"`, `<${at(page)}>; rel="self"`];
    if (page > 1) links.push(`<${at(page - 1)}>; rel="prev"`);
    if (page * pageSize < all.length) links.push(`<${at(page + 1)}>; rel="next"`);
    res.set('Link', links.join(', '));
    if (faults.malformed) return void res.json(body.map((o, i) => (i === 0 ? { ...o, checks: 'not a list' } : o)));
    res.json(body);
    if (faults.modify) modifyServed('order', body[0]?.guid);
  });

  return r;
}
