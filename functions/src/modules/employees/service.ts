import { AppError, type ErrorDetail } from '../../http/errors';
import { db, firestoreNs } from '../../firebase';
import type { Membership } from '../../identity/memberships';
import { companyRef } from '../companies/repo';
import { policiesInForce } from '../companies/service';
import { rolesCollection } from '../roles/repo';
import * as repo from './repo';
import { FINANCIAL_FIELDS, PRIVATE_FIELDS, type Employee, type EmployeeCreate } from './schemas';

/**
 * What a member sees of an employee record: owners everything; managers everything except pay
 * when the company hides financial info from managers; employees a directory view of colleagues
 * (no pay, contact or personal data) and their own record whole.
 */
async function viewFor(member: Membership): Promise<(e: Employee) => Employee> {
  const without = (fields: readonly string[]) => (e: Employee) => {
    const copy: Record<string, unknown> = { ...e };
    for (const f of fields) delete copy[f];
    return copy as Employee;
  };
  if (member.role === 'owner') return (e) => e;
  if (member.role === 'manager') {
    const { hideFinancialInfoFromManagers } = await policiesInForce(member.companyId);
    return hideFinancialInfoFromManagers ? without(FINANCIAL_FIELDS) : (e) => e;
  }
  const directory = without(PRIVATE_FIELDS);
  return (e) => (e.id === member.employeeId ? e : directory(e));
}

export async function listEmployees({ member, archived, role, search }: {
  member: Membership;
  archived?: boolean;
  role?: string;
  search?: string;
}) {
  const [employees, view] = await Promise.all([repo.listEmployees(member.companyId, archived === true), viewFor(member)]);
  const needle = search?.trim().toLowerCase();
  const matches = (e: Employee) =>
    [e.name, e.surname, `${e.name} ${e.surname}`, e.email, e.phone, e.employeeNumber].some((v) => v?.toLowerCase().includes(needle!));
  return employees
    .filter((e) => !role || e.positions.some((p) => p.categoryId === role))
    .filter((e) => !needle || matches(e))
    .sort((a, b) => a.surname.localeCompare(b.surname) || a.name.localeCompare(b.name))
    .map(view);
}

/** Every position must name an active role and one of its active sub-roles (422 otherwise). */
async function checkPositions(companyId: string, positions: EmployeeCreate['positions'], tx: FirebaseFirestore.Transaction) {
  const roleIds = [...new Set(positions.map((p) => p.categoryId))];
  if (roleIds.length === 0) return;
  const snaps = await tx.getAll(...roleIds.map((id) => rolesCollection(companyId).doc(id)));
  const roles = new Map(snaps.filter((s) => s.exists && s.data()!.archived !== true).map((s) => [s.id, s.data()!]));
  const problems: ErrorDetail[] = [];
  positions.forEach((p, i) => {
    const role = roles.get(p.categoryId);
    if (!role) {
      problems.push({ path: `body.positions.${i}.categoryId`, message: `no active role ${p.categoryId} in this company` });
    } else {
      const sub = role.subRoles?.[p.subcategoryId];
      if (!sub || sub.archived === true) {
        problems.push({ path: `body.positions.${i}.subcategoryId`, message: `role ${p.categoryId} has no active sub-role ${p.subcategoryId}` });
      }
    }
  });
  if (problems.length) {
    const code = problems.some((p) => p.path!.endsWith('categoryId') && !p.path!.endsWith('subcategoryId')) ? 'UNKNOWN_ROLE' : 'UNKNOWN_SUB_ROLE';
    throw new AppError(code, problems.map((p) => p.message).join('; '), problems);
  }
}

export async function createEmployee({ companyId, employee }: { companyId: string; employee: EmployeeCreate }) {
  const ref = repo.employeesCollection(companyId).doc();
  const now = firestoreNs().FieldValue.serverTimestamp();
  await db().runTransaction(async (tx) => {
    const company = await tx.get(companyRef(companyId));
    if (!company.exists) throw new AppError('COMPANY_NOT_FOUND', 'Company not found');
    await checkPositions(companyId, employee.positions, tx);
    tx.create(ref, { ...employee, archived: false, userId: null, createdAt: now, updatedAt: now });
  });
  return (await repo.getEmployee(companyId, ref.id))!;
}

/** The employee record the caller resolves to: the membership's employeeId, else a record linked to the uid. */
export async function getMyEmployee({ member }: { member: Membership }) {
  const employee = member.employeeId
    ? await repo.getEmployee(member.companyId, member.employeeId)
    : await repo.findEmployeeByUser(member.companyId, member.uid);
  if (!employee) throw new AppError('EMPLOYEE_NOT_FOUND', 'No employee record is linked to you in this company');
  return employee;
}
