import { z } from 'zod';
import { companyIdQuery, isoDate, documentId, queryBoolean, queryList, validatedLater } from '../../http/fields';
import { visibleTo } from '../../http/visibility';
// the record itself, not the connectors' index: naming a sales schema loads no connector code
import { posSale } from '../../pos/connectors/sale';

import { POS_SOURCES } from './sources';
import { TIP_KINDS, type TipKind } from './tip-kinds';

export { POS_SOURCES, type PosSource } from './sources';

export const SALES_FIELDS = [
  'morningSales',
  'totalSales',
  'eveningSales',
  'customerCount',
  'perHour',
  'tips',
  'ratio',
  'tipKinds',
] as const;
export type SalesField = (typeof SALES_FIELDS)[number];
export const DEFAULT_FIELDS: SalesField[] = ['totalSales', 'morningSales', 'eveningSales', 'customerCount', 'tips'];

export const MAX_RANGE_DAYS = 731;
export const MAX_IMPORT_ITEMS = 5000;

const HOURS_PATTERN = /^(\d{1,2})-(\d{1,2})$/;

export function parseHours(value: string): { start: number; end: number } | null {
  const m = HOURS_PATTERN.exec(value);
  return m ? { start: Number(m[1]), end: Number(m[2]) } : null;
}

const INVOICE_FILTERS = ['employeeId', 'positionId', 'role', 'posSource'] as const;

export const salesQuery = companyIdQuery
  .extend({
    startDate: isoDate.describe('First business date of the range (company-local, YYYY-MM-DD)'),
    endDate: isoDate.describe(
      `Last business date of the range, inclusive. The range covers at most ${MAX_RANGE_DAYS} days; a longer range or an endDate before startDate is 400 INVALID_DATE_RANGE`,
    ),
    groupBy: z
      .enum(['daily', 'weekly', 'monthly'])
      .default('daily')
      .describe(
        "Bucket size. Buckets are keyed by the company-local date they start on: the day; the first day of the week (weeks start on the profile's weekStartingDay, 0 = Sunday); the first of the month. The first and last bucket may cover part of their week or month (see start, end).",
      ),
    period: z
      .enum(['full', 'morning', 'evening'])
      .default('full')
      .describe(
        "Part of the business day: morning = business hours starting before the company's dinner daypart (settings.dayparts.dinner, else its schedule template's most common evening start, else settings.morningPeriodEnd, default 960 = 16:00; a minute counted from the business date's local midnight); evening = the rest, up to the next day change (after-midnight hours included when dayChangeTime puts them in this business day).",
      ),
    hours: z
      .string()
      .regex(HOURS_PATTERN, 'must be H-H, e.g. 11-15')
      .refine((v) => {
        const h = parseHours(v);
        return !h || (h.start <= 23 && h.end <= 23 && h.start <= h.end);
      }, 'hours must be 0-23 with start <= end')
      .optional()
      .describe(
        'Keep only the wall-clock hours start..end inclusive (0-23, start <= end), e.g. 11-15 keeps 11:00 to 15:59',
      ),
    fields: queryList(z.enum(SALES_FIELDS))
      .optional()
      .describe(
        `What each bucket carries. Default: ${DEFAULT_FIELDS.join(', ')} (perHour and ratio only on request; ratio also reads shifts).`,
      ),
    excludeEmptyDays: queryBoolean
      .default(false)
      .describe(
        'Leave out days with no invoice in the selection: they do not count in `days`, their labor cost is not counted, and a bucket of only empty days is left out',
      ),
    includeSummary: queryBoolean
      .default(true)
      .describe('Add `summary`: totals, averages per bucket, best and worst bucket by totalSales'),
    source: z
      .enum(['auto', 'salesActual', 'invoices'])
      .default('auto')
      .describe(
        'auto: the pre-aggregated day records, unless a filter (employeeId, positionId, role, posSource) needs the invoices; salesActual with a filter is 400. Both sources answer the same numbers.',
      ),
    employeeId: documentId.optional().describe('Only invoices served by this employee (invoice path)'),
    positionId: documentId.optional().describe('Only invoices served in this position (role id) (invoice path)'),
    role: z
      .string()
      .min(1)
      .optional()
      .describe(
        "Only invoices whose role name (the invoice's `role`, e.g. the POS job title) equals this, case-insensitive (invoice path)",
      ),
    posSource: queryList(z.enum(POS_SOURCES))
      .optional()
      .describe('Only invoices from these POS sources (invoice path)'),
    excludeRefunds: queryBoolean
      .default(true)
      .describe(
        'true: refunds are left out. false: refund amounts and refunded tips (negative) are added to sales and tips, and refund invoices count towards non-empty days',
      ),
  })
  .superRefine((q, ctx) => {
    if (q.fields?.includes('tipKinds')) {
      const cut = q.period !== 'full' || q.hours !== undefined;
      const filter = (['positionId', 'role', 'posSource'] as const).find((f) => q[f] !== undefined);
      if (cut || filter)
        ctx.addIssue({
          code: 'custom',
          path: ['fields'],
          message: `tipKinds are kept per business day and employee: ask for them with period full, no hours${filter ? ` and without ${filter}` : ''}`,
        });
    }
    if (q.source !== 'salesActual') return;
    for (const f of INVOICE_FILTERS) {
      if (q[f] !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['source'],
          message: `source=salesActual cannot filter by ${f}; use source=auto or invoices`,
        });
    }
  });
