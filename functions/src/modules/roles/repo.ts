import type { DocumentData } from 'firebase-admin/firestore';
import { toMillis } from '../../http/fields';
import { companyRef } from '../companies/repo';
import type { Role } from './schemas';

/** Roles live at companies/{companyId}/roles/{roleId}. */
export const rolesCollection = (companyId: string) => companyRef(companyId).collection('roles');

export function roleFromDoc(id: string, data: DocumentData): Role {
  return {
    ...(data as Omit<Role, 'id'>),
    id,
    subRoles: data.subRoles ?? {},
    archived: data.archived === true,
    createdAt: toMillis(data.createdAt),
    updatedAt: toMillis(data.updatedAt),
  };
}

export async function listRoles(companyId: string): Promise<Role[]> {
  const snap = await rolesCollection(companyId).get();
  return snap.docs.map((d) => roleFromDoc(d.id, d.data()));
}

export async function getRole(companyId: string, roleId: string): Promise<Role | null> {
  const snap = await rolesCollection(companyId).doc(roleId).get();
  return snap.exists ? roleFromDoc(snap.id, snap.data()!) : null;
}
