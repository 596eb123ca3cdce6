import { companyDoc, serverTime } from '../../core/firestore';
import { documentErrors } from './errors';
import * as repo from './repo';
import { POLICY_DEFAULTS, type CertificationPolicy } from './schemas';

const policyRef = (companyId: string) => companyDoc(companyId).collection('documentSettings').doc('policy');

export async function getPolicy(companyId: string): Promise<CertificationPolicy> {
  const data = (await policyRef(companyId).get()).data() ?? {};
  return {
    blockClockInWhenExpired: data.blockClockInWhenExpired === true,
    requiredTypes: Array.isArray(data.requiredTypes) ? data.requiredTypes : POLICY_DEFAULTS.requiredTypes,
    blockWhenMissing: data.blockWhenMissing === true,
  };
}

export async function updatePolicy(companyId: string, patch: Partial<CertificationPolicy>): Promise<CertificationPolicy> {
  const requiredTypes = patch.requiredTypes ? [...new Set(patch.requiredTypes)] : undefined;
  await policyRef(companyId).set({ ...patch, ...(requiredTypes ? { requiredTypes } : {}), updatedAt: serverTime() }, { merge: true });
  return getPolicy(companyId);
}

/**
 * The attendance module's clock-in check: when the company blocks clock-in on expired
 * certifications, an employee whose documents of a required type are all expired on `businessDate`
 * (or who has none, with blockWhenMissing) is refused with 422 CERTIFICATION_EXPIRED.
 */
export async function assertCertificationsValid(companyId: string, employeeId: string, businessDate: string): Promise<void> {
  const policy = await getPolicy(companyId);
  if (!policy.blockClockInWhenExpired || policy.requiredTypes.length === 0) return;
  const documents = await repo.listDocuments(companyId, { employeeId });
  const problems = policy.requiredTypes.flatMap((type) => {
    const ofType = documents.filter((d) => d.type === type);
    if (ofType.length === 0) return policy.blockWhenMissing ? [{ message: `no ${type} document`, type }] : [];
    const valid = ofType.some((d) => d.expiresOn === null || d.expiresOn >= businessDate);
    if (valid) return [];
    const latest = ofType.map((d) => d.expiresOn!).sort().at(-1)!;
    return [{ message: `${type} expired on ${latest}`, type, expiredOn: latest }];
  });
  if (problems.length) {
    throw documentErrors.CERTIFICATION_EXPIRED(`You cannot clock in: ${problems.map((p) => p.message).join('; ')}. Ask a manager, or upload a valid certificate.`, problems);
  }
}
