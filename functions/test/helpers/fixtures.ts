import { randomUUID } from 'node:crypto';
import { db } from '../../src/core/firebase';
import { saveMembership, type MemberRole } from '../../src/core/memberships';
import { ownedCollections } from '../../src/modules/registry';
import { createUser, type TestUser } from './users';

export interface TestCompany {
  companyId: string;
  owner: TestUser;
  manager: TestUser;
  employee: TestUser;
  /** The employee record linked to `employee`. */
  employeeId: string;
}

/** Adds a user to a company with a role (and optionally links an employee record). */
export async function addMember(companyId: string, user: TestUser, role: MemberRole, employeeId: string | null = null) {
  await saveMembership({ companyId, uid: user.uid, role, employeeId });
}

/** Gives a member an employee record of their own (a manager who also works shifts); returns its id. */
export async function giveEmployeeRecord(companyId: string, user: TestUser, role: MemberRole): Promise<string> {
  const ref = db().collection('companies').doc(companyId).collection('employees').doc();
  await ref.set({
    name: 'Max',
    surname: 'Manager',
    positions: [],
    archived: false,
    userId: user.uid,
    email: user.email,
  });
  await addMember(companyId, user, role, ref.id);
  return ref.id;
}

/**
 * A fresh company with an owner, a manager and an employee (each a real Auth user), so every test
 * file works on its own data. `profile` and `settings` are written as stored documents.
 */
export async function createCompany(
  options: { profile?: Record<string, unknown>; settings?: Record<string, unknown> } = {},
): Promise<TestCompany> {
  const companyId = `co-${randomUUID().slice(0, 12)}`;
  const [owner, manager, employee] = await Promise.all([
    createUser({ label: 'owner' }),
    createUser({ label: 'manager' }),
    createUser({ label: 'employee' }),
  ]);
  const company = db().collection('companies').doc(companyId);
  const employeeRef = company.collection('employees').doc();
  const batch = db().batch();
  batch.set(company, { name: 'Test Bistro', timezone: 'Europe/Madrid', createdAt: Date.now(), ...options.profile });
  if (options.settings) batch.set(company.collection('config').doc('settings'), options.settings);
  batch.set(employeeRef, {
    name: 'Emma',
    surname: 'Employee',
    positions: [],
    archived: false,
    userId: employee.uid,
    email: employee.email,
  });
  await batch.commit();
  await Promise.all([
    addMember(companyId, owner, 'owner'),
    addMember(companyId, manager, 'manager'),
    addMember(companyId, employee, 'employee', employeeRef.id),
  ]);
  return { companyId, owner, manager, employee, employeeId: employeeRef.id };
}

/** Every document path under a company, in the collections the modules declare (for "a rejected request wrote nothing"). */
export async function snapshotCompany(companyId: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const company = db().collection('companies').doc(companyId);
  const root = await company.get();
  out[company.path] = root.data();
  for (const sub of ownedCollections().company) {
    const snap = await company.collection(sub).get();
    for (const d of snap.docs) out[d.ref.path] = d.data();
  }
  return JSON.parse(JSON.stringify(out));
}
