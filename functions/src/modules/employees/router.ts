import { z } from 'zod';
import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import { companyIdQuery } from '../../http/fields';
import * as service from './service';
import { archiveQuery, archiveResult } from './archive-schemas';
import {
  archiveBody,
  auditEntrySchema,
  employeeCreateBody,
  employeeIdParam,
  employeePatchBody,
  employeeSchema,
  listEmployeesQuery,
  rehireBody,
} from './schemas';
import { recordOf } from '../../http/visibility';
import { lazyFile } from '../kit';

const member = companyInQuery('employee');
const manager = companyInQuery('manager');
const lifecycle = lazyFile<typeof import('./lifecycle')>(() => require('./lifecycle'));
const archive = lazyFile<typeof import('./archive')>(() => require('./archive'));

const VISIBILITY =
  'Owners see every field. Managers see every field except the pay of others (salary, additionalSalary, rateRegular, rateOvertime, positionRates) when the company policy hideFinancialInfoFromManagers is on. Employees see a directory view of colleagues (no pay, contact (email, phone, phoneCode, address, city), emergency, birth, hiring, employee number or archive data) and their own record whole.';
// partial() makes a new object schema: it is the record of employee `id` again
const seenEmployee = recordOf(employeeSchema.partial().required({ id: true, name: true, surname: true }), 'id').meta({
  id: 'Employee',
  description: 'An employee as the caller sees it: the fields their role and the company policies let them see',
});

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/employees',
    summary: 'List employees, ordered by surname then name',
    description: `${VISIBILITY} A search matches only fields the caller sees. \`archived\` is as of now: an archive recorded for a later date takes effect when that business day begins.`,
    access: member,
    query: listEmployeesQuery,
    response: z.array(seenEmployee),
    handler: ({ query, member }) =>
      service.listEmployees({ member, archived: query.archived, role: query.role, search: query.search }),
  }),
  defineRoute({
    method: 'post',
    path: '/employees',
    summary: 'Create an employee',
    status: 201,
    description:
      'Defaults: positions [], archived false. Each position must name an active role and one of its active sub-roles (422 UNKNOWN_ROLE / UNKNOWN_SUB_ROLE); each key of positionRates an active role (422 UNKNOWN_ROLE). The creation is audited.',
    access: manager,
    query: companyIdQuery,
    body: employeeCreateBody,
    response: employeeSchema,
    handler: ({ query, body, member }) =>
      service.createEmployee({ companyId: query.companyId, employee: body, by: member.uid }),
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
  defineRoute({
    method: 'get',
    path: '/employees/:employeeId',
    summary: 'One employee (archived ones too)',
    description: `${VISIBILITY} 404 EMPLOYEE_NOT_FOUND for an id the company does not have.`,
    access: member,
    params: employeeIdParam,
    query: companyIdQuery,
    response: seenEmployee,
    handler: ({ params, member }) => service.getEmployee({ member, id: params.employeeId }),
  }),
  defineRoute({
    method: 'patch',
    path: '/employees/:employeeId',
    summary: "Correct an employee's fields",
    description:
      'Any field of the create body, validated the same way; null removes an optional field (not name, surname or positions). Owners change every field; managers every field but pay (their own included) when hideFinancialInfoFromManagers is on; an employee only their own contact (email, phone, phoneCode, address, city) and emergency fields (availabilities: through an availabilities request). Any other field answers 403 FIELD_NOT_EDITABLE listing each, and nothing is written. Positions and positionRates keys are checked against the roles (422). Archived employees can be corrected too. Each change is audited (GET /employees/{employeeId}/audit); a patch that changes nothing writes nothing. Returns the record as the caller sees it.',
    access: member,
    params: employeeIdParam,
    query: companyIdQuery,
    body: employeePatchBody,
    response: seenEmployee,
    handler: ({ params, body, member }) => service.updateEmployee({ member, id: params.employeeId, patch: body }),
  }),
  defineRoute({
    method: 'post',
    path: '/employees/:employeeId/archive',
    completion: 'steps',
    summary: 'Archive an employee who leaves, from an effective date',
    description:
      "The record keeps its id, history, documents, pay records and POS links. Their shifts (every mode) dated from effectiveDate, and not before today, are unassigned and listed as openSeats (generation fills those seats again); unless the reason is `resigned` (the employee's change), each cancelled published shift owes the fair-workweek premium of an employer's cancellation where the company's jurisdiction has one. Pending requests they are a party to are cancelled with a reason in their history (an offer they only volunteered for loses them as volunteer). Their membership stops granting access when effectiveDate begins (the account remains). Until then the employee is listed as active and can be scheduled before that day. Repeating the same archive completes what a failure left undone; another archive of an archived employee answers 422 EMPLOYEE_ARCHIVED. 422 CANNOT_ARCHIVE for the caller's own record or an owner's.\n\n**Dry run** (`?dryRun=true`): the same reads and checks of every step, nothing written (no record, shift, premium, request, membership or audit entry), 200 with what the archive would do: the record as it would leave it, the open seats, the premiums it would owe (with their citations) and the requests it would cancel, and `outcome`: `refusal` (the 422 the real call answers, or null), no findings of its own, and the premiums. The real call answers the same `outcome` (dryRun false) with the premiums it recorded. 403 and 404 stay errors.",
    access: manager,
    params: employeeIdParam,
    query: archiveQuery,
    body: archiveBody,
    response: archiveResult,
    handler: ({ params, query, body, member }) =>
      archive().archiveEmployee({ member, id: params.employeeId, body, dryRun: query.dryRun }),
  }),
  defineRoute({
    method: 'post',
    path: '/employees/:employeeId/rehire',
    summary: 'Rehire an archived employee (or undo an archive)',
    description:
      'The same record and id, with its history; access to the company is restored at once. What the archive cancelled (shifts, requests) stays cancelled. A record that is not archived is returned unchanged.',
    access: manager,
    params: employeeIdParam,
    query: companyIdQuery,
    body: rehireBody,
    response: seenEmployee,
    handler: ({ params, body, member }) => lifecycle().rehireEmployee({ member, id: params.employeeId, body }),
  }),
  defineRoute({
    method: 'get',
    path: '/employees/:employeeId/audit',
    summary: "An employee's audit trail",
    description:
      'Every change of the record, oldest first: who (uid), when, and the changed fields before and after (null: absent). Fields the caller may not see are left out (a manager who may not see pay sees no pay field here either), and an entry left with nothing is dropped.',
    access: manager,
    params: employeeIdParam,
    query: companyIdQuery,
    response: z.array(auditEntrySchema),
    handler: ({ params, member }) => lifecycle().employeeAudit({ member, id: params.employeeId }),
  }),
];
