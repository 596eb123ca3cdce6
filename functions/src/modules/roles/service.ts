import type { Transaction, WriteBatch } from 'firebase-admin/firestore';
import type { ErrorDetail } from '../../core/errors';
import { db } from '../../core/firebase';
import { requireCompany, serverTime } from '../../core/firestore';
import { roleErrors } from './errors';
import * as repo from './repo';
import type { Role, RoleCreate, RolePatch } from './schemas';

const roleNotFound = () => roleErrors.ROLE_NOT_FOUND('Role not found');

const byPriorityThenName = (a: Role, b: Role) => a.priority - b.priority || a.name.localeCompare(b.name);

export async function listRoles({ companyId, includeArchived }: { companyId: string; includeArchived: boolean }) {
  const roles = await repo.listRoles(companyId);
  return roles.filter((r) => includeArchived || !r.archived).sort(byPriorityThenName);
}

export async function createRole({ companyId, role }: { companyId: string; role: RoleCreate }) {
  const ref = repo.rolesCollection(companyId).doc();
  await db().runTransaction(async (tx) => {
    await requireCompany(companyId, tx);
    tx.create(ref, { ...role, archived: false, createdAt: serverTime(), updatedAt: serverTime() });
  });
  return (await repo.getRole(companyId, ref.id))!;
}

/** A role of a company being created (onboarding), in the caller's batch (with the id given, else a new one); answers its id. */
export function createRoleInBatch(batch: WriteBatch, companyId: string, role: RoleCreate, roleId?: string): string {
  const ref = roleId ? repo.roleRef(companyId, roleId) : repo.rolesCollection(companyId).doc();
  batch.create(ref, { ...role, archived: false, createdAt: serverTime(), updatedAt: serverTime() });
  return ref.id;
}

/** Fields sent replace the stored ones; sub-roles merge by key (a sub-role sent replaces that key only). */
export async function updateRole({
  companyId,
  roleId,
  patch,
}: {
  companyId: string;
  roleId: string;
  patch: RolePatch;
}) {
  const ref = repo.roleRef(companyId, roleId);
  await db().runTransaction(async (tx) => {
    const role = repo.roleFromSnapshot(await tx.get(ref));
    if (!role) throw roleNotFound();
    if (Object.keys(patch).length === 0) return;
    const { subRoles, ...fields } = patch;
    const update: Record<string, unknown> = { ...fields, updatedAt: serverTime() };
    if (subRoles) update.subRoles = { ...role.subRoles, ...subRoles };
    tx.update(ref, update);
  });
  return (await repo.getRole(companyId, roleId))!;
}

/** DELETE soft-archives (the record is kept); archiving an archived role is a no-op. */
export async function archiveRole({ companyId, roleId }: { companyId: string; roleId: string }) {
  const ref = repo.roleRef(companyId, roleId);
  await db().runTransaction(async (tx) => {
    const role = repo.roleFromSnapshot(await tx.get(ref));
    if (!role) throw roleNotFound();
    if (!role.archived) tx.update(ref, { archived: true, archivedAt: serverTime(), updatedAt: serverTime() });
  });
  return (await repo.getRole(companyId, roleId))!;
}

export interface Position {
  categoryId: string;
  subcategoryId: string;
}

/**
 * Every position must name an active role and one of its active sub-roles; refused with every
 * problem (422 UNKNOWN_ROLE, or UNKNOWN_SUB_ROLE when only sub-roles are wrong). Reads in `tx`.
 */
export async function checkPositions(
  companyId: string,
  positions: readonly Position[],
  tx: Transaction,
  path = 'body.positions',
): Promise<void> {
  const roleIds = [...new Set(positions.map((p) => p.categoryId))];
  if (roleIds.length === 0) return;
  const snaps = await tx.getAll(...roleIds.map((id) => repo.roleRef(companyId, id)));
  const roles = new Map(
    snaps
      .map(repo.roleFromSnapshot)
      .filter((r): r is Role => !!r && !r.archived)
      .map((r) => [r.id, r]),
  );
  const problems: ErrorDetail[] = [];
  let unknownRole = false;
  positions.forEach((p, i) => {
    const role = roles.get(p.categoryId);
    const sub = role?.subRoles[p.subcategoryId];
    if (!role) {
      unknownRole = true;
      problems.push({ path: `${path}.${i}.categoryId`, message: `no active role ${p.categoryId} in this company` });
    } else if (!sub || sub.archived === true) {
      problems.push({
        path: `${path}.${i}.subcategoryId`,
        message: `role ${p.categoryId} has no active sub-role ${p.subcategoryId}`,
      });
    }
  });
  if (problems.length === 0) return;
  const error = unknownRole ? roleErrors.UNKNOWN_ROLE : roleErrors.UNKNOWN_SUB_ROLE;
  throw error(problems.map((p) => p.message).join('; '), problems);
}
