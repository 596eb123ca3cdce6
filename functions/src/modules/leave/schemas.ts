import { z } from 'zod';
import { PAY_FREQUENCIES } from '../../core/calendar';
import { companyIdQuery, documentId, isoDate } from '../../http/fields';

/** Leave amounts are integer minutes (8 hours = 480): no fractions of an hour in floats. */
const minutes = z.int().min(0).max(600_000);

export const LEAVE_KINDS = ['sick', 'pto'] as const;
export type LeaveKind = (typeof LEAVE_KINDS)[number];

export const accrualSchema = z
  .discriminatedUnion('method', [
    z.strictObject({
      method: z.literal('perHoursWorked'),
      hoursWorkedPerHour: z
        .int()
        .min(1)
        .max(1000)
        .describe('Hours worked (approved punches, unpaid breaks excluded) for one hour of leave: 30 = 1 h per 30 h'),
    }),
    z.strictObject({
      method: z.literal('perPayPeriod'),
      minutesPerPeriod: minutes.min(1).describe('Minutes of leave per pay period ended in the year (240 = 4 h)'),
      frequency: z.enum(PAY_FREQUENCIES).describe("The pay periods counted (the company's payroll frequency)"),
      anchor: isoDate.optional().describe('Biweekly: a date a period starts on or after (payroll settings anchor)'),
    }),
    z.strictObject({
      method: z.literal('frontLoaded'),
      minutesPerYear: minutes.min(1).describe('Minutes granted at the start of each leave year'),
    }),
  ])
  .meta({ id: 'LeaveAccrual' });
export type Accrual = z.output<typeof accrualSchema>;

export const yearStartSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('hireDate').describe("Each employee's year starts on the hire-date anniversary"),
    }),
    z.strictObject({ kind: z.literal('calendar').describe('January 1st') }),
    z.strictObject({
      kind: z.literal('fixed'),
      monthDay: z
        .string()
        .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'MM-DD')
        .refine((s) => s !== '02-29', 'not February 29th (not every year has one)')
        .describe('MM-DD: the year starts on this date'),
    }),
  ])
  .meta({ id: 'LeaveYearStart' });
export type YearStart = z.output<typeof yearStartSchema>;

/** A policy as the owner sends it (PUT /leave-policies/{policyId}). */
export const policyBody = z
  .strictObject({
    name: z.string().min(1).max(120),
    kind: z
      .enum(LEAVE_KINDS)
      .describe(
        "sick: the paid sick leave the law requires (checked against the location's law); pto: the company's own",
      ),
    accrual: accrualSchema,
    annualAccrualCapMinutes: minutes
      .nullable()
      .default(null)
      .describe('Most minutes accrued (or granted) per leave year; null: none'),
    balanceCapMinutes: minutes
      .nullable()
      .default(null)
      .describe('Accrual stops while the balance is at this; null: none'),
    annualUseCapMinutes: minutes.nullable().default(null).describe('Most minutes usable per leave year; null: none'),
    carryoverCapMinutes: minutes
      .nullable()
      .default(null)
      .describe('Most minutes carried into the next year (the rest is forfeited at year end); null: all'),
    waitingDays: z.int().min(0).max(366).default(0).describe('Leave is usable from this calendar day of employment'),
    yearStart: yearStartSchema.default({ kind: 'calendar' }),
    negativeAllowedMinutes: minutes
      .default(0)
      .describe('How far below zero an approved request may take the balance (0: refused past the balance)'),
    employerHeadcount: z
      .int()
      .min(1)
      .max(1_000_000)
      .nullable()
      .default(null)
      .describe('sick: the employer size the law tiers by (New York, Seattle); required where the law has tiers'),
    archived: z.boolean().default(false).describe('An archived policy accrues nothing more; its balances stay'),
  })
  .meta({ id: 'LeavePolicyBody' });
export type PolicyBody = z.output<typeof policyBody>;

export const policySchema = policyBody
  .extend({
    id: z.string(),
    companyId: z.string(),
    updatedAt: z.number(),
    updatedBy: z.string().describe('uid'),
  })
  .meta({ id: 'LeavePolicy' });
export type LeavePolicy = z.output<typeof policySchema>;

export const policyIdParam = z.object({ policyId: documentId.describe('Leave policy id (e.g. sick, pto)') });

const floorSchema = z.object({
  law: z.string().describe('Sick-leave law id (CA, NY, NYC, WA, SEATTLE)'),
  name: z.string(),
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
  hoursWorkedPerHour: z.number().describe('The slowest accrual the law allows'),
  minUseCapMinutes: z.number().nullable(),
  minUseCapDays: z
    .number()
    .nullable()
    .describe(
      'Or this many days of use a year, whichever is more: approval past the policy’s cap on use stays allowed within them (California)',
    ),
  minBalanceCapMinutes: z.number().nullable(),
  minAnnualAccrualCapMinutes: z.number().nullable(),
  minCarryoverMinutes: z.number().nullable().describe('null: all unused leave carries over'),
  maxWaitingDays: z.number(),
  frontLoadMinutes: z.number().nullable(),
  payRate: z.enum(['regular', 'normal']),
  citations: z.array(z.string()),
});

