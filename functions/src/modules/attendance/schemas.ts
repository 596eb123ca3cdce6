import { z } from 'zod';
import { companyIdQuery, documentId, isoDate } from '../../http/fields';
import { visibleTo } from '../../http/visibility';

/** Largest date range of one list or timesheet call, in days (both ends included). */
export const MAX_RANGE_DAYS = 62;

export const PUNCH_STATES = ['open', 'pending', 'approved'] as const;
export type PunchState = (typeof PUNCH_STATES)[number];
export const PUNCH_SOURCES = ['app', 'manager', 'pos'] as const;
export type PunchSource = (typeof PUNCH_SOURCES)[number];
export const BREAK_TYPES = ['rest', 'meal'] as const;
export type BreakType = (typeof BREAK_TYPES)[number];
export const AUDIT_ACTIONS = [
  'create',
  'edit',
  'delete',
  'approve',
  'unapprove',
  'auto_clock_out',
  'clock_in',
  'clock_out',
  'break_start',
  'break_end',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const EXCEPTION_TYPES = [
  'missed_break',
  'late',
  'left_early',
  'no_show',
  'auto_clocked_out',
  'overtime_risk',
  'unscheduled',
  'missed_rest_break',
] as const;
export type ExceptionType = (typeof EXCEPTION_TYPES)[number];

const epochMs = z.int().min(0).max(8_640_000_000_000_000);

// ---------------------------------------------------------------- settings

export const settingsSchema = z
  .object({
    geofenceRadiusMeters: z
      .int()
      .min(10)
      .max(10_000)
      .describe(
        'Radius around the company location(s) inside which clock-in and clock-out are accepted when isGeolocationEnabled (default 150)',
      ),
    autoClockOutAfterMinutes: z
      .int()
      .min(60)
      .max(2880)
      .describe(
        'An open punch is closed by the scheduled job this many minutes after its clock-in, at that time (default 720)',
      ),
    autoApproveVarianceMinutes: z
      .int()
      .min(0)
      .max(240)
      .describe(
        'A clock-out is approved at once when |worked - scheduled| is at most this and the punch has no exception (default 10)',
      ),
    restBreaksPaid: z.boolean().describe('Rest breaks count as worked time (default true)'),
    mealBreaksPaid: z.boolean().describe('Meal breaks count as worked time (default false)'),
    restBreaksRecorded: z
      .boolean()
      .describe(
        "Rest breaks are recorded on punches (breaks of type rest): where the company's location for law has a rest-break rule (California, Washington, Oregon, Colorado; GET /compliance/rules), the timesheets list a workday missing one as missed_rest_break and payroll owes the state's premium. Default false: without records a missed rest break cannot be told from one not recorded. Also read and set as restBreaksRecorded of /payroll/settings",
      ),
    breakRequiredAfterMinutes: z
      .int()
      .min(1)
      .max(1440)
      .describe('Worked minutes after which a meal break is expected (missed_break) (default 360)'),
    lateGraceMinutes: z
      .int()
      .min(0)
      .max(120)
      .describe('Minutes late (or early out) tolerated before late / left_early is an exception (default 5)'),
  })
  .meta({ id: 'AttendanceSettings' });
export type AttendanceSettings = z.infer<typeof settingsSchema>;
export const settingsPatchBody = z.strictObject(settingsSchema.partial().shape);
export type AttendanceSettingsPatch = z.output<typeof settingsPatchBody>;

export const SETTINGS_DEFAULTS: AttendanceSettings = {
  geofenceRadiusMeters: 150,
  autoClockOutAfterMinutes: 720,
  autoApproveVarianceMinutes: 10,
  restBreaksPaid: true,
  mealBreaksPaid: false,
  restBreaksRecorded: false,
  breakRequiredAfterMinutes: 360,
  lateGraceMinutes: 5,
};

// ---------------------------------------------------------------- punches

export const locationSchema = z
  .strictObject({
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    accuracy: z.number().min(0).max(100_000).describe('Radius of the fix in meters, as the device reports it'),
  })
  .meta({ id: 'PunchLocation' });
export type PunchLocation = z.infer<typeof locationSchema>;

export const breakSchema = z
  .object({
    type: z.enum(BREAK_TYPES),
    startAt: z.number().describe('Epoch ms (server time)'),
    endAt: z.number().nullable().describe('Epoch ms; null while the break runs'),
    paid: z.boolean().describe('Whether the break counts as worked time (from the settings when it was taken)'),
  })
  .meta({ id: 'PunchBreak' });
export type Break = z.infer<typeof breakSchema>;

export const shiftLinkSchema = z.object({
  shiftId: z.string(),
  date: z.string().describe('The shift date (company-local)'),
  scheduledStartAt: z.number().describe('Epoch ms'),
  scheduledEndAt: visibleTo(z.number().describe('Epoch ms'), 'shiftEnd'),
  scheduledMinutes: visibleTo(
    z
      .number()
      .describe(
        "The shift's worked minutes as the schedule counts them (its break excluded when the company excludes breaks)",
      ),
    'shiftEnd',
  ),
});
export type ShiftLink = z.infer<typeof shiftLinkSchema>;

/** The POS version of a punch a manager has not reviewed yet (see vendorSchema.needsReview). */
export const posPendingSchema = z.object({
  version: z.string().describe('Fingerprint of this POS version'),
  employeeId: z.string(),
  clockInAt: z.number().describe('Epoch ms'),
  clockOutAt: z.number().nullable().describe('Epoch ms; null while open in the POS'),
  breaks: z.array(breakSchema),
  deleted: z.boolean().describe('The POS deleted (voided) the punch'),
  receivedAt: z.number().describe('When the POS sync received this version (epoch ms)'),
});
export type PosPending = z.infer<typeof posPendingSchema>;

export const vendorSchema = z.object({
  slug: z.string().describe('The integration (catalogue slug) the punch comes from'),
  externalId: z.string().describe("The POS's id of the punch"),
  version: z
    .string()
    .nullable()
    .describe(
      'Fingerprint of the POS version last applied, or last reviewed by a manager: a new delivery of that version changes nothing',
    ),
  needsReview: z
    .boolean()
    .describe(
      'The POS changed or deleted the punch after a manager had edited or approved it: ours was kept and the POS version waits in `pending`. Cleared when a manager edits the punch or approves it (also when it is already approved: approving again keeps ours)',
    ),
  pending: posPendingSchema.nullable().describe('The POS version waiting for review while needsReview, else null'),
  reviewedAt: z
    .number()
    .nullable()
    .describe(
      'When a manager last edited or approved this punch (epoch ms); from then on POS changes are flagged for review, never applied',
    ),
  reviewedBy: z.string().nullable().describe('uid of that manager'),
});
export type VendorLink = z.infer<typeof vendorSchema>;

export const punchSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    employeeId: z.string(),
    positionId: z.string().nullable().describe('From the linked shift, else null (managers may set it)'),
    businessDate: z.string().describe('Business date of the clock-in (company calendar, dayChangeTime honoured)'),
    clockInAt: z.number().describe('Epoch ms, server time (authoritative)'),
    clockOutAt: z.number().nullable().describe('Epoch ms, server time; null while open'),
    deviceClockInAt: z
      .number()
      .nullable()
      .describe("The device's clock at clock-in, as sent (recorded, never used for pay)"),
    deviceClockOutAt: z.number().nullable(),
    clockInLocation: locationSchema.nullable(),
    clockOutLocation: locationSchema.nullable(),
    breaks: z.array(breakSchema),
    state: z
      .enum(PUNCH_STATES)
      .describe('open (clocked in), pending (closed, waiting for approval), approved (locked)'),
    shift: shiftLinkSchema
      .nullable()
      .describe("The employee's published shift of that business day the punch is linked to (nearest start), or null"),
    lateMinutes: z.number().describe('Minutes the clock-in was after the scheduled start (0 without a shift)'),
    leftEarlyMinutes: z
      .number()
      .describe('Minutes the clock-out was before the scheduled end (0 without a shift or while open)'),
    autoClockedOut: z.boolean().describe('Closed by the auto clock-out job'),
    source: z.enum(PUNCH_SOURCES),
    vendor: vendorSchema
      .nullable()
      .describe('The POS punch this one mirrors (source pos), with its review state; null for app and manager punches'),
    workedMinutes: z.number().nullable().describe('Clock-in to clock-out less unpaid breaks; null while open'),
    paidBreakMinutes: z.number(),
    unpaidBreakMinutes: z.number(),
    exceptions: z
      .array(z.enum(EXCEPTION_TYPES))
      .describe('late, left_early, missed_break, auto_clocked_out, unscheduled (no shift)'),
    createdAt: z.number(),
    updatedAt: z.number(),
    approvedAt: z.number().nullable(),
    approvedBy: z.string().nullable(),
  })
  .meta({ id: 'Punch' });
