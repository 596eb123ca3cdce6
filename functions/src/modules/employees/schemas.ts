import { z } from 'zod';
import { companyIdQuery, documentId, isoDate, queryBoolean } from '../../http/fields';
import { recordOf, visibleTo, type VisibilityTag } from '../../http/visibility';
import { EMPLOYEE_FIELD_TAGS } from './field-tags';

const availabilityWindow = z
  .strictObject({ start: z.int().min(0).max(1440), end: z.int().min(0).max(1440) })
  .meta({ id: 'AvailabilityWindow' });

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Extra keys are allowed on day objects. */
const availabilityDay = z
  .looseObject({
    allDay: z.boolean().optional(),
    priority: z.int().optional(),
    shift1: availabilityWindow.optional().describe('Available from start to end (minutes of the day, 0-1440)'),
    shift2: availabilityWindow.optional(),
  })
  .meta({ id: 'AvailabilityDay' });

/** Availabilities; extra keys allowed on the object itself. */
export const availabilitiesSchema = z
  .looseObject({
    maxHoursInWeek: z.int().min(0).max(168).optional(),
    minHoursInWeek: z.int().min(0).max(168).optional(),
    maxDaysPerWeek: z.int().min(0).max(7).optional(),
    ...Object.fromEntries(WEEKDAYS.map((d) => [d, availabilityDay.optional()])),
  })
  .refine(
    (a) => a.minHoursInWeek === undefined || a.maxHoursInWeek === undefined || a.minHoursInWeek <= a.maxHoursInWeek,
    {
      message: 'minHoursInWeek must not exceed maxHoursInWeek',
      path: ['minHoursInWeek'],
    },
  )
  .meta({ id: 'Availabilities' });
export type Availabilities = z.infer<typeof availabilitiesSchema>;

export const positionSchema = z
  .strictObject({
    categoryId: documentId.describe('Role id'),
    subcategoryId: z.string().min(1).describe('Sub-role key of that role'),
  })
  .meta({ id: 'EmployeePosition' });

export const EMPLOYEE_TYPES = ['fulltime', 'parttime', 'casual'] as const;

const positionsSchema = z.array(positionSchema);

export const employeeCreateBody = z
  .strictObject({
    name: z.string().min(1),
    surname: z.string().min(1),
    email: z.email().optional(),
    phone: z.string().optional(),
    phoneCode: z.string().optional(),
    address: z.string().optional(),
    city: z.string().optional(),
    avatar: z.string().optional(),
    locale: z.string().optional(),
    emergencyContact: z.string().optional(),
    emergencyPhone: z.string().optional(),
    emergencyPhoneCode: z.string().optional(),
    hiring: z.union([z.number(), z.string()]).optional().describe('Hiring date: epoch ms or YYYY-MM-DD'),
    bornDate: z
      .union([z.number(), z.string()])
      .optional()
      .describe('Free-form birth date of older records (epoch ms or text); the minors rules read dateOfBirth'),
    dateOfBirth: isoDate
      .optional()
      .describe(
        "Date of birth (YYYY-MM-DD): under 18 the schedule applies the minors' hours of the company's laws (GET /compliance/rules) to every shift of the employee; under 14 no shift is scheduled",
      ),
    positions: positionsSchema.default([]),
    availabilities: availabilitiesSchema.optional(),
    salary: z.number().min(0).optional(),
    additionalSalary: z.record(z.string(), z.number().min(0)).optional(),
    createdByPivotAiAgent: z.boolean().optional(),
    employeeType: z.enum(EMPLOYEE_TYPES).optional(),
    employeeNumber: z.string().optional(),
    importSource: z.string().optional(),
    rateRegular: z.number().min(0).optional(),
    rateOvertime: z.number().min(0).optional(),
    positionRates: z
      .record(documentId, z.number().min(0))
      .optional()
      .describe(
        "Hourly pay per position: role id -> rate in the company's currency (major units, like rateRegular). Work in a position with a rate here is paid at it, before the role's rate and rateRegular. Each key must be an active role of the company (422 UNKNOWN_ROLE); it need not be one of the employee's positions (a rate may be set before the position is given).",
      ),
  })
  .meta({ id: 'EmployeeCreate' });
export type EmployeeCreate = z.output<typeof employeeCreateBody>;

