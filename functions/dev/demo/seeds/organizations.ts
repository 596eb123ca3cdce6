import { createOrganization } from '../../../src/modules/organizations/create';
import { linkRecords } from '../../../src/modules/organizations/links';
import { putLocation } from '../../../src/modules/organizations/locations';
import { readLocation } from '../../../src/modules/organizations/repo';
import { employerBody } from '../../../src/modules/organizations/schemas';
import type { DemoCompany } from '../types';

/**
 * The demo restaurant group (docs/ORGANIZATIONS.md): a company whose file names an `organization`
 * joins the company it names (seeded before it) under one employer, and the employee records of
 * one person at both are linked, so that their shifts are checked across the two locations and
 * their weekly overtime adds both. Run again on a loaded demo, it finds the organization and the
 * link in place and writes nothing new.
 */
export async function seed(company: DemoCompany): Promise<string> {
  const group = company.file.organization;
  if (!group) return 'no organization';
  const { ownerUid } = company;
  if (!(await readLocation(group.with)))
    await createOrganization({
      companyId: group.with,
      uid: ownerUid,
      body: { name: group.name, employer: employerBody.parse(group.employer) },
    });
  const org = await readLocation(group.with);
  if (!org) throw new Error(`the organization of ${group.with} was not created`);
  await putLocation({
    orgId: org.organizationId,
    companyId: company.companyId,
    uid: ownerUid,
    employerId: org.employerId,
  });
  for (const records of group.links) await linkRecords({ orgId: org.organizationId, records, by: ownerUid });
  return `a location of ${group.name} with ${group.with} (one employer); ${group.links.length} person linked across the two`;
}
