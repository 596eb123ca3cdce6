import { db } from '../../../src/core/firebase';
import type { DemoCompany } from '../types';
import { employeeRef } from '../../../src/modules/employees/repo';

/** The demo company's employees (emulator-data/demo.json), linked to the demo users that are them. */
export async function seed(company: DemoCompany): Promise<string> {
  const now = Date.now();
  const userOf = new Map(
    company.file.users.filter((u) => u.employeeId).map((u) => [u.employeeId!, company.uidOf(u.label)]),
  );
  const batch = db().batch();
  for (const { id, ...employee } of company.file.employees) {
    batch.set(employeeRef(company.companyId, id), {
      archived: false,
      ...employee,
      userId: userOf.get(id) ?? null,
      createdAt: now,
      updatedAt: now,
    });
  }
  await batch.commit();
  return `${company.file.employees.length} employees, ${userOf.size} linked to users`;
}
