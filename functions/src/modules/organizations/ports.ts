import { requestMemo } from '../../core/store-ops';
import { companyNames } from '../companies';
import { locationOfCompany, organizationOf } from './access';
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
    if (!link) return [];
    const others = link.records.filter((r) => !(r.companyId === companyId && r.employeeId === employeeId));
    if (!others.length) return [];
    const names = await companyNames(others.map((r) => r.companyId));
    return others.map((r) => ({ ...r, locationName: names.get(r.companyId) ?? r.companyId }));
  });
}
