import { z } from 'zod';
import { credentialField, parseAs, vendorBaseUrl, vendorRequest, type VendorResponse } from '../http';
import type { Connector, PosEmployee, PosPunch, PosSale, StreamAuth, StreamConnector, StreamWindow } from '../types';

/**
 * SpotOn Restaurant POS Export API (developers.spoton.com/restaurant/docs: introduction and
 * "API access"; the OpenAPI description derived from them at
 * github.com/api-evangelist/spoton openapi/_original/spoton-restaurant-pos-export-openapi-original.yml):
 * - Base URL https://restaurantapi.spoton.com/posexport/v1, location-centric routes, an API key in
 *   the `x-api-key` header granting access per location.
 * - The cheapest call for the location: GET /locations/{locationId} -> Location {id,
 *   organizationId, name, deleted, fiscalendofdaytime, spotonmerchantid}.
 * - Errors {message, code}: 401 for a missing or invalid key, 403 when the key has no access to the
 *   location, 404 for a location that does not exist, 429 when throttled.
 * With a VENDOR_URL_SPOTON override, the same paths (/posexport/v1/...) are served under it.
 *
 * Data streams (`spotonStreams` below), same source, every request with `x-api-key` under
 * /posexport/v1/locations/{locationId}. The documented lists are plain JSON arrays without any
 * paging parameters: a "page" here is the answer of one request (one day of a window).
 * - GET /employees (listEmployees): the whole roster, unfiltered. Employee {id, firstName, lastName,
 *   email, address {phone}, hireDate, terminationDate, active, deleted, jobPositions [{id, name}]}.
 *   ASSUMPTION: no modification time is documented; modifiedAt is terminationDate, else hireDate,
 *   else 0, and `since` cannot filter (every roster read is the whole roster).
 * - GET /job-positions (listJobPositions) names the entries' jobPositionId.
 * - GET /time-clock-entries (listTimeClockEntries) with updatedAtStart/updatedAtEnd (incremental)
 *   or inStart/inEnd (a window: entries clocked in within it); RFC 3339, start inclusive, end
 *   exclusive. TimeClockEntry {id, employeeId, jobPositionId, inAt, outAt, breaks [{startedAt,
 *   endedAt, kind PAID|UNPAID}], deleted, voided, declaredCashTipsAmount ("declared cash tips
 *   collected"), declaredCashTipsToOthersAmount ("declared cash tips given to others"),
 *   lastUpdatedAt}; voided entries count as deleted. The punch's declared cash tips are those the
 *   employee kept: collected less given to others (the net tips of IRS Form 4070, line 4; what was
 *   given is declared by whoever received it), never below zero.
 *   No range limit is documented for this route; requests are kept to a day like the orders'
 *   (ASSUMPTION, conservative).
 * - GET /orders (listOrders) with updatedAtStart/updatedAtEnd (incremental) or
 *   closedAtStart/closedAtEnd (a window: orders closed in it); "a single date range cannot exceed
 *   26 hours", "no milliseconds", the end "must be at least 5 minutes in the past": requests cover
 *   a day at most, whole seconds, and an incremental read stops 5 minutes before now.
 *   Order {id, deleted, closedAt (null while open), ownerInfo {employeeId}, createdByEmployeeId,
 *   updatedAt, checks [{gratuityAmount, guests [{items [{postDiscountsAmount, giftCardIssueReload}]}],
 *   items, payments [{paymentOptionId, createdAt, amount, tipAmount, tipDeductionAmount,
 *   tipAppliedToEmployeeId}]}]}; amounts are US dollar decimal strings. One sale per closed order:
 *   amount = the items' postDiscountsAmount ("after discounts and before taxes") over its checks and
 *   guests (check-level items included), except items with giftCardIssueReload ("the line
 *   represents a gift card sale or reload": money taken for a card, revenue when the card is spent,
 *   not a sale of the day); serviceCharges = the checks' gratuityAmount ("applied auto-gratuity
 *   amount": an automatic gratuity, the restaurant's receipt and not a tip, 29 CFR 531.55; SpotOn
 *   publishes no voluntary gratuity line, a guest's tip is the payment's tipAmount); tips = its
 *   payments' tipAmount, the cash part those of payments whose payment option (GET
 *   /payment-options, PaymentOption.kind) is CASH; tipsTo = the tips of payments whose
 *   tipAppliedToEmployeeId ("the employee the tip was applied to") is another employee than the
 *   order's owner, per employee (the tip is theirs); customers = the number of guests.
 *   tipDeductionAmount is "processing fee deduction from the tip" (OrderPayment, checked
 *   2026-12-03): kept apart as the sale's tipFees (the charges' deductions; a refund's, negative),
 *   while tips stay what the guest added: whether a fee is taken from an employee's tip is the
 *   employer's policy within the law (US DOL WHD Fact Sheet #15, "Credit Cards",
 *   dol.gov/agencies/whd/fact-sheets/15-flsa-tipped-employees, checked 2026-12-03: the employer "may
 *   pay the employee the tip, less that percentage"; some states do not allow it), not the sync's. A deleted order
 *   ("whether the order is marked as deleted") comes out voided, each of its sales, so what was
 *   stored of it is reversed; an order deleted before it closed has nothing to reverse.
 *   ASSUMPTION: refunds are not documented; a payment with a negative amount is read as a refund
 *   (a negative sale `${orderId}:refund:${check}:${payment}` at the payment's createdAt, its
 *   amount and tipAmount as given). Payments and checks have no ids in the docs, hence the indexes.
 * - Currency: the docs state every amount in US dollars (USD).
 */
