import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import { companyIdQuery } from '../../http/fields';
import { lazyFile } from '../kit';
import { policiesAnswer, policiesQuery, policyBody, policyIdParam, policySchema } from './schemas';

/** The use cases, loaded with the first request that uses them. */
const policies = lazyFile<typeof import('./policies')>(() => require('./policies'));

const member = companyInQuery('employee');
const owner = companyInQuery('owner');

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/leave-policies',
    summary: "The company's leave policies and the sick-leave laws covering it",
    description:
      "Policies (sick and PTO) with their accrual, caps, carryover, waiting period and year start; `laws`: the paid sick leave laws covering the profile's lawLocation on the date, as the floors a sick policy must meet (the employer-size tier from the sick policy's employerHeadcount), with their citations.",
    access: member,
    query: policiesQuery,
    response: policiesAnswer,
    handler: ({ query }) => policies().listPolicies({ companyId: query.companyId, date: query.date }),
  }),
  defineRoute({
    method: 'put',
    path: '/leave-policies/:policyId',
    summary: 'Create or replace a leave policy (owners)',
    description:
      "Replaces the whole policy (fields left out take their defaults). A sick policy below any rule of a sick leave law covering the company's lawLocation today is 422 LEAVE_BELOW_LAW_FLOOR, every rule it breaks in details (`rule` <law>.<rule> and its citation), and nothing is written. Changing a policy changes what accrues from then on; entries already in the ledger stay.",
    access: owner,
    params: policyIdParam,
    query: companyIdQuery,
    body: policyBody,
    response: policySchema,
    handler: ({ member: m, params, body }) =>
      policies().putPolicy({ companyId: m.companyId, policyId: params.policyId, body, uid: m.uid }),
  }),
];
