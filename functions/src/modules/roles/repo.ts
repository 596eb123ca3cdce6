import type { DocumentData } from 'firebase-admin/firestore';
import { companyCollection, toMillis } from '../../core/firestore';
import type { Role } from './schemas';

/** The one parser of a role document. */
function roleFromDoc(id: string, data: DocumentData): Role {
  return {
    ...(data as Omit<Role, 'id'>),
    id,
    name: String(data.name ?? ''),
    priority: Number(data.priority ?? 0),
    rate: Number(data.rate ?? 0),
    subRoles: data.subRoles ?? {},
    archived: data.archived === true,
    createdAt: toMillis(data.createdAt),
    updatedAt: toMillis(data.updatedAt),
  };
}

/** Roles live at companies/{companyId}/roles/{roleId}. */
export const {
  collection: rolesCollection,
  ref: roleRef,
  fromSnapshot: roleFromSnapshot,
} = companyCollection('roles', roleFromDoc);

export async function listRoles(companyId: string): Promise<Role[]> {
  const snap = await rolesCollection(companyId).get();
  return snap.docs.map((d) => roleFromDoc(d.id, d.data()));
}

export async function getRole(companyId: string, roleId: string): Promise<Role | null> {
  return roleFromSnapshot(await roleRef(companyId, roleId).get());
}
