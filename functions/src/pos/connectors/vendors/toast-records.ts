/** Toast's records (the shapes of its answers) and their mapping to ours: pure, no I/O. */

import { z } from 'zod';
import type { PosEmployee, PosPunch, PosSale } from '../types';

/** ISO-8601 as Toast writes it (2019-08-24T14:15:22.000+0000: an offset without colon). */
export function parseToastDate(value: string): number {
  return Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
}

const ToastDate = z.string().refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(parseToastDate(v)));
const Money = z.number().finite();
const Ref = z.object({ guid: z.string().min(1) });

/**
 * Decimal dollars (a JSON number) to integer cents without float drift: from the shortest decimal
 * representation of the number, rounded half away from zero at the third decimal.
 */
export function toMinorUnits(amount: number): number {
  const text = String(Math.abs(amount));
  let cents: number;
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (m) {
    const frac = (m[2] ?? '').padEnd(3, '0');
    cents = Number(m[1]) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0);
  } else {
    cents = Math.round(Math.abs(amount) * 100); // exponent notation: tiny or huge values
  }
  return amount < 0 ? 0 - cents : cents;
}

export const Employee = z.object({
  guid: z.string().min(1),
  deleted: z.boolean().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  email: z.string().nullish(),
  phoneNumber: z.string().nullish(),
  jobReferences: z.array(Ref).nullish(),
  createdDate: ToastDate.nullish(),
  modifiedDate: ToastDate.nullish(),
});
export const Job = z.object({ guid: z.string().min(1), title: z.string().nullish() });
export const TimeEntry = z.object({
  guid: z.string().min(1),
  employeeReference: Ref,
  jobReference: Ref.nullish(),
  inDate: ToastDate,
  outDate: ToastDate.nullish(),
  breaks: z
    .array(z.object({ inDate: ToastDate.nullish(), outDate: ToastDate.nullish(), paid: z.boolean().nullish() }))
    .nullish(),
  deleted: z.boolean().nullish(),
  createdDate: ToastDate.nullish(),
  modifiedDate: ToastDate.nullish(),
  /** Labor API TimeEntry.declaredCashTips: the cash tips the employee declared for the shift, dollars. */
  declaredCashTips: Money.nullish(),
});
/**
 * Orders API AppliedServiceCharge (data definitions, checked 2026-12-02): `chargeAmount` "the final
 * applied amount excluding tax"; `gratuity` "whether this service charge is a gratuity. Can be used
 * to derive required tip amount on the check" (the configuration API's ServiceCharge.gratuity:
 * "True if the service charge is a gratuity and is assigned to the owner of the check").
 */
/**
 * Orders API RefundDetails (data definitions, doc.toasttab.com/openapi/orders/tag/Data-definitions/
 * schema/RefundDetails, checked 2026-12-03): on a refunded item selection or service charge,
 * `refundAmount` "the value of the menu item or service charge (excluding taxes) being refunded.
 * Includes the value of any nested modifier options" (so only top-level selections are read),
 * `taxRefundAmount` "the tax amount being refunded", and `refundTransaction` to "associate items and
 * service charges that were refunded in the same transaction" (the payment's Refund names its own).
 */
const RefundDetails = z.object({
  refundAmount: Money.nullish(),
  taxRefundAmount: Money.nullish(),
  refundTransaction: Ref.nullish(),
});
const AppliedServiceCharge = z.object({
  chargeAmount: Money.nullish(),
  gratuity: z.boolean().nullish(),
  name: z.string().nullish(),
  refundDetails: RefundDetails.nullish(),
});
const Selection = z.object({ refundDetails: RefundDetails.nullish() });
const Payment = z.object({
  guid: z.string().min(1),
  type: z.string().nullish(),
  amount: Money.nullish(),
  tipAmount: Money.nullish(),
  paymentStatus: z.string().nullish(),
  refundStatus: z.string().nullish(),
  refund: z
    .object({
      refundAmount: Money.nullish(),
      tipRefundAmount: Money.nullish(),
      refundDate: ToastDate.nullish(),
      refundTransaction: Ref.nullish(),
    })
    .nullish(),
});
const Check = z.object({
  guid: z.string().min(1),
  amount: Money.nullish(),
  taxAmount: Money.nullish(),
  closedDate: ToastDate.nullish(),
  modifiedDate: ToastDate.nullish(),
  paymentStatus: z.string().nullish(),
  voided: z.boolean().nullish(),
  voidDate: ToastDate.nullish(),
  deleted: z.boolean().nullish(),
  deletedDate: ToastDate.nullish(),
  appliedServiceCharges: z.array(AppliedServiceCharge).nullish(),
  selections: z.array(Selection).nullish(),
  payments: z.array(Payment).nullish(),
});
export const Order = z.object({
  guid: z.string().min(1),
  modifiedDate: ToastDate.nullish(),
  voided: z.boolean().nullish(),
  voidDate: ToastDate.nullish(),
  deleted: z.boolean().nullish(),
  numberOfGuests: z.number().int().nonnegative().nullish(),
  server: Ref.nullish(),
  checks: z.array(Check),
});
export const RestaurantCurrency = z.object({
  general: z
    .object({
      currencyCode: z
        .string()
        .regex(/^[A-Z]{3}$/)
        .nullish(),
    })
    .nullish(),
});