export type SalesQuery = z.output<typeof salesQuery>;

const money = z.int().describe('Minor units of `currency` (e.g. cents)');
/** Labour cost and the ratios derived from it: pay, and a figure the company may switch off (hasAccessToLaborCost). */
const laborFigure = <S extends z.ZodType>(schema: S) => visibleTo(schema, 'pay', 'laborCost');

/** The POS tips of a bucket, each kind apart (tip-kinds.ts), with the staff's tips they make. */
const tipKindsSchema = visibleTo(
  z.object({
    ...(Object.fromEntries(TIP_KINDS.map((k) => [k, money])) as Record<TipKind, typeof money>),
    tips: money.describe(
      "The staff's tips: cardTips + cashTips + declaredCashTips + gratuities - tipsGiven + tipsReceived (service charges are the restaurant's, not tips)",
    ),
  }),
  'tips',
)
  .optional()
  .describe(
    "With tipKinds: the POS tips of the bucket's business days (and of employeeId's, with that filter), each kind apart: card tips, cash tips entered, declared cash tips (POS punches), voluntary gratuities, service charges and automatic gratuities (not tips, 29 CFR 531.55), tips given to and received from other servers (GET /posSync/tips per day and employee). Kept per business day, not per hour: only with period full, no hours and no positionId, role or posSource filter",
  );

export const bucketSchema = z
  .object({
    key: z.string().describe('Company-local date the bucket starts on'),
    start: z.string().describe('First date of the range in this bucket'),
    end: z.string().describe('Last date of the range in this bucket'),
    days: z.int().describe('Days counted (non-empty days only with excludeEmptyDays)'),
    invoiceCount: z.int().describe('Invoices in the selection (refund invoices too when excludeRefunds=false)'),
    totalSales: money.optional(),
    morningSales: money.optional(),
    eveningSales: money.optional(),
    customerCount: z.int().optional(),
    tips: visibleTo(money, 'tips').optional(),
    perHour: z
      .array(z.int())
      .length(24)
      .optional()
      .describe(
        'Sales (minor units) per wall-clock hour of the day, index 0 = 00:00-00:59 ... 23, summed over the days of the bucket',
      ),
    laborCost: laborFigure(money)
      .optional()
      .describe('With ratio: labor cost of the published shifts in the selection (minor units)'),
    ratio: laborFigure(z.number().nullable())
      .optional()
      .describe('laborCost / totalSales, 4 decimals; null when totalSales is 0'),
    actualLaborCost: laborFigure(money)
      .optional()
      .describe(
        'With ratio: labor cost of the time actually worked (approved punches, unpaid breaks out) in the selection (minor units)',
      ),
    actualRatio: laborFigure(z.number().nullable())
      .optional()
      .describe('actualLaborCost / totalSales, 4 decimals; null when totalSales is 0'),
    tipKinds: tipKindsSchema,
  })
  .meta({ id: 'SalesBucket' });

export const salesResponse = z
  .object({
    companyId: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    groupBy: z.enum(['daily', 'weekly', 'monthly']),
    period: z.enum(['full', 'morning', 'evening']),
    hours: z.object({ start: z.int(), end: z.int() }).nullable(),
    source: z.enum(['salesActual', 'invoices']).describe('The path that answered'),
    currency: z
      .string()
      .nullable()
      .describe('ISO 4217 currency of every amount; null when the company has no sales yet'),
    timezone: z.string(),
    weekStartingDay: z.int(),
    excludeRefunds: z.boolean(),
    fields: z.array(z.enum(SALES_FIELDS)),
    hidden: z
      .array(z.string())
      .describe(
        'What is withheld from this caller (x-visibility tags: tips by hideTipsFromManagers, pay by hideFinancialInfoFromManagers, laborCost by hasAccessToLaborCost)',
      ),
    buckets: z.array(bucketSchema),
    summary: z
      .object({
        bucketCount: z.int(),
        totals: bucketSchema.omit({ key: true, start: true, end: true }),
        averages: bucketSchema
          .omit({ key: true, start: true, end: true, perHour: true })
          .extend({
            days: z.number(),
            invoiceCount: z.number(),
            customerCount: z.number().optional(),
          })
          .describe(
            'Per bucket: money rounded to whole minor units, counts to 2 decimals, ratio = mean of the non-null bucket ratios',
          ),
        best: z.object({ key: z.string(), totalSales: z.int() }).nullable(),
        worst: z.object({ key: z.string(), totalSales: z.int() }).nullable(),
      })
      .optional(),
  })
  .meta({ id: 'SalesReport' });

