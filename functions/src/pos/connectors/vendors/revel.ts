import { DateTime, IANAZone } from 'luxon';
import { z } from 'zod';
import { toMinorUnits } from '../../../core/money';
import { credentialField, notAsDocumented, parseAs, vendorBaseUrl, vendorRequest } from '../http';
import { VendorError } from '../types';
import type { Connector, StreamAuth, StreamConnector, StreamWindow } from '../types';
import type { PosEmployee, PosSale } from '../types';
import { REVEL_MAX_SHIFT_MS, timeSheetPunches, type TimeSheetRow } from './revel-timesheet';

/**
 * Revel Systems, the per-merchant REST API (a Django Tastypie API at https://{domain}.revelup.com):
 * - Authentication: the `API-AUTHENTICATION: {api_key}:{api_secret}` header on every request
 *   (Revel developer portal, developer.revelsystems.com; the same header as public Revel clients
 *   send, e.g. github.com/vdiazPB/tripleseat-revel-connector).
 * - Establishment resource (developer.revelsystems.com reference, "Establishment"):
 *   GET /enterprise/Establishment/{id}/ -> {id, name, active, resource_uri, uuid ...}, JSON with
 *   `Accept: application/json` (Tastypie content negotiation).
 * - Errors: Tastypie answers 401 Unauthorized for a wrong key or secret and 404 for an unknown
 *   establishment (both with empty bodies in Tastypie's defaults), 429 when throttled.
 * With a VENDOR_URL_REVEL override every account domain collapses onto that one base URL.
 *
 * Data streams (`revelStreams` below), Tastypie list resources under /resources/ (developer
 * reference "Employees", "Scheduling" (TimeSheetEntry), "Orders" (Order, Payment); the 2.76
 * changelog shows an Order and its `/resources/Order/{id}/` URIs), all with the same header:
 * - Lists answer {meta: {limit, offset, next, previous, total_count}, objects: [...]}, paged with
 *   `limit` and `offset`; `meta.next` is the next page's URI (null on the last). Only its query
 *   is taken from it (our base URL may carry a path prefix the vendor does not know).
 * - Filters (Tastypie field lookups): `establishment`, `updated_date__gte` (incremental reads),
 *   `clock_in__gte`/`clock_in__lt` (TimeSheetEntry windows), `created_date__gte`/`__lt` and
 *   `closed=true` (Order windows), `order__in=1,2,3` (the payments of a page of orders), with
 *   `order_by=id` so offsets stay stable while we page.
 * - Date-times are ISO-8601 without an offset, local to the establishment, in reads and filters
 *   alike (public clients' notes from live calls: "Revel returns naive America/Chicago for
 *   timesheets exactly as it does for orders ... Do not treat them as UTC"). The establishment's
 *   zone is its `timezone` (an IANA name; the Establishment resource carries "name, timezone" in
 *   the same notes): read once per stream call, and a stream refuses to run without it. A local
 *   time repeated when summer time ends is taken at its first occurrence (luxon's choice).
 * - Employee {id, first_name, last_name, email, phone_number, active, role (Role URI), user
 *   (/enterprise/User/ URI), created_date, updated_date}; Role {id, name}.
 * - TimeSheetEntry {id, employee (URI), role (URI), clock_in, clock_out, break_type,
 *   break_length, deleted, updated_date} (the fields a live entry carries, same notes): a break is
 *   a row of its own, break_type set (its name; "paid" in it and not "unpaid": a paid break,
 *   assumption), clock_in and clock_out its start and end, break_length its minutes (the end when
 *   clock_out is missing). A break belongs to the worked entry of its employee it starts within;
 *   to find every break of a worked entry, and the entry of every break, the time sheet is read
 *   with a day's margin around what a window names (a shift is taken as at most a day long).
 *   Soft-deleted entries come with deleted=true.
 * - Order {id, created_by (User URI), number_of_people, closed, deleted, subtotal (net, before
 *   tax, tips and charges), service_charge, gratuity, created_date, updated_date}; Payment {id,
 *   order (URI), amount, tip, payment_type (1 is cash; other types are cards and other tenders),
 *   deleted, created_date}. A refund is a payment with a negative amount (and tip): it becomes a
 *   negative sale of its own. Deleted (voided) payments are skipped; an open order (closed=false)
 *   never paid is not a sale yet.
 * - Money kinds (checked 2026-12-02). Revel's reference names the Order fields but publishes no
 *   description of `deleted`, `service_charge` or `gratuity`; public clients reading live orders
 *   list them among the Order's money fields and flags. Payment.tip is what the guest added (card
 *   or cash by payment_type): PosSale.tips. Order.gratuity (the automatic gratuity Revel's
 *   settings add to a check) and Order.service_charge (a configured fee) are added by the
 *   establishment, not chosen by the guest: PosSale.serviceCharges (29 CFR 531.55, the
 *   restaurant's receipt, not a tip). Revel shows no voluntary gratuity line apart from the tip,
 *   so `gratuities` is 0. Revel's TimeSheetEntry publishes no declared cash tips: a Revel punch
 *   has none.
 * - Voids: an order deleted after it closed (deleted true), or reopened (closed false again) while
 *   it has payments, is taken back: it (and each refund of it) comes back with `voided` true and zero figures
 *   (the sink reverses what it stored); closed again, it comes back a plain sale. So reads do not
 *   filter on `closed`: a reopened order must be seen.
 * - Webhooks ("Webhooks", developer.revelsystems.com/revelsystems/docs/webhooks, checked
 *   2026-12-02): Revel posts order.finalized (an order completed) and timesheet.created, .updated
 *   and .deleted, signed with HMAC (X-Revel-Signature), to one endpoint per event set up with
 *   Revel. We do not receive them: the hourly sync reads the same records (docs/POS_SYNC.md).
 * - Amounts are decimal dollars (JSON numbers), turned into cents by core/money toMinorUnits.
 * - Revel documents no limit on a filter's date range: no maxWindowMs.
 */
const DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const ESTABLISHMENT_ID = /^[0-9]{1,12}$/;

const Establishment = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string().optional(),
  timezone: z.string().nullish(),
});

// --- data streams -----------------------------------------------------------------------------

/** Page size asked of every list (Tastypie's default is 20; larger pages mean fewer requests). */
export const REVEL_PAGE_SIZE = 100;
/** Page size of the payments of a page of orders: Tastypie's default max_limit, so one request usually holds them all. */
export const REVEL_PAYMENTS_PAGE_SIZE = 1000;
/** payment_type of a cash payment. */
export const REVEL_PAYMENT_TYPE_CASH = 1;

/** A Revel date-time (naive ISO, local to the establishment's `zone`) in epoch ms; NaN when it is none. */
export function parseRevelDate(value: string, zone: string): number {
  if (/(?:Z|[+-]\d{2}:?\d{2})$/.test(value)) return Date.parse(value);
  const at = DateTime.fromISO(value, { zone });
  return at.isValid ? at.toMillis() : NaN;
}

/** A filter value: naive ISO local to the establishment, with milliseconds (Django parses fractional seconds). */
export function revelDate(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd'T'HH:mm:ss.SSS");
}

const RevelDate = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(parseRevelDate(v, 'UTC')));
const Uri = z.string().regex(/^\/[a-z]+\/[A-Za-z]+\/\d+\/$/);
const Money = z.number().finite();
const Id = z.number().int();

const Meta = z.object({ next: z.string().nullable(), limit: z.number().optional(), offset: z.number().optional() });
const ListOf = <T extends z.ZodType>(item: T) => z.object({ meta: Meta, objects: z.array(item) });

const Employee = z.object({
  id: Id,
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: z.string().nullish(),
  phone_number: z.string().nullish(),
  active: z.boolean(),
  role: Uri.nullish(),
  user: Uri.nullish(),
  created_date: RevelDate.nullish(),
  updated_date: RevelDate.nullish(),
});
const Role = z.object({ id: Id, name: z.string().nullish() });
const TimeSheetEntry = z.object({
  id: Id,
  employee: Uri,
  role: Uri.nullish(),
  clock_in: RevelDate,
  clock_out: RevelDate.nullish(),
  break_type: z.string().nullish(),
  break_length: z.number().nonnegative().nullish(),
  deleted: z.boolean().nullish(),
  created_date: RevelDate.nullish(),
  updated_date: RevelDate.nullish(),
});
const Order = z.object({
  id: Id,
  created_by: Uri.nullish(),
  number_of_people: z.number().int().nonnegative().nullish(),
  closed: z.boolean().nullish(),
  deleted: z.boolean().nullish(),
  subtotal: Money.nullish(),
  service_charge: Money.nullish(),
  gratuity: Money.nullish(),
  created_date: RevelDate,
  updated_date: RevelDate.nullish(),
});
const Payment = z.object({
  id: Id,
  order: Uri,
  amount: Money,
  tip: Money.nullish(),
  payment_type: z.number().int().nullish(),
  deleted: z.boolean().nullish(),
  created_date: RevelDate,
});

