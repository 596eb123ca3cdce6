import type { DocumentData, DocumentSnapshot } from 'firebase-admin/firestore';
import { companyDoc, toMillis } from '../../core/firestore';
import type { Role } from './schemas';

/** Roles live at companies/{companyId}/roles/{roleId}. */
export const rolesCollection = (companyId: string) => companyDoc(companyId).collection('roles');
export const roleRef = (companyId: string, roleId: string) => rolesCollection(companyId).doc(roleId);

/** The one parser of a role document. */
export function roleFromDoc(id: string, data: DocumentData): Role {
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

export const roleFromSnapshot = (snap: DocumentSnapshot): Role | null => (snap.exists ? roleFromDoc(snap.id, snap.data()!) : null);

export async function listRoles(companyId: string): Promise<Role[]> {
  const snap = await rolesCollection(companyId).get();
  return snap.docs.map((d) => roleFromDoc(d.id, d.data()));
}

export async function getRole(companyId: string, roleId: string): Promise<Role | null> {
  return roleFromSnapshot(await roleRef(companyId, roleId).get());
}