export const policiesAnswer = z
  .object({
    date: z.string().describe('The business date the laws are read on'),
    policies: z.array(policySchema),
    laws: z.array(floorSchema).describe("The sick-leave laws covering the company's lawLocation on the date"),
  })
  .meta({ id: 'LeavePolicies' });
export type PoliciesAnswer = z.output<typeof policiesAnswer>;

export const policiesQuery = companyIdQuery.extend({
  date: isoDate.optional().describe('Read the laws in force on this date (default: today)'),
});

/**
 * The ledger. accrual: earned by hours worked or pay periods (a negative one corrects an accrual
 * after a punch was edited or deleted); grant: a front-loaded year; usage / usageReturned: time off
 * approved / cancelled; carryoverOut and carryoverIn: the year-end close moving what carries over
 * into the next year; forfeiture: what does not; adjustment: a manager's, with a reason.
 */
export const ENTRY_KINDS = [
  'accrual',
  'grant',
  'usage',
  'usageReturned',
  'carryoverOut',
  'carryoverIn',
  'forfeiture',
  'adjustment',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const entrySchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    employeeId: z.string(),
    policyId: z.string(),
    kind: z.enum(ENTRY_KINDS),
    minutes: z.int().describe('Signed minutes: positive adds to the balance'),
    year: z.string().describe('The first date of the leave year the entry belongs to'),
    date: z.string().describe('The business date the entry takes effect'),
    days: z
      .int()
      .min(0)
      .default(0)
      .describe(
        'usage, usageReturned: the calendar days of the day-off request (a law may cap use in days as well as hours); 0 for other kinds',
      ),
    source: z.object({
      punchIds: z
        .array(z.string())
        .describe("accrual: the approved punches of the year the year's accrual is computed from, as of this entry"),
      removedPunchIds: z
        .array(z.string())
        .describe(
          'accrual: punches the previous accrual entry counted that are no longer approved or present (a correction)',
        ),
      periods: z.array(z.string()).describe('accrual per pay period: the last dates of the periods counted'),
      requestId: z.string().nullable().describe('usage, usageReturned: the day-off request'),
    }),
    reason: z.string().nullable().describe('adjustment: why (required); other kinds: what the system did'),
    by: z.string().describe('The uid of the author, or "system" for accruals and year ends'),
    createdAt: z.number(),
  })
  .meta({ id: 'LeaveEntry' });
export type LeaveEntry = z.output<typeof entrySchema>;

export const balanceSchema = z
  .object({
    employeeId: z.string(),
    policyId: z.string(),
    policyName: z.string(),
    kind: z.enum(LEAVE_KINDS),
    balanceMinutes: z.int().describe('The sum of every entry of the employee under the policy'),
    year: z.object({ start: z.string(), end: z.string().describe('exclusive') }),
    accruedMinutes: z.int().describe('This year: accruals and grants'),
    usedMinutes: z.int().describe('This year: usage less usage returned'),
    carriedInMinutes: z.int(),
    adjustedMinutes: z.int(),
    usableFrom: z
      .string()
      .nullable()
      .describe('First date leave is usable (hire date + waitingDays); null: no hire date'),
    entries: z.int().describe('How many entries the balance sums'),
  })
  .meta({ id: 'LeaveBalance' });
export type LeaveBalance = z.output<typeof balanceSchema>;

export const ledgerQuery = companyIdQuery.extend({
  employeeId: documentId.optional().describe('Employees: their own (the default); managers: any, or all when left out'),
  policyId: documentId.optional(),
  date: isoDate.optional().describe('The date whose leave year the figures are of (default: today)'),
});
export type LedgerQuery = z.output<typeof ledgerQuery>;

export const accrualRunBody = z.strictObject({
  through: isoDate
    .optional()
    .describe('Count approved hours and periods ended through this business date (default: today)'),
  employeeId: documentId.optional().describe('Only this employee (default: every employee)'),
});
export const accrualRunAnswer = z
  .object({ through: z.string(), employees: z.int(), written: z.array(entrySchema) })
  .meta({ id: 'LeaveAccrualRun' });

export const adjustmentBody = z.strictObject({
  employeeId: documentId,
  policyId: documentId,
  minutes: z
    .int()
    .min(-600_000)
    .max(600_000)
    .refine((m) => m !== 0, 'not 0')
    .describe('Signed minutes added to the balance'),
  reason: z.string().trim().min(1).max(500),
  date: isoDate.optional().describe('The business date it takes effect (default: today)'),
});
export type AdjustmentBody = z.output<typeof adjustmentBody>;
