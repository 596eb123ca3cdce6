import { z } from 'zod';
import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import { companyIdQuery } from '../../http/fields';
import * as service from './service';
import { listRolesQuery, roleCreateBody, roleIdParam, rolePatchBody, roleSchema } from './schemas';

const member = companyInQuery('employee');
const manager = companyInQuery('manager');

/** What a role pays is the owner's decision; managers set up the rest of a role. */
const PAY_FIELDS = ['rate', 'additionalSalary'];

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/roles',
    summary: 'List roles, ordered by priority then name',
    access: member,
    query: listRolesQuery,
    response: z.array(roleSchema),
    handler: ({ query }) => service.listRoles(query),
  }),
  defineRoute({
    method: 'post',
    path: '/roles',
    summary: 'Create a role',
    status: 201,
    description: 'Defaults: priority 0, rate 0, subRoles {}.',
    access: manager,
    ownerOnlyFields: PAY_FIELDS,
    query: companyIdQuery,
    body: roleCreateBody,
    response: roleSchema,
    handler: ({ query, body }) => service.createRole({ companyId: query.companyId, role: body }),
  }),
  defineRoute({
    method: 'patch',
    path: '/roles/:roleId',
    summary: 'Update a role (partial)',
    description:
      'Fields sent replace the stored ones. `subRoles` merges by key: each sub-role sent replaces that key, keys not sent are kept (archive a sub-role with `archived: true`).',
    access: manager,
    ownerOnlyFields: PAY_FIELDS,
    params: roleIdParam,
    query: companyIdQuery,
    body: rolePatchBody,
    response: roleSchema,
    handler: ({ params, query, body }) =>
      service.updateRole({ companyId: query.companyId, roleId: params.roleId, patch: body }),
  }),
  defineRoute({
    method: 'delete',
    path: '/roles/:roleId',
    summary: 'Soft-archive a role',
    description:
      'The record is kept with `archived: true` and left out of GET /roles unless includeArchived=true. Repeating the call is a no-op. Returns the archived role.',
    access: manager,
    params: roleIdParam,
    query: companyIdQuery,
    response: roleSchema,
    handler: ({ params, query }) => service.archiveRole({ companyId: query.companyId, roleId: params.roleId }),
  }),
];
