import { z } from 'zod';
import { companyIdQuery, documentId, isoDate } from '../../http/fields';
import { recordOf, visibleTo } from '../../http/visibility';

/**
 * The tip pools' schemas: the single source of validation, answers, visibility and the API
 * description. Money in integer minor units (cents) of the company's sales currency.
 */

/** The classes of tips a pool takes (the sales module keeps them apart): card (and imported invoices' tips), cash (entered on checks and declared), voluntary gratuities. */
export const TIP_CLASSES = ['card', 'cash', 'gratuities'] as const;
export type TipClass = (typeof TIP_CLASSES)[number];
export const POOL_PERIODS = ['day', 'week', 'daypart', 'shift'] as const;
export type PoolPeriod = (typeof POOL_PERIODS)[number];
/** The parts of a business date a pool of period daypart or shift takes (windows.ts). */
export const DAYPARTS = ['breakfast', 'lunch', 'dinner', 'late'] as const;
export type Daypart = (typeof DAYPARTS)[number];
export const SHIFT_BLOCKS = ['am', 'pm'] as const;
export type ShiftBlock = (typeof SHIFT_BLOCKS)[number];
export const SHARE_METHODS = ['hours', 'points', 'percent'] as const;
export type ShareMethod = (typeof SHARE_METHODS)[number];
export const BASIS_POINTS = 10_000;

const unique = <T>(xs: readonly T[]) => new Set(xs).size === xs.length;
const roleIds = (what: string) =>
  z.array(documentId).min(1).max(50).refine(unique, 'a role is named once').describe(what);

export const shareRoleSchema = z
  .strictObject({
    roleId: documentId.describe('A role (position) whose people share the pool'),
    points: z
      .int()
      .min(1)
      .max(1000)
      .optional()
      .describe('shareBy points: the points per hour worked of the role (required there, refused elsewhere)'),
    percentBp: z
      .int()
      .min(1)
      .max(BASIS_POINTS)
      .optional()
      .describe(
        'shareBy percent: the part of the pool of the role in basis points (100 = 1 %; the roles add up to 10000), split among its people by hours',
      ),
  })
  .meta({ id: 'TipPoolShare' });

export const tipOutSchema = z
  .strictObject({
    basis: z
      .enum(['sales', 'tips'])
      .describe("sales: a part of each contributor's net sales; tips: a part of the tips they put in"),
    percentBp: z.int().min(1).max(BASIS_POINTS).describe('The part, in basis points (300 = 3 %)'),
    toRoleIds: roleIds(
      "The roles receiving the tip-out, split among their people by hours worked in the pool's period",
    ),
  })
  .meta({ id: 'TipOut' });

const poolFields = {
  name: z.string().trim().min(1).max(120),
  period: z
    .enum(POOL_PERIODS)
    .describe(
      "Each distribution covers one business date (day), one company week (week, from the company's weekStartingDay), one daypart of a business date (daypart: the sales closed in it and the minutes worked in it) or one shift of a business date (shift: the morning or evening shift of the schedule template)",
    ),
  daypart: z
    .enum(DAYPARTS)
    .nullable()
    .describe(
      "period daypart (required there, null elsewhere): which daypart of the company's (settings.dayparts, else its template's, else the defaults; GET /companies/{id} settings): breakfast from the day change to lunch, lunch to dinner, dinner to late, late to the next day change",
    ),
  shift: z
    .enum(SHIFT_BLOCKS)
    .nullable()
    .describe(
      "period shift (required there, null elsewhere): am, the morning shift, from the day change to the weekday's evening start in the schedule template (else the company's dinner daypart); pm, the evening shift, from there to the next day change",
    ),
  tipClasses: z
    .array(z.enum(TIP_CLASSES))
    .min(1)
    .max(TIP_CLASSES.length)
    .refine(unique, 'a class is named once')
    .describe(
      'Which tips enter: card (card tips and the tips of imported invoices), cash (entered and declared), gratuities',
    ),
  contributorRoleIds: roleIds(
    "The roles whose tips enter: an employee's tips of a business date enter in the proportion of their approved minutes that day in these roles",
  ),
  tipOut: tipOutSchema
    .nullable()
    .describe('A tip-out taken first from what each contributor puts in (capped at it), then the rest is pooled'),
  shareBy: z
    .enum(SHARE_METHODS)
    .describe(
      "hours: by approved minutes in the share roles; points: minutes x the role's points (or the employee's, employeePoints); percent: each role its percentBp, split among its people by minutes",
    ),
  shares: z.array(shareRoleSchema).min(1).max(50).describe('The roles whose people share the pool'),
  employeePoints: z
    .record(documentId, z.int().min(0).max(1000))
    .describe("shareBy points: an employee's own points per hour, instead of their role's"),
  tipCreditTaken: z
    .boolean()
    .describe(
      'Whether the employer pays these employees with a tip credit: then only customarily tipped roles may share (no BOH role: 29 CFR 531.54(b)), and the state must allow a credit',
    ),
};

