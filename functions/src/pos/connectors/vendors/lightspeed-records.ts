/** Lightspeed K-Series records (the shapes of its answers) and their mapping to ours: pure, no I/O. lightspeed.ts's header names the documentation each follows. */

import { z } from 'zod';
import { currencyExponent } from '../../../core/money';
import type { PosEmployee, PosPunch, PosSale } from '../types';

const ISO = z.string().refine((v) => !Number.isNaN(Date.parse(v)));
const Decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

export const Page = z.object({
  page: z.object({ page: z.number(), totalPages: z.number() }).optional(),
  links: z
    .object({ next: z.object({ href: z.string() }).optional() })
    .passthrough()
    .optional(),
});
export const Staff = z.object({
  staffId: z.number().int(),
  username: z.string().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  active: z.boolean().nullish(),
  modifiedOn: ISO.nullish(),
  groups: z.array(z.object({ name: z.string().nullish() })).nullish(),
});
export const StaffPage = Page.extend({ data: z.object({ staff: z.array(Staff) }) });
export const Shift = z.object({
  uuid: z.string().min(1),
  staffId: z.number().int(),
  declaredCashTips: Decimal.nullish(),
  dateInUTC: ISO,
  events: z.array(
    z.object({ uuid: z.string().optional(), timestamp: ISO, eventType: z.enum(['CLOCK_IN', 'CLOCK_OUT']) }),
  ),
});
export const ShiftPage = Page.extend({ data: z.object({ shifts: z.array(Shift) }) });
export const Sale = z.object({
  accountFiscId: z.string().min(1),
  receiptId: z.string().nullish(),
  type: z.string(),
  cancelled: z.boolean().nullish(),
  timeClosed: ISO,
  ownerId: z.number().int().nullish(),
  nbCovers: z.number().nullish(),
  source: z.object({ initialAccountId: z.string().nullish(), previousAccountId: z.string().nullish() }).nullish(),
  salesLines: z
    .array(z.object({ totalNetAmountWithoutTax: Decimal.nullish(), currency: z.string().nullish() }))
    .nullish(),
  payments: z
    .array(z.object({ code: z.string().nullish(), tip: Decimal.nullish(), currency: z.string().nullish() }))
    .nullish(),
});
export const SalesPage = z.object({ sales: z.array(Sale), nextPageToken: z.string().nullish() });

/**
 * A sum of decimal strings in minor units of a currency, exact (big integers over the largest
 * number of decimals), rounded half-even once at the end.
 */
export function lightspeedMinorUnits(values: readonly (string | null | undefined)[], currency: string): number {
  const present = values.filter((v): v is string => typeof v === 'string' && v.length > 0);
  const scale = Math.max(0, ...present.map((v) => (v.split('.')[1] ?? '').length));
  const total = present.reduce((sum, v) => {
    const [int, frac = ''] = v.replace('-', '').split('.');
    const units = BigInt(int + frac.padEnd(scale, '0'));
    return v.startsWith('-') ? sum - units : sum + units;
  }, 0n);
  const drop = scale - currencyExponent(currency);
  if (drop <= 0) return Number(total * 10n ** BigInt(-drop));
  const divisor = 10n ** BigInt(drop);
  const negative = total < 0n;
  const abs = negative ? -total : total;
  let quotient = abs / divisor;
  const twice = (abs % divisor) * 2n;
  if (twice > divisor || (twice === divisor && quotient % 2n === 1n)) quotient += 1n;
  return Number(negative ? -quotient : quotient);
}

export function toStaff(s: z.infer<typeof Staff>): PosEmployee {
  return {
    vendorId: String(s.staffId),
    firstName: s.firstName ?? s.username ?? '',
    lastName: s.lastName ?? '',
    email: null,
    phone: null,
    active: s.active !== false,
    jobTitle: s.groups?.find((g) => g.name)?.name ?? null,
    modifiedAt: s.modifiedOn ? Date.parse(s.modifiedOn) : 0,
  };
}

/** The newest event of a type ("use the newest one when multiple events exist with the same event type"). */
const newest = (events: z.infer<typeof Shift>['events'], type: 'CLOCK_IN' | 'CLOCK_OUT') =>
  events
    .filter((e) => e.eventType === type)
    .map((e) => Date.parse(e.timestamp))
    .reduce<number | null>((a, b) => (a === null || b > a ? b : a), null);

export function toPunch(s: z.infer<typeof Shift>, currency: string): PosPunch | null {
  const clockInAt = newest(s.events, 'CLOCK_IN');
  if (clockInAt === null) return null;
  const declared = s.declaredCashTips ? lightspeedMinorUnits([s.declaredCashTips], currency) : 0;
  return {
    vendorId: s.uuid,
    employeeVendorId: String(s.staffId),
    clockInAt,
    clockOutAt: newest(s.events, 'CLOCK_OUT'),
    breaks: [],
    jobTitle: null,
    deleted: false,
    ...(declared !== 0 ? { declaredCashTips: declared } : {}),
    modifiedAt: Date.parse(s.dateInUTC),
  };
}

/** The types that take back the account they name (see the header). */
const TAKES_BACK = new Set(['VOID', 'RECALL', 'CANCEL']);

export function toSale(s: z.infer<typeof Sale>, fallbackCurrency: string): PosSale | null {
  const refund = s.type === 'REFUND';
  const target = s.source?.previousAccountId || s.source?.initialAccountId || null;
  const takesBack = TAKES_BACK.has(s.type) && !!target && target !== s.accountFiscId;
  if (s.type !== 'SALE' && !refund && !takesBack) return null;
  const currency = (
    s.payments?.find((p) => p.currency)?.currency ??
    s.salesLines?.find((l) => l.currency)?.currency ??
    fallbackCurrency
  ).toUpperCase();
  const payments = s.payments ?? [];
  const closedAt = Date.parse(s.timeClosed);
  const amount = lightspeedMinorUnits(
    (s.salesLines ?? []).map((l) => l.totalNetAmountWithoutTax),
    currency,
  );
  const tips = lightspeedMinorUnits(
    payments.map((p) => p.tip),
    currency,
  );
  const cashTips = lightspeedMinorUnits(
    payments.filter((p) => p.code === 'CASH').map((p) => p.tip),
    currency,
  );
  if (takesBack) {
    // the account taken back, with the sign of a sale (a taking-back record's amounts are its negation)
    return {
      vendorId: target,
      employeeVendorId: s.ownerId ? String(s.ownerId) : null,
      closedAt,
      currency,
      amount: Math.abs(amount),
      tips: Math.abs(tips),
      cashTips: Math.abs(cashTips),
      customers: 0,
      refund: false,
      refundOf: null,
      voided: true,
      modifiedAt: closedAt,
    };
  }
  return {
    vendorId: s.accountFiscId,
    employeeVendorId: s.ownerId ? String(s.ownerId) : null,
    closedAt,
    currency,
    amount,
    tips,
    cashTips,
    customers: Math.max(0, Math.round(s.nbCovers ?? 0)),
    refund,
    refundOf: refund ? (s.source?.initialAccountId ?? null) : null,
    ...(s.cancelled ? { voided: true } : {}),
    modifiedAt: closedAt,
  };
}