/** The numeric id at the end of a resource URI (/resources/Employee/12/ -> '12'). */
const idOf = (uri: string) => /(\d+)\/$/.exec(uri)?.[1] ?? uri;
const cents = (dollars: number | null | undefined) => toMinorUnits(dollars ?? 0, 'USD');

type Send = <T>(request: () => Promise<T>) => Promise<T>;

/** One stream call's access to the establishment: its base URL, header and retry policy. */
class RevelSession {
  private readonly base: string;
  private readonly header: string;
  private readonly secrets: string[];
  readonly establishmentId: string;
  private readonly send: Send;

  constructor(auth: StreamAuth) {
    const credentials = auth.credentials ?? {};
    const domain = credentialField('revel', credentials, 'domain', DOMAIN);
    const apiKey = credentialField('revel', credentials, 'apiKey');
    const apiSecret = credentialField('revel', credentials, 'apiSecret');
    this.establishmentId = credentialField('revel', credentials, 'establishmentId', ESTABLISHMENT_ID);
    this.base = vendorBaseUrl('revel', `https://${domain}.revelup.com`);
    this.header = `${apiKey}:${apiSecret}`;
    this.secrets = [apiKey, apiSecret];
    this.send = auth.retry ?? ((request) => request());
  }

  /**
   * The pages of a list resource, each checked whole before it is yielded, following meta.next
   * (its query only) until it is null.
   */
  async *list<T extends z.ZodType>(
    resource: string,
    item: T,
    filters: Record<string, string>,
    what: string,
    limit = REVEL_PAGE_SIZE,
  ): AsyncGenerator<z.infer<T>[]> {
    const path = `/resources/${resource}/`;
    let query = new URLSearchParams({
      ...filters,
      establishment: this.establishmentId,
      order_by: 'id',
      limit: String(limit),
      offset: '0',
    }).toString();
    const seen = new Set<string>();
    for (;;) {
      seen.add(query);
      const url = `${this.base}${path}?${query}`;
      const res = await this.send(() =>
        vendorRequest({ vendor: 'revel', url, headers: { 'API-AUTHENTICATION': this.header }, secrets: this.secrets }),
      );
      const page = parseAs('revel', ListOf(item), res, what);
      yield page.objects as z.infer<T>[];
      if (!page.meta.next) return;
      const next = new URL(page.meta.next, 'http://revel.invalid').searchParams.toString();
      if (seen.has(next))
        throw new VendorError('revel', 'invalid', `revel: ${what} names itself as its next page`, res.status);
      query = next;
    }
  }

  private establishment?: Promise<z.infer<typeof Establishment>>;

  /** The establishment's time zone, which every Revel date-time is local to; a stream cannot read without it. */
  async zone(): Promise<string> {
    this.establishment ??= this.send(async () =>
      parseAs(
        'revel',
        Establishment,
        await vendorRequest({
          vendor: 'revel',
          url: `${this.base}/enterprise/Establishment/${this.establishmentId}/`,
          headers: { 'API-AUTHENTICATION': this.header },
          secrets: this.secrets,
        }),
        'the establishment',
      ),
    );
    const zone = (await this.establishment).timezone;
    if (!zone || !IANAZone.isValidZone(zone))
      throw notAsDocumented('revel', 'an establishment without a valid time zone');
    return zone;
  }

  async roles(): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for await (const page of this.list('Role', Role, {}, 'the roles page')) {
      for (const r of page) if (r.name) names.set(String(r.id), r.name);
    }
    return names;
  }
}

const dateIn = (zone: string) => (v: string | null | undefined) => (v ? parseRevelDate(v, zone) : null);

