import { z } from 'zod';
import { companyIdQuery, isoDate, documentId, queryBoolean } from '../../http/fields';
import { recordOf, visibleTo } from '../../http/visibility';
import { JURISDICTIONS } from './fair-workweek';
import { MINOR_RULES } from '../compliance';

export const SHIFT_MODES = ['published', 'manual', 'draft'] as const;
export type ShiftMode = (typeof SHIFT_MODES)[number];
/** The modes that stand in the live schedule (what employees work); draft is the plan not yet published. */
export const LIVE_MODES: readonly ShiftMode[] = ['published', 'manual'];

/** Largest date range of one GET /shifts or publish call, in days (both ends included). */
export const MAX_RANGE_DAYS = 62;

const minuteOfDay = z.int().min(0).max(1439);

const shiftFields = {
  start: minuteOfDay.describe('Start, minute of the company-local day (0-1439)'),
  end: minuteOfDay
    .nullable()
    .describe(
      'End, minute of the day (0-1439). Smaller than start: the shift ends the next day (crosses midnight). null: open-ended, counted as the company defaultDuration for overlap and hours.',
    ),
  positionId: documentId.optional().describe('Role id; default the query positionId, else none'),
  employeeId: documentId.optional().describe('Move the shift to this employee; default the query employeeId'),
  subRoleId: z.string().optional().describe('Sub-role key of the role; default the query subRoleId, else none'),
  note: z.string().max(2000).optional().describe('Default ""'),
  onHold: z.boolean().optional().describe('Default false'),
  restConsent: z
    .boolean()
    .optional()
    .describe(
      "The employee's recorded (written) consent to work this shift with less rest than the company's fair-workweek jurisdiction requires after (or before) a shift of the previous (next) day; without it such a shift is refused (422 fairWorkweekRest). The premium the rest costs is recorded either way",
    ),
};

const startDiffersFromEnd = (b: { start: number; end: number | null }) => b.end === null || b.end !== b.start;
const startDiffersMessage = { message: 'end must differ from start (use null for an open-ended shift)', path: ['end'] };

/** The PUT /shifts/{id} body (unknown fields rejected). */
export const shiftPutBody = z.strictObject(shiftFields).refine(startDiffersFromEnd, startDiffersMessage);
export type ShiftPutBody = z.output<typeof shiftPutBody>;

/** POST /shifts body (legacy draft create): the PUT body plus the date and the (required) employee. */
export const shiftPostBody = z
  .strictObject({
    ...shiftFields,
    date: isoDate.describe('Company-local day the shift starts'),
    employeeId: documentId.describe('The employee who works the shift'),
  })
  .refine(startDiffersFromEnd, startDiffersMessage);
export type ShiftPostBody = z.output<typeof shiftPostBody>;

/** The query of PUT and DELETE /shifts/{id}: where the shift is (company, date, employee, mode), plus optional identifying fields. */
export const shiftAddressQuery = companyIdQuery.extend({
  date: isoDate.describe('Company-local day the shift starts (where it is now)'),
  mode: z.enum(SHIFT_MODES).default('published').describe('Mode the shift is in'),
  employeeId: documentId.describe('Employee the shift belongs to now'),
  positionId: documentId
    .optional()
    .describe('When given, the shift must have this role (else 404); on create, the default role'),
  subRoleId: z
    .string()
    .optional()
    .describe('When given, the shift must have this sub-role (else 404); on create, the default sub-role'),
  scheduleId: z
    .string()
    .optional()
    .describe('When given, the shift must belong to this schedule (else 404); on create, its schedule'),
});
export type ShiftAddress = z.output<typeof shiftAddressQuery>;

export const dryRunQuery = {
  dryRun: queryBoolean
    .default(false)
    .describe(
      'true: check the change and answer what it would do (`outcome`: blocking findings and the refusal they make, warnings, the premiums it would owe), writing nothing; the answer is 200 even when the real call would be refused',
    ),
};

