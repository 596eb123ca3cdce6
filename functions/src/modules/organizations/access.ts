import type { Membership } from '../../core/memberships';
import { requestMemo } from '../../core/store-ops';
import { coreErrors } from '../../core/errors';
import * as repo from './repo';
import type { OrganizationRole } from './schemas';

/** The location document of a company, read once per request (every check across locations asks it). */
export const locationOfCompany = (companyId: string) =>
  requestMemo(`organizations:location:${companyId}`, () => repo.readLocation(companyId));

/** The organization document, read once per request. */
export const organizationOf = (orgId: string) =>
  requestMemo(`organizations:org:${orgId}`, () => repo.readOrganization(orgId));

/**
 * What an organization member may do at one of its locations, for the route layer's access check
 * (src/http/app.ts): an owner or administrator of the organization acts there as an owner of the
 * company. A company outside any organization answers null after one read, so that its callers are
 * decided exactly as before. The role granted is the company's `owner` (the permission table's
 * highest), whatever the caller's own membership there.
 */
export async function organizationAccess(companyId: string, uid: string): Promise<Membership | null> {
  const location = await locationOfCompany(companyId);
  if (!location) return null;
  const member = await repo.readMember(location.organizationId, uid);
  if (!member) return null;
  return { companyId, uid, role: 'owner', employeeId: null };
}

/** A user's role in an organization (null: not a member), once per request: the access check of its routes. */
export const organizationRole = (orgId: string, uid: string): Promise<OrganizationRole | null> =>
  requestMemo(`organizations:member:${orgId}_${uid}`, async () => (await repo.readMember(orgId, uid))?.role ?? null);

/** The organization a route's access let the caller into (its document; gone meanwhile: not found). */
export async function requireOrganization(orgId: string): Promise<repo.StoredOrganization> {
  const org = await organizationOf(orgId);
  if (!org) throw coreErrors.ORGANIZATION_NOT_FOUND('No such organization');
  return org;
}
