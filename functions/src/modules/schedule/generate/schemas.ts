import { z } from 'zod';
import { documentId, isoDate } from '../../../http/fields';
import { findingSchema, shiftSchema } from '../schemas';
import { visibleTo } from '../../../http/visibility';

/** Largest range one generation covers, in days (both ends included). */
export const MAX_GENERATION_DAYS = 28;
export const DEFAULT_TIME_LIMIT_SECONDS = 9;
export const MAX_TIME_LIMIT_SECONDS = 30;
/** Candidates listed per unfilled seat (blockedCounts counts them all). */
export const MAX_BLOCKED_LISTED = 10;

export const generateBody = z.strictObject({
  startDate: isoDate.describe('First company-local day to generate'),
  endDate: isoDate.describe(`Last day, included; at most ${MAX_GENERATION_DAYS} days in all`),
  roleIds: z
    .array(documentId)
    .min(1)
    .max(50)
    .optional()
    .describe("Only the template's slots of these roles (default: every active role)"),
  employeeIds: z
    .array(documentId)
    .min(1)
    .max(500)
    .optional()
    .describe('Only these employees are scheduled (default: every active employee)'),
  scheduleId: z.string().min(1).max(200).optional().describe('The schedule the drafts will belong to when committed'),
  timeLimitSeconds: z
    .number()
    .min(1)
    .max(MAX_TIME_LIMIT_SECONDS)
    .default(DEFAULT_TIME_LIMIT_SECONDS)
    .describe(`Time the MIP solver may take after the greedy pass (default ${DEFAULT_TIME_LIMIT_SECONDS})`),
});
export type GenerateBody = z.output<typeof generateBody>;

export const proposalIdParam = z.object({ id: documentId.describe('Proposal id') });

const seatSchema = z
  .object({
    date: z.string(),
    weekday: z.string(),
    start: z.number().describe('Minute of the day'),
    end: z.number().describe('Minute of the day; smaller than start: ends the next day'),
    positionId: z.string().describe('Role id (the template key)'),
    subRoleId: z.string(),
    slotKey: z.string().nullable().describe("The template slot's key (e.g. lunch)"),
  })
  .meta({ id: 'ScheduleSeat' });

export const whySchema = z
  .object({
    availabilityPriority: z
      .number()
      .nullable()
      .describe(
        "The priority of the employee's availability that weekday (higher = preferred); null: no entry for the weekday",
      ),
    allDay: z.boolean().describe('Available all day (or no constraint that weekday)'),
    weekHoursBefore: z
      .number()
      .describe(
        'Worked hours in the company week without this shift: the existing shifts of the week plus the generated ones that start before it',
      ),
    weekHoursAfter: z.number().describe('Worked hours in the week with everything generated'),
    minHoursInWeek: z.number(),
    maxHoursInWeek: z
      .number()
      .nullable()
      .describe(
        "The weekly limit applied: the smaller of the employee's maxHoursInWeek and the company maxHoursPerWeek",
      ),
    daysInWeek: z.number().describe('Working days in the week with everything generated'),
    maxDaysPerWeek: z.number().nullable(),
    hiring: z.string().nullable().describe('Hiring date (YYYY-MM-DD)'),
    seniorityRank: z.number().nullable().describe('1 = the earliest hiring date among the employees considered'),
    costMinor: visibleTo(
      z
        .number()
        .describe(
          "Labour cost of the shift in minor units (the employee's rateRegular, else the role's rate, times worked hours)",
        ),
      'pay',
      'laborCost',
    ),
    alternatives: z
      .number()
      .describe('Other employees who hold the position, are available and were still free for this seat'),
  })
  .meta({ id: 'AssignmentReason' });

export const UNFILLED_REASONS = ['held', 'noQualifiedEmployee', 'noAvailableEmployee', 'allCandidatesBusy'] as const;
export const BLOCKING_RULES = [
  'position',
  'availability',
  'timeOff',
  'overlap',
  'betweenShifts',
  'maxDayHours',
  'maxHoursInWeek',
  'maxDaysPerWeek',
] as const;

export const proposalSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    status: z
      .enum(['open', 'committed'])
      .describe('committed: its drafts were written (a second commit answers the same shifts)'),
    startDate: z.string(),
    endDate: z.string(),
    roleIds: z.array(z.string()).nullable(),
    employeeIds: z.array(z.string()).nullable(),
    scheduleId: z.string().nullable(),
    generationPriority: z.string().describe('The company setting used: longer-shifts, period-start or chronological'),
    generationFormat: z.string().describe('The company profile field used: standard or seniority'),
    coverage: z.object({
      required: z.number().describe('Seats the template requires in the range (holds not counted)'),
      filled: z.number(),
      held: z.number().describe('Seats the template keeps open (hold)'),
    }),
    solver: z.object({
      used: z
        .enum(['mip', 'greedy'])
        .describe(
          'mip: the HiGHS MIP (started from the greedy pass) gave the answer; greedy: the greedy pass alone (the solver found nothing better in time, or failed)',
        ),
      status: z
        .enum(['optimal', 'timeLimit', 'skipped', 'error'])
        .describe(
          'optimal: proven optimal (relative gap at most 1e-6); timeLimit: stopped at the time limit, `gap` says how far from the proven bound; skipped: the solver was not run (nothing to fill); error: the solver failed and the greedy answer stands',
        ),
      objective: z.number(),
      greedyObjective: z.number().describe('Objective of the greedy pass alone'),
      bound: z.number().nullable().describe('Proven upper bound on the objective'),
      gap: z.number().nullable().describe('(bound - objective) / bound; null without a bound'),
      seconds: z.number(),
    }),
    assignments: z.array(
      seatSchema.extend({
        shiftId: z.string().describe('Id the draft gets when the proposal is committed'),
        employeeId: z.string(),
        employeeName: z.string(),
        why: whySchema,
      }),
    ),
    unfilled: z.array(
      z.object({
        seat: seatSchema,
        reason: z
          .enum(UNFILLED_REASONS)
          .describe(
            'held: kept open by the template; noQualifiedEmployee: nobody considered holds the role and sub-role; noAvailableEmployee: every holder is unavailable or on time off; allCandidatesBusy: every available holder would break a rule (blockedBy says which)',
          ),
        message: z.string(),
        blockedCounts: z.record(z.string(), z.number()).describe('Holders of the position kept off this seat, by rule'),
        blockedBy: z
          .array(z.object({ employeeId: z.string(), rule: z.enum(BLOCKING_RULES) }))
          .describe(`Up to ${MAX_BLOCKED_LISTED} of them, with the rule`),
      }),
    ),
    createdAt: z.number(),
    committedAt: z.number().nullable(),
  })
  .meta({ id: 'ScheduleProposal' });
export type Proposal = z.infer<typeof proposalSchema>;

export const commitResponse = z
  .object({
    proposalId: z.string(),
    committed: z
      .array(shiftSchema)
      .describe('The drafts written (on a repeated commit: the drafts the first commit wrote)'),
    warnings: z.array(findingSchema),
  })
  .meta({ id: 'ScheduleCommitResult' });
