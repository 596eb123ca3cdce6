import express, { type Request, type Response, type Router } from 'express';
import { DateTime } from 'luxon';
import { SIMULATED, SIMULATED_NAMES } from './accounts';
import type { PosEmployee, PosPunch, PosSale } from '../../src/pos/connectors/types';
import { generateRevelData, type RevelDataOptions, type RevelSimData, type RevelSimOrder } from './revel-data';
import { queryParam, scriptedFailures, type SimulatorState } from './state';

/**
 * A local Revel (src/pos/connectors/vendors/revel.ts names the documentation followed), every route
 * with the `API-AUTHENTICATION: {api_key}:{api_secret}` header:
 * - the Tastypie Establishment resource, GET /enterprise/Establishment/{id}/, with its time zone;
 * - every date-time local to the establishment (REVEL_SIM_TIME_ZONE), rendered and filtered as
 *   naive ISO-8601, as Revel does (public clients' notes from live calls: "Revel returns naive
 *   America/Chicago for timesheets exactly as it does for orders ... Do not treat them as UTC");
 * - a break is a TimeSheetEntry row of its own (break_type set, break_length in minutes, clock_in
 *   and clock_out its start and end), not a list inside the worked entry (the fields a live
 *   TimeSheetEntry carries: clock_in, clock_out, role_name, break_length, break_type ...);
 * - the list resources GET /resources/{Role,Employee,TimeSheetEntry,Order,Payment}/ over the
 *   seeded establishment of ./revel-data.ts: {meta: {limit, offset, next, previous, total_count},
 *   objects}, `limit` (default 20, 0 or more than 1000: 1000) and `offset`, `order_by=id`, the
 *   field filters each resource allows (`establishment`, `updated_date__gte`, `clock_in__gte/__lt`,
 *   `created_date__gte/__lt`, `closed`, `order__in`); any other filter answers 400
 *   {error: "The '...' field does not allow filtering."} as Tastypie does.
 * - Tastypie's defaults for errors: 401 and 404 with empty bodies, 429 (throttled) with an empty
 *   body, 500 {error_message}.
 * - Faults, scripted on the SimulatorState (./state.ts): failNext('revel', ...), hangNext,
 *   revoke(apiKey or apiSecret), and on the data pages (Employee, TimeSheetEntry, Order, Payment):
 *   malformPage, duplicateAcrossPages (a page also repeats the last object of the page before it),
 *   modifyAfterPage (the page's first employee, entry or order is updated at the simulator's now).
 */

const ACCOUNT = SIMULATED.revel;
/** The simulated establishment's zone (an Austin restaurant: its phone numbers are 512). */
export const REVEL_SIM_TIME_ZONE = 'America/Chicago';
/** The ids of break rows: apart from the worked entries' (the entry's id times 4, plus the break's index). */
const BREAK_ROW_ID_BASE = 5_000_000;
/** break_type of a paid and an unpaid break (assumption: Revel's names are not published). */
export const REVEL_BREAK_TYPES = { paid: 'Paid Break', unpaid: 'Unpaid Break' } as const;
const MAX_LIMIT = 1000;
const DEFAULT_LIMIT = 20;

function tastypieError(res: Response, status: number): void {
  if (status >= 500)
    res.status(status).json({ error_message: 'Sorry, this request could not be processed. Please try again later.' });
  else res.status(status).end();
}

export const revelSim = {
  data: undefined as RevelSimData | undefined,
  pristine: undefined as RevelSimData | undefined,
  modified: false,
  /** Bumped when a record changes in place (rows cached per version). */
  version: 0,
};

/** The seeded establishment the simulator serves (generated once, default options). */
export function revelSimData(): RevelSimData {
  if (!revelSim.data) configureRevelSim();
  return revelSim.data as RevelSimData;
}

/** Serves a freshly generated establishment (seed, days, ordersPerDay ...). */
export function configureRevelSim(options: RevelDataOptions = {}): RevelSimData {
  revelSim.data = generateRevelData(options);
  revelSim.pristine = structuredClone(revelSim.data);
  revelSim.modified = false;
  return revelSim.data;
}

/** Deletes (voids) an order now, after it closed (Order.deleted). */
export function deleteRevelOrder(id: number): void {
  const order = revelSimData().orders.find((o) => o.id === id);
  if (!order) throw new Error(`no simulated Revel order ${id}`);
  Object.assign(order, { deleted: true, updatedAt: Math.max(Date.now(), order.updatedAt + 1000) });
  revelSim.version++;
}

