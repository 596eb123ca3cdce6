import { db } from '../../../src/core/firebase';
import type { DemoCompany } from '../types';
import { roleRef } from '../../../src/modules/roles/repo';

/** The demo company's roles (emulator-data/demo.json), archived ones included. */
export async function seed(company: DemoCompany): Promise<string> {
  const now = Date.now();
  const batch = db().batch();
  for (const { id, ...role } of company.file.roles)
    batch.set(roleRef(company.companyId, id), { archived: false, ...role, createdAt: now, updatedAt: now });
  await batch.commit();
  return `${company.file.roles.length} roles`;
}