export type PunchView = z.infer<typeof punchSchema>;

export const punchIdParam = z.object({ punchId: documentId.describe('Punch id') });

export const listPunchesQuery = companyIdQuery.extend({
  startDate: isoDate.describe('First business date, included'),
  endDate: isoDate.describe(`Last business date, included; at most ${MAX_RANGE_DAYS} days`),
  employeeId: documentId.optional().describe('Only this employee (employees: only their own, the default)'),
  positionId: documentId.optional().describe('Only this role'),
  state: z.enum(PUNCH_STATES).optional().describe('Only punches in this state'),
});
export type ListPunchesQuery = z.output<typeof listPunchesQuery>;

const deviceTime = epochMs.optional().describe("The device's clock (epoch ms), recorded beside the server time");

export const clockBody = z.strictObject({
  location: locationSchema.optional().describe('Required when the company policy isGeolocationEnabled is on'),
  deviceTime,
});
export type ClockBody = z.output<typeof clockBody>;

export const breakStartBody = z.strictObject({
  type: z.enum(BREAK_TYPES).default('rest').describe('rest (paid by default) or meal (unpaid by default)'),
  deviceTime,
});
export const breakEndBody = z.strictObject({ deviceTime });

const reason = z.string().trim().min(1).max(500).describe('Why the change is made (kept in the audit trail)');