const SUPPORTED_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
const currencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code like EUR')
  .refine((c) => SUPPORTED_CURRENCIES.has(c), 'is not an ISO 4217 currency');

/** A refund is its own signed record: amount and tips <= 0 and no customers; a sale's are >= 0. */
function signsOfARefund(
  item: { refund: boolean; amount: number; tips: number; customers: number },
  ctx: z.RefinementCtx,
): void {
  if (item.refund) {
    if (item.amount > 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'a refund has amount <= 0' });
    if (item.tips > 0) ctx.addIssue({ code: 'custom', path: ['tips'], message: 'a refund has tips <= 0' });
    if (item.customers !== 0)
      ctx.addIssue({ code: 'custom', path: ['customers'], message: 'a refund has customers 0' });
  } else {
    if (item.amount < 0)
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'a sale has amount >= 0 (send a refund with refund: true)',
      });
    if (item.tips < 0) ctx.addIssue({ code: 'custom', path: ['tips'], message: 'a sale has tips >= 0' });
  }
}

/** One invoice of an import (validated item by item: a bad item is rejected alone). */
export const invoiceItem = z
  .strictObject({
    externalId: z
      .string()
      .min(1)
      .max(256)
      .describe('Stable id of the ticket in its POS source; (posSource, externalId) identifies the invoice'),
    posSource: z.enum(POS_SOURCES),
    closedAt: z
      .union([z.int().min(0), z.string().min(1)])
      .describe(
        'When the ticket was closed: epoch milliseconds, or ISO 8601; an ISO time without offset is company-local wall-clock time',
      ),
    currency: currencyCode,
    amount: z
      .int()
      .describe('Net sales of the ticket in minor units, tips excluded: >= 0 for a sale, <= 0 for a refund'),
    tips: z.int().default(0).describe('Tips in minor units: >= 0 on a sale, <= 0 (refunded tips) on a refund'),
    customers: z.int().min(0).default(0).describe('Guests served (covers); 0 on a refund'),
    refund: z.boolean().default(false).describe('A refund is its own signed record'),
    refundOf: z
      .string()
      .min(1)
      .max(256)
      .nullable()
      .optional()
      .describe('externalId of the refunded ticket, when known (informational)'),
    employeeId: z.string().min(1).nullable().optional().describe('Employee who served it (must exist in the company)'),
    positionId: z
      .string()
      .min(1)
      .nullable()
      .optional()
      .describe('Position (role id) it was served in (must exist in the company)'),
    role: z
      .string()
      .min(1)
      .max(100)
      .nullable()
      .optional()
      .describe("Role name (e.g. the POS job title); defaults to the position's role name"),
  })
  .superRefine(signsOfARefund);
export type InvoiceItem = z.output<typeof invoiceItem>;

export const importBody = z.strictObject({
  invoices: z
    .array(validatedLater(invoiceItem))
    .min(1)
    .max(MAX_IMPORT_ITEMS)
    .describe(
      `1 to ${MAX_IMPORT_ITEMS} invoices. Each item is validated on its own: an invalid item is listed in rejectedItems and never blocks the others.`,
    ),
});

export const REJECTION_CODES = [
  'INVALID_ITEM',
  'DUPLICATE_IN_BATCH',
  'CURRENCY_MISMATCH',
  'UNKNOWN_EMPLOYEE',
  'UNKNOWN_POSITION',
] as const;

export const importResponse = z
  .object({
    received: z.int(),
    created: z.int().describe('New invoices'),
    updated: z.int().describe('Invoices already imported whose content changed (aggregates moved accordingly)'),
    unchanged: z.int().describe('Invoices already imported with the same content (a re-import is a no-op)'),
    rejected: z.int(),
    rejectedItems: z.array(
      z.object({
        index: z.int().describe('Position of the item in `invoices`'),
        externalId: z.string().nullable(),
        posSource: z.string().nullable(),
        code: z.enum(REJECTION_CODES),
        message: z.string(),
      }),
    ),
    currency: z.string().nullable().describe("The company's sales currency"),
  })
  .meta({ id: 'SalesImportResult' });
