import * as repo from './repo';
import type { RequestPolicy } from './schemas';

/** The company's approval policy: which request types need a manager. */

export async function getPolicy({ companyId }: { companyId: string }): Promise<RequestPolicy> {
  return repo.policyFromSnapshot(await repo.policyRef(companyId).get());
}

export async function updatePolicy({
  companyId,
  patch,
}: {
  companyId: string;
  patch: Partial<Record<string, boolean | undefined>>;
}) {
  const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => typeof v === 'boolean'));
  await repo.policyRef(companyId).set({ managerApproval: clean, updatedAt: Date.now() }, { merge: true });
  return getPolicy({ companyId });
}
