import { z } from 'zod';
import { companyIdQuery, documentId, queryBoolean } from '../../http/fields';
import { visibleTo } from '../../http/visibility';

/** A role (position) as written by POST and PATCH /roles. */
export const subRoleSchema = z
  .strictObject({
    name: z.string().min(1),
    priority: z.int(),
    acronym: z.string().optional(),
    color: z.string().optional(),
    description: z.string().optional(),
    archived: z.boolean().optional(),
  })
  .meta({ id: 'SubRole' });

export const ROLE_TYPES = ['BOH', 'FOH', 'MNG'] as const;

/** What one labor hour of the role serves: schedule generation turns forecast demand into the role's seats with it. */
export const productivitySchema = z
  .strictObject({
    subRoleId: z.string().min(1).describe("The sub-role the role's forecast seats are for"),
    basis: z
      .enum(['sales', 'covers', 'fixed'])
      .describe(
        'sales: perLaborHour is net sales per labor hour; covers: guests per labor hour; fixed: only the minimum',
      ),
    perLaborHour: z
      .number()
      .gt(0)
      .optional()
      .describe(
        'Sales (major units of the company currency) or covers one labor hour serves; required unless basis is fixed',
      ),
    minimumPerDaypart: z.int().min(0).max(50).default(0).describe('Seats in every open daypart whatever the demand'),
    dayparts: z
      .array(z.enum(['breakfast', 'lunch', 'dinner', 'late']))
      .min(1)
      .optional()
      .describe('The dayparts the role works (default: every daypart with forecast sales)'),
  })
  .refine((p) => p.basis === 'fixed' || p.perLaborHour !== undefined, {
    message: 'perLaborHour is required unless basis is fixed',
    path: ['perLaborHour'],
  });
export type RoleProductivity = z.output<typeof productivitySchema>;

const roleFields = {
  name: z.string().min(1),
  priority: z.int(),
  type: z.enum(ROLE_TYPES).describe('Back of house, front of house or management'),
  rate: z.number().min(0).describe('Hourly rate in the company currency'),
  additionalSalary: z.number().min(0),
  includedInLaborCost: z.boolean(),
  subRoles: z.record(z.string().min(1), subRoleSchema),
  productivity: productivitySchema
    .nullable()
    .describe(
      'Forecast-driven scheduling: what a labor hour of the role serves (null: the role gets no forecast seats)',
    ),
};

export const roleCreateBody = z.strictObject({
  ...roleFields,
  priority: roleFields.priority.default(0),
  type: roleFields.type.optional(),
  rate: roleFields.rate.default(0),
  additionalSalary: roleFields.additionalSalary.optional(),
  includedInLaborCost: roleFields.includedInLaborCost.optional(),
  subRoles: roleFields.subRoles.default({}),
  productivity: roleFields.productivity.optional(),
});
export type RoleCreate = z.output<typeof roleCreateBody>;

export const rolePatchBody = z.strictObject(roleFields).partial();
export type RolePatch = z.output<typeof rolePatchBody>;

export const roleSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    priority: z.number(),
    type: z.enum(ROLE_TYPES).optional(),
    rate: visibleTo(z.number(), 'pay'),
    additionalSalary: visibleTo(z.number(), 'pay').optional(),
    includedInLaborCost: z.boolean().optional(),
    subRoles: z.record(z.string(), subRoleSchema.strip()),
    productivity: productivitySchema.nullable().optional(),
    archived: z.boolean(),
    createdAt: z.number().optional(),
    updatedAt: z.number().optional(),
  })
  .meta({ id: 'Role' });
export type Role = z.infer<typeof roleSchema>;

export const listRolesQuery = companyIdQuery.extend({
  includeArchived: queryBoolean.default(false).describe('Include soft-archived roles'),
});

export const roleIdParam = z.object({ roleId: documentId });
