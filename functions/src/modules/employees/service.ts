import type { Transaction, WriteBatch } from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { requireCompany, serverTime } from '../../core/firestore';
import type { Membership } from '../../core/memberships';
import { policiesInForce } from '../companies';
import { checkPositions } from '../roles';
import { employeeErrors } from './errors';
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
  const [employees, view] = await Promise.all([
    repo.listEmployees(member.companyId, archived === true),
    viewFor(member),
  ]);
  const needle = search?.trim().toLowerCase();
  const matches = (e: Employee) =>
    [e.name, e.surname, `${e.name} ${e.surname}`, e.email, e.phone, e.employeeNumber].some((v) =>
      v?.toLowerCase().includes(needle!),
    );
  return employees
    .filter((e) => !role || e.positions.some((p) => p.categoryId === role))
    .filter((e) => !needle || matches(e))
    .sort((a, b) => a.surname.localeCompare(b.surname) || a.name.localeCompare(b.name))
    .map(view);
}

export async function createEmployee({ companyId, employee }: { companyId: string; employee: EmployeeCreate }) {
  const id = await db().runTransaction(async (tx) => {
    const creation = await prepareEmployeeCreate(tx, companyId, employee);
    creation.write(tx);
    return creation.id;
  });
  return (await repo.getEmployee(companyId, id))!;
}

/**
 * Creating an employee inside another module's transaction (the POS sync creates one and links it
 * in one commit): the checks read through `tx` now; `write` adds the record to the commit.
 */
export async function prepareEmployeeCreate(
  tx: Transaction,
  companyId: string,
  employee: EmployeeCreate,
): Promise<{ id: string; write: (t: Transaction) => void }> {
  const ref = repo.employeesCollection(companyId).doc();
  await requireCompany(companyId, tx);
  await checkPositions(companyId, employee.positions, tx);
  const now = serverTime();
  return {
    id: ref.id,
    write: (t) => void t.create(ref, { ...employee, archived: false, userId: null, createdAt: now, updatedAt: now }),
  };
}

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
  return ref.id;
}

/** The employee record the caller resolves to: the membership's employeeId, else a record linked to the uid. */
export async function getMyEmployee({ member }: { member: Membership }) {
  const employee = member.employeeId
    ? await repo.getEmployee(member.companyId, member.employeeId)
    : await repo.findEmployeeByUser(member.companyId, member.uid);
  if (!employee) throw employeeErrors.EMPLOYEE_NOT_FOUND('No employee record is linked to you in this company');
  return employee;
}