/** Reopens a closed order now (closed false, its payments kept), or closes it again. */
export function reopenRevelOrder(id: number, closed = false): void {
  const order = revelSimData().orders.find((o) => o.id === id);
  if (!order) throw new Error(`no simulated Revel order ${id}`);
  Object.assign(order, { closed, updatedAt: Math.max(Date.now(), order.updatedAt + 1000) });
  revelSim.version++;
}

/** Undoes the records changed by `modify` faults. */
export function resetRevelSim(): void {
  if (revelSim.modified && revelSim.pristine) revelSim.data = structuredClone(revelSim.pristine);
  revelSim.modified = false;
}

export interface RevelGroundTruth {
  employees: PosEmployee[];
  punches: PosPunch[];
  sales: PosSale[];
}

const CASH = 1;

/**
 * The sales of one simulated order as the connector must read them: none while it is open and
 * never paid; the sale (subtotal, tips of its live non-refund payments, the cash part, the
 * automatic gratuity and service charge as service charges, closed at its last payment) and a
 * negative sale per refund payment; an order deleted or reopened after it closed comes back voided
 * with zero figures. Deleted payments are left out.
 */
export function revelOrderTruth(o: RevelSimOrder, data: RevelSimData = revelSimData()): PosSale[] {
  const takenBack = (o.deleted || !o.closed) && o.payments.length > 0;
  if (!o.closed && !takenBack) return [];
  const employee = data.employees.find((e) => e.userId === o.createdByUserId);
  const live = o.payments.filter((p) => !p.deleted);
  const paid = live.filter((p) => p.amountCents >= 0);
  const tips = (ps: typeof live) => ps.reduce((n, p) => n + p.tipCents, 0);
  const base = {
    employeeVendorId: employee ? String(employee.id) : null,
    currency: 'USD',
    modifiedAt: o.updatedAt,
    gratuities: 0,
    tipsTo: [],
  };
  const zero = { amount: 0, tips: 0, cashTips: 0, serviceCharges: 0, voided: true };
  if (takenBack)
    return [
      {
        ...base,
        ...zero,
        vendorId: String(o.id),
        closedAt: Math.max(o.createdAt, ...paid.map((p) => p.createdAt)),
        customers: o.guests,
        refund: false,
        refundOf: null,
      },
      ...live
        .filter((p) => p.amountCents < 0)
        .map((p): PosSale => ({
          ...base,
          ...zero,
          vendorId: `${p.id}:refund`,
          closedAt: p.createdAt,
          customers: 0,
          refund: true,
          refundOf: String(o.id),
        })),
    ];
  return [
    {
      ...base,
      vendorId: String(o.id),
      closedAt: Math.max(o.createdAt, ...paid.map((p) => p.createdAt)),
      amount: o.subtotalCents,
      tips: tips(paid),
      cashTips: tips(paid.filter((p) => p.type === CASH)),
      serviceCharges: o.gratuityCents + o.serviceChargeCents,
      voided: false,
      customers: o.guests,
      refund: false,
      refundOf: null,
    },
    ...live
      .filter((p) => p.amountCents < 0)
      .map((p): PosSale => ({
        ...base,
        vendorId: `${p.id}:refund`,
        closedAt: p.createdAt,
        amount: p.amountCents,
        tips: Math.min(0, p.tipCents),
        cashTips: p.type === CASH ? Math.min(0, p.tipCents) : 0,
        serviceCharges: 0,
        voided: false,
        customers: 0,
        refund: true,
        refundOf: String(o.id),
      })),
  ];
}

/** Everything the simulated establishment holds, normalized the way the connector must read it (as of now). */
export function revelGroundTruth(): RevelGroundTruth {
  const data = revelSimData();
  const roles = new Map(data.roles.map((r) => [r.id, r.name]));
  const employees = data.employees.map((e): PosEmployee => ({
    vendorId: String(e.id),
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    phone: e.phone,
    active: e.active,
    jobTitle: e.roleId === null ? null : (roles.get(e.roleId) ?? null),
    modifiedAt: e.updatedAt,
  }));
  const punches = data.timeSheetEntries.map((t): PosPunch => ({
    vendorId: String(t.id),
    employeeVendorId: String(t.employeeId),
    clockInAt: t.clockIn,
    clockOutAt: t.clockOut,
    breaks: t.breaks.map((b) => ({ startAt: b.start, endAt: b.end, paid: b.paid })),
    jobTitle: t.roleId === null ? null : (roles.get(t.roleId) ?? null),
    deleted: t.deleted,
    modifiedAt: t.updatedAt,
  }));
  return { employees, punches, sales: data.orders.flatMap((o) => revelOrderTruth(o, data)) };
}