const PRODUCTION = 'https://restaurantapi.spoton.com';
const LOCATION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const Location = z.object({ id: z.string().min(1), name: z.string().optional() });

const DAY_MS = 86_400_000;
/** The documented maximum order range is 26 hours; a day keeps every request well inside it. */
export const SPOTON_MAX_WINDOW_MS = DAY_MS;
/** The end of an orders range "must be at least 5 minutes in the past" (a little margin added). */
export const SPOTON_END_LAG_MS = 5 * 60_000 + 10_000;
const YIELD_PAGE = 100;

const RFC3339 = z
  .string()
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(v) && !Number.isNaN(Date.parse(v)),
  );
const Money = z.string().regex(/^-?\d+(\.\d+)?$/);

/** A decimal dollar string ("12.50", "-3.3", "0.125") to integer cents, rounded half away from zero at the third decimal. */
export function spotonMinorUnits(value: string): number {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) throw new Error(`not a decimal amount: ${value}`);
  const frac = (m[3] ?? '').padEnd(3, '0');
  const cents = Number(m[2]) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0);
  return m[1] === '-' ? 0 - cents : cents;
}

const Employee = z.object({
  id: z.string().min(1),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  email: z.string().nullish(),
  address: z.object({ phone: z.string().nullish() }).nullish(),
  hireDate: RFC3339.nullish(),
  terminationDate: RFC3339.nullish(),
  active: z.boolean().nullish(),
  deleted: z.boolean().nullish(),
  jobPositions: z
    .array(z.object({ id: z.string().nullish(), name: z.string().nullish(), deleted: z.unknown().optional() }))
    .nullish(),
});
const JobPosition = z.object({ id: z.string().min(1), name: z.string().nullish() });
const PaymentOption = z.object({ id: z.string().min(1), kind: z.string().nullish() });
const TimeClockEntry = z.object({
  id: z.string().min(1),
  employeeId: z.string().min(1),
  jobPositionId: z.string().nullish(),
  inAt: RFC3339,
  outAt: RFC3339.nullish(),
  breaks: z
    .array(z.object({ startedAt: RFC3339.nullish(), endedAt: RFC3339.nullish(), kind: z.string().nullish() }))
    .nullish(),
  deleted: z.boolean().nullish(),
  voided: z.boolean().nullish(),
  declaredCashTipsAmount: Money.nullish(),
  declaredCashTipsToOthersAmount: Money.nullish(),
  lastUpdatedAt: RFC3339.nullish(),
});
const Item = z.object({ postDiscountsAmount: Money.nullish(), giftCardIssueReload: z.boolean().nullish() });
const Payment = z.object({
  paymentOptionId: z.string().nullish(),
  createdAt: RFC3339.nullish(),
  amount: Money.nullish(),
  tipAmount: Money.nullish(),
  tipDeductionAmount: Money.nullish(),
  tipAppliedToEmployeeId: z.string().nullish(),
});
const Check = z.object({
  gratuityAmount: Money.nullish(),
  guests: z.array(z.object({ items: z.array(Item).nullish() })).nullish(),
  items: z.array(Item).nullish(),
  payments: z.array(Payment).nullish(),
});
const Order = z.object({
  id: z.string().min(1),
  deleted: z.boolean().nullish(),
  createdAt: RFC3339.nullish(),
  closedAt: RFC3339.nullish(),
  createdByEmployeeId: z.string().nullish(),
  ownerInfo: z.object({ employeeId: z.string().nullish() }).nullish(),
  updatedAt: RFC3339.nullish(),
  checks: z.array(Check).nullish(),
});