const archiveRecord = z
  .object({
    effectiveDate: z.string(),
    effectiveAt: z.number().describe('Epoch ms at which the effective date begins (company calendar)'),
    reason: z.string(),
    note: z.string().optional(),
    by: z.string().nullable(),
    at: z.number(),
  })
  .meta({ id: 'EmployeeArchive' });

// the tags live in a file of their own (no zod): the module's definition, loaded by every function, reads them
export { EMPLOYEE_FIELD_TAGS };
EMPLOYEE_FIELD_TAGS satisfies Partial<Record<keyof typeof employeeCreateBody.shape, VisibilityTag>>;

const taggedCreateFields = Object.fromEntries(
  Object.entries(EMPLOYEE_FIELD_TAGS).map(([field, tag]) => [
    field,
    visibleTo(employeeCreateBody.shape[field as keyof typeof EMPLOYEE_FIELD_TAGS], tag),
  ]),
) as { [F in keyof typeof EMPLOYEE_FIELD_TAGS]: (typeof employeeCreateBody.shape)[F] };

export const employeeSchema = recordOf(
  employeeCreateBody
    .extend({
      ...taggedCreateFields,
      id: z.string(),
      archived: z.boolean(),
      userId: z.string().nullable().optional().describe('The Firebase Auth user of this employee, when linked'),
      createdAt: z.number().optional(),
      updatedAt: z.number().optional(),
      availabilities: z.looseObject({}).optional(),
      archive: visibleTo(archiveRecord, 'personal')
        .nullable()
        .optional()
        .describe('The archive recorded on the record (also one taking effect later); null or absent: none'),
    })
    .strip(),
  'id',
).meta({ id: 'EmployeeRecord' });
export type Employee = z.infer<typeof employeeSchema>;

/** The fields that PATCH may clear with null; name, surname and positions always have a value. */
const ALWAYS_SET = ['name', 'surname', 'positions'];
type Nullable<T> = { [K in keyof T]?: K extends 'name' | 'surname' | 'positions' ? T[K] : T[K] | null };
export type EmployeePatch = Nullable<EmployeeCreate>;

/** PATCH: any field of the create body, validated the same way; null removes an optional field. */
export const employeePatchBody = z.strictObject(
  Object.fromEntries(
    Object.entries({ ...employeeCreateBody.shape, positions: positionsSchema }).map(([field, schema]) => [
      field,
      (ALWAYS_SET.includes(field) ? schema : (schema as z.ZodType).nullable()).optional(),
    ]),
  ),
) as unknown as z.ZodType<EmployeePatch>;

export const employeeIdParam = z.object({ employeeId: documentId.describe('Employee id') });

/**
 * Why an employment ended. `resigned` is the employee's decision; the others are the employer's
 * (the schedule's fair-workweek premiums apply to the shifts it cancels: employment.ts).
 */
export const ARCHIVE_REASONS = ['resigned', 'dismissed', 'laidOff', 'contractEnded', 'other'] as const;
export type ArchiveReason = (typeof ARCHIVE_REASONS)[number];

export const archiveBody = z.strictObject({
  effectiveDate: isoDate.describe(
    'The first business day the person no longer works (company calendar): their shifts from this day (and not before today) are unassigned, and their access ends when it begins. May be in the past or the future.',
  ),
  reason: z.enum(ARCHIVE_REASONS),
  note: z.string().max(2000).optional(),
});
export type ArchiveBody = z.infer<typeof archiveBody>;

export const rehireBody = z.strictObject({
  hiring: isoDate.optional().describe('The new hiring date; default: the hiring date stays'),
  note: z.string().max(2000).optional(),
});
export type RehireBody = z.infer<typeof rehireBody>;

export const auditEntrySchema = z
  .object({
    id: z.string(),
    action: z.string(),
    by: z.string().nullable().describe('uid of who made the change'),
    at: z.number(),
    before: z.record(z.string(), z.unknown()).describe('The changed fields as they were (null: absent)'),
    after: z.record(z.string(), z.unknown()).describe('The changed fields as they became (null: absent)'),
  })
  .meta({ id: 'EmployeeAuditEntry' });

export const listEmployeesQuery = companyIdQuery.extend({
  archived: queryBoolean.optional().describe('true: archived employees only; false or absent: active employees only'),
  role: documentId.optional().describe('Only employees holding this role id in their positions'),
  search: z
    .string()
    .optional()
    .describe(
      'Case-insensitive substring of name, surname, full name, email, phone or employee number, among the fields the caller may see',
    ),
});