const dateOrNull = (v: string | null | undefined) => (v ? parseToastDate(v) : null);
export const iso = (ms: number) => new Date(ms).toISOString();

export function toEmployee(e: z.infer<typeof Employee>, titles: Map<string, string>): PosEmployee {
  const job = e.jobReferences?.find((j) => titles.has(j.guid));
  return {
    vendorId: e.guid,
    firstName: e.firstName ?? '',
    lastName: e.lastName ?? '',
    email: e.email || null,
    phone: e.phoneNumber || null,
    active: e.deleted !== true,
    jobTitle: job ? (titles.get(job.guid) ?? null) : null,
    modifiedAt: dateOrNull(e.modifiedDate) ?? dateOrNull(e.createdDate) ?? 0,
  };
}

export function toPunch(t: z.infer<typeof TimeEntry>, titles: Map<string, string>): PosPunch {
  const clockInAt = parseToastDate(t.inDate);
  return {
    vendorId: t.guid,
    employeeVendorId: t.employeeReference.guid,
    clockInAt,
    clockOutAt: dateOrNull(t.outDate),
    breaks: (t.breaks ?? [])
      .filter((b) => b.inDate)
      .map((b) => ({
        startAt: parseToastDate(b.inDate as string),
        endAt: dateOrNull(b.outDate),
        paid: b.paid === true,
      })),
    jobTitle: t.jobReference ? (titles.get(t.jobReference.guid) ?? null) : null,
    deleted: t.deleted === true,
    ...(typeof t.declaredCashTips === 'number' ? { declaredCashTips: toMinorUnits(t.declaredCashTips) } : {}),
    modifiedAt: dateOrNull(t.modifiedDate) ?? dateOrNull(t.createdDate) ?? clockInAt,
  };
}

/**
 * The part of a payment's refund that was sales when the check carries no RefundDetails for it
 * (refundedParts reads them when it does): Toast's Refund.refundAmount is "the amount of the
 * refund, excluding the tip" (orders API data definitions, Refund), so tax included, while a sale
 * is Check.amount (before tax). The check's tax is taken out in proportion (one tax rate per check
 * assumed), so a fully refunded check nets to zero.
 */
export function refundNetOfTax(refundCents: number, checkCents: number, taxCents: number): number {
  const taxed = checkCents + taxCents;
  return taxed > 0 && taxCents > 0 ? Math.round((refundCents * checkCents) / taxed) : refundCents;
}

type ToastCheck = z.infer<typeof Check>;
type ToastPayment = z.infer<typeof Payment>;

/**
 * The parts of a payment's refund before tax, exactly, from the check's refunded item selections
 * and service charges (RefundDetails) of the refund's transaction: the items' refundAmount and the
 * non-gratuity service charges' are net sales (those charges are inside Check.amount), the gratuity
 * service charges' leave the service charges. Details naming no transaction count for the payment
 * when it is the check's only refunded one. Null when the check carries no detail for the refund
 * (a tip-only refund, or an answer without them): its net is then taken in proportion.
 */
export function refundedParts(
  c: ToastCheck,
  p: ToastPayment,
  onlyRefund: boolean,
): { sales: number; serviceCharges: number } | null {
  const tx = p.refund?.refundTransaction?.guid ?? null;
  const ofThis = (d: z.infer<typeof RefundDetails> | null | undefined): d is z.infer<typeof RefundDetails> =>
    !!d && typeof d.refundAmount === 'number' && (d.refundTransaction ? d.refundTransaction.guid === tx : onlyRefund);
  const items = (c.selections ?? []).map((s) => s.refundDetails).filter(ofThis);
  const charges = (c.appliedServiceCharges ?? []).filter((s) => ofThis(s.refundDetails));
  if (items.length === 0 && charges.length === 0) return null;
  const cents = (d: z.infer<typeof RefundDetails> | null | undefined) => toMinorUnits(d?.refundAmount ?? 0);
  return {
    sales:
      items.reduce((n, d) => n + cents(d), 0) +
      charges.filter((s) => s.gratuity !== true).reduce((n, s) => n + cents(s.refundDetails), 0),
    serviceCharges: charges.filter((s) => s.gratuity === true).reduce((n, s) => n + cents(s.refundDetails), 0),
  };
}