function checkShares(
  p: {
    period: PoolPeriod;
    daypart: string | null;
    shift: string | null;
    shareBy: ShareMethod;
    shares: { roleId: string; points?: number; percentBp?: number }[];
  },
  ctx: z.RefinementCtx,
) {
  if ((p.period === 'daypart') !== (p.daypart !== null))
    ctx.addIssue({ code: 'custom', path: ['daypart'], message: 'a daypart is named exactly with period daypart' });
  if ((p.period === 'shift') !== (p.shift !== null))
    ctx.addIssue({ code: 'custom', path: ['shift'], message: 'a shift (am or pm) is named exactly with period shift' });
  if (!unique(p.shares.map((s) => s.roleId)))
    ctx.addIssue({ code: 'custom', path: ['shares'], message: 'a role is named once' });
  p.shares.forEach((s, i) => {
    if ((p.shareBy === 'points') !== (s.points !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['shares', i, 'points'],
        message: 'points are given exactly with shareBy points',
      });
    if ((p.shareBy === 'percent') !== (s.percentBp !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['shares', i, 'percentBp'],
        message: 'percentBp is given exactly with shareBy percent',
      });
  });
  if (p.shareBy === 'percent' && p.shares.every((s) => s.percentBp !== undefined)) {
    const sum = p.shares.reduce((t, s) => t + (s.percentBp ?? 0), 0);
    if (sum !== BASIS_POINTS)
      ctx.addIssue({
        code: 'custom',
        path: ['shares'],
        message: `the percentBp add up to ${BASIS_POINTS}, not ${sum}`,
      });
  }
}

export const poolBody = z
  .strictObject({
    ...poolFields,
    tipOut: poolFields.tipOut.default(null),
    daypart: poolFields.daypart.default(null),
    shift: poolFields.shift.default(null),
    employeePoints: poolFields.employeePoints.default({}),
  })
  .superRefine(checkShares);
/** A pool's rules as the use cases take them: daypart and shift may be left out (null) by a caller in process. */
export type PoolBody = Omit<z.output<typeof poolBody>, 'daypart' | 'shift'> &
  Partial<Pick<z.output<typeof poolBody>, 'daypart' | 'shift'>>;

export const poolSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    ...poolFields,
    archived: z.boolean(),
    /** bumped by each PUT */
    version: z.int().describe('1 at creation, one more with each change of its rules'),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'TipPool' });
export type TipPool = z.output<typeof poolSchema>;

export const poolIdParam = z.object({ poolId: documentId });
export const periodParam = z.object({
  poolId: documentId,
  periodStart: isoDate.describe('First business date of the period'),
});
export const listPoolsQuery = companyIdQuery;

export const distributeBody = z.strictObject({
  periodStart: isoDate.describe(
    "First business date of the period: the date (day, daypart and shift pools) or the company week's first date (week pools)",
  ),
});

const money = (description: string) => visibleTo(z.int().describe(description), 'tips');

export const ENTRY_KINDS = ['tipOut', 'pool', 'adjustment'] as const;
export const entrySchema = recordOf(
  z
    .object({
      id: z.string(),
      poolId: z.string(),
      poolName: z.string(),
      periodStart: z.string().describe('The period the entry is paid in'),
      periodEnd: z.string(),
      employeeId: z.string(),
      kind: z
        .enum(ENTRY_KINDS)
        .describe(
          'tipOut: the tip-out part; pool: the pool part; adjustment: a change reaching a locked period, paid here',
        ),
      rule: z.string().describe('How the share was made, in words (the method, the roles, the figures)'),
      entered: money('What entered this part of the pool (the pot shared), from every contributor'),
      contributed: money('What this employee put in'),
      basis: z.number().describe('Their weight: minutes, points x minutes, or minutes of a percent role'),
      totalBasis: z.number().describe('The weights of everyone sharing'),
      exact: visibleTo(
        z.number().describe('entered x basis / totalBasis, before rounding (cents, fractions kept)'),
        'tips',
      ),
      share: money('What they receive (largest-remainder rounding: the shares add up to entered)'),
      rounding: visibleTo(z.number().describe('share - exact: the rounding, under one cent either way'), 'tips'),
      net: money('share - contributed'),
      adjustsPeriod: z.string().nullable().describe('adjustment: the locked period whose change it pays'),
      state: z.enum(['open', 'locked']),
      createdAt: z.number(),
    })
    .meta({ id: 'TipEntry' }),
  'employeeId',
);
export type TipEntry = z.output<typeof entrySchema>;

export const distributionSchema = z
  .object({
    poolId: z.string(),
    poolVersion: z.int().describe('The version of the rules it was made with'),
    periodStart: z.string(),
    periodEnd: z.string(),
    state: z.enum(['open', 'locked']),
    currency: z.string().nullable(),
    entered: money('Everything that entered (tip-out and pool)'),
    tipOut: money('The tip-out part'),
    lockedAt: z.number().nullable(),
    lockedBy: z.string().nullable(),
    entries: z.array(entrySchema).describe('The entries of the period (shares and adjustments paid in it)'),
    adjustments: z
      .array(entrySchema)
      .describe('The adjustment entries this call wrote into the next open period (a locked period that changed)'),
  })
  .meta({ id: 'TipDistribution' });
export type TipDistribution = z.output<typeof distributionSchema>;

export const entriesQuery = companyIdQuery.extend({
  startDate: isoDate.describe('First period start, included'),
  endDate: isoDate.describe('Last period start, included (at most 366 days)'),
  employeeId: documentId.optional().describe('Only this employee (an employee always reads their own)'),
});
export const MAX_ENTRIES_DAYS = 366;
