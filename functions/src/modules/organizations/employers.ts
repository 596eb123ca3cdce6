import { coreErrors } from '../../core/errors';
import { db } from '../../core/firebase';
import { forgetRequestMemo } from '../../core/store-ops';
import { newEmployer } from './create';
import { organizationErrors } from './errors';
import * as repo from './repo';
import type { EmployerInput } from './schemas';

/** A legal entity of the organization (owners). Its EIN is unique within the organization. */
export async function addEmployer({ orgId, body }: { orgId: string; body: EmployerInput }) {
  const employer = newEmployer(body);
  await db().runTransaction(async (tx) => {
    const org = await repo.readOrganization(orgId, tx);
    if (!org) throw coreErrors.ORGANIZATION_NOT_FOUND('No such organization');
    if (org.employers.some((e) => e.ein === body.ein))
      throw organizationErrors.EMPLOYER_ID_TAKEN(`The organization already has an employer with EIN ${body.ein}`);
    tx.update(repo.organizationRef(orgId), { employers: [...org.employers, employer] });
  });
  forgetRequestMemo(`organizations:org:${orgId}`);
  return employer;
}
