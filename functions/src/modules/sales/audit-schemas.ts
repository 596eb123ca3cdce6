import { z } from 'zod';
import { companyIdQuery, isoDate } from '../../http/fields';
import { visibleTo } from '../../http/visibility';
import { POS_SOURCES } from './sources';
import { ADJUSTED_KINDS, TIP_CHANGES } from './tip-adjustments';

/** GET /sales/audit: its query and answer (a file of its own: the route names them without loading the other sales schemas). */
export const salesAuditQuery = companyIdQuery
  .extend({
    date: isoDate.optional().describe('A business date: the sales of that day with an audit line'),
    posSource: z.enum(POS_SOURCES).optional().describe('With externalId: one sale'),
    externalId: z.string().min(1).max(500).optional().describe("The sale's id at the vendor (its ticket id)"),
  })
  .superRefine((q, ctx) => {
    const one = q.posSource !== undefined || q.externalId !== undefined;
    if (one && (q.posSource === undefined || q.externalId === undefined))
      ctx.addIssue({ code: 'custom', path: ['externalId'], message: 'posSource and externalId go together' });
    if (one === (q.date !== undefined))
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'give either date, or posSource and externalId' });
  });
export type SalesAuditQuery = z.output<typeof salesAuditQuery>;

const tip = visibleTo(z.int(), 'tips');

const auditLine = z.object({
  at: z.number().describe('When it was recorded, epoch ms'),
  action: z
    .enum(['voided', 'reclosed'])
    .describe(
      'voided: the vendor voided (or deleted) the sale and it was reversed; reclosed: closed again, counted again',
    ),
  runId: z.string().nullable().describe('The sync run that delivered it (null: written outside a run)'),
  connectionId: z.string().describe('The POS connection it came through'),
  vendorId: z.string().describe("The vendor's record (ticket id)"),
  modifiedAt: z.number().describe("The vendor's time of change of the version that did it"),
  amount: z.int().describe('Net sales taken out (voided) or put back (reclosed), minor units'),
  tips: tip.describe('Tips taken out or put back'),
  cashTips: tip.describe('The part of tips in cash'),
  gratuities: tip.describe('Voluntary gratuities taken out or put back'),
  serviceCharges: z.int().describe("Service charges taken out or put back (the restaurant's, not tips)"),
  employeeId: z.string().nullable().describe('The server of the sale'),
  tipAdjustmentDate: z
    .string()
    .nullable()
    .describe(
      'When the sale was in a pay period payroll had closed: the business date its tip adjustments are paid on (null otherwise)',
    ),
});

const tipAdjustment = z.object({
  originalDate: z.string().describe("The sale's business date, in a closed pay period"),
  date: z.string().describe('The business date it is paid on (the payroll report of the period holding it lists it)'),
  employeeId: z.string(),
  kind: z.enum(ADJUSTED_KINDS),
  amount: z.int().describe("Minor units: the change to the employee's tips (negative: taken back)"),
  change: z.enum(TIP_CHANGES),
  runId: z.string().nullable(),
  reason: z.string(),
});

export const salesAuditResponse = z
  .object({
    companyId: z.string(),
    date: z.string().nullable().describe('The business date asked for (null: one sale asked for)'),
    hidden: z
      .array(z.string())
      .describe('What is withheld from this caller (x-visibility tags: tips by hideTipsFromManagers)'),
    sales: z
      .array(
        z.object({
          posSource: z.string(),
          externalId: z.string(),
          businessDate: z.string(),
          currency: z.string(),
          voided: z.boolean().describe('Whether the vendor holds it voided now (then it counts nowhere)'),
          audit: z.array(auditLine).describe('Each void and re-close, oldest first'),
          tipAdjustments: visibleTo(z.array(tipAdjustment), 'tips').describe(
            "What its changes after a pay period closed did to the employees' tips: paid or taken back in a later period",
          ),
        }),
      )
      .describe('By external id; a day lists only the sales with an audit line or a tip adjustment'),
  })
  .meta({ id: 'SalesAudit' });
export type SalesAuditResponse = z.output<typeof salesAuditResponse>;
