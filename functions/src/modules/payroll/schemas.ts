import { z } from 'zod';
import { leaveBalanceLineSchema, leaveLineSchema } from './leave-pay';
import { PAY_FREQUENCIES } from '../../core/calendar';
import { companyIdQuery, documentId, isoDate } from '../../http/fields';
import { recordOf, visibleTo } from '../../http/visibility';
import { overtimeRulesSchema } from './overtime';
import { premiumLineSchema } from './premium-schemas';
import { makeUpLines, poolEntryLines } from './tip-schemas';
import { adjustmentLineSchema, tipAdjustmentLineSchema } from './adjustment-schemas';

export const payFrequencySchema = z.enum(PAY_FREQUENCIES).describe('How often employees are paid');

export const SETTINGS_DEFAULTS = {
  payFrequency: 'biweekly',
  anchorDate: '2026-01-05',
  overtimeRules: { kind: 'flsa' },
  companyCode: null,
  mealPeriodPremium: true,
  restBreaksRecorded: false,
} as const;

const REST_BREAKS_RECORDED =
  "Rest breaks are recorded on punches (breaks of type rest): the rest-break rules of the company's location for law (California, Washington, Oregon, Colorado; GET /compliance/rules) count them and a workday missing one owes the state's premium. Default false: without records a missed rest break cannot be told from one not recorded, so none is owed";

const MEAL_PERIOD_PREMIUM =
  'With the california rule set: pay the meal-period premium (one hour at the regular rate for a workday of more than 5 hours without a 30-minute meal period starting by the end of the fifth hour, or more than 10 hours without a second by the end of the tenth; Labor Code 226.7 and 512). Default true; no effect under other rule sets';

export const settingsSchema = z
  .object({
    payFrequency: payFrequencySchema,
    anchorDate: isoDate.describe(
      "A first day of a pay period: biweekly periods count two weeks from it (weekly and biweekly periods start on the profile's payrollStartingDay)",
    ),
    overtimeRules: overtimeRulesSchema,
    companyCode: z
      .string()
      .max(32)
      .nullable()
      .describe('The company code (ADP Co Code, Paychex client id) the exports carry'),
    mealPeriodPremium: z.boolean().describe(MEAL_PERIOD_PREMIUM),
    restBreaksRecorded: z.boolean().describe(REST_BREAKS_RECORDED),
  })
  .meta({ id: 'PayrollSettings' });
export type PayrollSettings = z.output<typeof settingsSchema>;

export const settingsPatch = z.strictObject({
  payFrequency: payFrequencySchema.optional(),
  anchorDate: isoDate.optional(),
  overtimeRules: overtimeRulesSchema.optional(),
  companyCode: z
    .string()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9_-]+$/)
    .nullable()
    .optional(),
  mealPeriodPremium: z.boolean().optional().describe(MEAL_PERIOD_PREMIUM),
  restBreaksRecorded: z.boolean().optional().describe(REST_BREAKS_RECORDED),
});

export const periodSchema = z
  .object({
    startDate: z.string(),
    endDate: z.string(),
    status: z.enum(['open', 'closed']),
    current: z.boolean(),
    closedAt: z.number().nullable(),
    closedBy: z.string().nullable(),
  })
  .meta({ id: 'PayPeriod' });
export type Period = z.infer<typeof periodSchema>;

export const periodsQuery = companyIdQuery.extend({
  count: z.coerce
    .number()
    .int()
    .min(1)
    .max(26)
    .default(6)
    .describe('How many periods, newest first, ending with the current one'),
});
export const periodParam = z.object({ startDate: isoDate.describe('First day of the pay period') });
export const reopenBody = z.strictObject({ reason: z.string().trim().min(3).max(500) });

const minutes = z.int().min(0);
const money = z.int().nullable().describe('Integer minor units; null when withheld from the caller (`hidden`)');
const pay = visibleTo(money, 'pay');
const tipsMoney = visibleTo(money, 'tips');

const RATE_SOURCES = ['position', 'role', 'employee', 'none'] as const;

export const payLineSchema = z
  .object({
    positionId: z.string().nullable().describe('The role the minutes were worked in (null: no position known)'),
    positionName: z.string().nullable(),
    rateSource: z
      .enum(RATE_SOURCES)
      .describe(
        "Where the rate came from: the employee's rate for that position (positionRates), the role's rate, the employee's rateRegular, or none (0)",
      ),
    rate: pay.describe('Per hour, minor units'),
    minutes,
    straightTimePay: pay.describe('minutes x rate / 60, rounded half up'),
  })
  .meta({ id: 'PayLine' });

