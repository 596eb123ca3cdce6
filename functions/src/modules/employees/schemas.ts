import { z } from 'zod';
import { companyIdQuery, documentId, queryBoolean } from '../../http/fields';

const availabilityWindow = z.strictObject({ start: z.int().min(0).max(1440), end: z.int().min(0).max(1440) });

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Extra keys are allowed on day objects. */
const availabilityDay = z.looseObject({
  allDay: z.boolean().optional(),
  priority: z.int().optional(),
  shift1: availabilityWindow.optional().describe('Available from start to end (minutes of the day, 0-1440)'),
  shift2: availabilityWindow.optional(),
});

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
  );
export type Availabilities = z.infer<typeof availabilitiesSchema>;

export const positionSchema = z.strictObject({
  categoryId: documentId.describe('Role id'),
  subcategoryId: z.string().min(1).describe('Sub-role key of that role'),
});

export const EMPLOYEE_TYPES = ['fulltime', 'parttime', 'casual'] as const;

export const employeeCreateBody = z.strictObject({
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
  bornDate: z.union([z.number(), z.string()]).optional(),
  positions: z.array(positionSchema).default([]),
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
      "Hourly pay per position: role id -> rate in the company's currency (major units, like rateRegular). Work in a position with a rate here is paid at it, before the role's rate and rateRegular.",
    ),
});
export type EmployeeCreate = z.output<typeof employeeCreateBody>;

export const FINANCIAL_FIELDS = ['salary', 'additionalSalary', 'rateRegular', 'rateOvertime', 'positionRates'] as const;
/** Personal fields a colleague with the employee role does not see. */
export const PRIVATE_FIELDS = [
  ...FINANCIAL_FIELDS,
  'address',
  'city',
  'bornDate',
  'emergencyContact',
  'emergencyPhone',
  'emergencyPhoneCode',
  'employeeNumber',
  'importSource',
  'hiring',
] as const;

export const employeeSchema = employeeCreateBody
  .extend({
    id: z.string(),
    archived: z.boolean(),
    userId: z.string().nullable().optional().describe('The Firebase Auth user of this employee, when linked'),
    createdAt: z.number().optional(),
    updatedAt: z.number().optional(),
    availabilities: z.looseObject({}).optional(),
  })
  .strip();
export type Employee = z.infer<typeof employeeSchema>;

export const listEmployeesQuery = companyIdQuery.extend({
  archived: queryBoolean.optional().describe('true: archived employees only; false or absent: active employees only'),
  role: documentId.optional().describe('Only employees holding this role id in their positions'),
  search: z
    .string()
    .optional()
    .describe('Case-insensitive substring of name, surname, full name, email, phone or employee number'),
});