function toEmployee(e: z.infer<typeof Employee>, roles: Map<string, string>, zone: string): PosEmployee {
  const date = dateIn(zone);
  return {
    vendorId: String(e.id),
    firstName: e.first_name ?? '',
    lastName: e.last_name ?? '',
    email: e.email || null,
    phone: e.phone_number || null,
    active: e.active,
    jobTitle: e.role ? (roles.get(idOf(e.role)) ?? null) : null,
    modifiedAt: date(e.updated_date) ?? date(e.created_date) ?? 0,
  };
}

function toRow(t: z.infer<typeof TimeSheetEntry>, roles: Map<string, string>, zone: string): TimeSheetRow {
  const date = dateIn(zone);
  const clockInAt = parseRevelDate(t.clock_in, zone);
  return {
    id: String(t.id),
    employeeId: idOf(t.employee),
    jobTitle: t.role ? (roles.get(idOf(t.role)) ?? null) : null,
    clockInAt,
    clockOutAt: date(t.clock_out),
    breakType: t.break_type ?? null,
    breakMinutes: t.break_length ?? null,
    deleted: t.deleted === true,
    modifiedAt: date(t.updated_date) ?? date(t.created_date) ?? clockInAt,
  };
}

/**
 * The sales of one order: for a closed one, the sale (subtotal, the tips of its payments, the cash
 * part: payment_type cash; its automatic gratuity and service charge as service charges; closed at
 * its last payment) and a negative sale per refund payment; for one deleted, or reopened while it
 * has payments, the sale taken back (voided, zero figures); nothing for an open order never paid.
 */
export function revelOrderSales(
  o: z.infer<typeof Order>,
  payments: z.infer<typeof Payment>[],
  employeeOfUser: Map<string, string>,
  zone: string,
): PosSale[] {
  const takenBack = (o.deleted === true || o.closed !== true) && payments.length > 0;
  if (o.closed !== true && !takenBack) return [];
  const live = payments.filter((p) => p.deleted !== true);
  const paid = live.filter((p) => p.amount >= 0);
  const createdAt = parseRevelDate(o.created_date, zone);
  const modifiedAt = dateIn(zone)(o.updated_date) ?? createdAt;
  const employeeVendorId = o.created_by ? (employeeOfUser.get(idOf(o.created_by)) ?? null) : null;
  const tipsOf = (ps: typeof live) => ps.reduce((n, p) => n + cents(p.tip), 0);
  const base = { employeeVendorId, currency: 'USD', modifiedAt, gratuities: 0, tipsTo: [] };
  const closedAt = paid.reduce((at, p) => Math.max(at, parseRevelDate(p.created_date, zone)), createdAt);
  if (takenBack)
    return [
      {
        ...base,
        vendorId: String(o.id),
        closedAt,
        amount: 0,
        tips: 0,
        cashTips: 0,
        serviceCharges: 0,
        voided: true,
        customers: o.number_of_people ?? 0,
        refund: false,
        refundOf: null,
      },
      ...live
        .filter((p) => p.amount < 0)
        .map((p): PosSale => ({
          ...base,
          vendorId: `${p.id}:refund`,
          closedAt: parseRevelDate(p.created_date, zone),
          amount: 0,
          tips: 0,
          cashTips: 0,
          serviceCharges: 0,
          voided: true,
          customers: 0,
          refund: true,
          refundOf: String(o.id),
        })),
    ];
  const out: PosSale[] = [
    {
      ...base,
      vendorId: String(o.id),
      closedAt,
      amount: cents(o.subtotal),
      tips: tipsOf(paid),
      cashTips: tipsOf(paid.filter((p) => p.payment_type === REVEL_PAYMENT_TYPE_CASH)),
      serviceCharges: cents(o.service_charge) + cents(o.gratuity),
      voided: false,
      customers: o.number_of_people ?? 0,
      refund: false,
      refundOf: null,
    },
  ];
  for (const p of live.filter((x) => x.amount < 0)) {
    const tips = Math.min(0, cents(p.tip));
    out.push({
      ...base,
      vendorId: `${p.id}:refund`,
      closedAt: parseRevelDate(p.created_date, zone),
      amount: cents(p.amount),
      tips,
      cashTips: p.payment_type === REVEL_PAYMENT_TYPE_CASH ? tips : 0,
      serviceCharges: 0,
      voided: false,
      customers: 0,
      refund: true,
      refundOf: String(o.id),
    });
  }
  return out;
}

