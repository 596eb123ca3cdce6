import type { PosEmployee, PosPunch, PosSale } from '../../../pos/connectors';
import { businessSlot } from '../../../core/calendar';
import type { VendorPunchInput } from '../../attendance';
import { POS_SOURCES, type PosSource } from '../../sales';
import { emailKey, nameKey, phoneKey } from '../matching';
import * as repo from '../repo';
import type { SinkCounts, SinkTarget } from './common';

/** What the sinks write, made from what a connector read: pure, no I/O. */

export const zero = (): SinkCounts => ({ created: 0, updated: 0, unchanged: 0, failed: 0, held: 0 });

/** A record delivered twice in one page keeps its latest version (most recent modifiedAt, then the later one). */
export function latest<T extends { vendorId: string; modifiedAt: number }>(
  page: readonly T[],
): { records: T[]; duplicates: number } {
  const byId = new Map<string, T>();
  for (const r of page) {
    const seen = byId.get(r.vendorId);
    if (!seen || r.modifiedAt >= seen.modifiedAt) byId.set(r.vendorId, r);
  }
  return { records: [...byId.values()], duplicates: page.length - byId.size };
}

export type RosterFields = Pick<
  repo.StoredPosEmployee,
  | 'vendorId'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'emailKey'
  | 'phoneKey'
  | 'jobTitle'
  | 'active'
  | 'modifiedAt'
>;
export const ROSTER_FIELDS: (keyof RosterFields | 'employeeId' | 'linkedBy')[] = [
  'vendorId',
  'firstName',
  'lastName',
  'email',
  'phone',
  'emailKey',
  'phoneKey',
  'jobTitle',
  'active',
  'modifiedAt',
  'employeeId',
  'linkedBy',
];

export function rosterFields(r: PosEmployee): RosterFields {
  return {
    vendorId: r.vendorId,
    firstName: r.firstName ?? '',
    lastName: r.lastName ?? '',
    email: r.email ?? null,
    phone: r.phone ?? null,
    emailKey: emailKey(r.email),
    phoneKey: phoneKey(r.phone),
    jobTitle: r.jobTitle ?? null,
    active: r.active !== false,
    modifiedAt: r.modifiedAt,
  };
}

export function punchInput(
  t: SinkTarget,
  r: PosPunch,
  employeeId: string,
  roles: Map<string, string | null>,
): VendorPunchInput {
  const positionId = r.jobTitle ? roles.get(nameKey(r.jobTitle)) : undefined;
  return {
    slug: t.slug,
    externalId: r.vendorId,
    employeeId,
    clockInAt: r.clockInAt,
    clockOutAt: r.clockOutAt,
    // the POS says whether a break is paid; a paid one is a rest break, an unpaid one a meal break
    breaks: r.breaks.map((b) => ({
      type: b.paid ? ('rest' as const) : ('meal' as const),
      startAt: b.startAt,
      endAt: b.endAt,
      paid: b.paid,
    })),
    ...(positionId ? { positionId } : {}),
  };
}

/** The sales module's POS source of a catalogue slug (square_api_key is its own source). */
export function posSourceOf(slug: string): PosSource | null {
  const sources: readonly string[] = POS_SOURCES;
  if (sources.includes(slug)) return slug as PosSource;
  const base = slug.split('_')[0];
  return sources.includes(base) ? (base as PosSource) : null;
}

export function entryOf(
  t: SinkTarget,
  r: PosSale,
  posSource: PosSource,
  links: Map<string, string | null>,
  zone: string,
  dayChangeSeconds: number,
  now: number,
): repo.SaleEntry {
  const posEmployeeId = r.employeeVendorId ? repo.posEmployeeDocId(t.connectionId, r.employeeVendorId) : null;
  const employeeId = posEmployeeId ? (links.get(posEmployeeId) ?? null) : null;
  return {
    connectionId: t.connectionId,
    slug: t.slug,
    vendorId: r.vendorId,
    posSource,
    posEmployeeId,
    employeeVendorId: r.employeeVendorId ?? null,
    employeeId,
    held: posEmployeeId !== null && employeeId === null,
    closedAt: r.closedAt,
    businessDate: businessSlot(r.closedAt, zone, dayChangeSeconds).businessDate,
    currency: r.currency,
    amount: r.amount,
    tips: r.tips,
    cashTips: r.cashTips ?? 0,
    customers: r.refund ? 0 : r.customers,
    refund: r.refund,
    refundOf: r.refundOf ?? null,
    modifiedAt: r.modifiedAt,
    updatedAt: now,
  };
}

/** The invoice of a sale, as POST /sales/invoices takes it (a refund is its own signed record). */
export const invoiceItemOf = (e: repo.SaleEntry) => ({
  externalId: e.vendorId,
  posSource: e.posSource,
  closedAt: e.closedAt,
  currency: e.currency,
  amount: e.amount,
  tips: e.tips,
  customers: e.customers,
  refund: e.refund,
  refundOf: e.refundOf,
  employeeId: e.employeeId,
});

export interface TipsDelta {
  date: string;
  employeeId: string | null;
  currency: string;
  cardTips: number;
  cashTips: number;
}

export function contribute(deltas: Map<string, TipsDelta>, e: repo.SaleEntry, sign: 1 | -1): void {
  if (e.tips === 0 && e.cashTips === 0) return;
  const id = repo.tipsDocId(e.businessDate, e.employeeId);
  const d = deltas.get(id) ?? {
    date: e.businessDate,
    employeeId: e.employeeId,
    currency: e.currency,
    cardTips: 0,
    cashTips: 0,
  };
  d.cardTips += sign * (e.tips - e.cashTips);
  d.cashTips += sign * e.cashTips;
  deltas.set(id, d);
}

export const saleOf = (e: repo.SaleEntry): PosSale => ({
  vendorId: e.vendorId,
  employeeVendorId: e.employeeVendorId,
  closedAt: e.closedAt,
  currency: e.currency,
  amount: e.amount,
  tips: e.tips,
  cashTips: e.cashTips,
  customers: e.customers,
  refund: e.refund,
  refundOf: e.refundOf,
  modifiedAt: e.modifiedAt,
});
