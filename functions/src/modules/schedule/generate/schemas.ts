import { z } from 'zod';
import { documentId, isoDate } from '../../../http/fields';
import { findingSchema, outcomeSchema, shiftSchema } from '../schemas';
import { visibleTo } from '../../../http/visibility';
import { PRODUCTIVITY_BASES, SEAT_KINDS, TEMPLATE_REASON } from './demand';

export const SEAT_SOURCES = ['template', 'forecast', 'template+forecast'] as const;

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
  seatsFrom: z
    .enum(SEAT_SOURCES)
    .default('template')
    .describe(
      "Where the seats come from: the schedule template (default); the sales forecast, through each role's productivity setting; or both (the forecast's seats on top of the template's)",
    ),
  laborTargetPercent: z
    .number()
    .gt(0)
    .max(100)
    .optional()
    .describe(
      "Labor cost as a percentage of the forecast sales of the range: the forecast seats are cut or added until the proposal's labor % is near it (forecast seats only)",
    ),
});
export type GenerateBody = z.output<typeof generateBody>;

export const proposalIdParam = z.object({ id: documentId.describe('Proposal id') });

/** Why a seat exists (demand.ts's SeatReason); a template seat's reason when absent. */
export const seatReasonSchema = z
  .object({
    kind: z
      .enum(SEAT_KINDS)
      .describe(
        "template: a slot of the template; minimum: the role's minimum per daypart; productivity: the forecast demand needs it at the role's productivity; laborTarget: beyond the need, added while the proposal was under its labor-% target",
      ),
    daypart: z.string().nullable(),
    forecastSalesMinor: z.number().nullable().describe('Forecast sales of the daypart, minor units'),
    forecastCovers: z.number().nullable(),
    bookedCovers: z
      .number()
      .nullable()
      .describe(
        'Covers booked with the reservation partner for the daypart; front-of-house covers roles staff the larger',
      ),
    basis: z.enum(PRODUCTIVITY_BASES).nullable(),
    perLaborHour: z
      .number()
      .nullable()
      .describe("The role's productivity: sales (major units) or covers per labor hour"),
    requiredSeats: z.number().nullable().describe('Seats the demand needs in the daypart, the minimum included'),
    seatNumber: z.number().nullable().describe("This seat's number among the role's seats of the daypart"),
  })
  .default(TEMPLATE_REASON);

const seatSchema = z
  .object({
    date: z.string(),
    weekday: z.string(),
    start: z.number().describe('Minute of the day'),
    end: z.number().describe('Minute of the day; smaller than start: ends the next day'),
    positionId: z.string().describe('Role id (the template key)'),
    subRoleId: z.string(),
    slotKey: z.string().nullable().describe("The template slot's key (e.g. lunch), or the daypart of a forecast seat"),
    because: seatReasonSchema.describe('Why the seat exists'),
  })
  .meta({ id: 'ScheduleSeat' });

const laborFigure = (description: string) => visibleTo(z.number().describe(description), 'pay', 'laborCost');

export const demandSchema = z
  .object({
    seatsFrom: z.enum(SEAT_SOURCES),
    forecastMethod: z.string().describe('The forecast method (GET /forecast says how it was chosen)'),
    currency: z.string(),
    projectedSalesMinor: z.number().describe('Forecast sales of the range, minor units'),
    laborTargetPercent: z.number().nullable(),
    laborCostMinor: laborFigure('Labor cost of the proposed assignments (rate x worked hours), minor units'),
    laborPercent: laborFigure('laborCostMinor / projectedSalesMinor x 100, two decimals'),
    seats: z.object({
      minimum: z.number(),
      productivity: z.number(),
      laborTarget: z.number().describe('Seats beyond the need, added to come up to the labor target'),
      cutByTarget: z.number().describe('Seats the demand needs that the labor target left out'),
    }),
  })
  .nullable()
  .default(null)
  .describe('Forecast demand and the labor figures of the range (null: seats from the template only)');

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
  'otherLocation',
  'overlap',
  'betweenShifts',
  'maxDayHours',
  'maxHoursInWeek',
  'maxDaysPerWeek',
  'minor',
  'minorHours',
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
    demand: demandSchema,
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
    outcome: outcomeSchema,
  })
  .meta({ id: 'ScheduleCommitResult' });