export const revelStreams: StreamConnector = {
  async *roster(auth: StreamAuth, since?: number) {
    const session = new RevelSession(auth);
    const zone = await session.zone();
    const roles = await session.roles();
    const filters: Record<string, string> = since === undefined ? {} : { updated_date__gte: revelDate(since, zone) };
    for await (const page of session.list('Employee', Employee, filters, 'the employees page')) {
      if (page.length > 0) yield page.map((e) => toEmployee(e, roles, zone));
    }
  },

  async *punches(auth: StreamAuth, window: StreamWindow) {
    const session = new RevelSession(auth);
    const zone = await session.zone();
    const roles = await session.roles();
    const read = async (from: number, to?: number) => {
      const filters: Record<string, string> =
        to === undefined
          ? { updated_date__gte: revelDate(from, zone) }
          : { clock_in__gte: revelDate(from, zone), clock_in__lt: revelDate(to, zone) };
      const rows: TimeSheetRow[] = [];
      for await (const page of session.list('TimeSheetEntry', TimeSheetEntry, filters, 'the time sheet entries page'))
        rows.push(...page.map((t) => toRow(t, roles, zone)));
      return rows;
    };
    let punches;
    if ('modifiedSince' in window) {
      const changed = await read(window.modifiedSince);
      if (changed.length === 0) return;
      const starts = changed.map((r) => r.clockInAt);
      const around = await read(Math.min(...starts) - REVEL_MAX_SHIFT_MS, Math.max(...starts) + REVEL_MAX_SHIFT_MS);
      punches = timeSheetPunches(changed, around);
    } else {
      const around = await read(window.from - REVEL_MAX_SHIFT_MS, window.to + REVEL_MAX_SHIFT_MS);
      punches = timeSheetPunches(around, around, (e) => e.clockInAt >= window.from && e.clockInAt < window.to);
    }
    for (let i = 0; i < punches.length; i += REVEL_PAGE_SIZE) yield punches.slice(i, i + REVEL_PAGE_SIZE);
  },

  async *sales(auth: StreamAuth, window: StreamWindow) {
    const session = new RevelSession(auth);
    const zone = await session.zone();
    const employeeOfUser = new Map<string, string>();
    for await (const page of session.list('Employee', Employee, {}, 'the employees page')) {
      for (const e of page) if (e.user) employeeOfUser.set(idOf(e.user), String(e.id));
    }
    const filters: Record<string, string> =
      'modifiedSince' in window
        ? { updated_date__gte: revelDate(window.modifiedSince, zone) }
        : {
            created_date__gte: revelDate(window.from, zone),
            created_date__lt: revelDate(window.to, zone),
          };
    for await (const orders of session.list('Order', Order, filters, 'the orders page')) {
      if (orders.length === 0) continue;
      const byOrder = new Map<string, z.infer<typeof Payment>[]>(orders.map((o) => [String(o.id), []]));
      const ids = orders.map((o) => o.id).join(',');
      for await (const payments of session.list(
        'Payment',
        Payment,
        { order__in: ids },
        'the payments page',
        REVEL_PAYMENTS_PAGE_SIZE,
      )) {
        for (const p of payments) byOrder.get(idOf(p.order))?.push(p);
      }
      const sales = orders.flatMap((o) => revelOrderSales(o, byOrder.get(String(o.id)) ?? [], employeeOfUser, zone));
      if (sales.length > 0) yield sales;
    }
  },
};

export const revel: Connector = {
  slug: 'revel',
  streams: revelStreams,
  async verify(credentials) {
    // the domain becomes a host name: checked before it goes anywhere near a URL
    const domain = credentialField('revel', credentials, 'domain', DOMAIN);
    const apiKey = credentialField('revel', credentials, 'apiKey');
    const apiSecret = credentialField('revel', credentials, 'apiSecret');
    const establishmentId = credentialField('revel', credentials, 'establishmentId', ESTABLISHMENT_ID);
    const base = vendorBaseUrl('revel', `https://${domain}.revelup.com`);
    const res = await vendorRequest({
      vendor: 'revel',
      url: `${base}/enterprise/Establishment/${establishmentId}/`,
      headers: { 'API-AUTHENTICATION': `${apiKey}:${apiSecret}` },
      secrets: [apiKey, apiSecret],
    });
    const e = parseAs('revel', Establishment, res, 'the establishment');
    return { id: String(e.id), name: e.name };
  },
};