export const weekPaySchema = z
  .object({
    weekStart: z.string().describe('First business date of the workweek'),
    workedMinutes: minutes.describe('Of the whole workweek, in the period or not'),
    straightTimePay: pay.describe('Every worked minute of the whole workweek at the rate of its position'),
    regularRate: visibleTo(
      z
        .number()
        .nullable()
        .describe(
          'Regular rate of pay: straightTimePay / worked hours of the workweek, minor units per hour with 2 decimals (29 CFR 778.115)',
        ),
      'pay',
    ),
    regularMinutes: minutes.describe("The period's part of the workweek"),
    overtimeMinutes: minutes,
    doubleTimeMinutes: minutes,
    regularPay: pay.describe('regularMinutes x regularRate / 60'),
    overtimePay: pay.describe('overtimeMinutes x overtime multiplier x regularRate / 60'),
    doubleTimePay: pay.describe('doubleTimeMinutes x double-time multiplier x regularRate / 60'),
    premiumPortion: pay.describe(
      'What overtime and double time add above straight time: overtime hours x (multiplier - 1) x regularRate, and likewise for double time',
    ),
    acrossLocations: z
      .object({
        workedMinutes: minutes.describe(
          "Every location's minutes of the workweek (the employer's), none counted twice",
        ),
        overtimeMinutes: minutes.describe("The employer's overtime minutes of the week, over all its locations"),
        doubleTimeMinutes: minutes,
        premium: pay.describe("The week's whole premium portion, at the regularRate over all the locations"),
        overtimeShareMinutes: minutes.describe(
          "This location's share of the overtime minutes: in proportion to its minutes of the week (largest remainder)",
        ),
        doubleTimeShareMinutes: minutes,
        premiumShare: pay.describe(
          "This location's share of the premium (largest remainder; the locations' shares add up to `premium`)",
        ),
        elsewhere: z
          .array(z.object({ location: z.string().describe('The other location’s name'), workedMinutes: minutes }))
          .describe('The minutes of the week at the employer’s other locations, nothing else of them'),
      })
      .optional()
      .describe(
        "The week figured over the employer's locations (docs/ORGANIZATIONS.md): the regularRate is over all their minutes and pay; this location pays its own minutes at its own rates (regularPay, overtimePay and doubleTimePay split that by minutes) plus its premiumShare. Absent: this location's minutes alone",
      ),
  })
  .meta({ id: 'WeekPay' });

// --- pay elements ---------------------------------------------------------------------------

/** Kinds whose pay is for the work itself: never discretionary (29 CFR 778.211(c), 778.207(b)). */
export const NON_DISCRETIONARY_KINDS = [
  'attendanceBonus',
  'productivityBonus',
  'shiftDifferential',
  'tipCreditMakeUp',
] as const;
export const PAY_ELEMENT_KINDS = [...NON_DISCRETIONARY_KINDS, 'referralBonus', 'discretionaryBonus', 'other'] as const;

const payElementFields = {
  employeeId: documentId,
  kind: z
    .enum(PAY_ELEMENT_KINDS)
    .describe(
      'attendanceBonus, productivityBonus, shiftDifferential, tipCreditMakeUp (never discretionary), referralBonus, discretionaryBonus, other',
    ),
  discretionary: z
    .boolean()
    .describe(
      'True only when the employer kept the discretion over whether and how much to pay until near the end of the period, under no prior promise (29 CFR 778.211): then it stays out of the regular rate',
    ),
  amountMinor: z.int().min(1).max(100_000_000).describe('Integer minor units'),
  date: isoDate.describe('The date it is paid for: it is paid in the pay period holding it'),
  earnedFrom: isoDate.describe('First day of the span it was earned in'),
  earnedTo: isoDate.describe('Last day of the span it was earned in (at most 366 days after earnedFrom)'),
  note: z.string().trim().max(500).nullable().default(null),
};

