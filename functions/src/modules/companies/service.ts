import type { DocumentSnapshot, WriteBatch } from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { companyDoc, companyNotFound, requireCompany, serverTime, toMillis } from '../../core/firestore';
import type { Membership } from '../../core/memberships';
import type { ViewPolicies, Viewer } from '../../http/visibility';
import { coreErrors } from '../../core/errors';
import { regionOfCountry } from './regions';
import * as repo from './repo';
import {
  POLICY_DEFAULTS,
  PROFILE_DEFAULTS,
  SETTINGS_DEFAULTS,
  type CompanyPolicies,
  type CompanyProfilePatch,
  type CompanySettingsPatch,
} from './schemas';

/** The profile with its defaults applied (fields without a default may be absent). */
export type CompanyProfile = Omit<CompanyProfilePatch, 'country'> &
  Required<Pick<CompanyProfilePatch, keyof typeof PROFILE_DEFAULTS>> & {
    id: string;
    country: string | null;
    currency: string | null;
    createdAt?: number;
    updatedAt?: number;
  };
export type CompanySettings = CompanySettingsPatch &
  Required<Pick<CompanySettingsPatch, keyof typeof SETTINGS_DEFAULTS>>;

/** The one parser of the company profile: stored fields over defaults, timestamps as epoch ms. */
function profileView(id: string, stored: FirebaseFirestore.DocumentData): CompanyProfile {
  return {
    ...PROFILE_DEFAULTS,
    ...stored,
    id,
    country: typeof stored.country === 'string' ? stored.country : null,
    currency: typeof stored.currency === 'string' ? stored.currency : null,
    createdAt: toMillis(stored.createdAt),
    updatedAt: toMillis(stored.updatedAt),
  };
}

const settingsView = (stored: FirebaseFirestore.DocumentData): CompanySettings => ({ ...SETTINGS_DEFAULTS, ...stored });

/** The company's rules every other module needs: profile and settings with defaults applied. */
export type CompanyRules = { profile: CompanyProfile; settings: CompanySettings };

function rulesOf(companyId: string, { company, settings }: repo.StoredCompany): CompanyRules | null {
  return company ? { profile: profileView(companyId, company), settings: settingsView(settings) } : null;
}

/** The rules from the two documents of `companyRulesRefs` read by the caller (e.g. in its own transaction's getAll); null for a missing company. */
export const companyRulesFromSnapshots = (company: DocumentSnapshot, settings: DocumentSnapshot): CompanyRules | null =>
  rulesOf(company.id, repo.storedCompanyOf(company, settings));

export const companyRulesRefs = repo.profileAndSettingsRefs;

export async function getCompanyRules({ companyId }: { companyId: string }): Promise<CompanyRules> {
  const rules = rulesOf(companyId, await repo.readCompanyAndSettings(companyId));
  if (!rules) throw companyNotFound();
  return rules;
}

export async function getProfile({ companyId }: { companyId: string }) {
  const stored = await repo.readCompany(companyId);
  if (!stored) throw companyNotFound();
  return profileView(companyId, stored);
}

export async function updateProfile({ companyId, patch }: { companyId: string; patch: CompanyProfilePatch }) {
  if (typeof patch.region === 'string') {
    const country = patch.country ?? (await getProfile({ companyId })).country;
    if (!regionOfCountry(country, patch.region))
      throw coreErrors.VALIDATION_FAILED(`region ${patch.region} is not a region of ${country}`, [
        { path: 'body.region', message: `not a region of ${country} (the subdivision part of its ISO 3166-2 code)` },
      ]);
  }
  // update() replaces each named top-level field whole and fails on a missing company.
  if (Object.keys(patch).length > 0) await repo.updateCompany(companyId, patch, companyNotFound);
  return getProfile({ companyId });
}

export async function getSettings({ companyId }: { companyId: string }) {
  return (await getCompanyRules({ companyId })).settings;
}

export async function updateSettings({ companyId, patch }: { companyId: string; patch: CompanySettingsPatch }) {
  await requireCompany(companyId);
  if (Object.keys(patch).length > 0) {
    await repo.settingsRef(companyId).set({ ...patch, updatedAt: serverTime() }, { merge: true });
    repo.forgetConfig(companyId);
  }
  return getSettings({ companyId });
}

/** The policies in force (stored over defaults), for modules that already know the company exists. */
export async function policiesInForce(companyId: string): Promise<CompanyPolicies> {
  return { ...POLICY_DEFAULTS, ...(await repo.readPolicies(companyId)) };
}

/** What a caller's view of tagged response fields depends on (src/http/visibility.ts). */
export async function viewPolicies(companyId: string): Promise<ViewPolicies> {
  const { policies, settings } = await repo.readPoliciesAndSettings(companyId);
  const inForce = { ...POLICY_DEFAULTS, ...policies };
  const { hasAccessToLaborCost } = settingsView(settings);
  return {
    hideFinancialInfoFromManagers: inForce.hideFinancialInfoFromManagers,
    hideTipsFromManagers: inForce.hideTipsFromManagers,
    employeesCanSeeShiftEndTimes: inForce.employeesCanSeeShiftEndTimes,
    hasAccessToLaborCost: hasAccessToLaborCost === true,
  };
}

/** A member's view of tagged response fields, for what a module hands out beside its routes (files, the assistant's tools). */
export async function viewerOf(member: Membership): Promise<Viewer> {
  return { role: member.role, employeeId: member.employeeId, policies: await viewPolicies(member.companyId) };
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
    repo.forgetConfig(companyId);
  }
  return getPolicies({ companyId });
}

/** The schedule template (daysStructure), a field of the profile: the days stored, {} when none. */
export async function readScheduleTemplate(companyId: string): Promise<Record<string, unknown>> {
  const stored = await repo.readCompany(companyId);
  if (!stored) throw companyNotFound();
  const days = stored.daysStructure;
  return days && typeof days === 'object' ? (days as Record<string, unknown>) : {};
}

/** Merges days into the template: each day sent replaces that day whole, days not sent are kept (one update of dotted fields). */
export async function mergeScheduleTemplate(companyId: string, days: Record<string, unknown>): Promise<void> {
  const entries = Object.entries(days);
  if (entries.length === 0) return;
  await repo.updateCompany(
    companyId,
    Object.fromEntries(entries.map(([day, value]) => [`daysStructure.${day}`, value])),
    companyNotFound,
  );
}

/**
 * A new company (signup): its profile over the defaults, the default settings and policies written
 * out (a later change of a default does not change an existing company), in the caller's batch.
 */
export function createCompanyInBatch(
  batch: WriteBatch,
  {
    companyId,
    profile,
    settings,
  }: { companyId: string; profile: Record<string, unknown>; settings?: Record<string, unknown> },
): void {
  const now = Date.now();
  repo.writeNewCompany(batch, companyId, {
    profile: { ...PROFILE_DEFAULTS, ...profile, createdAt: now, updatedAt: now },
    settings: { ...SETTINGS_DEFAULTS, ...settings, createdAt: now },
    policies: POLICY_DEFAULTS,
  });
}

/** The names of companies, by id, in one read (a company that does not exist is left out). */
export async function companyNames(ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const snaps = await db().getAll(...unique.map((id) => companyDoc(id)));
  return new Map(snaps.filter((s) => s.exists).map((s) => [s.id, String(s.get('name') ?? s.id)]));
}