/** Revel's date-time format: naive ISO-8601, local to the establishment. */
export function revelDate(ms: number): string;
export function revelDate(ms: number | null): string | null;
export function revelDate(ms: number | null): string | null {
  return ms === null ? null : DateTime.fromMillis(ms, { zone: REVEL_SIM_TIME_ZONE }).toFormat("yyyy-MM-dd'T'HH:mm:ss");
}

/** A filter value: naive ones are local to the establishment. */
function parseFilterDate(v: string): number {
  if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+)?(Z|[+-]\d{2}:?\d{2})?$/.test(v)) return NaN;
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(v)) return Date.parse(v);
  return DateTime.fromISO(v, { zone: REVEL_SIM_TIME_ZONE }).toMillis();
}

/** The rows of the time sheet: each worked entry, and each of its breaks as a row of its own. */
function timeSheetRows(): Row[] {
  return revelSimData().timeSheetEntries.flatMap((t) => [
    { ...t, clock_in: t.clockIn, updated_date: t.updatedAt, breakType: null, breakLength: null },
    ...t.breaks.map((b, i) => ({
      ...t,
      id: BREAK_ROW_ID_BASE + t.id * 4 + i,
      clockIn: b.start,
      clockOut: b.end,
      clock_in: b.start,
      updated_date: t.updatedAt,
      breakType: b.paid ? REVEL_BREAK_TYPES.paid : REVEL_BREAK_TYPES.unpaid,
      breakLength: b.end === null ? null : Math.round((b.end - b.start) / 60_000),
    })),
  ]);
}

const dollars = (cents: number) => cents / 100;
const uri = (resource: string, id: number | string) => `/resources/${resource}/${id}/`;
const ESTABLISHMENT_URI = `/enterprise/Establishment/${ACCOUNT.establishmentId}/`;

type Row = { id: number } & Record<string, unknown>;
type Filter = (value: string) => ((row: Row) => boolean) | undefined;

const dateFilter =
  (field: string, op: 'gte' | 'lt'): Filter =>
  (value) => {
    const at = parseFilterDate(value);
    if (Number.isNaN(at)) return undefined;
    return (row) => {
      const v = row[field];
      if (typeof v !== 'number') return false;
      return op === 'gte' ? v >= at : v < at;
    };
  };

interface ListResource {
  /** Rows with their filterable fields (epoch ms for dates), and how each renders. */
  rows: () => Row[];
  render: (row: Row) => Record<string, unknown>;
  filters: Record<string, Filter>;
  /** Counted as a data page for the state's page faults. */
  data: boolean;
  kind?: 'employee' | 'time_entry' | 'order';
}