/** The query of PUT and DELETE /shifts/{id}: the shift's address, and dryRun. */
export const shiftWriteQuery = shiftAddressQuery.extend(dryRunQuery);

/** The query of POST /shifts/publish. */
export const publishQuery = companyIdQuery.extend(dryRunQuery);

/** Ids that name other routes under /shifts/ cannot be shift ids. */
const RESERVED_IDS = ['publish', 'user-shifts'];
export const shiftIdParam = z.object({
  id: documentId
    .refine((id) => !RESERVED_IDS.includes(id), `${RESERVED_IDS.join(' and ')} are not shift ids`)
    .describe('Shift id (client-chosen on PUT create; not "publish" or "user-shifts")'),
});

export const postShiftQuery = companyIdQuery.extend({
  scheduleId: z.string().optional().describe('Schedule the draft belongs to'),
});

export const listShiftsQuery = companyIdQuery.extend({
  startDate: isoDate.describe('First company-local day, included'),
  endDate: isoDate.describe(`Last company-local day, included; the range holds at most ${MAX_RANGE_DAYS} days`),
  employeeId: documentId.optional().describe('Only this employee'),
  positionId: documentId.optional().describe('Only this role'),
  includeManual: queryBoolean.default(true).describe('Include manual shifts (default true)'),
  includeDraft: queryBoolean.default(false).describe('Include drafts (default false; managers and owners only)'),
  scheduleId: z.string().optional().describe('Only shifts of this schedule'),
});
export type ListShiftsQuery = z.output<typeof listShiftsQuery>;

export const publishBody = z.strictObject({
  startDate: isoDate.describe('First day whose drafts are published'),
  endDate: isoDate.describe('Last day, included'),
  employeeIds: z
    .array(documentId)
    .min(1)
    .max(200)
    .optional()
    .describe('Only the drafts of these employees (default: every employee)'),
  scheduleId: z.string().optional().describe('Only the drafts of this schedule'),
  restConsents: z
    .array(
      z.strictObject({
        employeeId: documentId,
        date: isoDate.describe('Business date of the draft worked with less rest'),
      }),
    )
    .max(200)
    .optional()
    .describe(
      "The employees' recorded consents to work a draft of that date with less rest than the fair-workweek jurisdiction requires (otherwise such a draft refuses the publish, 422 fairWorkweekRest); the premium is recorded",
    ),
});
export type PublishBody = z.output<typeof publishBody>;

export const shiftSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    date: z.string().describe('Company-local day the shift starts'),
    employeeId: z.string(),
    positionId: z.string().nullable(),
    subRoleId: z.string().nullable(),
    start: z.number(),
    end: visibleTo(z.number().nullable(), 'shiftEnd'),
    mode: z.enum(SHIFT_MODES),
    scheduleId: z.string().nullable(),
    note: z.string(),
    onHold: z.boolean(),
    // start + minutes would tell the end
    minutes: visibleTo(
      z.number().describe('Scheduled length in minutes (open-ended: defaultDuration), computed when written'),
      'shiftEnd',
    ),
    workedMinutes: visibleTo(
      z.number().describe('minutes less the break when the company excludes breaks, computed when written'),
      'shiftEnd',
    ),
    createdAt: z.number().describe('Epoch ms'),
    updatedAt: z.number().describe('Epoch ms'),
  })
  .meta({ id: 'Shift' });
export type Shift = z.infer<typeof shiftSchema>;
export const shiftListSchema = z.array(shiftSchema);

