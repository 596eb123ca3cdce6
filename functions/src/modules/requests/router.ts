import { z } from 'zod';
import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import { companyIdQuery } from '../../http/fields';
import {
  EMERGENCY_HOURS,
  approvalAnswer,
  approveQuery,
  createRequestBody,
  decisionBody,
  listRequestsQuery,
  pickBody,
  policyPatch,
  policySchema,
  requestIdParam,
  requestSchema,
} from './schemas';
import { lazyFile } from '../kit';

/** The use cases, loaded with the first request that uses them (a cold start loads only the routes). */
const create = lazyFile<typeof import('./create')>(() => require('./create'));
const policy = lazyFile<typeof import('./policy')>(() => require('./policy'));
const reads = lazyFile<typeof import('./reads')>(() => require('./reads'));
const step = lazyFile<typeof import('./step')>(() => require('./step'));

const member = companyInQuery('employee');
const manager = companyInQuery('manager');
const owner = companyInQuery('owner');

const FLOWS = `**Flows.** States: \`pending_peer\` (a coworker, volunteers or claimants must act), \`pending_manager\`, \`approved\`, \`denied\`, \`cancelled\`, \`expired\` (a pending swap, replace or emergency whose shift has started answers expired; any step on it is 409 REQUEST_EXPIRED). The shift stays the requester's until the request is approved; approval applies the change in the same transaction as its checks (serialized with PUT /shifts of the employees concerned: of two approvals racing for one shift one wins, the other gets 409 or 422).
- \`swap\`: the peer (employee of peerShiftId) accepts or declines; accepted, it is approved at once, or awaits a manager when the company policy says so. Approval exchanges the two shifts.
- \`replace\` (offer up): coworkers volunteer (each checked for eligibility); the requester or a manager picks one; a manager's pick, or the requester's when the policy needs no manager, approves at once.
- \`emergency\`: for a shift starting within ${EMERGENCY_HOURS} hours, created by its employee or by a manager for any shift; the first eligible claimant takes it (exactly one under concurrency; later claims are 409 ALREADY_CLAIMED), approved at once unless the policy asks for a manager.
- \`dayOff\`: whole or partial days (start/end minutes); approval records the day-offs in the schedule, which then refuses any shift on them (422 timeOff); approving a day-off that meets live shifts of the employee is 422 TIME_OFF_CONFLICT.
- \`availabilities\`: replaces the employee's availabilities when approved.
**Eligibility** of a taker (volunteer, claim, pick, accept, approval): holds the shift's role, is available, has no overlapping shift or day-off, and passes the rules of PUT /shifts (betweenShifts, maxDayHours, weekly limits, all as blocking here) and the fair-workweek rest; otherwise 422 NOT_ELIGIBLE with every finding in details. Changes made by approved requests are employee-requested: no fair-workweek premium is recorded.`;

const SEE_FLOWS = 'The states, flows and eligibility rules are described under POST /requests.';