const dateOrNull = (v: string | null | undefined) => (v ? Date.parse(v) : null);
/** RFC 3339 without milliseconds, as the orders ranges require. */
const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** [from, to) in consecutive pieces of at most a day, on whole seconds (the start floored, the end rounded up). */
function* days(from: number, to: number): Generator<[number, number]> {
  const start = Math.floor(from / 1000) * 1000;
  const end = Math.ceil(to / 1000) * 1000;
  for (let s = start; s < end; s += SPOTON_MAX_WINDOW_MS) yield [s, Math.min(end, s + SPOTON_MAX_WINDOW_MS)];
}

function* chunks<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** One stream call's view of the location: its key and every request through the engine's retry policy. */
class SpotonSession {
  private readonly apiKey: string;
  private readonly locationId: string;
  private readonly base = vendorBaseUrl('spoton', PRODUCTION);
  private readonly send: <T>(request: () => Promise<T>) => Promise<T>;

  constructor(auth: StreamAuth) {
    const credentials = auth.credentials ?? {};
    this.apiKey = credentialField('spoton', credentials, 'apiKey');
    this.locationId = credentialField(
      'spoton',
      { locationId: auth.accountId, ...credentials },
      'locationId',
      LOCATION_ID,
    );
    this.send = auth.retry ?? ((request) => request());
  }

  get(path: string, query: Record<string, string> = {}): Promise<VendorResponse> {
    const qs = new URLSearchParams(query).toString();
    return this.send(() =>
      vendorRequest({
        vendor: 'spoton',
        url: `${this.base}/posexport/v1/locations/${encodeURIComponent(this.locationId)}${path}${qs ? `?${qs}` : ''}`,
        headers: { 'x-api-key': this.apiKey },
        secrets: [this.apiKey],
      }),
    );
  }

  async list<S extends z.ZodType>(
    path: string,
    schema: S,
    what: string,
    query?: Record<string, string>,
  ): Promise<z.infer<S>[]> {
    return parseAs('spoton', z.array(schema), await this.get(path, query), what);
  }

  async positionNames(): Promise<Map<string, string>> {
    const positions = await this.list('/job-positions', JobPosition, 'the job positions list');
    return new Map(positions.filter((j) => j.name).map((j) => [j.id, j.name as string]));
  }
}

function toEmployee(e: z.infer<typeof Employee>): PosEmployee {
  const position = e.jobPositions?.find((j) => j.name);
  return {
    vendorId: e.id,
    firstName: e.firstName ?? '',
    lastName: e.lastName ?? '',
    email: e.email || null,
    phone: e.address?.phone || null,
    active: e.active !== false && e.deleted !== true,
    jobTitle: position?.name ?? null,
    modifiedAt: dateOrNull(e.terminationDate) ?? dateOrNull(e.hireDate) ?? 0,
  };
}

