/** Clover's records (the shapes of its answers) and their mapping to ours: pure, no I/O. clover.ts's header names the documentation each follows. */

import { z } from 'zod';
import type { PosEmployee, PosPunch, PosSale } from '../types';

/** An order of one of these payment states has been paid (PaymentState of the SDK's Order model). */
const PAID_STATES = new Set(['PAID', 'PARTIALLY_REFUNDED', 'REFUNDED']);
export const CLOVER_CASH_TENDER = 'com.clover.tender.cash';
/** The expansions an orders read asks for: payments with their service charge, refunds. */
export const CLOVER_ORDER_EXPAND = 'payments,payments.serviceCharge,refunds';

const Ref = z.object({ id: z.string().min(1) });
const Ms = z.number().int();
export const Elements = <T extends z.ZodType>(item: T) => z.object({ elements: z.array(item) });

export const Employee = z.object({
  id: z.string().min(1),
  name: z.string().nullish(),
  nickname: z.string().nullish(),
  email: z.string().nullish(),
  role: z.string().nullish(),
  roles: z.object({ elements: z.array(z.object({ name: z.string().nullish() })) }).nullish(),
  claimedTime: Ms.nullish(),
  deletedTime: Ms.nullish(),
});
export const Shift = z.object({
  id: z.string().min(1),
  employee: Ref,
  inTime: Ms,
  outTime: Ms.nullish(),
  overrideInTime: Ms.nullish(),
  overrideOutTime: Ms.nullish(),
  cashTipsCollected: Ms.nonnegative().nullish(),
});
const ChargeAmount = z.object({ amount: Ms.nullish() });
const Payment = z.object({
  id: z.string().min(1),
  amount: Ms,
  taxAmount: Ms.nullish(),
  tipAmount: Ms.nullish(),
  serviceCharge: ChargeAmount.nullish(),
  tender: z.object({ labelKey: z.string().nullish() }).nullish(),
  result: z.string().nullish(),
  createdTime: Ms,
});
const Refund = z.object({
  id: z.string().min(1),
  amount: Ms,
  taxAmount: Ms.nullish(),
  tipAmount: Ms.nullish(),
  serviceChargeAmount: ChargeAmount.nullish(),
  payment: Ref.nullish(),
  voided: z.boolean().nullish(),
  deletedTime: Ms.nullish(),
  status: z.string().nullish(),
  createdTime: Ms,
});
export const Order = z.object({
  id: z.string().min(1),
  paymentState: z.string().nullish(),
  testMode: z.boolean().nullish(),
  deletedTimestamp: Ms.nullish(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullish(),
  employee: Ref.nullish(),
  modifiedTime: Ms,
  payments: Elements(Payment).nullish(),
  refunds: Elements(Refund).nullish(),
});

export function toEmployee(e: z.infer<typeof Employee>): PosEmployee {
  const name = (e.name ?? '').trim();
  const space = name.indexOf(' ');
  return {
    vendorId: e.id,
    firstName: space < 0 ? name : name.slice(0, space),
    lastName: space < 0 ? '' : name.slice(space + 1).trim(),
    email: e.email || null,
    phone: null,
    active: !e.deletedTime,
    jobTitle: e.roles?.elements.find((r) => r.name)?.name ?? null,
    modifiedAt: e.deletedTime ?? e.claimedTime ?? 0,
  };
}

export function toPunch(s: z.infer<typeof Shift>): PosPunch {
  const clockInAt = s.overrideInTime ?? s.inTime;
  const clockOutAt = s.overrideOutTime ?? s.outTime ?? null;
  return {
    vendorId: s.id,
    employeeVendorId: s.employee.id,
    clockInAt,
    clockOutAt,
    breaks: [],
    jobTitle: null,
    deleted: false,
    ...(typeof s.cashTipsCollected === 'number' ? { declaredCashTips: s.cashTipsCollected } : {}),
    modifiedAt: Math.max(s.inTime, s.overrideInTime ?? 0, s.outTime ?? 0, s.overrideOutTime ?? 0),
  };
}

type CloverPayment = z.infer<typeof Payment>;
type CloverRefund = z.infer<typeof Refund>;

const isCash = (p: CloverPayment | undefined) => p?.tender?.labelKey === CLOVER_CASH_TENDER;
const refundVoided = (r: CloverRefund) =>
  r.voided === true || typeof r.deletedTime === 'number' || r.status === 'VOIDED' || r.status === 'FAIL';

/**
 * The sales of one Clover order (the header names the documentation): a sale for a paid order, a
 * negative one per refund; for an order its vendor took back (every payment voided, or deleted),
 * the same records with `voided` true and zero figures; nothing for a test-mode order or one never paid.
 */
export function cloverOrderSales(o: z.infer<typeof Order>): PosSale[] {
  if (o.testMode === true) return [];
  const payments = o.payments?.elements ?? [];
  const paid = payments.filter((p) => p.result === 'SUCCESS');
  const standing = PAID_STATES.has(o.paymentState ?? '') && paid.length > 0 && typeof o.deletedTimestamp !== 'number';
  const voided = payments.filter((p) => p.result === 'VOIDED');
  if (!standing && voided.length === 0 && typeof o.deletedTimestamp !== 'number') return [];
  const currency = o.currency ?? 'USD';
  const base = {
    employeeVendorId: o.employee?.id ?? null,
    currency,
    customers: 0,
    gratuities: 0,
    tipsTo: [],
    modifiedAt: o.modifiedTime,
  };
  const sum = <T>(xs: T[], f: (x: T) => number) => xs.reduce((n, x) => n + f(x), 0);
  const zero = { amount: 0, tips: 0, cashTips: 0, serviceCharges: 0, voided: true };
  const closedOf = (ps: CloverPayment[]) =>
    ps.length > 0 ? Math.max(...ps.map((p) => p.createdTime)) : o.modifiedTime;
  const out: PosSale[] = [
    {
      ...base,
      vendorId: o.id,
      closedAt: closedOf(standing ? paid : voided),
      ...(standing
        ? {
            amount: sum(paid, (p) => p.amount - (p.taxAmount ?? 0) - (p.serviceCharge?.amount ?? 0)),
            tips: sum(paid, (p) => p.tipAmount ?? 0),
            cashTips: sum(paid.filter(isCash), (p) => p.tipAmount ?? 0),
            serviceCharges: sum(paid, (p) => p.serviceCharge?.amount ?? 0),
            voided: false,
          }
        : zero),
      refund: false,
      refundOf: null,
    },
  ];
  for (const r of o.refunds?.elements ?? []) {
    const payment = payments.find((p) => p.id === r.payment?.id);
    const tips = 0 - (r.tipAmount ?? 0);
    const serviceCharges = 0 - (r.serviceChargeAmount?.amount ?? 0);
    out.push({
      ...base,
      vendorId: r.id,
      closedAt: r.createdTime,
      ...(standing && !refundVoided(r)
        ? {
            amount: 0 - (r.amount - (r.taxAmount ?? 0) - (r.tipAmount ?? 0)) - serviceCharges,
            tips,
            cashTips: isCash(payment) ? tips : 0,
            serviceCharges,
            voided: false,
          }
        : zero),
      refund: true,
      refundOf: o.id,
    });
  }
  return out;
}
