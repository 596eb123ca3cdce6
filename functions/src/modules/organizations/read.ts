import { companyNames } from '../companies';
import { organizationRole, requireOrganization } from './access';
import * as repo from './repo';
import type { EmployeeLink } from './schemas';

/** The links of an organization, each once, from the documents of their records. */
export function linksOf(records: repo.StoredLinkRecord[]): EmployeeLink[] {
  const links = new Map<string, EmployeeLink>();
  for (const r of records)
    if (!links.has(r.linkId)) links.set(r.linkId, { id: r.linkId, employerId: r.employerId, records: r.records });
  return [...links.values()].sort((a, b) => a.id.localeCompare(b.id));
}

/** The organization as its owners and administrators see it: employers, locations, members, links. */
export async function readOrganizationView({ orgId, uid }: { orgId: string; uid: string }) {
  const [org, role] = await Promise.all([requireOrganization(orgId), organizationRole(orgId, uid)]);
  const [locations, members, linkRecords] = await Promise.all([
    repo.locationsOf(orgId),
    repo.membersOf(orgId),
    repo.linkRecordsOfOrganization(orgId),
  ]);
  const names = await companyNames(locations.map((l) => l.companyId));
  return {
    id: orgId,
    name: org.name,
    role: role ?? 'admin',
    employers: org.employers,
    locations: locations
      .map((l) => ({ companyId: l.companyId, name: names.get(l.companyId) ?? l.companyId, employerId: l.employerId }))
      .sort((a, b) => a.companyId.localeCompare(b.companyId)),
    members: members.map((m) => ({ uid: m.uid, role: m.role })).sort((a, b) => a.uid.localeCompare(b.uid)),
    links: linksOf(linkRecords),
  };
}
