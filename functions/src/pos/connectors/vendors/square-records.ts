/** Square's stream records (the shapes of its answers) and their mapping to ours: pure, no I/O. */

import { z } from 'zod';
import type { PosEmployee, PosPunch, PosSale } from '../types';

const ISO = z.string().refine((s) => !Number.isNaN(Date.parse(s)));
const Money = z.object({ amount: z.number().int(), currency: z.string().min(1) });

export const LocationsResponse = z.object({ locations: z.array(z.object({ id: z.string().min(1) })).optional() });

const TeamMember = z.object({
  id: z.string().min(1),
  status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  email_address: z.string().optional(),
  phone_number: z.string().optional(),
  updated_at: ISO.optional(),
  created_at: ISO.optional(),
  wage_setting: z
    .object({ job_assignments: z.array(z.object({ job_title: z.string().optional() })).optional() })
    .optional(),
});
export const TeamMembersPage = z.object({
  team_members: z.array(TeamMember).optional(),
  cursor: z.string().min(1).optional(),
});

const Timecard = z.object({
  id: z.string().min(1),
  team_member_id: z.string().min(1),
  start_at: ISO,
  end_at: ISO.optional(),
  breaks: z.array(z.object({ start_at: ISO, end_at: ISO.optional(), is_paid: z.boolean() })).optional(),
  wage: z.object({ title: z.string().optional() }).optional(),
  status: z.enum(['OPEN', 'CLOSED']).optional(),
  created_at: ISO.optional(),
  updated_at: ISO,
  /** "The cash tips declared by the team member for this timecard" (Timecard, api.json). */
  declared_cash_tip_money: Money.nullish(),
});
export const TimecardsPage = z.object({
  timecards: z.array(Timecard).optional(),
  cursor: z.string().min(1).optional(),
});

const Tender = z.object({
  id: z.string().min(1).optional(),
  created_at: ISO.optional(),
  amount_money: Money.optional(),
  tip_money: Money.optional(),
  type: z.string().min(1),
  payment_id: z.string().min(1).optional(),
});
const Amounts = z.object({ total_money: Money.optional(), tax_money: Money.optional(), tip_money: Money.optional() });
/**
 * OrderServiceCharge (api.json, checked 2026-12-02): `type` AUTO_GRATUITY or CUSTOM (read only);
 * `total_money` "the total amount of money to collect for the service charge" and `total_tax_money`
 * its tax. A return's OrderReturnServiceCharge has no type: it names its `source_service_charge_uid`.
 */
const ServiceCharge = z.object({
  uid: z.string().nullish(),
  type: z.string().nullish(),
  total_money: Money.nullish(),
  total_tax_money: Money.nullish(),
});
const ReturnServiceCharge = z.object({
  source_service_charge_uid: z.string().nullish(),
  total_money: Money.nullish(),
  total_tax_money: Money.nullish(),
});
const Order = z.object({
  id: z.string().min(1),
  location_id: z.string().min(1),
  state: z.string().optional(),
  closed_at: ISO,
  updated_at: ISO,
  line_items: z.array(z.unknown()).optional(),
  tenders: z.array(Tender).optional(),
  service_charges: z.array(ServiceCharge).nullish(),
  returns: z
    .array(
      z.object({
        uid: z.string().min(1).optional(),
        source_order_id: z.string().min(1).optional(),
        return_service_charges: z.array(ReturnServiceCharge).nullish(),
        return_amounts: Amounts.optional(),
      }),
    )
    .optional(),
  refunds: z.array(z.object({ tender_id: z.string().min(1), amount_money: Money.optional() })).optional(),
  total_money: Money.optional(),
  total_tax_money: Money.optional(),
  total_tip_money: Money.optional(),
});
export const OrdersPage = z.object({ orders: z.array(Order).optional(), cursor: z.string().min(1).optional() });
export const SourceOrders = z.object({
  orders: z
    .array(
      z.object({
        id: z.string().min(1),
        location_id: z.string().min(1),
        tenders: z.array(Tender).optional(),
        service_charges: z.array(ServiceCharge).nullish(),
      }),
    )
    .optional(),
});

const Payment = z.object({
  id: z.string().min(1),
  created_at: ISO.optional(),
  team_member_id: z.string().min(1).optional(),
  employee_id: z.string().min(1).optional(),
});
export const PaymentsPage = z.object({ payments: z.array(Payment).optional(), cursor: z.string().min(1).optional() });
export const PaymentResponse = z.object({ payment: Payment });

export type OrderT = z.infer<typeof Order>;
export type TenderT = z.infer<typeof Tender>;

export const ms = (iso: string): number => Date.parse(iso);
export const iso = (t: number): string => new Date(t).toISOString();

export function toEmployee(tm: z.infer<typeof TeamMember>): PosEmployee {
  return {
    vendorId: tm.id,
    firstName: tm.given_name ?? '',
    lastName: tm.family_name ?? '',
    email: tm.email_address ?? null,
    phone: tm.phone_number ?? null,
    active: tm.status !== 'INACTIVE',
    jobTitle: tm.wage_setting?.job_assignments?.[0]?.job_title ?? null,
    modifiedAt: ms(tm.updated_at ?? tm.created_at ?? '1970-01-01T00:00:00Z'),
  };
}

export function toPunch(t: z.infer<typeof Timecard>): PosPunch {
  return {
    vendorId: t.id,
    employeeVendorId: t.team_member_id,
    clockInAt: ms(t.start_at),
    clockOutAt: t.end_at ? ms(t.end_at) : null,
    breaks: (t.breaks ?? []).map((b) => ({
      startAt: ms(b.start_at),
      endAt: b.end_at ? ms(b.end_at) : null,
      paid: b.is_paid,
    })),
    jobTitle: t.wage?.title ?? null,
    deleted: false,
    ...(t.declared_cash_tip_money ? { declaredCashTips: t.declared_cash_tip_money.amount } : {}),
    modifiedAt: ms(t.updated_at),
  };
}

