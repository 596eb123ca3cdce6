import { z } from 'zod';
import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import { companyIdQuery } from '../../http/fields';
import { lazyFile } from '../kit';
import {
  distributeBody,
  distributionSchema,
  entriesQuery,
  entrySchema,
  listPoolsQuery,
  MAX_ENTRIES_DAYS,
  periodParam,
  poolBody,
  poolIdParam,
  poolSchema,
} from './schemas';

/** The use cases, loaded with the first request that uses them. */
const pools = lazyFile<typeof import('./pools')>(() => require('./pools'));
const distribute = lazyFile<typeof import('./distribute')>(() => require('./distribute'));
const entries = lazyFile<typeof import('./entries')>(() => require('./entries'));

const member = companyInQuery('employee');
const manager = companyInQuery('manager');
const owner = companyInQuery('owner');

const LAW = `**Who may share, by law** (422, the role and the rule in details): no role of type MNG shares (managers and supervisors never keep tips from a pool: 29 U.S.C. 203(m)(2)(B), 29 CFR 531.52(b)(2); TIP_POOL_MANAGER_SHARES, in California TIP_POOL_EMPLOYER_AGENT, Labor Code 351); a role of type BOH shares only where the employer takes no tip credit (29 CFR 531.54(b)-(c); TIP_POOL_BACK_OF_HOUSE_WITH_TIP_CREDIT); a tip credit where the company's state forbids one is TIP_CREDIT_NOT_ALLOWED (CA, WA, OR, MN, NV, MT, AK). A role the pool names must exist (TIP_POOL_UNKNOWN_ROLE).

**No tip in two pools** (409 TIP_POOL_OVERLAP): two active pools never take the same class of tips of the same contributor role.`;

