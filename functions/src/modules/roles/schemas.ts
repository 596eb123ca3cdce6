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

const roleFields = {
  name: z.string().min(1),
  priority: z.int(),
  type: z.enum(ROLE_TYPES).describe('Back of house, front of house or management'),
  rate: z.number().min(0).describe('Hourly rate in the company currency'),
  additionalSalary: z.number().min(0),
  includedInLaborCost: z.boolean(),
  subRoles: z.record(z.string().min(1), subRoleSchema),
};

export const roleCreateBody = z.strictObject({
  ...roleFields,
  priority: roleFields.priority.default(0),
  type: roleFields.type.optional(),
  rate: roleFields.rate.default(0),
  additionalSalary: roleFields.additionalSalary.optional(),
  includedInLaborCost: roleFields.includedInLaborCost.optional(),
  subRoles: roleFields.subRoles.default({}),
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
