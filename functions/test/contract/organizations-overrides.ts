import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { createCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import type { Fixture, Override, Prepared } from './generate';

/**
 * Overrides of the organizations module's operations: they act on an organization made around the
 * fixture company by its owner (who is then the organization's owner), once per fixture; the links
 * need a second location of the same employer, a company of its own put in the organization.
 */
const ORGANIZATIONS = new WeakMap<Fixture, Promise<Prepared>>();

export const CONTRACT_EMPLOYER = { name: 'Contract Foods LLC', ein: '12-3456789', companyCodes: { adp: 'K3X' } };

async function createOrganization(f: Fixture): Promise<Prepared> {
  const res = await api('organizations')
    .post('/organizations')
    .query({ companyId: f.company.companyId })
    .set(bearer(f.company.owner))
    .send({ name: 'Contract Group', employer: CONTRACT_EMPLOYER });
  if (res.status !== 201)
    throw new Error(`fixture: POST /organizations answered ${res.status}: ${res.text.slice(0, 300)}`);
  return { orgId: String(res.body.data.id), employerId: String(res.body.data.employers[0].id) };
}

/** The fixture company's organization (made on first use). */
export function organizationOf(f: Fixture): Promise<Prepared> {
  const known = ORGANIZATIONS.get(f) ?? createOrganization(f);
  ORGANIZATIONS.set(f, known);
  return known;
}

/** A second location of the fixture's employer, with an employee record (written as the module writes it). */
async function secondLocation(f: Fixture): Promise<Prepared> {
  const org = await organizationOf(f);
  const second = await createCompany();
  await db().collection('organizationLocations').doc(second.companyId).set({
    companyId: second.companyId,
    organizationId: org.orgId,
    employerId: org.employerId,
  });
  return { ...org, secondCompanyId: second.companyId, secondEmployeeId: second.employeeId };
}

const records = (f: Fixture, p: Prepared) => [
  { companyId: f.company.companyId, employeeId: f.company.employeeId },
  { companyId: p.secondCompanyId, employeeId: p.secondEmployeeId },
];

async function link(f: Fixture): Promise<Prepared> {
  const p = await secondLocation(f);
  const res = await api('organizations')
    .post(`/organizations/${p.orgId}/employee-links`)
    .set(bearer(f.company.owner))
    .send({ records: records(f, p) });
  if (res.status !== 201)
    throw new Error(`fixture: POST employee-links answered ${res.status}: ${res.text.slice(0, 300)}`);
  return { ...p, linkId: String(res.body.data.id) };
}

const inOrganization = (why: string): Override => ({
  why,
  setup: organizationOf,
  request: (_f, p) => ({ path: { orgId: p.orgId } }),
});

export const ORGANIZATION_OVERRIDES: Record<string, Override> = {
  'POST /organizations': {
    why: 'the employer id must be an EIN with a prefix the IRS assigns (the generic string is not)',
    request: () => ({ body: { name: 'Contract Group', employer: CONTRACT_EMPLOYER } }),
  },
  'GET /organizations/{orgId}': inOrganization('reads an existing organization of the caller (otherwise 404)'),
  'GET /organizations/{orgId}/rollup': {
    why: 'reads the figures of an existing organization of the caller over a month',
    setup: organizationOf,
    request: (_f, p) => ({ path: { orgId: p.orgId }, query: { startDate: '2026-03-01', endDate: '2026-03-31' } }),
  },
  'POST /organizations/{orgId}/employers': {
    why: 'adds an employer to an existing organization, with an EIN of its own',
    setup: organizationOf,
    request: (_f, p) => ({ path: { orgId: p.orgId }, body: { name: 'Contract Kitchens LLC', ein: '20-7654321' } }),
  },
  'PUT /organizations/{orgId}/locations/{companyId}': {
    why: 'puts the fixture company (owned by the caller) under an employer of its organization',
    setup: organizationOf,
    request: (f, p) => ({
      path: { orgId: p.orgId, companyId: f.company.companyId },
      body: { employerId: p.employerId },
    }),
  },
  'PUT /organizations/{orgId}/members/{uid}': {
    why: 'names a member of an existing organization',
    setup: organizationOf,
    request: (_f, p) => ({ path: { orgId: p.orgId, uid: 'contract-admin' }, body: { role: 'admin' } }),
  },
  'POST /organizations/{orgId}/employee-links': {
    why: 'links employee records at two locations of one employer of an existing organization',
    setup: secondLocation,
    request: (f, p) => ({ path: { orgId: p.orgId }, body: { records: records(f, p) } }),
  },
  'DELETE /organizations/{orgId}/employee-links/{linkId}': {
    why: 'dissolves an existing link',
    setup: link,
    request: (_f, p) => ({ path: { orgId: p.orgId, linkId: p.linkId } }),
  },
};