export const payElementBody = z
  .strictObject(payElementFields)
  .refine((e) => e.earnedFrom <= e.earnedTo, { message: 'earnedFrom must not be after earnedTo', path: ['earnedTo'] })
  .refine((e) => Date.parse(e.earnedTo) - Date.parse(e.earnedFrom) <= 366 * 86_400_000, {
    message: 'the earned span is at most 366 days',
    path: ['earnedTo'],
  })
  .refine((e) => !(e.discretionary && (NON_DISCRETIONARY_KINDS as readonly string[]).includes(e.kind)), {
    message:
      'attendance, productivity, shift-differential and tip-credit make-up pay is never discretionary (29 CFR 778.211)',
    path: ['discretionary'],
  });
export type PayElementBody = z.output<typeof payElementBody>;

export const payElementSchema = recordOf(
  z.object({
    id: z.string(),
    ...payElementFields,
    amountMinor: visibleTo(z.int().nullable(), 'pay').describe('Integer minor units; null when withheld'),
    note: z.string().nullable(),
    createdAt: z.number(),
    createdBy: z.string(),
  }),
  'employeeId',
).meta({ id: 'PayElement' });
export type PayElement = z.output<typeof payElementSchema>;

export const payElementsQuery = companyIdQuery.extend({
  from: isoDate.describe('First date (the element date)'),
  to: isoDate.describe('Last date'),
  employeeId: documentId.optional(),
});

export const payElementLineSchema = z
  .object({
    id: z.string(),
    kind: z.enum(PAY_ELEMENT_KINDS),
    discretionary: z.boolean(),
    date: z.string(),
    earnedFrom: z.string(),
    earnedTo: z.string(),
    amount: pay,
    regularRateIncrease: visibleTo(
      z.number().nullable().describe('What it adds to the regular rate of each covered workweek, minor units per hour'),
      'pay',
    ),
    overtimeOnElement: pay.describe('The extra overtime and double time it owes (29 CFR 778.209), paid with it'),
    weeks: z.array(
      z.object({
        weekStart: z.string(),
        workedMinutes: minutes,
        overtimeMinutes: minutes,
        doubleTimeMinutes: minutes,
        share: pay,
        premium: pay,
      }),
    ),
    reason: z.string(),
  })
  .meta({ id: 'PayElementLine' });

// --- meal waivers ----------------------------------------------------------------------------

const mealWaiverFields = {
  employeeId: documentId,
  scope: z
    .enum(['firstMeal', 'secondMeal'])
    .describe(
      'firstMeal: waivable on a day of at most 6 hours worked; secondMeal: on a day of at most 12 hours whose first meal was taken (Labor Code 512(a))',
    ),
  agreedOn: isoDate.describe('The date the employer and the employee agreed to it (mutual consent)'),
  effectiveFrom: isoDate.describe('First workday it covers: not before agreedOn'),
  effectiveTo: isoDate.nullable().default(null).describe('Last workday it covers; null until revoked or ended'),
  note: z.string().trim().max(500).nullable().default(null),
};

export const mealWaiverBody = z
  .strictObject({
    ...mealWaiverFields,
    employeeConsented: z
      .literal(true)
      .describe(
        'The employee agreed (mutual consent, Labor Code 512(a)): keep their signed form; the employer is the caller',
      ),
  })
  .refine((w) => w.effectiveFrom >= w.agreedOn, {
    message: 'a waiver cannot cover days before it was agreed',
    path: ['effectiveFrom'],
  })
  .refine((w) => w.effectiveTo === null || w.effectiveTo >= w.effectiveFrom, {
    message: 'effectiveTo must not be before effectiveFrom',
    path: ['effectiveTo'],
  });
export type MealWaiverBody = z.output<typeof mealWaiverBody>;

export const mealWaiverSchema = recordOf(
  z.object({
    id: z.string(),
    ...mealWaiverFields,
    effectiveTo: z.string().nullable(),
    note: z.string().nullable(),
    createdAt: z.number(),
    createdBy: z.string(),
  }),
  'employeeId',
).meta({ id: 'MealWaiver' });
export type MealWaiver = z.output<typeof mealWaiverSchema>;

export const mealWaiversQuery = companyIdQuery.extend({ employeeId: documentId.optional() });
export const mealWaiverParam = z.object({ waiverId: documentId });
export const endMealWaiverBody = z.strictObject({
  effectiveTo: isoDate.describe(
    'Last workday the waiver covers (an employee may revoke it; the days after are not waived)',
  ),
});

