import { coreErrors } from '../../core/errors';
import { db } from '../../core/firebase';
import { companyDoc } from '../../core/firestore';
import { forgetRequestMemo } from '../../core/store-ops';
import { companyNames } from '../companies';
import { assertCompanyOwner } from './create';
import { organizationErrors } from './errors';
import * as repo from './repo';

/**
 * Puts a company in the organization under one of its employers, or moves a location to another
 * employer of the organization (owners of the organization who also own the company). A company
 * of another organization is 409; a location with linked employee records keeps its employer
 * (the links are per employer: 409 LOCATION_HAS_LINKS).
 */
export async function putLocation({
  orgId,
  companyId,
  uid,
  employerId,
}: {
  orgId: string;
  companyId: string;
  uid: string;
  employerId: string;
}) {
  await db().runTransaction(async (tx) => {
    const [org, company, current, links] = await Promise.all([
      repo.readOrganization(orgId, tx),
      tx.get(companyDoc(companyId)),
      repo.readLocation(companyId, tx),
      repo.linkRecordsOfCompany(companyId, tx),
    ]);
    if (!org) throw coreErrors.ORGANIZATION_NOT_FOUND('No such organization');
    if (!company.exists) throw coreErrors.COMPANY_NOT_FOUND(`No company ${companyId}`);
    if (!org.employers.some((e) => e.id === employerId))
      throw organizationErrors.EMPLOYER_NOT_FOUND(`The organization has no employer ${employerId}`, [
        { path: 'body.employerId', message: 'unknown employer' },
      ]);
    await assertCompanyOwner(tx, companyId, uid);
    if (current && current.organizationId !== orgId)
      throw organizationErrors.ALREADY_IN_ORGANIZATION(`${companyId} is a location of another organization`);
    if (current?.employerId === employerId) return;
    if (current && links.length)
      throw organizationErrors.LOCATION_HAS_LINKS(`${companyId} has linked employee records: unlink them first`);
    repo.writeLocation(tx, { companyId, organizationId: orgId, employerId });
  });
  forgetRequestMemo(`organizations:location:${companyId}`);
  const names = await companyNames([companyId]);
  return { companyId, name: names.get(companyId) ?? companyId, employerId };
}
