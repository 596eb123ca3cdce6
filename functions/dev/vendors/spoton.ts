import express, { type Request, type Response, type Router } from 'express';
import { SIMULATED, SIMULATED_NAMES, SIMULATED_UNREACHABLE } from './accounts';
import type { PosEmployee, PosPunch, PosSale } from '../../src/pos/connectors/types';
import { queryParam, REASONS, scriptedFailures, type SimulatorState } from './state';
import { generateSpotonData, type SpotonDataOptions, type SpotonSimData, type SpotonSimOrder } from './spoton-data';

/**
 * A local SpotOn Restaurant POS Export API (src/pos/connectors/vendors/spoton.ts names the
 * documentation followed), every route with `x-api-key`, under /posexport/v1/locations/{locationId}:
 * - GET (the location itself), /employees, /job-positions, /payment-options: whole lists, unpaged.
 * - GET /time-clock-entries with one range: updatedAtStart/End, inStart/inEnd or outStart/outEnd
 *   (RFC 3339, start inclusive, end exclusive).
 * - GET /orders with one range: updatedAtStart/End, createdAtStart/End or closedAtStart/End; a
 *   range of at most 26 hours, without milliseconds, ending at least 5 minutes in the past (400
 *   otherwise).
 * - Errors {message, code}: 401 missing or invalid key (or a revoked one), 403 a location the key
 *   has no access to, 404 a location that does not exist, 400 a range not as documented.
 * - Faults, scripted on the SimulatorState (./state.ts): failNext('spoton', ...) (with
 *   Retry-After), hangNext, malformPage (a data list - employees, time clock entries, orders - with
 *   one record not as documented), duplicateAcrossPages (a list also repeats the last record of its
 *   previous answer), modifyAfterPage (orders: the first order served is updated now), revoke(apiKey).
 * The data routes serve the seeded restaurant of ./spoton-data.ts.
 */

const ACCOUNT = SIMULATED.spoton;
const MAX_ORDER_RANGE_MS = 26 * 3_600_000;
const MIN_END_AGE_MS = 5 * 60_000;

function spotonError(res: Response, status: number, message = REASONS[status] ?? 'Error'): void {
  res.status(status).json({ message, code: String(status) });
}

const spotonSim = { data: undefined as SpotonSimData | undefined };

/** The seeded restaurant the simulator serves (generated once, default options). */
export function spotonSimData(): SpotonSimData {
  if (!spotonSim.data) spotonSim.data = generateSpotonData();
  return spotonSim.data;
}

/** Serves a freshly generated restaurant (seed, days, ordersPerDay ...). */
export function configureSpotonSim(options: SpotonDataOptions = {}): SpotonSimData {
  spotonSim.data = generateSpotonData(options);
  return spotonSim.data;
}