const manualBreak = z.strictObject({
  type: z.enum(BREAK_TYPES),
  startAt: epochMs,
  endAt: epochMs,
  paid: z.boolean().optional().describe('Default: restBreaksPaid / mealBreaksPaid of the settings'),
});
export type ManualBreak = z.output<typeof manualBreak>;

export const createPunchBody = z.strictObject({
  employeeId: documentId,
  clockInAt: epochMs.describe('Epoch ms'),
  clockOutAt: epochMs.describe('Epoch ms, after clockInAt, at most 24 hours later, not in the future'),
  breaks: z.array(manualBreak).max(20).default([]),
  positionId: documentId.nullable().optional().describe("Default: the linked shift's role"),
  reason,
});
export type CreatePunchBody = z.output<typeof createPunchBody>;

export const editPunchBody = z.strictObject({
  clockInAt: epochMs.optional(),
  clockOutAt: epochMs.optional().describe('Setting it on an open punch closes it'),
  breaks: z.array(manualBreak).max(20).optional().describe('Replaces the breaks'),
  positionId: documentId.nullable().optional(),
  reason,
});
export type EditPunchBody = z.output<typeof editPunchBody>;

export const deletePunchQuery = companyIdQuery.extend({ reason });
export const reasonBody = z.strictObject({ reason: reason.optional() });

export const bulkApproveBody = z.strictObject({
  punchIds: z.array(documentId).min(1).max(200).describe('Punches to approve (each on its own)'),
});
export const bulkApproveResponse = z
  .object({
    approved: z.array(punchSchema),
    skipped: z
      .array(z.object({ punchId: z.string(), code: z.string(), message: z.string() }))
      .describe(
        'Punches not approved and why (PUNCH_NOT_FOUND, PUNCH_OPEN, PERIOD_LOCKED); already approved ones are listed under approved',
      ),
  })
  .meta({ id: 'BulkApproveResult' });

