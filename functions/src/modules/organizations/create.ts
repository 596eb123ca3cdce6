import { randomUUID } from 'node:crypto';
import { db } from '../../core/firebase';
import { companyDoc } from '../../core/firestore';
import { membershipRef, membershipFromDoc } from '../../core/memberships';
import { coreErrors } from '../../core/errors';
import { organizationErrors } from './errors';
import * as repo from './repo';
import type { EmployerInput } from './schemas';
import { readOrganizationView } from './read';

/** A company may join an organization only by the hand of one of its own owners. */
export async function assertCompanyOwner(tx: FirebaseFirestore.Transaction, companyId: string, uid: string) {
  const snap = await tx.get(membershipRef(companyId, uid));
  if (!snap.exists || membershipFromDoc(snap).role !== 'owner')
    throw organizationErrors.COMPANY_OWNER_REQUIRED(`Only an owner of ${companyId} may put it in an organization`);
}

export const newEmployer = (input: EmployerInput) => ({ id: randomUUID(), ...input });

/**
 * A new organization with its first employer and first location (the company of the route, which
 * its owner calls, in no organization yet); the caller is its first owner. The company keeps its data and its routes.
 */
export async function createOrganization({
  companyId,
  uid,
  body,
}: {
  companyId: string;
  uid: string;
  body: { name: string; employer: EmployerInput };
}) {
  const ref = repo.newOrganizationRef();
  const employer = newEmployer(body.employer);
  await db().runTransaction(async (tx) => {
    const company = await tx.get(companyDoc(companyId));
    if (!company.exists) throw coreErrors.COMPANY_NOT_FOUND(`No company ${companyId}`);
    if (await repo.readLocation(companyId, tx))
      throw organizationErrors.ALREADY_IN_ORGANIZATION(`${companyId} is already a location of an organization`);
    tx.set(ref, { name: body.name, employers: [employer], createdAt: Date.now(), createdBy: uid });
    repo.writeLocation(tx, { companyId, organizationId: ref.id, employerId: employer.id });
    repo.writeMember(tx, ref.id, uid, 'owner');
  });
  return readOrganizationView({ orgId: ref.id, uid });
}
