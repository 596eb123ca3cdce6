import { z } from 'zod';
import { visibleTo } from '../../http/visibility';
import { leaveReturnedLineSchema } from './leave-pay';

/** The report's adjustment lines: prior-period and late-record adjustments of pay, and tip adjustments. */

const minutes = z.int().min(0);
const pay = visibleTo(
  z.int().nullable().describe('Integer minor units; null when withheld from the caller (`hidden`)'),
  'pay',
);

export const priorPeriodLineSchema = z
  .object({
    kind: z
      .literal('priorPeriod')
      .describe(
        "A workweek straddling a closed period: its hours there priced again at the whole week's regular rate, minus what the closed report paid (29 CFR 778.115, 778.106); or (cause hoursElsewhere) a workweek of the closed period before whose hours at the employer's other locations changed after it closed",
      ),
    cause: z
      .enum(['straddle', 'hoursElsewhere'])
      .optional()
      .describe(
        "straddle (absent in reports frozen before causes were told): the week straddles the closed period's end; hoursElsewhere: the week lies in the closed period and the person's hours at the employer's other locations changed after it closed (its overtime over the employer figured again)",
      ),
    weekStart: z.string().describe('First business date of the workweek'),
    weekEnd: z.string(),
    closedPeriodStart: z.string().describe('The closed period that paid the first part of the week'),
    closedPeriodEnd: z.string(),
    minutes: minutes.describe('Worked minutes of the week in the closed period'),
    paidRegularRate: visibleTo(
      z.number().nullable().describe('The regular rate the closed report used, minor units per hour with 2 decimals'),
      'pay',
    ),
    regularRate: visibleTo(
      z.number().nullable().describe("The whole week's regular rate, minor units per hour with 2 decimals"),
      'pay',
    ),
    paid: pay.describe('What the closed report paid for those hours'),
    owed: pay.describe("What they are owed at the whole week's regular rate"),
    premiumsPaid: pay.describe(
      'The premiums of those days priced at the regular rate (meal-period, hour-counted fair-workweek), as the closed report paid them',
    ),
    premiumsOwed: pay.describe("The same premiums at the whole week's regular rate"),
    amount: pay.describe('owed - paid + premiumsOwed - premiumsPaid: paid in this period'),
    reason: z.string().describe('The arithmetic'),
  })
  .meta({ id: 'PriorPeriodAdjustment' });
export const lateRecordLineSchema = z
  .object({
    kind: z
      .literal('lateRecord')
      .describe(
        'A POS record (a punch added, changed or deleted by the vendor) that arrived after payroll closed its range: that period stays as paid, and the difference of its workweek is paid here',
      ),
    vendor: z.string().describe('The POS (catalogue slug) that reported the record'),
    externalId: z.string().describe("The vendor's id of the record"),
    recordId: z.string().describe('The punch id in attendance'),
    runId: z.string().nullable().describe('The sync run that delivered its last version'),
    version: z
      .string()
      .describe('Fingerprint of the version this line pays (a later change is paid as its difference)'),
    change: z.enum(['created', 'changed', 'deleted']),
    weekStart: z.string().describe('First business date of the workweek the record belongs to'),
    weekEnd: z.string(),
    closedPeriodStart: z.string().describe('The closed range the record reached'),
    closedPeriodEnd: z.string(),
    minutes: z.int().describe('Worked minutes added to the week (negative: removed)'),
    regularRate: visibleTo(
      z.number().nullable().describe("The week's regular rate with the record, minor units per hour with 2 decimals"),
      'pay',
    ),
    amount: pay.describe(
      'The week priced now with the record, minus the week as paid (and what earlier reports paid for it)',
    ),
    reason: z.string().describe('What the vendor did and the arithmetic, in words'),
  })
  .meta({ id: 'LateRecordAdjustment' });

export const adjustmentLineSchema = z
  .discriminatedUnion('kind', [priorPeriodLineSchema, lateRecordLineSchema, leaveReturnedLineSchema])
  .meta({ id: 'AdjustmentLine' });
export type AdjustmentLineOut = z.infer<typeof adjustmentLineSchema>;

export const tipAdjustmentLineSchema = z
  .object({
    originalDate: z.string().describe('The business date of the tips it changes, in a closed pay period'),
    date: z.string().describe('The business date it was recorded on and is paid on, in this period'),
    kind: z
      .enum(['cardTips', 'cashTips', 'declaredCashTips', 'gratuities', 'tipsGiven', 'tipsReceived'])
      .describe(
        'The kind of tips it changes; cashTips and declaredCashTips are in `cashTips` (the employee holds them in cash); the tips of an invoice imported through POST /sales/invoices (paid through the paycheck) are cardTips',
      ),
    amount: z.int().describe("Minor units: the change to the employee's tips (negative: taken back)"),
    change: z
      .enum(['voided', 'reclosed', 'changed', 'late', 'declared'])
      .describe(
        "voided: the sale was voided or deleted at the vendor; reclosed: closed again after a void; changed: its tips or employee changed; late: delivered after the close; declared: a punch's declared cash tips changed",
      ),
    vendor: z.string().describe('The vendor (catalogue slug of the connection)'),
    connectionId: z
      .string()
      .describe('The POS connection (`import`: an invoice imported through POST /sales/invoices)'),
    vendorId: z.string().describe("The vendor's record: the ticket (or punch, or imported invoice) id"),
    runId: z.string().nullable().describe('The sync run that delivered the change (null: outside a run)'),
    reason: z.string().describe('What happened, in words'),
  })
  .meta({ id: 'TipAdjustmentLine' });