/**
 * Whether Toast took a check back after it closed: the check or its order voided (`voided`,
 * `voidDate`) or deleted, or a check closed once (`closedDate` is "the most recent date at which
 * this check's payment status was set to CLOSED") whose paymentStatus is OPEN or PAID again
 * (reopened: Toast's checks go back from CLOSED to OPEN or PAID when a server reopens them).
 */
function takenBack(o: z.infer<typeof Order>, c: z.infer<typeof Check>): boolean {
  return !!(o.voided || o.deleted || c.voided || c.deleted || (c.paymentStatus && c.paymentStatus !== 'CLOSED'));
}

/**
 * The sales of one order: a sale per check that closed, with its net amount (Check.amount: after
 * discounts, before tax, without gratuity service charges), the tips of its non-voided payments
 * (Payment.tipAmount: the tip the guest added; the CASH payments' part is the cash tips), and its
 * gratuity service charges (AppliedServiceCharge.gratuity: a required tip the restaurant adds, an
 * automatic gratuity, so a service charge under 29 CFR 531.55, not a tip) as `serviceCharges`;
 * other service charges (delivery fees and the like) are part of Check.amount and stay in net sales.
 * Toast has no voluntary gratuity line apart from the tip, so `gratuities` is 0. A negative sale per
 * refunded payment, before tax too. A check voided, deleted or reopened after it closed comes back
 * as its sale marked voided (so what was stored of it is reversed; closed again, it comes back
 * with voided false), dated by the void when that is later than its modifiedDate. The order's
 * guests count on its first sale only.
 */
export function orderSales(o: z.infer<typeof Order>, currency: string): PosSale[] {
  const out: PosSale[] = [];
  let guests = o.numberOfGuests ?? 0;
  const orderModified = dateOrNull(o.modifiedDate);
  for (const c of o.checks) {
    if (!c.closedDate) continue;
    const voided = takenBack(o, c);
    const payments = (c.payments ?? []).filter((p) => p.paymentStatus !== 'VOIDED');
    const closedAt = parseToastDate(c.closedDate);
    const voidAt = voided ? Math.max(dateOrNull(c.voidDate) ?? 0, dateOrNull(o.voidDate) ?? 0) : 0;
    const modifiedAt = Math.max(dateOrNull(c.modifiedDate) ?? orderModified ?? closedAt, voidAt);
    const employeeVendorId = o.server?.guid ?? null;
    const tipsOf = (ps: typeof payments) => ps.reduce((sum, p) => sum + toMinorUnits(p.tipAmount ?? 0), 0);
    const serviceCharges = (c.appliedServiceCharges ?? [])
      .filter((s) => s.gratuity === true)
      .reduce((sum, s) => sum + toMinorUnits(s.chargeAmount ?? 0), 0);
    out.push({
      vendorId: c.guid,
      employeeVendorId,
      closedAt,
      currency,
      amount: toMinorUnits(c.amount ?? 0),
      tips: tipsOf(payments),
      cashTips: tipsOf(payments.filter((p) => p.type === 'CASH')),
      gratuities: 0,
      serviceCharges,
      voided,
      customers: guests,
      refund: false,
      refundOf: null,
      modifiedAt,
    });
    guests = 0;
    const refunded = payments.filter((p) => p.refund && p.refundStatus && p.refundStatus !== 'NONE');
    for (const p of refunded) {
      const refund = p.refund!;
      const tips = 0 - toMinorUnits(refund.tipRefundAmount ?? 0);
      const exact = refundedParts(c, p, refunded.length === 1);
      out.push({
        vendorId: `${p.guid}:refund`,
        employeeVendorId,
        closedAt: dateOrNull(refund.refundDate) ?? modifiedAt,
        currency,
        amount:
          0 -
          (exact?.sales ??
            refundNetOfTax(
              toMinorUnits(refund.refundAmount ?? 0),
              toMinorUnits(c.amount ?? 0),
              toMinorUnits(c.taxAmount ?? 0),
            )),
        tips,
        cashTips: p.type === 'CASH' ? tips : 0,
        ...(exact ? { serviceCharges: 0 - exact.serviceCharges } : {}),
        voided,
        customers: 0,
        refund: true,
        refundOf: c.guid,
        modifiedAt,
      });
    }
  }
  return out;
}