export const paymentIdOf = (t: TenderT): string | undefined => t.payment_id ?? t.id;

/** Who took the payments of a page, and the tenders its refunds refer to. */
export interface Attribution {
  /** Payment id -> team member id (null: the payment names none, or Square does not find it). */
  sellers: Map<string, string | null>;
  /** Tender id -> tender, for the source orders of the page's returns. */
  refunded: Map<string, TenderT>;
  /** Source order id -> the uids of its AUTO_GRATUITY service charges (the returns' orders, when read). */
  autoGratuities?: Map<string, Set<string>>;
}

/**
 * Square's auto-gratuity: OrderServiceChargeType AUTO_GRATUITY, the service charge a seller adds
 * automatically (large parties), not a tip the buyer chose: a service charge under 29 CFR 531.55,
 * the seller's receipt, kept apart from net sales and tips as `serviceCharges`. Its amount is its
 * total_money less its total_tax_money (net sales are before tax too). CUSTOM service charges
 * (delivery fees and the like) are the seller's sales and stay in net sales. The buyer's tip is
 * total_tip_money (`tips`); Square has no voluntary gratuity line apart from it (`gratuities` 0).
 */
export const isAutoGratuity = (c: { type?: string | null }): boolean => c.type === 'AUTO_GRATUITY';
const preTax = (c: { total_money?: { amount: number } | null; total_tax_money?: { amount: number } | null }) =>
  (c.total_money?.amount ?? 0) - (c.total_tax_money?.amount ?? 0);

function largestFirst<T>(items: T[], amount: (x: T) => number): T[] {
  return items.slice().sort((a, b) => amount(b) - amount(a));
}

function sellerOf(paymentIds: (string | undefined)[], a: Attribution): string | null {
  for (const id of paymentIds) {
    const seller = id ? a.sellers.get(id) : undefined;
    if (seller) return seller;
  }
  return null;
}

export function toSales(o: OrderT, a: Attribution, fallbackCurrency: string): PosSale[] {
  const out: PosSale[] = [];
  const closedAt = ms(o.closed_at);
  const modifiedAt = ms(o.updated_at);
  const currency = o.total_money?.currency ?? fallbackCurrency;
  const returns = o.returns ?? [];
  if ((o.line_items?.length ?? 0) > 0 || returns.length === 0) {
    const total = o.total_money?.amount ?? 0;
    const tenders = o.tenders ?? [];
    const tips = o.total_tip_money?.amount ?? tenders.reduce((n, t) => n + (t.tip_money?.amount ?? 0), 0);
    const cash = tenders.filter((t) => t.type === 'CASH').reduce((n, t) => n + (t.tip_money?.amount ?? 0), 0);
    const tax = o.total_tax_money?.amount ?? 0;
    const serviceCharges = (o.service_charges ?? []).filter(isAutoGratuity).reduce((n, c) => n + preTax(c), 0);
    const seller = sellerOf(largestFirst(tenders, (t) => t.amount_money?.amount ?? 0).map(paymentIdOf), a);
    out.push({
      vendorId: o.id,
      employeeVendorId: seller,
      closedAt,
      currency,
      amount: Math.max(0, total - tips - tax - serviceCharges),
      tips: Math.max(0, tips),
      cashTips: Math.max(0, Math.min(cash, tips)),
      gratuities: 0,
      serviceCharges: Math.max(0, serviceCharges),
      customers: 0,
      refund: false,
      refundOf: null,
      modifiedAt,
    });
  }
  const refunds = o.refunds ?? [];
  const refundedAmount = refunds.reduce((n, r) => n + (r.amount_money?.amount ?? 0), 0);
  const cashRefunded = refunds
    .filter((r) => a.refunded.get(r.tender_id)?.type === 'CASH')
    .reduce((n, r) => n + (r.amount_money?.amount ?? 0), 0);
  const refundSeller = sellerOf(
    largestFirst(refunds, (r) => r.amount_money?.amount ?? 0).map((r) => {
      const tender = a.refunded.get(r.tender_id);
      return tender ? paymentIdOf(tender) : undefined;
    }),
    a,
  );
  returns.forEach((r, i) => {
    const amounts = r.return_amounts;
    const total = amounts?.total_money?.amount ?? 0;
    const tips = Math.max(0, amounts?.tip_money?.amount ?? 0);
    const tax = amounts?.tax_money?.amount ?? 0;
    const cashTips = refundedAmount > 0 ? Math.round((tips * cashRefunded) / refundedAmount) : 0;
    // a returned service charge is the source order's auto-gratuity when its source uid is one
    const sourceCharges = r.source_order_id ? a.autoGratuities?.get(r.source_order_id) : undefined;
    const serviceCharges = (r.return_service_charges ?? [])
      .filter((c) => !!c.source_service_charge_uid && !!sourceCharges?.has(c.source_service_charge_uid))
      .reduce((n, c) => n + preTax(c), 0);
    out.push({
      vendorId: `${o.id}:${r.uid ?? i}`,
      employeeVendorId: refundSeller,
      closedAt,
      currency: amounts?.total_money?.currency ?? currency,
      amount: -Math.max(0, total - tips - tax - serviceCharges),
      tips: -tips,
      cashTips: -cashTips,
      gratuities: 0,
      serviceCharges: -Math.max(0, serviceCharges),
      customers: 0,
      refund: true,
      refundOf: r.source_order_id ?? null,
      modifiedAt,
    });
  });
  return out;
}