/** RFC 3339 as SpotOn writes it: UTC, without milliseconds. */
export function spotonDate(ms: number): string;
export function spotonDate(ms: number | null): string | null;
export function spotonDate(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Integer cents as SpotOn's decimal dollar strings ("12.50", "-4.05"). */
export function spotonDollars(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface SpotonGroundTruth {
  employees: PosEmployee[];
  punches: PosPunch[];
  sales: PosSale[];
}

/**
 * Everything the simulated location holds, normalized the way the connector must read it:
 * employees (inactive when not active or deleted; modifiedAt their termination, else hire date),
 * time clock entries (deleted or voided ones flagged deleted; declared cash tips those collected
 * less those given to others) and per closed order a sale and a negative sale per refund payment
 * (voided when the order is deleted): gift cards sold left out, auto-gratuities as service
 * charges, tips applied to another employee than the owner as tipsTo.
 */
export function spotonGroundTruth(): SpotonGroundTruth {
  const data = spotonSimData();
  const names = new Map(data.jobPositions.map((j) => [j.id, j.name]));
  const employees = data.employees.map((e): PosEmployee => ({
    vendorId: e.id,
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    phone: e.phone,
    active: e.active && !e.deleted,
    jobTitle: e.jobPositionIds.map((j) => names.get(j)).find((n) => n !== undefined) ?? null,
    modifiedAt: e.terminationDate ?? e.hireDate,
  }));
  const punches = data.entries.map((t): PosPunch => ({
    vendorId: t.id,
    employeeVendorId: t.employeeId,
    clockInAt: t.inAt,
    clockOutAt: t.outAt,
    breaks: t.breaks.map((b) => ({ startAt: b.startAt, endAt: b.endAt, paid: b.paid })),
    jobTitle: t.jobPositionId ? (names.get(t.jobPositionId) ?? null) : null,
    deleted: t.deleted || t.voided,
    ...(t.declaredCashTipsCents - t.declaredCashTipsToOthersCents > 0
      ? { declaredCashTips: t.declaredCashTipsCents - t.declaredCashTipsToOthersCents }
      : {}),
    modifiedAt: t.updatedAt,
  }));
  return { employees, punches, sales: data.orders.flatMap(spotonOrderTruth) };
}

/** The sales of one simulated order, as the connector must read them. */
export function spotonOrderTruth(o: SpotonSimOrder): PosSale[] {
  if (o.closedAt === null) return [];
  const cash = new Set(
    spotonSimData()
      .paymentOptions.filter((p) => p.kind === 'CASH')
      .map((p) => p.id),
  );
  const base = {
    employeeVendorId: o.ownerEmployeeId,
    currency: 'USD',
    modifiedAt: o.updatedAt,
    ...(o.deleted ? { voided: true } : {}),
  };
  const payments = o.checks.flatMap((c, ci) => c.payments.map((p, pi) => ({ ...p, ci, pi })));
  const charges = payments.filter((p) => p.amountCents >= 0);
  const sum = (ps: typeof payments) => ps.reduce((n, p) => n + p.tipCents, 0);
  const tipsTo = (ps: typeof payments) => {
    const by = new Map<string, number>();
    for (const p of ps)
      if (p.tipAppliedTo && p.tipAppliedTo !== o.ownerEmployeeId && p.tipCents !== 0)
        by.set(p.tipAppliedTo, (by.get(p.tipAppliedTo) ?? 0) + p.tipCents);
    return [...by].map(([employeeVendorId, amount]) => ({ employeeVendorId, amount }));
  };
  const out: PosSale[] = [
    {
      ...base,
      vendorId: o.id,
      closedAt: o.closedAt,
      amount: o.checks.reduce((n, c) => n + c.guests.flat().reduce((m, x) => m + x, 0), 0),
      tips: sum(charges),
      cashTips: sum(charges.filter((p) => cash.has(p.paymentOptionId))),
      tipFees: charges.reduce((n, p) => n + p.tipDeductionCents, 0),
      serviceCharges: o.checks.reduce((n, c) => n + c.gratuityCents, 0),
      tipsTo: tipsTo(charges),
      customers: o.checks.reduce((n, c) => n + c.guests.length, 0),
      refund: false,
      refundOf: null,
    },
  ];
  for (const p of payments) {
    if (p.amountCents >= 0) continue;
    out.push({
      ...base,
      vendorId: `${o.id}:refund:${p.ci}:${p.pi}`,
      closedAt: p.createdAt,
      amount: p.amountCents,
      tips: p.tipCents,
      cashTips: cash.has(p.paymentOptionId) ? p.tipCents : 0,
      tipFees: 0 - Math.abs(p.tipDeductionCents),
      tipsTo: tipsTo([p]),
      customers: 0,
      refund: true,
      refundOf: o.id,
    });
  }
  return out;
}

function renderOrder(o: SpotonSimOrder, data: SpotonSimData) {
  const employees = new Map(data.employees.map((e) => [e.id, `${e.firstName} ${e.lastName}`]));
  const options = new Map(data.paymentOptions.map((p) => [p.id, p]));
  const owner = o.ownerEmployeeId;
  const item = (cents: number, n: number) => ({
    menuItemId: `menu-item-${n}`,
    name: `Item ${n}`,
    createdAt: spotonDate(o.createdAt),
    quantity: '1',
    preDiscountsAmount: spotonDollars(cents),
    discountsAmount: '0.00',
    postDiscountsAmount: spotonDollars(cents),
    taxesAmount: spotonDollars(Math.round(cents * 0.06)),
    totalAmount: spotonDollars(cents + Math.round(cents * 0.06)),
    discounts: [],
    taxes: [],
    subItems: [],
    giftCardIssueReload: false,
    modifiers: [],
  });
  const totalOf = (c: SpotonSimData['orders'][number]['checks'][number]) =>
    c.guests.flat().reduce((n, x) => n + x, 0) + c.giftCards.reduce((n, x) => n + x, 0) + c.gratuityCents + c.taxCents;
  const giftCard = (cents: number, n: number) => ({
    ...item(cents, n),
    menuItemId: 'menu-item-gift-card',
    name: 'Gift Card',
    taxesAmount: '0.00',
    totalAmount: spotonDollars(cents),
    giftCardIssueReload: true,
  });
  return {
    id: o.id,
    name: `Order ${o.id.slice(-4)}`,
    deleted: o.deleted,
    locationId: ACCOUNT.locationId,
    orderTypeId: 'order-type-dine-in',
    orderTypeName: 'Dine In',
    createdByEmployeeId: owner ?? '',
    createdByEmployeeName: owner ? (employees.get(owner) ?? '') : '',
    createdAt: spotonDate(o.createdAt),
    closedAt: spotonDate(o.closedAt),
    orderNumber: '',
    tableNumber: '',
    scheduled: false,
    releasedAt: null,
    // the specification's ownerInfo is an object, never null: an order without an owner has none
    ...(owner ? { ownerInfo: { employeeId: owner, employeeName: employees.get(owner) ?? '', jobPositionId: '' } } : {}),
    totalAmount: spotonDollars(o.checks.reduce((n, c) => n + totalOf(c), 0)),
    balanceDueAmount: spotonDollars(o.closedAt === null ? o.checks.reduce((n, c) => n + totalOf(c), 0) : 0),
    checks: o.checks.map((c) => {
      const paid = c.payments.reduce((n, p) => n + p.amountCents, 0);
      return {
        gratuityAmount: spotonDollars(c.gratuityCents),
        totalAmount: spotonDollars(totalOf(c)),
        paymentsAmount: spotonDollars(paid),
        balanceAmount: spotonDollars(Math.max(0, totalOf(c) - paid)),
        guests: c.guests.map((items, g) => ({
          name: `Guest ${g + 1}`,
          items: [
            ...items.map((cents, n) => item(cents, n + 1)),
            ...(g === 0 ? c.giftCards.map((cents, n) => giftCard(cents, items.length + n + 1)) : []),
          ],
          voidedItems: [],
        })),
        surcharges: [],
        autoGratuityTaxes: [],
        items: [],
        voidedItems: [],
        payments: c.payments.map((p) => {
          const option = options.get(p.paymentOptionId);
          return {
            paymentOptionId: p.paymentOptionId,
            paymentName: option?.name ?? '',
            createdAt: spotonDate(p.createdAt),
            amount: spotonDollars(p.amountCents),
            surcharges: [],
            surchargesAmount: 0,
            tipAmount: spotonDollars(p.tipCents),
            tipDeductionAmount: spotonDollars(p.tipDeductionCents),
            tipAppliedToEmployeeId: p.tipAppliedTo ?? owner ?? '',
            employeeId: owner ?? '',
            employeeName: owner ? (employees.get(owner) ?? '') : '',
            ...(option?.kind === 'CC'
              ? { cardType: 'Visa', cardNumber: '...4242', cardholderName: 'SIM CARDHOLDER' }
              : {}),
          };
        }),
      };
    }),
    updatedAt: new Date(o.updatedAt).toISOString(),
  };
}

/** An RFC 3339 query value; NaN when it is not one. */
function parseQueryDate(v: string | undefined): number {
  if (!v || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v)) return NaN;
  return Date.parse(v);
}

type Range = { field: string; start: number; end: number; raw: [string, string] };

/** The one range of a list request among `fields` (each `${field}Start`/`${field}End`), or the 400 it answers. */
function rangeOf(req: Request, fields: string[], startSuffix: string, endSuffix: string): Range | string {
  const given = fields.filter(
    (f) => queryParam(req, `${f}${startSuffix}`) !== undefined || queryParam(req, `${f}${endSuffix}`) !== undefined,
  );
  if (given.length !== 1) return `Exactly one date range (${fields.join(', ')}) is required`;
  const field = given[0];
  const raw: [string, string] = [
    queryParam(req, `${field}${startSuffix}`) ?? '',
    queryParam(req, `${field}${endSuffix}`) ?? '',
  ];
  const [start, end] = raw.map(parseQueryDate);
  if (Number.isNaN(start) || Number.isNaN(end))
    return `${field}${startSuffix} and ${field}${endSuffix} must be RFC 3339 date-times`;
  if (end <= start) return `${field}${endSuffix} must be after ${field}${startSuffix}`;
  return { field, start, end, raw };
}

export function spotonRouter(state: SimulatorState): Router {
  const r = express.Router();
  r.use(scriptedFailures(state, 'spoton', (res, status) => spotonError(res, status)));

  /** The key and location of a request; answers the error itself when they do not pass. */
  const authorized = (req: Request, res: Response): boolean => {
    const key = req.get('x-api-key');
    if (!key) {
      spotonError(res, 401, 'Missing API key');
      return false;
    }
    if (key !== ACCOUNT.apiKey || state.isRevoked(key)) {
      spotonError(res, 401, 'Invalid API key');
      return false;
    }
    const id = req.params.locationId;
    if (id === SIMULATED_UNREACHABLE.spotonLocationId) {
      spotonError(res, 403, 'The API key does not have access to this location');
      return false;
    }
    if (id !== ACCOUNT.locationId) {
      spotonError(res, 404, 'Location not found');
      return false;
    }
    return true;
  };

  /** The last record of each list's previous answer (by list), for duplicate faults. */
  const lastServed = new Map<string, Record<string, unknown>>();

  /**
   * A data list (one window's answer), with page faults: malformed (one record not as documented),
   * duplicate (the answer also repeats the last record of the list's previous answer, as a record
   * on the boundary of two windows is), modify (orders: the first order served gets a larger tip,
   * updated now).
   */
  const sendList = (
    res: Response,
    list: 'employees' | 'entries' | 'orders',
    records: Record<string, unknown>[],
  ): void => {
    const due = state.nextPage('spoton');
    const previous = lastServed.get(list);
    if (records.length) lastServed.set(list, records[records.length - 1]);
    if (due.has('malformed')) {
      const broken =
        records.length > 0
          ? records.map((x, i) => (i === Math.floor(records.length / 2) ? { ...x, id: 42 } : x))
          : [{ id: 42 }];
      return void res.json(broken);
    }
    res.json(due.has('duplicate') && previous ? [previous, ...records] : records);
    if (due.has('modify') && list === 'orders' && typeof records[0]?.id === 'string') modifyOrder(records[0].id);
  };

  const modifyOrder = (id: string): void => {
    const order = spotonSimData().orders.find((o) => o.id === id);
    const payment = order?.checks.flatMap((c) => c.payments).find((p) => p.amountCents > 0);
    if (!order || !payment) return;
    payment.tipCents += 100;
    order.updatedAt = Math.max(order.updatedAt + 1000, Math.ceil(state.now() / 1000) * 1000);
    state.modifications.push({ vendor: 'spoton', kind: 'order', id, at: order.updatedAt });
  };

  r.get('/posexport/v1/locations/:locationId', (req, res) => {
    if (!authorized(req, res)) return;
    res.json({
      id: ACCOUNT.locationId,
      organizationId: 'sim-organization-0001',
      name: SIMULATED_NAMES.spoton,
      deleted: false,
      fiscalendofdaytime: 10_800_000,
      spotonmerchantid: 'sim-merchant-000417',
    });
  });

  r.get('/posexport/v1/locations/:locationId/job-positions', (req, res) => {
    if (!authorized(req, res)) return;
    res.json(
      spotonSimData().jobPositions.map((j) => ({
        id: j.id,
        locationId: ACCOUNT.locationId,
        name: j.name,
        deleted: false,
      })),
    );
  });

  r.get('/posexport/v1/locations/:locationId/payment-options', (req, res) => {
    if (!authorized(req, res)) return;
    res.json(
      spotonSimData().paymentOptions.map((p) => ({
        id: p.id,
        locationId: ACCOUNT.locationId,
        name: p.name,
        deleted: false,
        enabled: true,
        kind: p.kind,
      })),
    );
  });

  r.get('/posexport/v1/locations/:locationId/employees', (req, res) => {
    if (!authorized(req, res)) return;
    const data = spotonSimData();
    const positions = new Map(data.jobPositions.map((j) => [j.id, j]));
    sendList(
      res,
      'employees',
      data.employees.map((e, i) => ({
        id: e.id,
        locationID: ACCOUNT.locationId,
        firstName: e.firstName,
        lastName: e.lastName,
        // the specification's email has the email format: an employee without one has none
        ...(e.email ? { email: e.email } : {}),
        nickName: '',
        address: {
          street1: `${100 + i} Selma`,
          street2: '',
          city: 'Westland',
          state: 'MI',
          zip: '48185',
          phone: e.phone ?? '',
        },
        birthDate: null,
        hireDate: spotonDate(e.hireDate),
        terminationDate: spotonDate(e.terminationDate),
        loginCode: String(1000 + i),
        payrollId: '',
        active: e.active,
        posUserId: `pos-${i}`,
        deleted: e.deleted,
        excludeFromReporting: false,
        jobPositions: e.jobPositionIds.map((j) => ({
          id: j,
          locationId: ACCOUNT.locationId,
          name: positions.get(j)?.name ?? '',
          deleted: false,
        })),
      })),
    );
  });

  r.get('/posexport/v1/locations/:locationId/time-clock-entries', (req, res) => {
    if (!authorized(req, res)) return;
    const range = rangeOf(req, ['updatedAt', 'in', 'out'], 'Start', 'End');
    if (typeof range === 'string') return spotonError(res, 400, range);
    const key = { updatedAt: 'updatedAt', in: 'inAt', out: 'outAt' } as const;
    const field = key[range.field as keyof typeof key];
    const entries = spotonSimData().entries.filter((t) => {
      const at = t[field];
      return at !== null && at >= range.start && at < range.end;
    });
    sendList(
      res,
      'entries',
      entries.map((t) => ({
        id: t.id,
        locationId: ACCOUNT.locationId,
        deleted: t.deleted,
        voided: t.voided,
        employeeId: t.employeeId,
        jobPositionId: t.jobPositionId ?? '',
        payRateAmount: '15.50',
        declaredCashTipsAmount: spotonDollars(t.declaredCashTipsCents),
        declaredCashTipsToOthersAmount: spotonDollars(t.declaredCashTipsToOthersCents),
        inAt: spotonDate(t.inAt),
        outAt: spotonDate(t.outAt),
        breaks: t.breaks.map((b) => ({
          id: b.id,
          startedAt: spotonDate(b.startAt),
          endedAt: spotonDate(b.endAt),
          kind: b.paid ? 'PAID' : 'UNPAID',
        })),
        lastUpdatedAt: spotonDate(t.updatedAt),
      })),
    );
  });

  r.get('/posexport/v1/locations/:locationId/orders', (req, res) => {
    if (!authorized(req, res)) return;
    const range = rangeOf(req, ['updatedAt', 'createdAt', 'closedAt'], 'Start', 'End');
    if (typeof range === 'string') return spotonError(res, 400, range);
    if (range.raw.some((v) => /\.\d+/.test(v))) return spotonError(res, 400, 'Date-times must not have milliseconds');
    if (range.end - range.start > MAX_ORDER_RANGE_MS)
      return spotonError(res, 400, 'The date range cannot exceed 26 hours');
    if (range.end > state.now() - MIN_END_AGE_MS)
      return spotonError(res, 400, 'The end of the range must be at least 5 minutes in the past');
    const data = spotonSimData();
    const field = range.field as 'updatedAt' | 'createdAt' | 'closedAt';
    const orders = data.orders.filter((o) => {
      const at = o[field];
      return at !== null && at >= range.start && at < range.end;
    });
    sendList(
      res,
      'orders',
      orders.map((o) => renderOrder(o, data)),
    );
  });

  return r;
}

/** Marks a closed order deleted at `at` (whole seconds), as the Export API then serves it. */
export function deleteSpotonOrder(id: string, at: number): void {
  const order = spotonSimData().orders.find((o) => o.id === id);
  if (!order) throw new Error(`no order ${id}`);
  order.deleted = true;
  order.updatedAt = Math.floor(at / 1000) * 1000;
}

/** Applies the tip of an order's first payment to another employee at `at` (a table handed over after close). */
export function applySpotonTipTo(id: string, employeeId: string, at: number): void {
  const order = spotonSimData().orders.find((o) => o.id === id);
  const payment = order?.checks.flatMap((c) => c.payments).find((p) => p.amountCents > 0);
  if (!order || !payment) throw new Error(`no paid order ${id}`);
  payment.tipAppliedTo = employeeId;
  order.updatedAt = Math.floor(at / 1000) * 1000;
}

/** A time clock entry's declared cash tips corrected at `at` (collected, and given to others). */
export function declareSpotonCashTips(entryId: string, collected: number, given: number, at: number): void {
  const entry = spotonSimData().entries.find((t) => t.id === entryId);
  if (!entry) throw new Error(`no entry ${entryId}`);
  entry.declaredCashTipsCents = collected;
  entry.declaredCashTipsToOthersCents = given;
  entry.updatedAt = Math.floor(at / 1000) * 1000;
}
