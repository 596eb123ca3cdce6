import type { DocumentData, DocumentReference, DocumentSnapshot, WriteBatch } from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { companyDoc, orNotFound, serverTime } from '../../core/firestore';
import { forgetRequestMemo, requestMemo } from '../../core/store-ops';
import type { CompanyPolicies, PolicyField } from './schemas';

/**
 * Firestore paths of a company:
 *   companies/{id}                               profile
 *   companies/{id}/config/settings               settings + employeesCanSeeShiftEndTimes, isGeolocationEnabled
 *   companies/{id}/config/employeeInteraction    {group, messages, workWith}
 *   companies/{id}/config/managerPermissions     {hideFinancialInfo, hideTips}
 * The employee-facing policies live in those three places; GET merges them, PATCH splits them.
 */
export const settingsRef = (id: string) => companyDoc(id).collection('config').doc('settings');
const interactionRef = (id: string) => companyDoc(id).collection('config').doc('employeeInteraction');
const managerPermissionsRef = (id: string) => companyDoc(id).collection('config').doc('managerPermissions');

/** Where each policy field is stored: document and field name there. */
const POLICY_LOCATION: Record<PolicyField, { ref: (id: string) => DocumentReference; field: string }> = {
  employeeInteractionGroup: { ref: interactionRef, field: 'group' },
  employeeInteractionMessages: { ref: interactionRef, field: 'messages' },
  employeeInteractionWorkWith: { ref: interactionRef, field: 'workWith' },
  employeesCanSeeShiftEndTimes: { ref: settingsRef, field: 'employeesCanSeeShiftEndTimes' },
  isGeolocationEnabled: { ref: settingsRef, field: 'isGeolocationEnabled' },
  hideFinancialInfoFromManagers: { ref: managerPermissionsRef, field: 'hideFinancialInfo' },
  hideTipsFromManagers: { ref: managerPermissionsRef, field: 'hideTips' },
};

/** A new company's documents, in the caller's batch: its profile (created: never over an existing one), its settings and its policies. */
export function writeNewCompany(
  batch: WriteBatch,
  id: string,
  company: { profile: DocumentData; settings: DocumentData; policies: Partial<CompanyPolicies> },
): void {
  batch.create(companyDoc(id), company.profile);
  batch.set(settingsRef(id), company.settings, { merge: true });
  writePolicies(batch, id, company.policies);
}

export async function readCompany(id: string): Promise<DocumentData | null> {
  const snap = await companyDoc(id).get();
  return snap.exists ? snap.data()! : null;
}

/** The documents holding a company's profile and settings, to read in one round trip (getAll). */
export const profileAndSettingsRefs = (id: string): [DocumentReference, DocumentReference] => [
  companyDoc(id),
  settingsRef(id),
];

export interface StoredCompany {
  company: DocumentData | null;
  settings: DocumentData;
}

export const storedCompanyOf = (company: DocumentSnapshot, settings: DocumentSnapshot): StoredCompany => ({
  company: company.exists ? company.data()! : null,
  settings: settings.data() ?? {},
});

/** Reads the company profile and its settings in one round trip. */
export async function readCompanyAndSettings(id: string): Promise<StoredCompany> {
  const [company, settings] = await db().getAll(...profileAndSettingsRefs(id));
  return storedCompanyOf(company, settings);
}

/** Replaces the named top-level fields of the profile (update(): fails on a missing company). */
export async function updateCompany(id: string, fields: Record<string, unknown>, notFound: () => Error): Promise<void> {
  await orNotFound(companyDoc(id).update({ ...fields, updatedAt: serverTime() }), notFound);
}

export async function readPolicies(id: string): Promise<Partial<CompanyPolicies>> {
  return (await readPoliciesAndSettings(id)).policies;
}

const configMemo = (id: string) => `companyConfig:${id}`;

/**
 * The stored policies and, from the same read, the stored settings (the policies share their
 * document): read once per request (src/core/store-ops.ts `requestMemo`), however many of its layers
 * ask (the clock's geolocation policy, the service's and the route's view of tagged fields).
 */
export function readPoliciesAndSettings(
  id: string,
): Promise<{ policies: Partial<CompanyPolicies>; settings: DocumentData }> {
  return requestMemo(configMemo(id), () => readConfig(id));
}

/** After the request wrote the company's settings or policies: what it reads next is read again. */
export const forgetConfig = (id: string) => forgetRequestMemo(configMemo(id));

async function readConfig(id: string): Promise<{ policies: Partial<CompanyPolicies>; settings: DocumentData }> {
  const refs = [settingsRef(id), interactionRef(id), managerPermissionsRef(id)];
  const snaps = await db().getAll(...refs);
  const byPath = new Map(snaps.map((s) => [s.ref.path, s.data() ?? {}]));
  const stored: Partial<CompanyPolicies> = {};
  for (const [policy, location] of Object.entries(POLICY_LOCATION) as [
    PolicyField,
    (typeof POLICY_LOCATION)[PolicyField],
  ][]) {
    const value = byPath.get(location.ref(id).path)?.[location.field];
    if (typeof value === 'boolean') stored[policy] = value;
  }
  return { policies: stored, settings: byPath.get(settingsRef(id).path)! };
}

export function writePolicies(batch: WriteBatch, id: string, patch: Partial<CompanyPolicies>): void {
  const perDoc = new Map<string, { ref: DocumentReference; data: Record<string, boolean> }>();
  for (const [policy, value] of Object.entries(patch) as [PolicyField, boolean][]) {
    const location = POLICY_LOCATION[policy];
    const ref = location.ref(id);
    const entry = perDoc.get(ref.path) ?? { ref, data: {} };
    entry.data[location.field] = value;
    perDoc.set(ref.path, entry);
  }
  for (const { ref, data } of perDoc.values()) batch.set(ref, data, { merge: true });
}