export const EARNING_KINDS = [
  'straightTime',
  'regularRate',
  'overtimePremium',
  'doubleTimePremium',
  'premium',
  'adjustment',
  'payElement',
  'leave',
  'tips',
  'tipPoolShare',
  'tipCreditMakeUp',
] as const;

export const earningLineSchema = z
  .object({
    kind: z
      .enum(EARNING_KINDS)
      .describe(
        "straightTime: minutes at one rate (a workweek inside the period); regularRate: minutes of a workweek split by the period edge at its regular rate; overtimePremium / doubleTimePremium: overtime minutes x (overtime rate - regular rate); premium, adjustment, tips: the amounts of `premiums`, `adjustments` and the own tips kept (POS tips less what entered pools); tipPoolShare: the pool shares; tipCreditMakeUp: a workweek's make-up",
      ),
    weekStart: z.string().nullable().describe('The workweek of an hours line'),
    positionId: z.string().nullable(),
    rate: visibleTo(
      z.number().nullable().describe('Per hour, minor units (2 decimals for rates derived from the regular rate)'),
      'pay',
    ),
    minutes: z.int().nullable(),
    amount: visibleTo(money, 'pay', 'tips'),
  })
  .meta({ id: 'EarningLine' });

export const employeePaySchema = recordOf(
  z.object({
    employeeId: z.string(),
    name: z.string(),
    employeeNumber: z.string().nullable(),
    salaried: z.boolean(),
    archived: z.boolean().default(false).describe('Archived since: their work of the period is paid all the same'),
    workedMinutes: minutes,
    regularMinutes: minutes,
    overtimeMinutes: minutes,
    doubleTimeMinutes: minutes,
    regularRate: pay.describe(
      'Per hour, minor units: regularPay over the regular hours (with one rate and one workweek, the rate itself)',
    ),
    overtimeRate: pay.describe('overtimePay over the overtime hours'),
    primaryRate: pay
      .optional()
      .describe(
        "Per hour, minor units: the rate of the employee's primary position, the one rate a provider holding one rate per employee (Gusto) prices hours at",
      ),
    doubleTimeRate: pay,
    regularPay: pay,
    overtimePay: pay,
    doubleTimePay: pay,
    premiumPay: pay.default(0).describe('The sum of `premiums`'),
    adjustmentPay: pay.optional().describe('The sum of `adjustments` (absent from reports frozen before adjustments)'),
    payElementPay: pay.optional().describe('The sum of `payElements`: their amounts and the overtime they owe'),
    leavePay: pay.optional().describe('The sum of `leave`: paid time off (sick leave, PTO) at the rate the law sets'),
    tips: tipsMoney.describe(
      "The staff's tips of the period (POS card and cash tips, declared cash tips, voluntary gratuities, with tips given to and received from other employees; service charges are not tips), with the `tipAdjustments` paid in it, less what entered tip pools (`poolContributions`), plus the pool shares (`poolShares`); the tips of its dates changed after it closed are paid by the tip adjustments of a later period",
    ),
    poolShares: tipsMoney
      .optional()
      .describe('The part of `tips` paid as shares of locked tip-pool periods (`poolEntries`)'),
    poolContributions: tipsMoney
      .optional()
      .describe(
        "What the employee's own POS tips put into those pools: taken out of their tips, paid as others' shares",
      ),
    poolEntries: poolEntryLines
      .optional()
      .describe(
        'The entries of the locked tip-pool periods starting in this pay period (shares, tip-outs, adjustments)',
      ),
    makeUpPay: visibleTo(pay, 'tips')
      .optional()
      .describe('The sum of `makeUp`: the tip-credit make-up of the workweeks ending in the period'),
    makeUp: makeUpLines
      .optional()
      .describe(
        'Per workweek ending in the period, with a tip credit: the make-up to the minimum wage (29 U.S.C. 203(m)(2)(A))',
      ),
    cashTips: tipsMoney
      .optional()
      .describe(
        'The part of `tips` the employee already holds in cash (cash tips entered on checks and declared on POS punches): reported to payroll (taxable wages), not paid out again; the rest is paid through payroll. Absent from reports frozen before cash tips were kept apart',
      ),
    // the total holds the tips: it is withheld with either
    totalPay: visibleTo(pay, 'tips').describe(
      'Regular + overtime + double time + premiums + prior-period adjustments + pay elements + leave + tip-credit make-up + tips (salaried employees: premiums and tips only; their salary is paid outside the hours)',
    ),
    lines: z
      .array(payLineSchema)
      .default([])
      .describe("The period's worked minutes per position and rate, at straight time"),
    earnings: z
      .array(earningLineSchema)
      .optional()
      .describe(
        'The pay itemised, rounded by largest remainder so that the amounts add up exactly to totalPay: per workweek its straight time per rate and its premium portions, then premiums, adjustments and tips',
      ),
    weeks: z
      .array(weekPaySchema)
      .default([])
      .describe('Per workweek with minutes in the period: its regular rate of pay and how the pay was figured'),
    premiums: z.array(premiumLineSchema).default([]),
    payElements: z
      .array(payElementLineSchema)
      .optional()
      .describe('Bonuses and other pay elements paid in the period, with the overtime they owe'),
    leave: z.array(leaveLineSchema).optional().describe('Paid time off taken in the period, one line per request'),
    leaveBalances: z
      .array(leaveBalanceLineSchema)
      .optional()
      .describe("The wage statement's leave balances: per leave policy, what is available on the period's last day"),
    adjustments: z
      .array(adjustmentLineSchema)
      .optional()
      .describe(
        'Prior-period adjustments: workweeks that straddle a closed period (true-up of their regular rate), POS records that arrived after their period closed, and paid time off of a closed period cancelled after it closed',
      ),
    tipAdjustments: visibleTo(z.array(tipAdjustmentLineSchema), 'tips')
      .optional()
      .describe(
        "Tips of a closed period changed after it closed (a sale voided, deleted, closed again or changed at the vendor, delivered late, a punch's declared tips): paid or taken back in this period, in `tips` (and `cashTips` for the cash kinds); the closed period's report is not rewritten",
      ),
    acrossLocations: z
      .array(
        z.object({
          location: z
            .string()
            .describe('The name of a location of the same employer where the person has a linked record'),
          added: z.boolean().describe('Whether its hours were added to this location’s workweeks'),
          reason: z
            .enum(['workweekDiffers', 'overtimeRulesDiffer', 'otherEmployer'])
            .nullable()
            .describe(
              'Why not: its workweek (time zone, day change, first day) or its overtime rule set differs from this location’s, or it is no longer of the same employer',
            ),
        }),
      )
      .optional()
      .describe(
        'The person’s linked records at the employer’s other locations (present only when linked): weeks holding work there are figured over the employer (weeks[].acrossLocations)',
      ),
    days: z.array(
      z.object({
        date: z.string(),
        workedMinutes: minutes,
        regularMinutes: minutes,
        overtimeMinutes: minutes,
        doubleTimeMinutes: minutes,
        seventhDay: z.boolean(),
      }),
    ),
  }),
  'employeeId',
).meta({ id: 'EmployeePay' });
export type EmployeePay = z.infer<typeof employeePaySchema>;