const POOL = `A pool takes the tips of its contributor roles (the classes it names: card, cash, gratuities), takes a tip-out first when it has one (a percentage of each contributor's net sales or tips, to the tip-out's roles by hours), and divides the rest among its share roles by hours, points or fixed percentages, per business day or company week. How each share is made, with worked examples: docs/TIPS.md.`;

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/tip-pools',
    summary: "List the company's tip pools (archived ones included)",
    description: `${POOL}\n\nManagers and owners.`,
    access: manager,
    query: listPoolsQuery,
    response: z.array(poolSchema),
    handler: ({ query }) => pools().listPools({ companyId: query.companyId }),
  }),
  defineRoute({
    method: 'post',
    path: '/tip-pools',
    summary: 'Define a tip pool (owners)',
    status: 201,
    description: `${POOL}\n\n${LAW}\n\nOwners only.`,
    access: owner,
    query: companyIdQuery,
    body: poolBody,
    response: poolSchema,
    handler: ({ query, body }) => pools().createPool({ companyId: query.companyId, body }),
  }),
  defineRoute({
    method: 'get',
    path: '/tip-pools/:poolId',
    summary: 'One tip pool',
    description: 'Managers and owners; 404 TIP_POOL_NOT_FOUND.',
    access: manager,
    params: poolIdParam,
    query: companyIdQuery,
    response: poolSchema,
    handler: ({ params, query }) => pools().getPool({ companyId: query.companyId, poolId: params.poolId }),
  }),
  defineRoute({
    method: 'put',
    path: '/tip-pools/:poolId',
    summary: "Replace a tip pool's rules (owners)",
    description: `The rules sent replace the pool's (version + 1), checked as on creation. Locked distributions keep their entries: distributing a locked period again pays what the new rules change as adjustment entries in the next open period.\n\n${LAW}\n\nOwners only.`,
    access: owner,
    params: poolIdParam,
    query: companyIdQuery,
    body: poolBody,
    response: poolSchema,
    handler: ({ params, query, body }) =>
      pools().replacePool({ companyId: query.companyId, poolId: params.poolId, body }),
  }),
  defineRoute({
    method: 'delete',
    path: '/tip-pools/:poolId',
    summary: 'Archive a tip pool (owners)',
    description:
      'The pool is kept with `archived: true` (its ledger stays) and takes no more tips, so its roles may enter another pool. Repeating it is a no-op.',
    access: owner,
    params: poolIdParam,
    query: companyIdQuery,
    response: poolSchema,
    handler: ({ params, query }) => pools().archivePool({ companyId: query.companyId, poolId: params.poolId }),
  }),
  defineRoute({
    method: 'post',
    path: '/tip-pools/:poolId/distributions',
    summary: "Distribute a pool's period into the ledger",
    description: `Divides the pool for one period (a business date, or the company week starting on periodStart: else 422 TIP_PERIOD_NOT_A_START) from the sales and tips of the sales module and the approved punches of attendance, and writes one entry per employee and part (tipOut, pool) with its arithmetic: what entered, the rule, the basis (minutes, points x minutes), the exact share, the rounded share (largest remainder: the shares add up to what entered, to the cent) and the rounding.

- **Open period**: the entries are written again from the current figures (the same figures give the same entries, so repeating the call changes nothing).
- **Locked period** (POST .../lock): its entries never change. The call finds what the period pays now (a late sale or punch, a change of the pool's rules) and writes the difference per employee as \`adjustment\` entries in the pool's next open period (answered in \`adjustments\`); once paid, repeating it writes nothing.

The law is checked again with the roles as they are now (the codes of POST /tip-pools), and nobody receiving a share may be a manager or owner member of the company (422 TIP_POOL_MANAGER_SHARES, in California TIP_POOL_EMPLOYER_AGENT, naming the employee). Managers and owners; a manager gets 403 TIPS_HIDDEN while the policy hideTipsFromManagers is on.`,
    access: manager,
    params: poolIdParam,
    query: companyIdQuery,
    body: distributeBody,
    response: distributionSchema,
    handler: ({ member: m, params, body }) =>
      distribute().distribute({ member: m, poolId: params.poolId, periodStart: body.periodStart }),
  }),
  defineRoute({
    method: 'get',
    path: '/tip-pools/:poolId/distributions/:periodStart',
    summary: 'One distributed period with its entries',
    description:
      'The entries paid in the period (its shares, and adjustments of earlier locked periods paid in it). 404 TIP_DISTRIBUTION_NOT_FOUND. Managers and owners; a manager gets 403 TIPS_HIDDEN while the policy hideTipsFromManagers is on.',
    access: manager,
    params: periodParam,
    query: companyIdQuery,
    response: distributionSchema,
    handler: ({ member: m, params }) =>
      distribute().getDistribution({ member: m, poolId: params.poolId, periodStart: params.periodStart }),
  }),
  defineRoute({
    method: 'post',
    path: '/tip-pools/:poolId/distributions/:periodStart/lock',
    summary: 'Lock a distributed period: its entries never change again',
    description:
      'From then on a change reaching the period is paid as adjustment entries in the next open period (POST .../distributions). Repeating it answers the locked distribution. 404 TIP_DISTRIBUTION_NOT_FOUND. Managers and owners; a manager gets 403 TIPS_HIDDEN while the policy hideTipsFromManagers is on.',
    access: manager,
    params: periodParam,
    query: companyIdQuery,
    response: distributionSchema,
    handler: ({ member: m, params }) =>
      distribute().lockDistribution({ member: m, poolId: params.poolId, periodStart: params.periodStart }),
  }),
  defineRoute({
    method: 'get',
    path: '/tip-entries',
    summary: 'Tip ledger entries of a range of periods (an employee: their own)',
    description: `Entries of every pool whose period starts in startDate..endDate (at most ${MAX_ENTRIES_DAYS} days), by period, pool and kind, each with the state of its period and the arithmetic that made it. An employee reads their own entries whatever employeeId says; a manager every employee's (or employeeId's), except while the policy hideTipsFromManagers is on (403 TIPS_HIDDEN); an owner every one.`,
    access: member,
    query: entriesQuery,
    response: z.array(entrySchema),
    handler: ({ member: m, query }) => entries().listEntries({ member: m, query }),
  }),
];
