import { db } from '../../core/firebase';
import { listMembershipsOfUser } from '../../core/memberships';
import { organizationLocationsOf } from '../organizations';

/**
 * A person's companies with their names and roles (GET /me, the admin's user view): their
 * memberships, then the locations of the organizations they own or administer where they are not
 * members themselves, as owners with `organizationRole`. By company id.
 */
export async function membershipsOf(uid: string) {
  const [own, viaOrganization] = await Promise.all([listMembershipsOfUser(uid), organizationLocationsOf(uid)]);
  const mine = new Set(own.map((m) => m.companyId));
  const memberships = [
    ...own.map((m) => ({ companyId: m.companyId, role: m.role, employeeId: m.employeeId, organizationRole: null })),
    ...viaOrganization
      .filter((l) => !mine.has(l.companyId))
      .map((l) => ({ companyId: l.companyId, role: 'owner' as const, employeeId: null, organizationRole: l.role })),
  ];
  const companies = memberships.length
    ? await db().getAll(...memberships.map((m) => db().collection('companies').doc(m.companyId)))
    : [];
  const names = new Map(companies.map((c) => [c.id, c.exists ? String(c.get('name') ?? '') : null]));
  return memberships
    .map((m) => ({ ...m, companyName: names.get(m.companyId) ?? null }))
    .sort((a, b) => a.companyId.localeCompare(b.companyId));
}
