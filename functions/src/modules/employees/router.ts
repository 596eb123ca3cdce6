import { z } from 'zod';
import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import { companyIdQuery } from '../../http/fields';
import * as service from './service';
import { employeeCreateBody, employeeSchema, listEmployeesQuery } from './schemas';

const member = companyInQuery('employee');
const manager = companyInQuery('manager');

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/employees',
    summary: 'List employees, ordered by surname then name',
    description:
      'Owners see every field. Managers see every field except pay (salary, additionalSalary, rateRegular, rateOvertime, positionRates) when the company policy hideFinancialInfoFromManagers is on. Employees see a directory view of colleagues (no pay, contact, address, birth or hiring data) and their own record whole.',
    access: member,
    query: listEmployeesQuery,
    response: z.array(employeeSchema.partial().required({ id: true, name: true, surname: true })),
    handler: ({ query, member }) =>
      service.listEmployees({ member, archived: query.archived, role: query.role, search: query.search }),
  }),
  defineRoute({
    method: 'post',
    path: '/employees',
    summary: 'Create an employee',
    status: 201,
    description:
      'Defaults: positions [], archived false. Each position must name an active role and one of its active sub-roles (422 UNKNOWN_ROLE / UNKNOWN_SUB_ROLE).',
    access: manager,
    query: companyIdQuery,
    body: employeeCreateBody,
    response: employeeSchema,
    handler: ({ query, body }) => service.createEmployee({ companyId: query.companyId, employee: body }),
  }),
  defineRoute({
    method: 'get',
    path: '/employees/me',
    summary: "The caller's own employee record in this company",
    description:
      'Resolved through the membership (its employeeId), else the employee record whose userId is the caller. 404 EMPLOYEE_NOT_FOUND when neither exists (e.g. an owner without an employee record).',
    access: member,
    query: companyIdQuery,
    response: employeeSchema,
    handler: ({ member }) => service.getMyEmployee({ member }),
  }),
];