function toPunch(t: z.infer<typeof TimeClockEntry>, names: Map<string, string>): PosPunch {
  const clockInAt = Date.parse(t.inAt);
  const clockOutAt = dateOrNull(t.outAt);
  const cents = (v: string | null | undefined) => (v ? spotonMinorUnits(v) : 0);
  const declared = Math.max(0, cents(t.declaredCashTipsAmount) - cents(t.declaredCashTipsToOthersAmount));
  return {
    vendorId: t.id,
    employeeVendorId: t.employeeId,
    clockInAt,
    clockOutAt,
    breaks: (t.breaks ?? [])
      .filter((b) => b.startedAt)
      .map((b) => ({
        startAt: Date.parse(b.startedAt as string),
        endAt: dateOrNull(b.endedAt),
        paid: b.kind === 'PAID',
      })),
    jobTitle: t.jobPositionId ? (names.get(t.jobPositionId) ?? null) : null,
    deleted: t.deleted === true || t.voided === true,
    ...(declared > 0 ? { declaredCashTips: declared } : {}),
    modifiedAt: dateOrNull(t.lastUpdatedAt) ?? clockOutAt ?? clockInAt,
  };
}

/** Tips applied to other employees than `owner`, per employee (the order of first appearance). */
function tipsToOthers(tips: { to: string | null; tip: number }[], owner: string | null) {
  const by = new Map<string, number>();
  for (const { to, tip } of tips) if (to && to !== owner && tip !== 0) by.set(to, (by.get(to) ?? 0) + tip);
  return [...by].map(([employeeVendorId, amount]) => ({ employeeVendorId, amount }));
}

/** The sales of one order (see the header): a sale when closed, and a negative sale per negative payment; all voided when the order is deleted. */
export function spotonOrderSales(o: z.infer<typeof Order>, cashOptions: Set<string>): PosSale[] {
  if (!o.closedAt) return [];
  const closedAt = Date.parse(o.closedAt);
  const modifiedAt = dateOrNull(o.updatedAt) ?? closedAt;
  const employeeVendorId = o.ownerInfo?.employeeId || o.createdByEmployeeId || null;
  const checks = o.checks ?? [];
  const cents = (v: string | null | undefined) => (v ? spotonMinorUnits(v) : 0);
  const net = (items: z.infer<typeof Item>[] | null | undefined) =>
    (items ?? []).filter((i) => i.giftCardIssueReload !== true).reduce((n, i) => n + cents(i.postDiscountsAmount), 0);
  const payments = checks.flatMap((c, ci) =>
    (c.payments ?? []).map((p, pi) => ({
      p,
      ci,
      pi,
      amount: cents(p.amount),
      tip: cents(p.tipAmount),
      fee: Math.abs(cents(p.tipDeductionAmount)),
      to: p.tipAppliedToEmployeeId || null,
    })),
  );
  const charges = payments.filter((x) => x.amount >= 0);
  const tipsOf = (xs: typeof payments) => xs.reduce((n, x) => n + x.tip, 0);
  const isCash = (x: (typeof payments)[number]) => !!x.p.paymentOptionId && cashOptions.has(x.p.paymentOptionId);
  const base = { employeeVendorId, currency: 'USD', modifiedAt, ...(o.deleted ? { voided: true } : {}) };
  const out: PosSale[] = [
    {
      ...base,
      vendorId: o.id,
      closedAt,
      amount: checks.reduce((n, c) => n + net(c.items) + (c.guests ?? []).reduce((m, g) => m + net(g.items), 0), 0),
      tips: tipsOf(charges),
      cashTips: tipsOf(charges.filter(isCash)),
      tipFees: charges.reduce((n, x) => n + x.fee, 0),
      serviceCharges: checks.reduce((n, c) => n + cents(c.gratuityAmount), 0),
      tipsTo: tipsToOthers(charges, employeeVendorId),
      customers: checks.reduce((n, c) => n + (c.guests?.length ?? 0), 0),
      refund: false,
      refundOf: null,
    },
  ];
  for (const x of payments) {
    if (x.amount >= 0) continue;
    out.push({
      ...base,
      vendorId: `${o.id}:refund:${x.ci}:${x.pi}`,
      closedAt: dateOrNull(x.p.createdAt) ?? modifiedAt,
      amount: x.amount,
      tips: x.tip,
      cashTips: isCash(x) ? x.tip : 0,
      tipFees: 0 - x.fee,
      tipsTo: tipsToOthers([x], employeeVendorId),
      customers: 0,
      refund: true,
      refundOf: o.id,
    });
  }
  return out;
}

