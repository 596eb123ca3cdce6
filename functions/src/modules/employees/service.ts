import type { Transaction, WriteBatch } from 'firebase-admin/firestore';
import { changedFields, recordAudit } from '../../core/audit';
import type { ErrorDetail } from '../../core/errors';
import { db } from '../../core/firebase';
import { requireCompany, serverTime } from '../../core/firestore';
import type { Membership } from '../../core/memberships';
import { viewerOf } from '../companies';
import { checkPositions, roleErrors, roleFromSnapshot, roleRef } from '../roles';
import { employeeErrors } from './errors';
import * as repo from './repo';
import type { Employee, EmployeeCreate, EmployeePatch } from './schemas';
import { mayEdit, redact, SEARCHED_FIELDS } from './visibility';

export async function listEmployees({
  member,
  archived,
  role,
  search,
}: {
  member: Membership;
  archived?: boolean;
  role?: string;
  search?: string;
}) {
  const [employees, viewer] = await Promise.all([
    repo.listEmployees(member.companyId, archived === true),
    viewerOf(member),
  ]);
  const needle = search?.trim().toLowerCase();
  // a search matches only what the searcher sees of each record
  const matches = (e: Employee) => {
    const seen = e as Partial<Record<(typeof SEARCHED_FIELDS)[number], string>>;
    return [...SEARCHED_FIELDS.map((f) => seen[f]), `${e.name} ${e.surname}`].some((v) =>
      v?.toLowerCase().includes(needle!),
    );
  };
  return employees
    .filter((e) => !role || e.positions.some((p) => p.categoryId === role))
    .map((e) => redact(viewer, e.id, e))
    .filter((e) => !needle || matches(e))
    .sort((a, b) => a.surname.localeCompare(b.surname) || a.name.localeCompare(b.name));
}

const notFound = () => employeeErrors.EMPLOYEE_NOT_FOUND('No such employee in this company');

/** One employee as the member may see it (archived ones too). */
export async function getEmployee({ member, id }: { member: Membership; id: string }) {
  const [employee, viewer] = await Promise.all([repo.getEmployee(member.companyId, id), viewerOf(member)]);
  if (!employee) throw notFound();
  return redact(viewer, id, employee);
}

export async function createEmployee({
  companyId,
  employee,
  by,
}: {
  companyId: string;
  employee: EmployeeCreate;
  by: string | null;
}) {
  const id = await db().runTransaction(async (tx) => {
    const creation = await prepareEmployeeCreate(tx, companyId, employee, by);
    creation.write(tx);
    return creation.id;
  });
  return (await repo.getEmployee(companyId, id))!;
}

/** The keys of positionRates must be active roles of the company (422 UNKNOWN_ROLE). */
async function checkPositionRates(
  companyId: string,
  rates: Record<string, number> | null | undefined,
  tx: Transaction,
): Promise<void> {
  const roleIds = Object.keys(rates ?? {});
  if (roleIds.length === 0) return;
  const snaps = await tx.getAll(...roleIds.map((id) => roleRef(companyId, id)));
  const problems: ErrorDetail[] = [];
  snaps.forEach((snap, i) => {
    const role = roleFromSnapshot(snap);
    if (!role || role.archived)
      problems.push({
        path: `body.positionRates.${roleIds[i]}`,
        message: `no active role ${roleIds[i]} in this company`,
      });
  });
  if (problems.length)
    throw roleErrors.UNKNOWN_ROLE(`positionRates names roles this company does not have: ${roleIds}`, problems);
}

/**
 * Creating an employee inside another module's transaction (the POS sync creates one and links it
 * in one commit): the checks read through `tx` now; `write` adds the record (and its audit entry) to the commit.
 */
export async function prepareEmployeeCreate(
  tx: Transaction,
  companyId: string,
  employee: EmployeeCreate,
  by: string | null = null,
): Promise<{ id: string; write: (t: Transaction) => void }> {
  const ref = repo.employeesCollection(companyId).doc();
  await requireCompany(companyId, tx);
  await checkPositions(companyId, employee.positions, tx);
  await checkPositionRates(companyId, employee.positionRates, tx);
  const now = serverTime();
  return {
    id: ref.id,
    write: (t) => {
      t.create(ref, { ...employee, archived: false, userId: null, createdAt: now, updatedAt: now });
      recordAudit(t, companyId, createdEntry(ref.id, employee, by));
    },
  };
}

const createdEntry = (entityId: string, employee: object, by: string | null) => ({
  entity: 'employee',
  entityId,
  action: 'create',
  by,
  ...changedFields({}, employee as Record<string, unknown>),
});

/** A new employee record (without positions: nothing to check) in the caller's batch, linked to a user; its id. */
export function createEmployeeInBatch(
  batch: WriteBatch,
  companyId: string,
  employee: Pick<EmployeeCreate, 'name' | 'surname' | 'email'>,
  userId: string | null,
): string {
  const ref = repo.employeesCollection(companyId).doc();
  const now = serverTime();
  batch.create(ref, { ...employee, positions: [], archived: false, userId, createdAt: now, updatedAt: now });
  recordAudit(batch, companyId, createdEntry(ref.id, employee, userId));
  return ref.id;
}

/**
 * PATCH: each field only by whom the visibility rule lets edit it (403 FIELD_NOT_EDITABLE before
 * anything is read), positions and positionRates checked against the roles, null removing a
 * field; the change and its audit entry in one commit. A patch that changes nothing writes nothing.
 */
export async function updateEmployee({ member, id, patch }: { member: Membership; id: string; patch: EmployeePatch }) {
  const viewer = await viewerOf(member);
  const refused = Object.keys(patch).filter((field) => !mayEdit(viewer, id, field));
  if (refused.length) {
    throw employeeErrors.FIELD_NOT_EDITABLE(
      `You may not change ${refused.join(', ')} of this employee`,
      refused.map((field) => ({ path: `body.${field}`, message: 'not editable by you' })),
    );
  }
  const { companyId } = member;
  await db().runTransaction(async (tx) => {
    const snap = await tx.get(repo.employeeRef(companyId, id));
    if (!snap.exists) throw notFound();
    if (patch.positions) await checkPositions(companyId, patch.positions, tx);
    await checkPositionRates(companyId, patch.positionRates, tx);
    const change = changedFields(snap.data()!, patch, Object.keys(patch));
    if (Object.keys(change.after).length === 0) return;
    // a removed field is stored as null (the parser drops it): the same on every Firestore
    tx.update(snap.ref, { ...change.after, updatedAt: Date.now() });
    recordAudit(tx, companyId, { entity: 'employee', entityId: id, action: 'update', by: member.uid, ...change });
  });
  return getEmployee({ member, id });
}

/** The employee record the caller resolves to: the membership's employeeId, else a record linked to the uid. */
export async function getMyEmployee({ member }: { member: Membership }) {
  const employee = member.employeeId
    ? await repo.getEmployee(member.companyId, member.employeeId)
    : await repo.findEmployeeByUser(member.companyId, member.uid);
  if (!employee) throw employeeErrors.EMPLOYEE_NOT_FOUND('No employee record is linked to you in this company');
  return employee;
}