export type ImportResult = z.output<typeof importResponse>;

// ---------------------------------------------------------------- sales from outside (a POS sync)

/** A sale from outside as it is recorded: the connector's record, checked as an imported invoice is. */
export const externalSaleRecord = posSale.extend({ currency: currencyCode }).superRefine(signsOfARefund);

/**
 * An invoice's sale from outside, stored whole beside the invoice made of it (its `pos` field): the
 * connector's record, where it came from, whom it is attributed to, and whether it waits for its
 * outside employee's link (`held`, then `posHeldFor` on the invoice, to be queried).
 */
export const storedExternalSale = posSale.extend({
  connectionId: z.string(),
  slug: z.string(),
  posSource: z.enum(POS_SOURCES),
  posEmployeeId: z.string().nullable(),
  employeeId: z.string().nullable(),
  held: z.boolean(),
  /**
   * Whom each of `tipsTo` is attributed to (same order): the caller's id of the outside employee
   * credited and the employee it is linked to (null while unlinked).
   */
  tipsToEmployees: z
    .array(z.object({ posEmployeeId: z.string().nullable(), employeeId: z.string().nullable() }))
    .default([]),
  /** The outside employees credited by `tipsTo` that are not linked yet: their tips received wait (`posTipsHeldFor` on the invoice). */
  tipsHeldFor: z.array(z.string()).default([]),
  businessDate: z.string(),
  updatedAt: z.number(),
});
export type StoredExternalSale = z.output<typeof storedExternalSale>;

/** One line of an invoice's audit of its sale from outside: a void reversing it, or a re-close counting it again. */
export const posAuditEntry = z.object({
  at: z.number().describe('When it was recorded, epoch ms'),
  action: z.enum(['voided', 'reclosed']),
  runId: z.string().nullable().describe('The sync run that delivered it (null: written outside a run)'),
  connectionId: z.string(),
  vendorId: z.string().describe("The vendor's record (ticket id)"),
  modifiedAt: z.number().describe("The vendor's time of change of the version that did it"),
  /** What of the sale was taken out of (voided) or put back into (reclosed) the figures, minor units. */
  amount: z.number(),
  tips: z.number(),
  cashTips: z.number(),
  gratuities: z.number(),
  serviceCharges: z.number(),
  employeeId: z.string().nullable(),
  tipAdjustmentDate: z
    .string()
    .optional()
    .describe(
      'When the sale is of a pay period payroll had closed: the business date its tip adjustments are paid on (the closed report is not rewritten)',
    ),
});
export type PosAuditEntry = z.output<typeof posAuditEntry>;

/**
 * An invoice as stored (companies/{cid}/invoices/{posSource}~{externalId}): the imported invoice or
 * the sale from outside made into one, with `pos`, the sale from outside it keeps (absent or null on
 * an imported invoice), and `posHeldFor`, the outside employee it waits for.
 */
export const storedInvoice = z.object({
  externalId: z.string(),
  posSource: z.string(),
  closedAt: z.number(),
  localTime: z.string(),
  businessDate: z.string(),
  businessHour: z.number(),
  currency: z.string(),
  /** Signed minor units: >= 0 for a sale, <= 0 for a refund. */
  amount: z.number(),
  tips: z.number(),
  customers: z.number(),
  refund: z.boolean(),
  refundOf: z.string().nullable(),
  employeeId: z.string().nullable(),
  positionId: z.string().nullable(),
  role: z.string().nullable(),
  roleKey: z.string().nullable(),
  importedAt: z.number().optional(),
  updatedAt: z.number().optional(),
  /** Voluntary gratuities and service charges of the sale from outside (apart from `amount` and `tips`). */
  gratuities: z.number().optional(),
  serviceCharges: z.number().optional(),
  /** A sale from outside the vendor took back: kept (with its audit) but counted nowhere. */
  voided: z.boolean().optional(),
  pos: storedExternalSale.nullish(),
  posHeldFor: z.string().nullable().optional(),
  /** Outside employees credited with part of its tips, not linked yet (see StoredExternalSale.tipsHeldFor). */
  posTipsHeldFor: z.array(z.string()).optional(),
  /** What the sales from outside did to it over time: each void (what it reversed) and re-close, with the run and vendor record. */
  posAudit: z.array(posAuditEntry).optional(),
});
export type StoredInvoice = z.output<typeof storedInvoice>;
