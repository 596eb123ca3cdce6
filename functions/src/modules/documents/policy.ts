import type { ErrorDetail } from '../../core/errors';
import { documentErrors } from './errors';
import { POLICY_DEFAULTS, type CertificationPolicy, type EmployeeDocument } from './schemas';

/**
 * The company's clock-in rule on certifications, as pure functions (policy-store.ts reads and writes
 * it in Firestore; the attendance module calls assertCertificationsValid there on clock-in).
 */

/** The stored policy as answered: a field never set (or not of its type) reads as its default. */
export function policyFromStored(data: Record<string, unknown> | undefined): CertificationPolicy {
  return {
    blockClockInWhenExpired: data?.blockClockInWhenExpired === true,
    requiredTypes: Array.isArray(data?.requiredTypes)
      ? (data.requiredTypes as CertificationPolicy['requiredTypes'])
      : POLICY_DEFAULTS.requiredTypes,
    blockWhenMissing: data?.blockWhenMissing === true,
  };
}

/** What a patch stores: the fields sent, the required types without repeats. */
export function policyPatchToStore(patch: Partial<CertificationPolicy>): Partial<CertificationPolicy> {
  return patch.requiredTypes ? { ...patch, requiredTypes: [...new Set(patch.requiredTypes)] } : { ...patch };
}

/** Whether clock-in is checked at all (when not, the employee's documents need not be read). */
export const checksClockIn = (policy: CertificationPolicy): boolean =>
  policy.blockClockInWhenExpired && policy.requiredTypes.length > 0;

/**
 * The clock-in check: when the company blocks clock-in on expired certifications, an employee
 * whose documents of a required type are all expired on `businessDate` (or who has none, with
 * blockWhenMissing) is refused with 422 CERTIFICATION_EXPIRED, every problem listed. A document
 * without an expiry date, or expiring on `businessDate` itself, is valid.
 */
export function assertCertificationsHeld(
  policy: CertificationPolicy,
  documents: readonly Pick<EmployeeDocument, 'type' | 'expiresOn'>[],
  businessDate: string,
): void {
  if (!checksClockIn(policy)) return;
  const problems: ErrorDetail[] = policy.requiredTypes.flatMap((type) => {
    const ofType = documents.filter((d) => d.type === type);
    if (ofType.length === 0) return policy.blockWhenMissing ? [{ message: `no ${type} document`, type }] : [];
    const valid = ofType.some((d) => d.expiresOn === null || d.expiresOn >= businessDate);
    if (valid) return [];
    const latest = ofType
      .map((d) => d.expiresOn!)
      .sort()
      .at(-1)!;
    return [{ message: `${type} expired on ${latest}`, type, expiredOn: latest }];
  });
  if (problems.length) {
    throw documentErrors.CERTIFICATION_EXPIRED(
      `You cannot clock in: ${problems.map((p) => p.message).join('; ')}. Ask a manager, or upload a valid certificate.`,
      problems,
    );
  }
}