export const CONFLICT_RULES = [
  'overlap',
  'betweenShifts',
  'maxDayHours', // timing rules that block
  'positionNotHeld',
  'employeeArchived',
  'roleArchived',
  'subRoleArchived',
  'unknownEmployee',
  'unknownRole',
  'unknownSubRole', // references
  'timeOff',
  'fairWorkweekRest', // an approved day-off, the fair-workweek rest (always block)
  'maxHoursPerWeek',
  'maxHoursInWeek',
  'maxDaysPerWeek',
  'availability', // warnings
  ...MINOR_RULES, // the minors' hours (block unless settings.minorRules is warn)
] as const;
export type ConflictRule = (typeof CONFLICT_RULES)[number];

export const findingSchema = z
  .object({
    rule: z.enum(CONFLICT_RULES),
    blocking: z.boolean().describe('true: the write was refused (422); false: a warning, the shift was saved'),
    message: z.string(),
    shiftId: z.string().describe('The shift being written (or published)'),
    employeeId: z.string(),
    date: z.string(),
    conflictingShiftId: z
      .string()
      .optional()
      .describe('The other shift, for overlap, betweenShifts and fairWorkweekRest'),
    timeOffId: z.string().optional().describe('The approved day-off the shift meets, for timeOff'),
    otherLocation: z
      .string()
      .optional()
      .describe(
        'The other location of the same employer where the same person works the other shift (its name: nothing else of it is told), for overlap, betweenShifts and fairWorkweekRest across locations',
      ),
    limit: z.number().optional().describe('The limit of the rule, in `unit`'),
    actual: z.number().optional().describe('What the shift would make it, in `unit`'),
    unit: z.enum(['minutes', 'hours', 'days', 'years']).optional(),
    weekStart: z.string().optional().describe('First day of the company week, for the weekly rules'),
    law: z
      .string()
      .optional()
      .describe(
        "The minors' rule set broken (us-federal-14-15, us-ca-16-17, ...; GET /compliance/rules), for the minor rules",
      ),
    citation: z.string().optional().describe("The source of the minors' rule: section, page, the date it was checked"),
  })
  .strip()
  .meta({ id: 'ShiftFinding' });
export type Finding = z.infer<typeof findingSchema>;

export const premiumSchema = recordOf(
  z.object({
    id: z.string(),
    employeeId: z.string(),
    date: z.string().describe('Business date of the shift'),
    shiftId: z.string(),
    jurisdiction: z
      .enum(JURISDICTIONS)
      .describe('The predictive-scheduling rule pack that owes it (GET /compliance/rules lists them)'),
    rule: z.enum(['scheduleChange', 'rest']),
    reason: z.string(),
    citation: z
      .string()
      .describe(
        "The source of the premium's figure: section, page, the date it was checked; empty for premiums recorded before packs",
      ),
    amountMinor: visibleTo(
      z.number().nullable().describe('A fixed premium in minor units of `currency` (NYC, Philadelphia rest)'),
      'pay',
    ),
    currency: z.enum(['USD']).nullable(),
    payHours: visibleTo(
      z.number().nullable().describe("A premium in hours of the employee's regular rate (the other packs)"),
      'pay',
    ),
    createdAt: z.number(),
  }),
  'employeeId',
).meta({ id: 'SchedulePremium' });

export const listPremiumsQuery = companyIdQuery.extend({
  startDate: isoDate.describe('First business date of the shifts the premiums are for, included'),
  endDate: isoDate.describe(`Last business date, included; the range holds at most ${MAX_RANGE_DAYS} days`),
  employeeId: documentId.optional().describe("Only this employee's (employees: their own, the default)"),
});
export type ListPremiumsQuery = z.output<typeof listPremiumsQuery>;

// ---- what a change does (a dry run answers it without writing: outcome.ts) ----

const premiumOwed = recordOf(premiumSchema.omit({ id: true, createdAt: true }), 'employeeId').meta({
  id: 'PremiumOwed',
});

