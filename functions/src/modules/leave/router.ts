import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import { companyIdQuery } from '../../http/fields';
import { lazyFile } from '../kit';
import { z } from 'zod';
import {
  accrualRunAnswer,
  accrualRunBody,
  adjustmentBody,
  balanceSchema,
  entrySchema,
  ledgerQuery,
  policiesAnswer,
  policiesQuery,
  policyBody,
  policyIdParam,
  policySchema,
} from './schemas';

/** The use cases, loaded with the first request that uses them. */
const policies = lazyFile<typeof import('./policies')>(() => require('./policies'));
const accruals = lazyFile<typeof import('./accruals')>(() => require('./accruals'));
const balances = lazyFile<typeof import('./balances')>(() => require('./balances'));
const adjustments = lazyFile<typeof import('./adjust')>(() => require('./adjust'));

const member = companyInQuery('employee');
const manager = companyInQuery('manager');
const owner = companyInQuery('owner');

const LEDGER =
  'A balance is the sum of its entries (integer minutes), never a stored number: accrual (a negative one corrects hours edited or removed after they accrued), grant (front-loaded), usage and usageReturned (day-off requests), carryoverOut / carryoverIn and forfeiture (the year-end close), adjustment (a manager, with a reason). Each entry names its source: punch ids, pay periods or the request.';

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
  defineRoute({
    method: 'get',
    path: '/leave-balances',
    summary: 'Leave balances: per employee and policy, with this leave year figures',
    description: `Employees read their own (another employeeId is 403 INSUFFICIENT_ROLE); managers and owners one employee or all. Entries dated after \`date\` are not counted.\n\n${LEDGER}`,
    access: member,
    query: ledgerQuery,
    response: z.array(balanceSchema),
    handler: ({ member: m, query }) => balances().listBalances({ member: m, query }),
  }),
  defineRoute({
    method: 'get',
    path: '/leave-entries',
    summary: 'The ledger entries behind the balances',
    description: `Sorted by date then creation. Employees read their own; managers and owners anyone's.\n\n${LEDGER}`,
    access: member,
    query: ledgerQuery,
    response: z.array(entrySchema),
    handler: ({ member: m, query }) => balances().listEntries({ member: m, query }),
  }),
  defineRoute({
    method: 'post',
    path: '/leave-accruals',
    summary: 'Settle accruals through a date (managers)',
    description: `For every employee (or one): accrual from approved punches (unpaid breaks out) or from pay periods ended, front-loaded grants at each year start, caps applied, and the close of a leave year that ended (carryover up to the cap, the rest forfeited). Reconciles against the entries already there: a punch edited, unapproved or deleted after it accrued is corrected by a new entry, and running it again writes nothing. One commit per employee.\n\n${LEDGER}`,
    access: manager,
    query: companyIdQuery,
    body: accrualRunBody,
    response: accrualRunAnswer,
    completion: 'steps',
    handler: ({ member: m, body }) =>
      accruals().runAccruals({
        companyId: m.companyId,
        through: body.through,
        employeeId: body.employeeId,
        by: m.uid,
      }),
  }),
  defineRoute({
    method: 'post',
    path: '/leave-adjustments',
    summary: 'Adjust a balance by an entry with a reason (managers)',
    status: 201,
    description: `Adds an adjustment entry (signed minutes) with its reason and author; nothing is overwritten. 404 LEAVE_POLICY_NOT_FOUND, LEAVE_EMPLOYEE_NOT_FOUND.\n\n${LEDGER}`,
    access: manager,
    query: companyIdQuery,
    body: adjustmentBody,
    response: entrySchema,
    handler: ({ member: m, body }) => adjustments().adjust({ companyId: m.companyId, uid: m.uid, body }),
  }),
];