export const reportSchema = z
  .object({
    companyId: z.string(),
    period: periodSchema,
    currency: z.string(),
    overtimeRules: z.string().describe('The rule set applied: flsa, california or none'),
    pendingPunches: z.int().describe('Punches of the period not approved yet: not paid until approved'),
    hidden: z
      .array(z.string())
      .describe(
        'What is withheld from the caller (x-visibility tags: pay by hideFinancialInfoFromManagers, tips by hideTipsFromManagers)',
      ),
    employees: z.array(employeePaySchema),
    totals: z.object({
      workedMinutes: minutes,
      regularMinutes: minutes,
      overtimeMinutes: minutes,
      doubleTimeMinutes: minutes,
      pay: pay.describe(
        'Everything but tips and the tip-credit make-up (`makeUp`, which would tell the tips): regular, overtime, double time, premiums, adjustments, pay elements and leave',
      ),
      premiums: pay.default(0),
      adjustments: pay.optional().describe('The sum of the prior-period adjustments'),
      payElements: pay.optional().describe('The sum of the pay elements and the overtime they owe'),
      leave: pay.optional().describe('The sum of the paid time off'),
      tips: tipsMoney,
      tipAdjustments: tipsMoney.optional().describe('The part of `tips` that is tip adjustments'),
      poolShares: tipsMoney.optional().describe('The part of `tips` paid as tip-pool shares'),
      makeUp: visibleTo(pay, 'tips').optional().describe('The sum of the tip-credit make-up'),
    }),
  })
  .meta({ id: 'PayrollReport' });
export type PayrollReport = z.infer<typeof reportSchema>;
