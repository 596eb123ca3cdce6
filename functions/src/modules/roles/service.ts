import { AppError } from '../../http/errors';
import { db, firestoreNs } from '../../firebase';
import { companyRef } from '../companies/repo';
import * as repo from './repo';
import type { Role, RoleCreate, RolePatch } from './schemas';

const roleNotFound = () => new AppError('ROLE_NOT_FOUND', 'Role not found');
const now = () => firestoreNs().FieldValue.serverTimestamp();

const byPriorityThenName = (a: Role, b: Role) => a.priority - b.priority || a.name.localeCompare(b.name);

export async function listRoles({ companyId, includeArchived }: { companyId: string; includeArchived: boolean }) {
  const roles = await repo.listRoles(companyId);
  return roles.filter((r) => includeArchived || !r.archived).sort(byPriorityThenName);
}

export async function createRole({ companyId, role }: { companyId: string; role: RoleCreate }) {
  const ref = repo.rolesCollection(companyId).doc();
  await db().runTransaction(async (tx) => {
    const company = await tx.get(companyRef(companyId));
    if (!company.exists) throw new AppError('COMPANY_NOT_FOUND', 'Company not found');
    tx.create(ref, { ...role, archived: false, createdAt: now(), updatedAt: now() });
  });
  return (await repo.getRole(companyId, ref.id))!;
}

/** Fields sent replace the stored ones; sub-roles merge by key (a sub-role sent replaces that key only). */
export async function updateRole({ companyId, roleId, patch }: { companyId: string; roleId: string; patch: RolePatch }) {
  const ref = repo.rolesCollection(companyId).doc(roleId);
  await db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw roleNotFound();
    if (Object.keys(patch).length === 0) return;
    const { subRoles, ...fields } = patch;
    const update: Record<string, unknown> = { ...fields, updatedAt: now() };
    if (subRoles) update.subRoles = { ...(snap.data()!.subRoles ?? {}), ...subRoles };
    tx.update(ref, update);
  });
  return (await repo.getRole(companyId, roleId))!;
}

/** SPEC 3: DELETE soft-archives (the record is kept); archiving an archived role is a no-op. */
export async function archiveRole({ companyId, roleId }: { companyId: string; roleId: string }) {
  const ref = repo.rolesCollection(companyId).doc(roleId);
  await db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw roleNotFound();
    if (snap.data()!.archived !== true) tx.update(ref, { archived: true, archivedAt: now(), updatedAt: now() });
  });
  return (await repo.getRole(companyId, roleId))!;
}
