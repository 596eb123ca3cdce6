import { z } from 'zod';
import { companyIdQuery } from '../../http/fields';
import { companyInQuery, defineRoute, PUBLIC, type RouteDef } from '../../http/route';
import {
  applicationIdParam,
  applicationPage,
  applicationSchema,
  applyAccepted,
  applyBody,
  applyReceipt,
  confirmApplicationBody,
  hireBody,
  hireResult,
  listApplicationsQuery,
  listPostingsQuery,
  hiringPermissionsPatch,
  hiringPermissionsSchema,
  moveBody,
  noteBody,
  postingCreateBody,
  postingIdParam,
  postingPatchBody,
  postingSchema,
  publicIdParam,
  publicPostingSchema,
  APPLY_LIMITS,
} from './schemas';
import { assertMay, getPermissions, updatePermissions } from './permissions';
import { lazyFile } from '../kit';

/** The service (with the rate limiter and the auth module's accounts) is loaded by the first request that uses it, not with the routes. */
const service = lazyFile<typeof import('./service')>(() => require('./service'));
const applying = lazyFile<typeof import('./apply')>(() => require('./apply'));

export { extend } from './confirm-page';

/** Hiring is for owners, and managers as the owner permits (GET /hiring-permissions); employees see none of it. */
const manager = companyInQuery('manager');
const PIPELINE =
  'The pipeline: new → screening → interview → offer → hired | rejected | withdrawn. Moves between new, screening, interview and offer go either way; rejected and withdrawn close the application; hired is reached through POST /applications/{applicationId}/hire only.';

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/hiring-permissions',
    summary: 'What managers may do in hiring',
    description:
      "As 7shifts' hiring permissions: owners always handle hiring; managers see hiring (postings, applications, moves, notes, hires) when `managersSeeHiring` is on, and create, edit, open and close postings when `managersManagePostings` is on too. Both default to on. A manager refused answers 403 HIRING_NOT_PERMITTED. Managers and owners.",
    access: manager,
    query: companyIdQuery,
    response: hiringPermissionsSchema,
    handler: ({ member }) => getPermissions(member.companyId),
  }),
  defineRoute({
    method: 'patch',
    path: '/hiring-permissions',
    summary: 'Change what managers may do in hiring (owners)',
    access: companyInQuery('owner'),
    query: companyIdQuery,
    body: hiringPermissionsPatch,
    response: hiringPermissionsSchema,
    handler: ({ member, body }) => updatePermissions(member.companyId, body),
  }),
  defineRoute({
    method: 'post',
    path: '/postings',
    summary: 'Create a job posting',
    status: 201,
    description:
      'A posting for a role and sub-role of the company (422 UNKNOWN_ROLE / UNKNOWN_SUB_ROLE otherwise), its employment type, wage (integer minor units per period; `max` for a range), description and screening questions (yes/no or free text, optionally required). Answers the posting with its `publicId`: the public apply link is GET/POST /apply/{publicId} of this module, usable without an account while the posting is open. Managers and owners.',
    access: manager,
    query: companyIdQuery,
    body: postingCreateBody,
    response: postingSchema,
    handler: async ({ member, body }) => {
      await assertMay(member, 'postings');
      return service().createPosting({ member, input: body });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/postings',
    summary: "The company's job postings, newest first",
    description: 'Filter by status (open, closed). Managers and owners.',
    access: manager,
    query: listPostingsQuery,
    response: z.array(postingSchema),
    handler: async ({ member, query }) => {
      await assertMay(member, 'see');
      return service().listPostings({ companyId: member.companyId, status: query.status });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/postings/:postingId',
    summary: 'A job posting',
    access: manager,
    params: postingIdParam,
    query: companyIdQuery,
    response: postingSchema,
    handler: async ({ member, params }) => {
      await assertMay(member, 'see');
      return service().getPosting({ companyId: member.companyId, postingId: params.postingId });
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/postings/:postingId',
    summary: 'Change a job posting, or open or close it',
    description:
      'Fields sent replace the stored ones (`questions` as a whole; answers already received keep the prompt they answered). `status: closed` stops applications at once (the public link answers 410 POSTING_CLOSED). Managers and owners.',
    access: manager,
    params: postingIdParam,
    query: companyIdQuery,
    body: postingPatchBody,
    response: postingSchema,
    handler: async ({ member, params, body }) => {
      await assertMay(member, 'postings');
      return service().updatePosting({ member, postingId: params.postingId, patch: body });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/apply/:publicId',
    summary: 'A job posting, as the public apply page shows it (no account)',
    description:
      "What an applicant sees: the company's name, the title, role, employment type, wage, description and screening questions. 404 POSTING_NOT_FOUND for an unknown link, 410 POSTING_CLOSED once it is closed; nothing else of the company is revealed.",
    access: PUBLIC,
    params: publicIdParam,
    response: publicPostingSchema,
    handler: ({ params }) => service().publicPosting({ publicId: params.publicId }),
  }),
  defineRoute({
    method: 'post',
    path: '/apply/:publicId',
    summary: 'Apply to an open job posting (no account); counted once confirmed by email',
    status: 202,
    description: `Contact details, answers to the screening questions (422 INVALID_ANSWERS lists every missing required answer, unknown question and wrong kind), availability per weekday (the shape of an employee's availabilities, copied on hire) and an optional message. The application counts only once confirmed: a link is emailed to the address given (valid 48 hours; POST /apply-confirmations with its token), so nobody applies in someone else's name. The answer is the same whatever was applied before with that address (no earlier receipt is echoed); 503 MAIL_UNAVAILABLE when the email cannot be sent (nothing kept). Rate limited per client address: ${APPLY_LIMITS.perPosting.points} an hour per posting and ${APPLY_LIMITS.perAddress.points} an hour in all, and ${APPLY_LIMITS.global.points} an hour over every applicant (429 RATE_LIMITED with Retry-After). 404 POSTING_NOT_FOUND for an unknown link, 410 POSTING_CLOSED for a closed posting. A refused application stores nothing.`,
    access: PUBLIC,
    params: publicIdParam,
    body: applyBody,
    response: applyAccepted,
    handler: ({ params, body, req, log }) => applying().apply({ publicId: params.publicId, input: body, req, log }),
  }),
  defineRoute({
    method: 'post',
    path: '/apply-confirmations',
    summary: 'Confirm an application with the emailed link (no account)',
    description:
      "The token of the emailed link: the application is created (stage new) and its reference answered. One application per email and posting: confirming again, or confirming a second application with the same address, answers the first one's reference and changes nothing. 404 CONFIRMATION_NOT_FOUND for an unknown token, 410 CONFIRMATION_EXPIRED after 48 hours, 410 POSTING_CLOSED when the posting closed meanwhile. Rate limited per client address like applying.",
    access: PUBLIC,
    body: confirmApplicationBody,
    response: applyReceipt,
    handler: ({ body, req, log }) => applying().confirmApplication({ token: body.token, req, log }),
  }),
  defineRoute({
    method: 'get',
    path: '/applications',
    summary: 'Applications, newest first, filtered by posting, stage and date',
    description: `\`from\`/\`to\` bound the business date of submission (company-local). \`limit\` per page; pass \`nextCursor\` as \`cursor\` for the next. ${PIPELINE} Managers and owners.`,
    access: manager,
    query: listApplicationsQuery,
    response: applicationPage,
    handler: async ({ member, query }) => {
      await assertMay(member, 'see');
      return service().listApplications({ companyId: member.companyId, query });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/applications/:applicationId',
    summary: 'An application with its answers, notes and history of moves',
    access: manager,
    params: applicationIdParam,
    query: companyIdQuery,
    response: applicationSchema,
    handler: async ({ member, params }) => {
      await assertMay(member, 'see');
      return service().getApplication({ companyId: member.companyId, applicationId: params.applicationId });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/applications/:applicationId/move',
    summary: 'Move an application to another stage',
    description: `${PIPELINE} \`from\` is the stage the manager saw: when the application moved meanwhile (another manager), 409 STAGE_CHANGED and nothing changes. Moving to the stage it is in changes nothing (a retried move). 409 APPLICATION_CLOSED from hired, rejected or withdrawn; 422 USE_HIRE for \`to: hired\`. Every move is kept in \`history\` (who, when, reason). Managers and owners.`,
    access: manager,
    params: applicationIdParam,
    query: companyIdQuery,
    body: moveBody,
    response: applicationSchema,
    handler: async ({ member, params, body }) => {
      await assertMay(member, 'see');
      return service().moveApplication({ member, applicationId: params.applicationId, move: body });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/applications/:applicationId/notes',
    summary: 'Add a manager note to an application',
    status: 201,
    access: manager,
    params: applicationIdParam,
    query: companyIdQuery,
    body: noteBody,
    response: applicationSchema,
    handler: async ({ member, params, body }) => {
      await assertMay(member, 'see');
      return service().addNote({ member, applicationId: params.applicationId, text: body.text });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/applications/:applicationId/hire',
    completion: 'steps',
    summary: 'Hire an applicant: create the employee and send the invitation',
    description:
      "From any open stage: creates the employee record (name, email, phone and availability from the application; positions from the posting's role and sub-role unless `positions` is given; hiring date today unless given), moves the application to hired, then sends the auth module's invitation (an employee account linked to the new record) to the applicant's email unless `invite: false`. The invitation's outcome is on the application (`invitation.status`: sent, failed with its code, or skipped). Hiring again answers the same employee (never a second one) and retries a failed invitation. 409 APPLICATION_CLOSED for a rejected or withdrawn application. Managers and owners.",
    access: manager,
    params: applicationIdParam,
    query: companyIdQuery,
    body: hireBody,
    response: hireResult,
    handler: async ({ member, params, body }) => {
      await assertMay(member, 'see');
      return service().hire({ member, applicationId: params.applicationId, input: body });
    },
  }),
];