export const outcomeSchema = z
  .object({
    dryRun: z.boolean().describe('true: nothing was written'),
    refusal: z
      .object({ status: z.int(), code: z.string(), message: z.string() })
      .nullable()
      .describe(
        'The error the real call answers (422 SHIFT_CONFLICT, MINOR_HOURS, a reference code); null: it is accepted',
      ),
    blocking: z
      .array(findingSchema)
      .describe("The findings that refuse the change (the refusal's details); always empty in a real call's answer"),
    warnings: z
      .array(findingSchema)
      .describe('The findings the company allows: the change is (or would be) saved with them'),
    premiums: z
      .array(premiumOwed)
      .describe(
        'Each premium the change owes (who, rule, amount, citation), as the real call records it; empty when refused',
      ),
  })
  .meta({ id: 'ChangeOutcome' });
export type Outcome = z.infer<typeof outcomeSchema>;

export const removedShiftResponse = shiftSchema
  .extend({
    premiums: z
      .array(premiumSchema)
      .optional()
      .describe('Fair-workweek premiums the cancellation recorded (inside the notice window); absent when none'),
    outcome: outcomeSchema,
  })
  .meta({ id: 'RemovedShift' });

export const savedShiftResponse = z
  .object({
    shift: shiftSchema,
    premiums: z
      .array(premiumSchema)
      .optional()
      .describe(
        'Fair-workweek premiums this change of a published shift recorded (inside the notice window); absent when none',
      ),
    warnings: z
      .array(findingSchema)
      .describe(
        'Findings the company allows (availability, weekly limits; rest and daily limits when conflictsDetectionEnabled is false)',
      ),
    outcome: outcomeSchema,
  })
  .meta({ id: 'SavedShift' });

export const publishResponse = z
  .object({
    published: z.array(shiftSchema).describe('The shifts published, now in mode published'),
    warnings: z.array(findingSchema),
    premiums: z
      .array(premiumSchema)
      .optional()
      .describe(
        "Fair-workweek premiums owed because shifts were published later than the jurisdiction's notice window (recorded per employee); absent when none",
      ),
    outcome: outcomeSchema,
  })
  .meta({ id: 'PublishResult' });

export const userShiftsResponse = z
  .object({
    companies: z.array(
      z.object({
        companyId: z.string(),
        name: z.string().optional(),
        timezone: z.string(),
        employeeId: z.string(),
        from: z.string().describe('First day listed (company-local)'),
        to: z.string().describe('Last day listed'),
      }),
    ),
    shifts: z
      .array(
        // each company's view applies (its employeesCanSeeShiftEndTimes): the route itself names no company
        shiftSchema.extend({
          minutes: shiftSchema.shape.minutes.optional(),
          workedMinutes: shiftSchema.shape.workedMinutes.optional(),
        }),
      )
      .describe("The caller's shifts, each as their company lets its employees see it"),
  })
  .meta({ id: 'UserShifts' });

// ---- schedule template (daysStructure) ----

export const TEMPLATE_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const period = z.strictObject({
  start: minuteOfDay.optional(),
  revenue: z.number().optional(),
  perClient: z.number().optional(),
});

/** A slot: start and end required, key optional; any other property must be {required, hold} (non-negative integers). */
const slot = z
  .object({
    start: minuteOfDay,
    end: minuteOfDay,
    key: z.string().optional(),
  })
  .catchall(z.strictObject({ required: z.int().min(0), hold: z.int().min(0) }));

export const templateDay = z.strictObject({
  morning: period.optional(),
  evening: period.optional(),
  shifts: z.record(z.string(), z.array(slot)).optional().describe('Slots by key (e.g. a role id)'),
});

export const daysStructureSchema = z
  .partialRecord(z.enum(TEMPLATE_DAYS), templateDay)
  .describe('Day key (Monday..Sunday; any other key is rejected) to day object');

export const templatePatchBody = z.strictObject({ daysStructure: daysStructureSchema });

export const templateResponse = z
  .object({
    daysStructure: z.record(z.string(), z.unknown()).describe('The stored days, Monday..Sunday'),
  })
  .meta({ id: 'ScheduleTemplate' });
