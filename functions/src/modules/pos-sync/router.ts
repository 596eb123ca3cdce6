import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import { companyIdQuery } from '../../http/fields';
import { csvRoutes } from './csv/routes';
import {
  MAX_TIPS_DAYS,
  createEmployeeBody,
  createEmployeeResponse,
  linkBody,
  linkResponse,
  listQuery,
  listResponse,
  posEmployeeIdParam,
  posEmployeeSchema,
  tipsQuery,
  tipsResponse,
} from './schemas';
import { lazyFile } from '../kit';

/** The service (with the sinks into attendance, sales and employees) is loaded by the first request that uses it, not with the routes. */
const service = lazyFile<typeof import('./service')>(() => require('./service'));

const manager = companyInQuery('manager');

const HELD =
  'While a POS employee is not linked, its POS punches are held (they cannot be attendance punches without an employee) and its sales are imported without an employee (sales totals stay right) and held; linking it writes the held punches to attendance and re-imports the held sales with the employee (GET /sales with employeeId then sees them), and reports what it attributed in `replayed`. Held records a module refuses (e.g. a punch in a range closed by payroll) stay held and count as failed.';

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/pos-employees',
    summary: 'POS employees with their link state and suggestions',
    description: `The team members the POS roster sync found, per integration connection, ordered by id, \`limit\` per page (pass \`nextCursor\` as \`cursor\` for the next). Filter by \`connectionId\` and by \`state\` (linked or unlinked). A roster sync links a POS employee by itself when exactly one employee of the company (not archived, not linked to another POS employee of the same connection) has the same email (case-insensitive) or phone (digits only, with or without the employee's phoneCode); one a manager unlinked is never auto-linked again. Unlinked ones carry up to 3 \`suggestions\`: employees by name similarity. Managers and owners.`,
    access: manager,
    query: listQuery,
    response: listResponse,
    handler: ({ member, query }) => service().listPosEmployees({ companyId: member.companyId, query }),
  }),
  defineRoute({
    method: 'post',
    path: '/pos-employees/:posEmployeeId/link',
    summary: 'Link a POS employee to an employee',
    description: `Links the POS employee to \`employeeId\` (404 EMPLOYEE_NOT_FOUND for an employee the company does not have, 422 EMPLOYEE_ARCHIVED for an archived one, 404 POS_EMPLOYEE_NOT_FOUND for an unknown POS employee). An employee is linked to at most one POS employee per connection: 409 EMPLOYEE_ALREADY_LINKED names the POS employee holding it. Linking again to the same employee changes nothing; linking to another employee moves the link (what was already attributed stays). A manager linking a POS employee to their own employee record is 403 SELF_APPROVAL (its sales and tips would become theirs): the owner or another manager links it. ${HELD} Managers and owners.`,
    access: manager,
    params: posEmployeeIdParam,
    query: companyIdQuery,
    body: linkBody,
    response: linkResponse,
    handler: ({ member, params, body }) =>
      service().link({
        companyId: member.companyId,
        posEmployeeId: params.posEmployeeId,
        employeeId: body.employeeId,
        uid: member.uid,
        linker: member,
      }),
  }),
  defineRoute({
    method: 'delete',
    path: '/pos-employees/:posEmployeeId/link',
    summary: 'Unlink a POS employee',
    description:
      'Removes the link: from now on its new POS punches and sales are held again until it is linked. Data already attributed to the employee (punches, invoices, tips) stays with them, also when the POS sends it again. A POS employee unlinked by hand is never auto-linked again by the roster sync. Unlinking an unlinked POS employee changes nothing. Answers the POS employee with its suggestions. Managers and owners.',
    access: manager,
    params: posEmployeeIdParam,
    query: companyIdQuery,
    response: posEmployeeSchema,
    handler: ({ member, params }) =>
      service().unlink({ companyId: member.companyId, posEmployeeId: params.posEmployeeId, uid: member.uid }),
  }),
  defineRoute({
    method: 'post',
    path: '/pos-employees/:posEmployeeId/employee',
    summary: 'Create an employee from a POS employee (and link them)',
    status: 201,
    description: `Creates an employee with the POS employee's first and last name, email (when a valid address) and phone, or the values given in the body, with no positions and importSource \`pos:{slug}\`, and links the POS employee to it, in one commit. A POS employee already linked is 409 POS_EMPLOYEE_ALREADY_LINKED (unlink it first). ${HELD} Managers and owners.`,
    access: manager,
    params: posEmployeeIdParam,
    query: companyIdQuery,
    body: createEmployeeBody,
    response: createEmployeeResponse,
    handler: ({ member, params, body }) =>
      service().createEmployeeFrom({
        companyId: member.companyId,
        posEmployeeId: params.posEmployeeId,
        uid: member.uid,
        body,
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/tips',
    summary: 'POS tips per business day and employee, each kind apart',
    description: `Tips of the synced POS sales and punches per business date (company calendar: timezone, dayChangeTime) and employee, for startDate..endDate (at most ${MAX_TIPS_DAYS} days), with totals per employee over the range. Each kind is apart: card tips and cash tips entered on checks, cash tips declared on POS punches (the business date of the clock-in), voluntary gratuities (the staff's tip), service charges and automatic gratuities (the restaurant's receipt, not a tip: shown for the server, never in \`tips\`), and tips the POS credits from one server to another (tipsGiven by the server, tipsReceived by the employee credited, attributed through the POS employee links like the server). \`tips\` is the staff's tips: cardTips + cashTips + declaredCashTips + gratuities - tipsGiven + tipsReceived. Refunded tips (negative) are included; a sale the POS voided after closing counts nowhere (re-closed, it counts once). Tips of a POS employee not linked yet are under employeeId null until the link attributes them. Payroll pays the same tips. Managers and owners; managers get 403 TIPS_HIDDEN when the company policy hideTipsFromManagers is on.`,
    access: manager,
    query: tipsQuery,
    response: tipsResponse,
    handler: ({ member, query }) => service().tipsFor({ member, query }),
  }),
  ...csvRoutes,
];