const stepRoute = (
  action: 'accept' | 'decline' | 'volunteer' | 'claim' | 'approve' | 'deny' | 'cancel',
  summary: string,
  description: string,
  access = member,
) =>
  defineRoute({
    method: 'post',
    path: `/requests/:id/${action}`,
    summary,
    description: `${description}\n\n${SEE_FLOWS}`,
    access,
    params: requestIdParam,
    query: companyIdQuery,
    body: decisionBody,
    response: requestSchema,
    handler: ({ member: m, params, body }) => step().step({ member: m, id: params.id, action, note: body.note }),
  });

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/requests',
    summary: 'List shift requests: mine, available to take, or the manager queue',
    description: `Filters by type, state (the effective state: expired included) and date range (from/to on the request's date). Sorted by date then creation. At most 500.\n\n${SEE_FLOWS}`,
    access: member,
    query: listRequestsQuery,
    response: z.array(requestSchema),
    handler: ({ member: m, query }) => reads().listRequests({ member: m, query }),
  }),
  defineRoute({
    method: 'post',
    path: '/requests',
    summary: 'Create a shift request (swap, replace, emergency, dayOff, availabilities)',
    status: 201,
    description: `The requester is the caller's employee record (422 NO_EMPLOYEE_RECORD without one), except an emergency created by a manager (then the shift's employee). A swap, replace or emergency needs a live shift of the requester that has not started (422 INVALID_REQUEST_SHIFT) and no other pending request for it (409 REQUEST_EXISTS); overlapping day-off requests of one employee, and a second pending availabilities request, are 409 REQUEST_EXISTS (so a retried create does not make a second request).\n\n${FLOWS}`,
    access: member,
    query: companyIdQuery,
    body: createRequestBody,
    response: requestSchema,
    handler: ({ member: m, body }) => create().createRequest({ member: m, body }),
  }),
  defineRoute({
    method: 'get',
    path: '/requests/:id',
    summary: 'One shift request',
    description:
      'Managers see every request; employees their own, the swaps asking them, and the offers and emergencies of the company (else 404).',
    access: member,
    params: requestIdParam,
    query: companyIdQuery,
    response: requestSchema,
    handler: ({ member: m, params }) => reads().getRequest({ member: m, id: params.id }),
  }),
  stepRoute(
    'accept',
    'Accept a swap (the peer)',
    'Only the employee of peerShiftId (403 NOT_REQUEST_PARTY; the requester: 422 OWN_REQUEST). pending_peer -> pending_manager, or approved (the shifts exchanged) when the policy needs no manager. Repeating it returns the request.',
  ),
  stepRoute('decline', 'Decline a swap (the peer)', 'pending_peer -> denied.'),
  stepRoute(
    'volunteer',
    'Volunteer for an offered shift (replace)',
    'The caller must be eligible (422 NOT_ELIGIBLE with the findings); the requester cannot volunteer (422 OWN_REQUEST). Volunteering twice is a no-op. State stays pending_peer.',
  ),
  defineRoute({
    method: 'post',
    path: '/requests/:id/pick',
    summary: 'Pick a volunteer of an offer (the requester or a manager)',
    description: `The employee must have volunteered (422 NOT_A_VOLUNTEER) and still be eligible. A manager's pick approves and applies at once (unless the offer or the volunteer is their own: then, when the policy asks for a manager, it awaits the owner or another manager); the requester's too when the policy needs no manager, else pending_manager.\n\n${SEE_FLOWS}`,
    access: member,
    params: requestIdParam,
    query: companyIdQuery,
    body: pickBody,
    response: requestSchema,
    handler: ({ member: m, params, body }) =>
      step().step({ member: m, id: params.id, action: 'pick', employeeId: body.employeeId }),
  }),
  stepRoute(
    'claim',
    'Claim an emergency',
    'The first eligible claimant gets it: approved and applied at once, or pending_manager when the policy asks for a manager. Another claim is then 409 ALREADY_CLAIMED; an ineligible claimant 422 NOT_ELIGIBLE; the requester 422 OWN_REQUEST.',
  ),
  defineRoute({
    method: 'post',
    path: '/requests/:id/approve',
    summary: 'Approve a request (manager)',
    description: `pending_manager -> approved, applying the change atomically with its checks. A manager's own request (as requester, swap coworker or taker) is 403 SELF_APPROVAL: the owner or another manager approves it (422 NOT_ELIGIBLE or TIME_OFF_CONFLICT with details; 409 SHIFT_CHANGED when the shift moved meanwhile). Any other state: 409 REQUEST_NOT_PENDING.\n\n**Dry run** (\`?dryRun=true\`): the same reads and checks, nothing written, 200 with the request as approval would leave it and \`outcome\`: \`refusal\` (the 409 or 422 the real call answers, or null), \`blocking\` (the findings of a NOT_ELIGIBLE), no warnings, no premiums; when refused, the request as it stands. The real call answers the same \`outcome\` (dryRun false). 403 and 404 stay errors.\n\n${SEE_FLOWS}`,
    access: manager,
    params: requestIdParam,
    query: approveQuery,
    body: decisionBody,
    response: approvalAnswer,
    handler: ({ member: m, params, query, body }) =>
      step().approve({ member: m, id: params.id, note: body.note, dryRun: query.dryRun }),
  }),
  stepRoute(
    'deny',
    'Deny a request (manager)',
    'pending_peer or pending_manager -> denied; other states 409 REQUEST_NOT_PENDING.',
    manager,
  ),
  stepRoute(
    'cancel',
    'Cancel a request (the requester or a manager)',
    'pending_peer or pending_manager -> cancelled; an approved dayOff too (its days are open to scheduling again); other states 409 REQUEST_NOT_PENDING.',
  ),
  defineRoute({
    method: 'get',
    path: '/request-policy',
    summary: "Which request types need a manager's approval",
    description: 'Defaults: swap, replace, dayOff and availabilities need a manager; emergency does not.',
    access: member,
    query: companyIdQuery,
    response: policySchema,
    handler: ({ query }) => policy().getPolicy({ companyId: query.companyId }),
  }),
  defineRoute({
    method: 'patch',
    path: '/request-policy',
    summary: "Set which request types need a manager's approval",
    description:
      'Types sent replace the stored flags; others are kept. Applies to requests created afterwards. Owners only: a manager cannot switch off the approval their own requests go through.',
    access: owner,
    query: companyIdQuery,
    body: policyPatch,
    response: policySchema,
    handler: ({ query, body }) => policy().updatePolicy({ companyId: query.companyId, patch: body.managerApproval }),
  }),
];