export const currentPunchResponse = z
  .object({
    punch: punchSchema.nullable().describe("The caller's open punch, or null"),
    onBreak: z.boolean(),
  })
  .meta({ id: 'CurrentPunch' });

export const auditEntrySchema = z
  .object({
    id: z.string(),
    punchId: z.string(),
    at: z.number().describe('Epoch ms'),
    by: z
      .string()
      .describe("uid of who made the change ('system' for the auto clock-out job, 'pos:<slug>' for the POS sync)"),
    action: z.enum(AUDIT_ACTIONS),
    before: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe('The stored punch before the change (null on create)'),
    after: z.record(z.string(), z.unknown()).nullable().describe('The stored punch after the change (null on delete)'),
    reason: z.string().nullable(),
  })
  .meta({ id: 'PunchAuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const lockSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  lockedAt: z.number(),
  lockedBy: z.string(),
});
export type RangeLock = z.infer<typeof lockSchema>;

// ---------------------------------------------------------------- timesheets

export const timesheetQuery = companyIdQuery.extend({
  startDate: isoDate.describe('First business date, included'),
  endDate: isoDate.describe(`Last business date, included; at most ${MAX_RANGE_DAYS} days`),
  employeeId: documentId
    .optional()
    .describe(
      'One employee (employees: only their own, the default); managers without it get every employee with punches or shifts',
    ),
});
export type TimesheetQuery = z.output<typeof timesheetQuery>;

export const exceptionSchema = z
  .object({
    type: z.enum(EXCEPTION_TYPES),
    punchId: z.string().optional(),
    shiftId: z.string().optional(),
    minutes: z
      .number()
      .optional()
      .describe(
        'late / left_early: minutes; missed_break, missed_rest_break: worked minutes; overtime_risk: projected minutes of the workweek',
      ),
    breaksRequired: z.int().optional().describe('missed_rest_break: the rest breaks the worked minutes require'),
    breaksTaken: z.int().optional().describe('missed_rest_break: the rest breaks of the minimum length recorded'),
    rule: z.string().optional().describe('missed_rest_break: the rule (restBreak) and the law that sets it'),
    citation: z.string().optional().describe("missed_rest_break: the rule's source (section, page, the date read)"),
  })
  .meta({ id: 'TimesheetException' });
export type TimesheetException = z.infer<typeof exceptionSchema>;

const totals = {
  scheduledMinutes: z.number().describe('Published shifts (their worked minutes as the schedule counts them)'),
  workedMinutes: z.number().describe('Closed punches: clock-in to clock-out less unpaid breaks'),
  paidBreakMinutes: z.number(),
  unpaidBreakMinutes: z.number(),
  varianceMinutes: z.number().describe('worked - scheduled'),
};

export const timesheetSchema = z
  .object({
    employeeId: z.string(),
    totals: z.object(totals),
    days: z.array(
      z.object({
        date: z.string(),
        ...totals,
        punchIds: z.array(z.string()),
        shiftIds: z.array(z.string()),
        openPunch: z.boolean().describe('A punch of the day is still open (not counted in workedMinutes yet)'),
        exceptions: z.array(exceptionSchema),
      }),
    ),
    weeks: z.array(
      z.object({
        weekStart: z.string(),
        workedMinutes: z.number().describe('Worked minutes of the whole workweek (also days outside the range)'),
        remainingScheduledMinutes: z
          .number()
          .describe('Scheduled minutes of days from the business day today on without a punch'),
        projectedMinutes: z.number(),
        overtimeRisk: z.boolean().describe('projected > 40 hours'),
      }),
    ),
  })
  .meta({ id: 'Timesheet' });
export const timesheetResponse = z.object({
  startDate: z.string(),
  endDate: z.string(),
  employees: z.array(timesheetSchema),
});
