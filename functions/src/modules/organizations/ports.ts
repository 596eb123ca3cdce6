import type { MemberRole } from '../../core/memberships';
import { requestMemo } from '../../core/store-ops';
import { companyNames } from '../companies';
import { locationOfCompany, organizationOf, requireOrganization } from './access';
import { organizationErrors } from './errors';
import * as repo from './repo';
import type { Employer } from './schemas';

/** The employer of a location, with its organization; null for a company outside any organization. */
export interface EmployerOfLocation extends Employer {
  organizationId: string;
}

/**
 * The legal entity employing a company's staff: two reads (the location, the organization), each
 * once per request; one read (nothing found) for a company outside any organization.
 */
export async function employerOf(companyId: string): Promise<EmployerOfLocation | null> {
  const location = await locationOfCompany(companyId);
  if (!location) return null;
  const org = await organizationOf(location.organizationId);
  const employer = org?.employers.find((e) => e.id === location.employerId);
  return employer ? { ...employer, organizationId: location.organizationId } : null;
}

/** An employer of an organization and its locations (by company id), with their names. */
export interface EmployerLocations {
  employer: EmployerOfLocation;
  locations: { companyId: string; name: string }[];
}

/**
 * The locations an employer of the organization employs the staff of: the organization, its
 * locations (one query) and their names. 422 EMPLOYER_NOT_FOUND for an id the organization has no
 * employer under.
 */
export async function employerLocations(orgId: string, employerId: string): Promise<EmployerLocations> {
  const org = await requireOrganization(orgId);
  const employer = org.employers.find((e) => e.id === employerId);
  if (!employer) throw organizationErrors.EMPLOYER_NOT_FOUND(`The organization has no employer ${employerId}`);
  const ids = (await repo.locationsOf(orgId)).filter((l) => l.employerId === employerId).map((l) => l.companyId);
  const names = await companyNames(ids);
  return {
    employer: { ...employer, organizationId: orgId },
    locations: ids.sort().map((companyId) => ({ companyId, name: names.get(companyId) ?? companyId })),
  };
}

/** A member of the organization a location belongs to: they act as an owner at every location. */
export interface OrganizationMemberOfLocation {
  uid: string;
  role: 'owner' | 'admin';
  organizationId: string;
}

/**
 * The owners and administrators of the organization of a company (none outside any organization:
 * one read, the absent location document).
 */
export async function organizationMembersAt(companyId: string): Promise<OrganizationMemberOfLocation[]> {
  const location = await locationOfCompany(companyId);
  if (!location) return [];
  const members = await repo.membersOf(location.organizationId);
  return members.map((m) => ({ uid: m.uid, role: m.role, organizationId: m.organizationId }));
}

/** A person of a location as its listings show them: a member, or an owner or administrator of its organization. */
export interface PersonAtLocation {
  uid: string;
  role: MemberRole;
  employeeId: string | null;
  /** the organization role of one who acts here through it (as an owner); null for a member */
  organizationRole: 'owner' | 'admin' | null;
}

type MembersGiven = readonly { uid: string; role: MemberRole; employeeId: string | null }[];

/**
 * The people of a location: the `members` given (organizationRole null), then the owners and
 * administrators of its organization who are not among them, as owners without an employee record
 * (`organizationMembersAt`: one read outside any organization).
 */
export async function peopleAt(
  companyId: string,
  members: MembersGiven | Promise<MembersGiven>,
): Promise<PersonAtLocation[]> {
  // the members may still be on their way: the organization is read meanwhile
  const [given, organization] = await Promise.all([members, organizationMembersAt(companyId)]);
  const listed = new Set(given.map((m) => m.uid));
  return [
    ...given.map((m) => ({ uid: m.uid, role: m.role, employeeId: m.employeeId, organizationRole: null })),
    ...organization
      .filter((o) => !listed.has(o.uid))
      .map((o) => ({ uid: o.uid, role: 'owner' as const, employeeId: null, organizationRole: o.role })),
  ];
}

/**
 * The locations a person acts at as an owner through an organization they own or administer, with
 * that role: one query (none found for a person in no organization), then one per organization.
 */
export async function organizationLocationsOf(uid: string): Promise<{ companyId: string; role: 'owner' | 'admin' }[]> {
  const orgs = await repo.membershipsOfUid(uid);
  const locations = await Promise.all(orgs.map((m) => repo.locationsOf(m.organizationId)));
  return orgs.flatMap((m, i) => locations[i].map((l) => ({ companyId: l.companyId, role: m.role })));
}

/** One of a person's records at another location of the same employer. */
export interface LinkedRecord {
  companyId: string;
  employeeId: string;
  /** The location's name (the company's), the one thing of that location a check may tell. */
  locationName: string;
}

/**
 * The same person's employee records at the other locations of the employer of `companyId`: one
 * read for a record that is not linked, two when it is (the link, the locations' names), each once
 * per request.
 */
export function linkedRecordsOf(companyId: string, employeeId: string): Promise<LinkedRecord[]> {
  return requestMemo(`organizations:link:${companyId}_${employeeId}`, async () => {
    const link = await repo.readLinkRecord(companyId, employeeId);
    const named = await othersNamed(companyId, link ? [{ employeeId, records: link.records }] : []);
    return named.get(employeeId) ?? [];
  });
}

/**
 * By employee id, each record's linked records at the other locations (itself left out), with the
 * locations' names (one read, none when no record has another): only the records linked elsewhere.
 */
async function othersNamed(
  companyId: string,
  links: { employeeId: string; records: { companyId: string; employeeId: string }[] }[],
): Promise<Map<string, LinkedRecord[]>> {
  const others = links
    .map((l) => ({
      employeeId: l.employeeId,
      records: l.records.filter((r) => !(r.companyId === companyId && r.employeeId === l.employeeId)),
    }))
    .filter((o) => o.records.length);
  const names = await companyNames(others.flatMap((o) => o.records.map((r) => r.companyId)));
  return new Map(
    others.map((o) => [
      o.employeeId,
      o.records.map((r) => ({ ...r, locationName: names.get(r.companyId) ?? r.companyId })),
    ]),
  );
}

/**
 * The linked records of each of several records of one company: one read (the company's location
 * document) for a company outside any organization, else `linkedRecordsOf` of each (one read for
 * each record that is not linked). Only the records that are linked are in the answer.
 */
export async function linkedRecordsOfEach(
  companyId: string,
  employeeIds: readonly string[],
): Promise<Map<string, LinkedRecord[]>> {
  const out = new Map<string, LinkedRecord[]>();
  if (!employeeIds.length || !(await locationOfCompany(companyId))) return out;
  const unique = [...new Set(employeeIds)];
  const found = await Promise.all(unique.map((e) => linkedRecordsOf(companyId, e)));
  unique.forEach((e, i) => found[i].length && out.set(e, found[i]));
  return out;
}

/**
 * Every linked record of a location with the same person's records at the employer's other
 * locations, by employee id: one query (one read when none is linked), the locations' names one
 * more; once per request. What payroll reads to add a person's hours over the employer.
 */
export function linkedRecordsAt(companyId: string): Promise<Map<string, LinkedRecord[]>> {
  return requestMemo(`organizations:links-at:${companyId}`, async () =>
    othersNamed(companyId, await repo.linkRecordsAt(companyId)),
  );
}
