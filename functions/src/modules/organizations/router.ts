import { companyIdQuery } from '../../http/fields';
import { companyInQuery, defineRoute, organizationInPath, type RouteDef } from '../../http/route';
import { lazyFile } from '../kit';
import {
  employeeLinkSchema,
  employerBody,
  employerSchema,
  linkBody,
  linkParams,
  locationBody,
  locationParams,
  locationSchema,
  memberBody,
  memberParams,
  organizationCreateBody,
  organizationMemberSchema,
  organizationParams,
  organizationSchema,
  unlinkedSchema,
} from './schemas';
import { rollupParams, rollupQuery, rollupResponse } from './rollup-schemas';

/** The use cases load with the first request that needs them, not with the routes. */
const create = lazyFile<typeof import('./create')>(() => require('./create'));
const read = lazyFile<typeof import('./read')>(() => require('./read'));
const employers = lazyFile<typeof import('./employers')>(() => require('./employers'));
const locations = lazyFile<typeof import('./locations')>(() => require('./locations'));
const members = lazyFile<typeof import('./members')>(() => require('./members'));
const links = lazyFile<typeof import('./links')>(() => require('./links'));
const rollup = lazyFile<typeof import('./rollup')>(() => require('./rollup'));

const admins = organizationInPath('admin');
const owners = organizationInPath('owner');

export const routes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/organizations',
    summary: 'Create an organization around the company (its owners)',
    description:
      'The company becomes the first location, employed by the employer given; the caller becomes the first owner of the organization. 409 ALREADY_IN_ORGANIZATION for a company of an organization already.',
    status: 201,
    access: companyInQuery('owner'),
    query: companyIdQuery,
    body: organizationCreateBody,
    response: organizationSchema,
    handler: ({ member, caller, body }) =>
      create().createOrganization({ companyId: member.companyId, uid: caller.uid, body }),
  }),
  defineRoute({
    method: 'get',
    path: '/organizations/:orgId',
    summary: 'An organization: its employers, locations, members and employee links',
    access: admins,
    params: organizationParams,
    response: organizationSchema,
    handler: ({ caller, params }) => read().readOrganizationView({ orgId: params.orgId, uid: caller.uid }),
  }),
  defineRoute({
    method: 'post',
    path: '/organizations/:orgId/employers',
    summary: 'Add an employer (a legal entity) to the organization (organization owners)',
    description: '409 EMPLOYER_ID_TAKEN for an EIN the organization already has.',
    status: 201,
    access: owners,
    params: organizationParams,
    body: employerBody,
    response: employerSchema,
    handler: ({ params, body }) => employers().addEmployer({ orgId: params.orgId, body }),
  }),
  defineRoute({
    method: 'put',
    path: '/organizations/:orgId/locations/:companyId',
    summary: 'Put a company in the organization under an employer, or move it to another employer',
    description:
      'Organization owners who also own the company (403 COMPANY_OWNER_REQUIRED otherwise). 409 ALREADY_IN_ORGANIZATION for a company of another organization; 409 LOCATION_HAS_LINKS to move a location with linked employee records.',
    access: owners,
    params: locationParams,
    body: locationBody,
    response: locationSchema,
    handler: ({ caller, params, body }) =>
      locations().putLocation({
        orgId: params.orgId,
        companyId: params.companyId,
        uid: caller.uid,
        employerId: body.employerId,
      }),
  }),
  defineRoute({
    method: 'put',
    path: '/organizations/:orgId/members/:uid',
    summary: 'Make a user an owner or administrator of the organization (organization owners)',
    description:
      'Both act as an owner at every location of the organization. 409 LAST_ORGANIZATION_OWNER for the last owner’s demotion.',
    access: owners,
    params: memberParams,
    body: memberBody,
    response: organizationMemberSchema,
    handler: ({ params, body }) => members().putMember({ orgId: params.orgId, target: params.uid, role: body.role }),
  }),
  defineRoute({
    method: 'post',
    path: '/organizations/:orgId/employee-links',
    summary: 'Link one person’s employee records at locations of one employer',
    description: `Owners and administrators of the organization. Positions and rates stay per location; the checks across locations (overlaps, rest between shifts) and weekly overtime then count the records as one person. 422 DIFFERENT_EMPLOYERS, NOT_A_LOCATION, ONE_RECORD_PER_LOCATION, UNKNOWN_EMPLOYEE.`,
    status: 201,
    access: admins,
    params: organizationParams,
    body: linkBody,
    response: employeeLinkSchema,
    handler: ({ caller, params, body }) =>
      links().linkByMember({ orgId: params.orgId, uid: caller.uid, records: body.records }),
  }),
  defineRoute({
    method: 'delete',
    path: '/organizations/:orgId/employee-links/:linkId',
    summary: 'Dissolve an employee link',
    access: admins,
    params: linkParams,
    response: unlinkedSchema,
    handler: ({ params }) => links().unlink({ orgId: params.orgId, linkId: params.linkId }),
  }),
  defineRoute({
    method: 'get',
    path: '/organizations/:orgId/rollup',
    summary: 'Sales, labour cost and %, premiums, forecast and AI usage per location and in total',
    description: `Owners and administrators of the organization, who act as owners of every location: each location's line is what its owner reads from GET /sales (net sales, covers, tips, the labour cost of published shifts and of approved punches, their ratio to sales), GET /shifts/premiums (count and amount), GET /forecast (with forecast=true) and the AI usage ledger (UTC days), all locations read in parallel. A location whose setting hasAccessToLaborCost is off withholds its labour figures (null, \`hidden\`), and every total they would enter is null too. Money of two currencies is never added: one total per currency. Business dates are each location's own. 400 INVALID_DATE_RANGE past the range limit.`,
    access: admins,
    params: rollupParams,
    query: rollupQuery,
    response: rollupResponse,
    handler: ({ params, query }) => rollup().organizationRollup({ orgId: params.orgId, query }),
  }),
];
