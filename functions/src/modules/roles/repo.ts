import { z } from 'zod';
import { storedCollection, storedMillis } from '../../core/stored';
import { productivitySchema, roleSchema, subRoleSchema, type Role } from './schemas';

/** A role document: the API's role, its id the document's, with defaults for what older roles lack. */
const storedRole = roleSchema.extend({
  name: roleSchema.shape.name.default(''),
  priority: roleSchema.shape.priority.default(0),
  rate: roleSchema.shape.rate.default(0),
  // the API's lengths and ranges are input rules: a stored sub-role or productivity keeps what its writer stored
  subRoles: z.record(z.string(), subRoleSchema.strip().extend({ name: z.string(), priority: z.number() })).default({}),
  productivity: z
    .object({
      subRoleId: z.string(),
      basis: productivitySchema.shape.basis,
      perLaborHour: z.number().optional(),
      minimumPerDaypart: z.number().default(0),
      dayparts: z.array(productivitySchema.shape.dayparts.unwrap().element).optional(),
    })
    .nullable()
    .optional(),
  archived: roleSchema.shape.archived.default(false),
  createdAt: storedMillis.optional(),
  updatedAt: storedMillis.optional(),
});

/** Roles live at companies/{companyId}/roles/{roleId}. */
export const {
  collection: rolesCollection,
  ref: roleRef,
  fromDoc: roleFromDoc,
  fromSnapshot: roleFromSnapshot,
} = storedCollection('roles', storedRole);

export async function listRoles(companyId: string): Promise<Role[]> {
  const snap = await rolesCollection(companyId).get();
  return snap.docs.map(roleFromDoc);
}

export async function getRole(companyId: string, roleId: string): Promise<Role | null> {
  return roleFromSnapshot(await roleRef(companyId, roleId).get());
}
