import { AppError } from '../../http/errors';
import { toMillis } from '../../http/fields';
import { db } from '../../firebase';
import * as repo from './repo';
import {
  POLICY_DEFAULTS,
  PROFILE_DEFAULTS,
  SETTINGS_DEFAULTS,
  type CompanyPolicies,
  type CompanyProfilePatch,
  type CompanySettingsPatch,
} from './schemas';

const companyNotFound = () => new AppError('COMPANY_NOT_FOUND', 'Company not found');

function profileView(id: string, stored: FirebaseFirestore.DocumentData) {
  return { ...PROFILE_DEFAULTS, ...stored, id, createdAt: toMillis(stored.createdAt), updatedAt: toMillis(stored.updatedAt) };
}

export async function getProfile({ companyId }: { companyId: string }) {
  const stored = await repo.readCompany(companyId);
  if (!stored) throw companyNotFound();
  return profileView(companyId, stored);
}

export async function updateProfile({ companyId, patch }: { companyId: string; patch: CompanyProfilePatch }) {
  if (Object.keys(patch).length > 0) {
    try {
      // update() replaces each named top-level field whole and fails on a missing company.
      await repo.companyRef(companyId).update({ ...patch, updatedAt: repo.serverTime() });
    } catch (err) {
      if ((err as { code?: number }).code === 5) throw companyNotFound();
      throw err;
    }
  }
  return getProfile({ companyId });
}

/** The company's rules every other module needs (profile and settings with defaults applied). */
export async function getCompanyRules({ companyId }: { companyId: string }) {
  const { company, settings } = await repo.readCompanyAndSettings(companyId);
  if (!company) throw companyNotFound();
  return { profile: profileView(companyId, company), settings: { ...SETTINGS_DEFAULTS, ...settings } };
}

export async function getSettings({ companyId }: { companyId: string }) {
  return (await getCompanyRules({ companyId })).settings;
}

export async function updateSettings({ companyId, patch }: { companyId: string; patch: CompanySettingsPatch }) {
  await requireCompany(companyId);
  if (Object.keys(patch).length > 0) {
    await repo.settingsRef(companyId).set({ ...patch, updatedAt: repo.serverTime() }, { merge: true });
  }
  return getSettings({ companyId });
}

/** The policies in force (stored over defaults), for modules that already know the company exists. */
export async function policiesInForce(companyId: string): Promise<CompanyPolicies> {
  return { ...POLICY_DEFAULTS, ...(await repo.readPolicies(companyId)) };
}

export async function getPolicies({ companyId }: { companyId: string }): Promise<CompanyPolicies> {
  await requireCompany(companyId);
  return policiesInForce(companyId);
}

export async function updatePolicies({ companyId, patch }: { companyId: string; patch: Partial<CompanyPolicies> }) {
  await requireCompany(companyId);
  if (Object.keys(patch).length > 0) {
    const batch = db().batch();
    repo.writePolicies(batch, companyId, patch);
    await batch.commit();
  }
  return getPolicies({ companyId });
}

async function requireCompany(companyId: string): Promise<void> {
  if (!(await repo.readCompany(companyId))) throw companyNotFound();
}
