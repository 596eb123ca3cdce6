import { z } from 'zod';
import { companyIdQuery, documentId, isoDate } from '../../http/fields';
import { availabilitiesSchema } from '../employees';
import { dryRunQuery, outcomeSchema, premiumSchema } from '../schedule';

export const REQUEST_TYPES = ['swap', 'replace', 'emergency', 'dayOff', 'availabilities'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
export const REQUEST_STATES = [
  'pending_peer',
  'pending_manager',
  'approved',
  'denied',
  'cancelled',
  'expired',
] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
export const PENDING: readonly RequestState[] = ['pending_peer', 'pending_manager'];
/** The types about one shift (they expire when it starts). */
export const SHIFT_TYPES: readonly RequestType[] = ['swap', 'replace', 'emergency'];

/** Longest day-off request, in days. */
export const MAX_DAY_OFF_DAYS = 31;
/** An emergency is for a shift starting within this many hours. */
export const EMERGENCY_HOURS = 72;

const note = z.string().max(2000).optional().describe('Free text for the other party or the manager');
const minute = z.int().min(0).max(1440);

/** The fields each type takes (required ones first); any other field of the body is refused for that type. */
const FIELDS_OF: Record<RequestType, { required: string[]; optional: string[] }> = {
  swap: { required: ['shiftId', 'peerShiftId'], optional: [] },
  replace: { required: ['shiftId'], optional: [] },
  emergency: { required: ['shiftId'], optional: [] },
  dayOff: { required: ['startDate', 'endDate'], optional: ['start', 'end', 'leavePolicyId', 'leaveMinutes'] },
  availabilities: { required: ['availabilities'], optional: [] },
};

const TYPED_FIELDS = [
  'shiftId',
  'peerShiftId',
  'startDate',
  'endDate',
  'start',
  'end',
  'leavePolicyId',
  'leaveMinutes',
  'availabilities',
];

/**
 * One flat object for every type (a strict object, so that access is checked before any body
 * problem, and unknown fields are refused); which fields a type takes is checked below.
 */
export const createRequestBody = z
  .strictObject({
    type: z
      .enum(REQUEST_TYPES)
      .describe(
        'swap: shiftId + peerShiftId; replace and emergency: shiftId; dayOff: startDate, endDate, optional start + end; availabilities: availabilities',
      ),
    shiftId: documentId
      .optional()
      .describe(
        `swap, replace: the requester's live shift; emergency: a live shift starting within ${EMERGENCY_HOURS} hours (the caller's own, or any shift when the caller is a manager)`,
      ),
    peerShiftId: documentId
      .optional()
      .describe("swap: the coworker's live shift to exchange it with (its employee is the peer who accepts)"),
    startDate: isoDate.optional().describe('dayOff: first business date off'),
    endDate: isoDate.optional().describe(`dayOff: last business date off (at most ${MAX_DAY_OFF_DAYS} days)`),
    start: minute
      .optional()
      .describe('dayOff, partial days: first minute off of the company-local day (with end); absent: whole days'),
    end: minute.optional().describe('dayOff, partial days: end minute (after start)'),
    leavePolicyId: documentId
      .optional()
      .describe(
        'dayOff, paid: the leave policy (GET /leave-policies) whose balance the time off is taken from (with leaveMinutes)',
      ),
    leaveMinutes: z
      .int()
      .min(1)
      .max(MAX_DAY_OFF_DAYS * 24 * 60)
      .optional()
      .describe('dayOff, paid: the minutes of leave taken (480 = 8 h); approval takes them from the balance'),
    availabilities: availabilitiesSchema
      .optional()
      .describe('availabilities: the new availabilities, replacing the current ones when approved'),
    note,
  })
  .superRefine((b, ctx) => {
    const fields = FIELDS_OF[b.type];
    const given = b as Record<string, unknown>;
    for (const f of fields.required)
      if (given[f] === undefined)
        ctx.addIssue({ code: 'custom', path: [f], message: `required for a ${b.type} request` });
    for (const f of TYPED_FIELDS) {
      if (given[f] !== undefined && !fields.required.includes(f) && !fields.optional.includes(f))
        ctx.addIssue({ code: 'custom', path: [f], message: `not a field of a ${b.type} request` });
    }
    if (b.type !== 'dayOff' || !b.startDate || !b.endDate) return;
    if (b.endDate < b.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endDate must not be before startDate' });
    if ((b.start === undefined) !== (b.end === undefined))
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'a partial day needs both start and end' });
    if ((b.leavePolicyId === undefined) !== (b.leaveMinutes === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['leaveMinutes'],
        message: 'paid time off needs both leavePolicyId and leaveMinutes',
      });
    if (b.start !== undefined && b.end !== undefined && b.end <= b.start)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'end must be after start' });
  });