/** The ranges a stream reads: a window by the given fields, or the modified range up to the API's lag. */
function ranges(window: StreamWindow): { incremental: boolean; from: number; to: number } {
  if ('modifiedSince' in window)
    return { incremental: true, from: window.modifiedSince, to: Date.now() - SPOTON_END_LAG_MS };
  return { incremental: false, from: window.from, to: window.to };
}

export const spotonStreams: StreamConnector = {
  maxWindowMs: { punches: SPOTON_MAX_WINDOW_MS, sales: SPOTON_MAX_WINDOW_MS },

  async *roster(auth: StreamAuth) {
    const session = new SpotonSession(auth);
    const employees = await session.list('/employees', Employee, 'the employees list');
    yield* chunks(employees.map(toEmployee), YIELD_PAGE);
  },

  async *punches(auth: StreamAuth, window: StreamWindow) {
    const session = new SpotonSession(auth);
    const names = await session.positionNames();
    const { incremental, from, to } = ranges(window);
    for (const [start, end] of days(from, to)) {
      const query: Record<string, string> = incremental
        ? { updatedAtStart: rfc3339(start), updatedAtEnd: rfc3339(end) }
        : { inStart: rfc3339(start), inEnd: rfc3339(end) };
      const entries = await session.list('/time-clock-entries', TimeClockEntry, 'the time clock entries', query);
      // the request's range was widened to whole seconds: keep the window exact
      const punches = entries
        .map((t) => toPunch(t, names))
        .filter((p) => incremental || (p.clockInAt >= from && p.clockInAt < to));
      if (punches.length > 0) yield punches;
    }
  },

  async *sales(auth: StreamAuth, window: StreamWindow) {
    const session = new SpotonSession(auth);
    const options = await session.list('/payment-options', PaymentOption, 'the payment options list');
    const cash = new Set(options.filter((p) => p.kind === 'CASH').map((p) => p.id));
    const { incremental, from, to } = ranges(window);
    for (const [start, end] of days(from, to)) {
      const query: Record<string, string> = incremental
        ? { updatedAtStart: rfc3339(start), updatedAtEnd: rfc3339(end) }
        : { closedAtStart: rfc3339(start), closedAtEnd: rfc3339(end) };
      const orders = await session.list('/orders', Order, 'the orders', query);
      const inWindow = (o: z.infer<typeof Order>) => {
        if (incremental) return true;
        const closedAt = dateOrNull(o.closedAt);
        return closedAt !== null && closedAt >= from && closedAt < to;
      };
      const sales = orders.filter(inWindow).flatMap((o) => spotonOrderSales(o, cash));
      if (sales.length > 0) yield sales;
    }
  },
};

export const spoton: Connector = {
  slug: 'spoton',
  streams: spotonStreams,
  async verify(credentials) {
    const apiKey = credentialField('spoton', credentials, 'apiKey');
    const locationId = credentialField('spoton', credentials, 'locationId', LOCATION_ID);
    const res = await vendorRequest({
      vendor: 'spoton',
      url: `${vendorBaseUrl('spoton', PRODUCTION)}/posexport/v1/locations/${encodeURIComponent(locationId)}`,
      headers: { 'x-api-key': apiKey },
      secrets: [apiKey],
    });
    const location = parseAs('spoton', Location, res, 'the location');
    return { id: location.id, name: location.name };
  },
};