export function revelRouter(state: SimulatorState): Router {
  const r = express.Router();
  r.use(scriptedFailures(state, 'revel', (res, status) => tastypieError(res, status)));

  const authorized = (req: Request, res: Response): boolean => {
    const header = req.get('api-authentication') ?? '';
    const colon = header.indexOf(':');
    const [key, secret] = colon < 0 ? [header, ''] : [header.slice(0, colon), header.slice(colon + 1)];
    if (key !== ACCOUNT.apiKey || secret !== ACCOUNT.apiSecret || state.isRevoked(key, secret)) {
      tastypieError(res, 401);
      return false;
    }
    return true;
  };

  r.get('/enterprise/Establishment/:id', (req, res) => {
    if (!authorized(req, res)) return;
    if (req.params.id !== ACCOUNT.establishmentId) return tastypieError(res, 404);
    const id = Number(ACCOUNT.establishmentId);
    res.json({
      id,
      name: SIMULATED_NAMES.revel,
      active: true,
      timezone: REVEL_SIM_TIME_ZONE,
      address: '/enterprise/Address/5/',
      brand: '/enterprise/Brand/1/',
      brand_name: 'Simulated Revel Group',
      contact_name: 'Simulated Manager',
      created_by: '/enterprise/User/2/',
      created_date: '2024-03-01T09:30:00',
      updated_date: '2024-06-01T12:00:00',
      resource_uri: `/enterprise/Establishment/${id}/`,
      uuid: '3d1f6b2a-7c49-4e85-a0d3-9b6c2e1f4a87',
    });
  });

  /** A `modify` page fault: the first object of the page just served is updated now (whole seconds, as Revel renders). */
  const modifyServed = (kind: 'employee' | 'time_entry' | 'order', id: number | undefined): void => {
    if (id === undefined) return;
    const data = revelSimData();
    const at = Math.ceil(state.now() / 1000) * 1000;
    if (kind === 'order') {
      const o = data.orders.find((x) => x.id === id);
      const p = o?.payments.find((x) => !x.deleted && x.amountCents >= 0);
      if (!o) return;
      if (p) p.tipCents += 100;
      o.updatedAt = Math.max(o.updatedAt, at);
    } else if (kind === 'time_entry') {
      const t = data.timeSheetEntries.find((x) => x.id === id);
      if (!t) return;
      if (t.clockOut !== null) t.clockOut += 15 * 60_000;
      t.updatedAt = Math.max(t.updatedAt, at);
    } else {
      const e = data.employees.find((x) => x.id === id);
      if (!e) return;
      e.phone = `512555${String((at / 1000) % 10_000).padStart(4, '0')}`;
      e.updatedAt = Math.max(e.updatedAt, at);
    }
    revelSim.modified = true;
    revelSim.version++;
    state.modifications.push({ vendor: 'revel', kind, id: String(id), at });
  };

  const establishment: Filter = (v) => (v === ACCOUNT.establishmentId ? () => true : () => false);

  const resources: Record<string, ListResource> = {
    Role: {
      rows: () => revelSimData().roles.map((x) => ({ ...x })),
      render: (x) => ({ id: x.id, name: x.name, establishment: ESTABLISHMENT_URI, resource_uri: uri('Role', x.id) }),
      filters: { establishment },
      data: false,
    },
    Employee: {
      rows: () => revelSimData().employees.map((e) => ({ ...e, updated_date: e.updatedAt })),
      render: (x) => ({
        id: x.id,
        first_name: x.firstName,
        last_name: x.lastName,
        email: x.email,
        phone_number: x.phone,
        active: x.active,
        role: x.roleId === null ? null : uri('Role', x.roleId as number),
        user: `/enterprise/User/${x.userId as number}/`,
        establishment: ESTABLISHMENT_URI,
        created_date: revelDate(x.createdAt as number),
        updated_date: revelDate(x.updatedAt as number),
        resource_uri: uri('Employee', x.id),
      }),
      filters: {
        establishment,
        updated_date__gte: dateFilter('updated_date', 'gte'),
        updated_date__lt: dateFilter('updated_date', 'lt'),
      },
      data: true,
      kind: 'employee',
    },
    TimeSheetEntry: {
      rows: timeSheetRows,
      render: (x) => ({
        id: x.id,
        employee: uri('Employee', x.employeeId as number),
        role: x.roleId === null ? null : uri('Role', x.roleId as number),
        clock_in: revelDate(x.clockIn as number),
        clock_out: revelDate(x.clockOut as number | null),
        break_type: x.breakType,
        break_length: x.breakLength,
        deleted: x.deleted,
        establishment: ESTABLISHMENT_URI,
        created_date: revelDate(x.createdAt as number),
        updated_date: revelDate(x.updatedAt as number),
        resource_uri: uri('TimeSheetEntry', x.id),
      }),
      filters: {
        establishment,
        updated_date__gte: dateFilter('updated_date', 'gte'),
        updated_date__lt: dateFilter('updated_date', 'lt'),
        clock_in__gte: dateFilter('clock_in', 'gte'),
        clock_in__lt: dateFilter('clock_in', 'lt'),
      },
      data: true,
      kind: 'time_entry',
    },
    Order: {
      rows: () => revelSimData().orders.map((o) => ({ ...o, created_date: o.createdAt, updated_date: o.updatedAt })),
      render: (x) => {
        const o = x as unknown as RevelSimOrder;
        return {
          id: o.id,
          uuid: `00000000-0000-4000-8000-${String(o.id).padStart(12, '0')}`,
          establishment: ESTABLISHMENT_URI,
          created_by: o.createdByUserId === null ? null : `/enterprise/User/${o.createdByUserId}/`,
          updated_by: o.createdByUserId === null ? null : `/enterprise/User/${o.createdByUserId}/`,
          number_of_people: o.guests,
          closed: o.closed,
          deleted: o.deleted,
          printed: o.closed,
          has_items: true,
          web_order: false,
          is_invoice: false,
          subtotal: dollars(o.subtotalCents),
          tax: dollars(o.taxCents),
          discount_amount: 0,
          service_charge: dollars(o.serviceChargeCents),
          gratuity: dollars(o.gratuityCents),
          final_total: dollars(o.subtotalCents + o.taxCents + o.serviceChargeCents + o.gratuityCents),
          created_date: revelDate(o.createdAt),
          updated_date: revelDate(o.updatedAt),
          resource_uri: uri('Order', o.id),
        };
      },
      filters: {
        establishment,
        closed: (v) => (v === 'true' || v === 'false' ? (row) => row.closed === (v === 'true') : undefined),
        created_date__gte: dateFilter('created_date', 'gte'),
        created_date__lt: dateFilter('created_date', 'lt'),
        updated_date__gte: dateFilter('updated_date', 'gte'),
        updated_date__lt: dateFilter('updated_date', 'lt'),
      },
      data: true,
      kind: 'order',
    },
    Payment: {
      rows: () => revelSimData().orders.flatMap((o) => o.payments.map((p) => ({ ...p, orderId: o.id }))),
      render: (x) => ({
        id: x.id,
        order: uri('Order', x.orderId as number),
        establishment: ESTABLISHMENT_URI,
        amount: dollars(x.amountCents as number),
        tip: dollars(x.tipCents as number),
        payment_type: x.type,
        deleted: x.deleted,
        created_date: revelDate(x.createdAt as number),
        updated_date: revelDate(x.updatedAt as number),
        resource_uri: uri('Payment', x.id),
      }),
      filters: {
        establishment,
        order__in: (v) => {
          const ids = v.split(',');
          if (!ids.every((id) => /^\d+$/.test(id))) return undefined;
          const set = new Set(ids.map(Number));
          return (row) => set.has(row.orderId as number);
        },
        order: (v) => (/^\d+$/.test(v) ? (row) => row.orderId === Number(v) : undefined),
      },
      data: true,
    },
  };

  /** A resource's rows, built once per dataset version (a year of orders is scanned on every page; building its rows each time made the simulator the benchmark's bottleneck). */
  const rowCache = new Map<string, { data: RevelSimData; version: number; rows: Row[] }>();
  const rowsOf = (name: string, resource: ListResource): Row[] => {
    const data = revelSimData();
    const cached = rowCache.get(name);
    if (cached && cached.data === data && cached.version === revelSim.version) return cached.rows;
    const rows = resource.rows();
    rowCache.set(name, { data, version: revelSim.version, rows });
    return rows;
  };

  r.get('/resources/:resource', (req, res) => {
    const resource = resources[req.params.resource];
    if (!resource) return tastypieError(res, 404);
    if (!authorized(req, res)) return;
    const query = req.query as Record<string, unknown>;
    const matchers: ((row: Row) => boolean)[] = [];
    for (const name of Object.keys(query)) {
      if (['limit', 'offset', 'order_by', 'format'].includes(name)) continue;
      const filter = resource.filters[name];
      if (!filter)
        return void res.status(400).json({ error: `The '${name.split('__')[0]}' field does not allow filtering.` });
      const match = filter(queryParam(req, name) ?? '');
      if (!match) return void res.status(400).json({ error: `Invalid value for the '${name}' filter.` });
      matchers.push(match);
    }
    const orderBy = queryParam(req, 'order_by');
    if (orderBy !== undefined && orderBy !== 'id' && orderBy !== '-id')
      return void res.status(400).json({ error: `No matching '${orderBy}' field for ordering on.` });
    const rawLimit = Number(queryParam(req, 'limit') ?? DEFAULT_LIMIT);
    const offset = Number(queryParam(req, 'offset') ?? 0);
    if (!Number.isInteger(rawLimit) || rawLimit < 0)
      return void res
        .status(400)
        .json({ error: `Invalid limit '${queryParam(req, 'limit')}' provided. Please provide a positive integer.` });
    if (!Number.isInteger(offset) || offset < 0)
      return void res.status(400).json({
        error: `Invalid offset '${queryParam(req, 'offset')}' provided. Please provide a positive integer >= 0.`,
      });
    const limit = rawLimit === 0 || rawLimit > MAX_LIMIT ? MAX_LIMIT : rawLimit;

    const all = rowsOf(req.params.resource, resource)
      .filter((row) => matchers.every((m) => m(row)))
      .sort((a, b) => (orderBy === '-id' ? b.id - a.id : a.id - b.id));
    const faults = resource.data ? state.nextPage('revel') : new Set<string>();
    const from = faults.has('duplicate') && offset > 0 ? offset - 1 : offset;
    const objects = all.slice(from, offset + limit).map(resource.render);
    const link = (at: number) => {
      const params = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
      params.set('limit', String(limit));
      params.set('offset', String(at));
      return `${req.baseUrl}${req.path}?${params.toString()}`;
    };
    const meta = {
      limit,
      offset,
      total_count: all.length,
      next: offset + limit < all.length ? link(offset + limit) : null,
      previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    };
    if (faults.has('malformed'))
      return void res.json({ meta, objects: objects.map((o, i) => (i === 0 ? { ...o, id: `#${String(o.id)}` } : o)) });
    res.json({ meta, objects });
    if (faults.has('modify') && resource.kind) modifyServed(resource.kind, objects[0]?.id as number | undefined);
  });

  return r;
}