export type CreateRequestBody = z.output<typeof createRequestBody>;

export const requestIdParam = z.object({ id: documentId.describe('Request id') });

export const VIEWS = ['mine', 'available', 'queue', 'all'] as const;
export const listRequestsQuery = companyIdQuery.extend({
  view: z
    .enum(VIEWS)
    .default('mine')
    .describe(
      'mine: requests the caller made or must answer (swap peer, picked or claiming taker); available: open offers and emergencies the caller is eligible to take; queue: requests awaiting a manager (managers); all: every request (managers)',
    ),
  type: z.enum(REQUEST_TYPES).optional(),
  state: z.enum(REQUEST_STATES).optional(),
  from: isoDate
    .optional()
    .describe('Only requests dated on or after (shift date, or first day off; availabilities requests: creation day)'),
  to: isoDate.optional().describe('Only requests dated on or before'),
});
export type ListRequestsQuery = z.output<typeof listRequestsQuery>;

export const pickBody = z.strictObject({ employeeId: documentId.describe('A volunteer of the offer') });
export const decisionBody = z.strictObject({ note: z.string().max(2000).optional() });

const historyEntry = z.object({
  at: z.number(),
  by: z.string().describe('uid'),
  action: z.string(),
  state: z.enum(REQUEST_STATES).describe('State after the step'),
  reason: z
    .string()
    .optional()
    .describe('Why the step was taken for the parties (e.g. a cancellation because an employee left)'),
});

export const requestSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    type: z.enum(REQUEST_TYPES),
    state: z.enum(REQUEST_STATES).describe('pending_* requests whose shift has started answer expired'),
    employeeId: z.string().describe('The requester (the employee whose shift, days or availabilities it is)'),
    date: z.string().describe('Shift date, first day off, or creation day'),
    shiftId: z.string().nullable(),
    shiftStartsAt: z.number().nullable().describe('Epoch ms; the request expires then'),
    peerEmployeeId: z.string().nullable().describe('swap: the coworker'),
    peerShiftId: z.string().nullable().describe("swap: the coworker's shift"),
    volunteers: z.array(z.string()).describe('replace: employees who volunteered'),
    takerEmployeeId: z.string().nullable().describe('replace: the volunteer picked; emergency: the claimant'),
    dayOff: z
      .object({ startDate: z.string(), endDate: z.string(), start: z.number().nullable(), end: z.number().nullable() })
      .nullable(),
    availabilities: z.record(z.string(), z.unknown()).nullable(),
    leave: z
      .object({ policyId: z.string(), minutes: z.int() })
      .nullable()
      .optional()
      .describe(
        'dayOff, paid: the leave policy and minutes approval takes from the balance (cancellation gives them back)',
      ),
    note: z.string(),
    needsManager: z.boolean().describe("Whether the company's policy requires a manager's approval for this type"),
    history: z.array(historyEntry),
    createdAt: z.number(),
    updatedAt: z.number(),
    premiums: z
      .array(premiumSchema)
      .optional()
      .describe(
        'On the step that applied the change to the schedule: the fair-workweek premiums it recorded, always none (changes the employees asked for owe no premium)',
      ),
  })
  .meta({ id: 'Request' });
export type ShiftRequest = z.infer<typeof requestSchema>;

/** The answer of POST /requests/{id}/approve: the request, and what the approval does (`outcome`). */
export const approvalAnswer = requestSchema
  .extend({
    outcome: outcomeSchema.describe(
      'What the approval does: with dryRun, what it would do (the refusal the real call answers: NOT_ELIGIBLE with its findings as blocking, a leave balance or a state conflict), writing nothing; the real call answers the same with dryRun false. Premiums are always none (changes the employees asked for owe none)',
    ),
  })
  .meta({ id: 'RequestApproval' });
export const approveQuery = companyIdQuery.extend(dryRunQuery);

export const policySchema = z
  .object({
    managerApproval: z.object(
      Object.fromEntries(REQUEST_TYPES.map((t) => [t, z.boolean()])) as Record<RequestType, z.ZodBoolean>,
    ),
  })
  .meta({ id: 'RequestPolicy' });
export type RequestPolicy = z.infer<typeof policySchema>;
export const POLICY_DEFAULTS: RequestPolicy = {
  managerApproval: { swap: true, replace: true, emergency: false, dayOff: true, availabilities: true },
};
export const policyPatch = z.strictObject({
  managerApproval: z.strictObject(
    Object.fromEntries(REQUEST_TYPES.map((t) => [t, z.boolean().optional()])) as Record<
      RequestType,
      z.ZodOptional<z.ZodBoolean>
    >,
  ),
});
