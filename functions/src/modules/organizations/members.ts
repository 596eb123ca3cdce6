import { db } from '../../core/firebase';
import { forgetRequestMemo } from '../../core/store-ops';
import { organizationErrors } from './errors';
import * as repo from './repo';
import type { OrganizationRole } from './schemas';

/**
 * Makes a user an owner or administrator of the organization, or changes their role (owners). The
 * organization keeps at least one owner. Managers and employees of a location are members of that
 * company only: they are not organization members and stay scoped to their locations.
 */
export async function putMember({ orgId, target, role }: { orgId: string; target: string; role: OrganizationRole }) {
  await db().runTransaction(async (tx) => {
    const members = await repo.membersOf(orgId, tx);
    const owners = members.filter((m) => m.role === 'owner');
    if (role !== 'owner' && owners.length === 1 && owners[0].uid === target)
      throw organizationErrors.LAST_ORGANIZATION_OWNER('The organization keeps at least one owner');
    repo.writeMember(tx, orgId, target, role);
  });
  forgetRequestMemo(`organizations:member:${orgId}_${target}`);
  return { uid: target, role };
}
