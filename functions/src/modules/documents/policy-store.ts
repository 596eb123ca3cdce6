import { companyDoc, serverTime } from '../../core/firestore';
import { assertCertificationsHeld, checksClockIn, policyFromStored, policyPatchToStore } from './policy';
import * as repo from './repo';
import type { CertificationPolicy } from './schemas';

/** The clock-in policy at companies/{companyId}/documentSettings/policy; its rules are in policy.ts. */
const policyRef = (companyId: string) => companyDoc(companyId).collection('documentSettings').doc('policy');

export async function getPolicy(companyId: string): Promise<CertificationPolicy> {
  return policyFromStored((await policyRef(companyId).get()).data());
}

export async function updatePolicy(
  companyId: string,
  patch: Partial<CertificationPolicy>,
): Promise<CertificationPolicy> {
  await policyRef(companyId).set({ ...policyPatchToStore(patch), updatedAt: serverTime() }, { merge: true });
  return getPolicy(companyId);
}

/** The attendance module's clock-in check (policy.ts assertCertificationsHeld): 422 CERTIFICATION_EXPIRED. */
export async function assertCertificationsValid(
  companyId: string,
  employeeId: string,
  businessDate: string,
): Promise<void> {
  const policy = await getPolicy(companyId);
  if (!checksClockIn(policy)) return;
  assertCertificationsHeld(policy, await repo.listDocuments(companyId, { employeeId }), businessDate);
}
