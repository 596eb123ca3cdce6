import { db } from '../../../src/core/firebase';
import type { DemoCompany } from '../types';
import { companyDoc } from '../../../src/core/firestore';
import { settingsRef, writePolicies } from '../../../src/modules/companies/repo';

/** The demo company's profile, settings and policies (emulator-data/demo.json). */
export async function seed(company: DemoCompany): Promise<string> {
  const { profile, settings, policies, currency } = company.file;
  const now = Date.now();
  const batch = db().batch();
  batch.set(companyDoc(company.companyId), { ...profile, currency, createdAt: now, updatedAt: now });
  batch.set(settingsRef(company.companyId), settings, { merge: true });
  writePolicies(batch, company.companyId, policies);
  await batch.commit();
  return `profile (${profile.timezone}), settings, ${Object.keys(policies).length} policies`;
}
