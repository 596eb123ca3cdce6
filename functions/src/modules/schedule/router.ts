import { z } from 'zod';
import { AUTHENTICATED, companyInPath, companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import { companyIdParam, companyIdQuery } from '../../http/fields';
import { MAX_GENERATION_DAYS, commitResponse, generateBody, proposalIdParam, proposalSchema } from './generate/schemas';
import {
  MAX_RANGE_DAYS,
  listShiftsQuery,
  postShiftQuery,
  listPremiumsQuery,
  premiumSchema,
  publishBody,
  publishResponse,
  removedShiftResponse,
  savedShiftResponse,
  publishQuery,
  shiftIdParam,
  shiftWriteQuery,
  shiftPostBody,
  shiftPutBody,
  shiftListSchema,
  templatePatchBody,
  templateResponse,
  userShiftsResponse,
} from './schemas';
import { lazyFile } from '../kit';

/** The use cases, loaded with the first request that uses them (a cold start loads only the routes). */
const publish = lazyFile<typeof import('./publish')>(() => require('./publish'));
const shifts = lazyFile<typeof import('./shifts')>(() => require('./shifts'));
const premiums = lazyFile<typeof import('./premiums')>(() => require('./premiums'));
const template = lazyFile<typeof import('./template')>(() => require('./template'));
const generation = lazyFile<typeof import('./generate/service')>(() => require('./generate/service'));

const member = companyInQuery('employee');
const manager = companyInQuery('manager');
const companyMember = companyInPath('employee');
const companyManager = companyInPath('manager');

const CONFLICTS = `**Conflict checking** (in one transaction with the write, serialized per employee, so two concurrent requests never double-book an employee). The shift is compared with the employee's other shifts that stand with it: a live shift (published or manual) with the live shifts; a draft with the drafts and the live shifts (they will stand together once it is published).
- Always refused (422): \`overlap\` with another shift (a shift ending after midnight counts on the next day; an open-ended shift lasts the company defaultDuration); an unknown or archived employee (\`UNKNOWN_EMPLOYEE\`, \`EMPLOYEE_ARCHIVED\`), role (\`UNKNOWN_ROLE\`, \`ROLE_ARCHIVED\`) or sub-role (\`UNKNOWN_SUB_ROLE\`); \`positionNotHeld\` (the employee does not hold that role / sub-role).
- Always refused (422 SHIFT_CONFLICT): \`timeOff\` (the shift meets an approved day-off of the employee: the whole business day, or its start-end minutes); \`fairWorkweekRest\` (with a fair-workweek jurisdiction set in the company settings: less rest than its minimum, 11 h NYC, 10 h elsewhere, between shifts of consecutive business days; accepted when the body carries \`restConsent: true\`, the employee's recorded consent; drafts are checked at publish, whose body lists the consents as restConsents).
- **Fair-workweek premiums** (jurisdiction set): creating, changing, cutting or cancelling a published shift less than 14 days before it starts, and a consented short rest, record premiums per employee (returned as \`premiums\`; payroll reads them).
- Refused when settings.conflictsDetectionEnabled is true (the default), warnings otherwise: \`betweenShifts\` (less rest than profile.betweenShifts minutes between two shifts; exactly that much is fine), \`maxDayHours\` (hours of the shifts starting that day, breaks subtracted when excludeBreaks: a shift of at least \`hours\` hours loses its longest applicable break \`length\` minutes).
- Always warnings, returned with the saved shift: \`maxHoursPerWeek\` (settings), the employee's \`maxHoursInWeek\` and \`maxDaysPerWeek\` (in the company week starting on weekStartingDay), and \`availability\` (the shift must fit in shift1 or shift2 of that weekday unless allDay; a weekday without an entry is no constraint).
- **Minors** (the employee's dateOfBirth under 18): the minors' hours of the company's laws (federal 29 CFR 570.35 and the minimum age of 14, California, New York; GET /compliance/rules): \`minorAge\`, \`minorTimeOfDay\`, \`minorSchoolHours\`, \`minorDayHours\`, \`minorWeekHours\`, \`minorDaysPerWeek\`, each naming its \`law\` and \`citation\`; refused with 422 \`MINOR_HOURS\` unless settings.minorRules is warn (then warnings). School days come from settings.schoolCalendar.
A refusal is 422 \`SHIFT_CONFLICT\` (\`MINOR_HOURS\` when a minors' rule is among the findings, or the reference code) with \`details\`: every blocking finding \`{rule, message, shiftId, employeeId, date, conflictingShiftId?, limit?, actual?, unit?, weekStart?, law?, citation?}\`. Nothing is written.

**Dry run** (\`?dryRun=true\` on PUT and DELETE /shifts/{id} and POST /shifts/publish): the same reads and checks, nothing written, 200 with \`outcome\`: \`refusal\` (the error the real call answers, or null), \`blocking\` (its details), \`warnings\`, and \`premiums\` (each premium it would owe: who, rule, amount, citation). The real call answers the same \`outcome\` (dryRun false) with the premiums it recorded.`;

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/shifts',
    summary: 'List shifts in a date range',
    description: `startDate <= endDate, at most ${MAX_RANGE_DAYS} days (else 400 INVALID_DATE_RANGE). Modes: published always; manual unless includeManual=false; draft with includeDraft=true (managers and owners only: an employee asking for drafts gets 403 INSUFFICIENT_ROLE, employees see the published schedule). Sorted by date, start, employee. Employees get only their own shifts while the policy employeeInteractionWorkWith is off, and no shift end (x-visibility shiftEnd) while employeesCanSeeShiftEndTimes is off.`,
    access: member,
    query: listShiftsQuery,
    response: shiftListSchema,
    handler: ({ member: m, query }) => shifts().listShiftsForMember({ member: m, query }),
  }),
  defineRoute({
    method: 'post',
    path: '/shifts',
    summary: 'Create a draft shift (legacy)',
    status: 201,
    description: `Body: the PUT body plus \`date\` and \`employeeId\` (required); the id is generated; the mode is draft; query scheduleId optional. Returns the shift and its warnings.\n\n${CONFLICTS}`,
    access: manager,
    query: postShiftQuery,
    body: shiftPostBody,
    response: savedShiftResponse,
    handler: ({ query, body }) =>
      shifts().createDraft({ companyId: query.companyId, scheduleId: query.scheduleId, body }),
  }),
  defineRoute({
    method: 'get',
    path: '/shifts/user-shifts',
    summary: "The caller's own shifts in every company they belong to",
    description:
      'Published and manual shifts of the employee record the caller is linked to (membership employeeId, else the employee whose userId is the caller) in each company of their memberships, from 7 days before to 35 days after the company-local business day today. Companies where the caller has no employee record are left out.',
    access: AUTHENTICATED,
    response: userShiftsResponse,
    handler: ({ caller }) => shifts().userShifts({ uid: caller.uid }),
  }),
  defineRoute({
    method: 'get',
    path: '/shifts/premiums',
    summary: 'Recorded fair-workweek premiums',
    description: `The premiums the schedule recorded (schedule changes of published shifts inside the notice window, cancellations, reassignments, consented short rest) for shifts dated startDate..endDate (at most ${MAX_RANGE_DAYS} days, else 400 INVALID_DATE_RANGE), sorted by date then recording time. Payroll pays each in the pay period holding its date. Managers and owners: everyone's, or one employee's with employeeId; an employee: their own only (another employee's is 403 INSUFFICIENT_ROLE).`,
    access: member,
    query: listPremiumsQuery,
    response: z.array(premiumSchema),
    handler: ({ member: m, query }) => premiums().listPremiumsForMember({ member: m, query }),
  }),
  defineRoute({
    method: 'put',
    path: '/shifts/:id',
    summary: 'Replace a shift (creates it when the id is new), with conflict checking',
    description: `The query says where the shift is now: date, mode (default published), employeeId, and optionally positionId, subRoleId, scheduleId. An existing shift that does not match them is 404 SHIFT_NOT_FOUND. The body replaces start, end, note (default "") and onHold (default false); body employeeId moves the shift to another employee, body positionId / subRoleId set the role (default: the query's, else none). Date and mode are not changed by PUT (publish changes drafts to published). Returns the shift and its warnings.\n\n${CONFLICTS}`,
    access: manager,
    params: shiftIdParam,
    query: shiftWriteQuery,
    body: shiftPutBody,
    response: savedShiftResponse,
    handler: ({ member: m, params, query: { dryRun, ...address }, body }) =>
      shifts().writeShift({ companyId: address.companyId, shiftId: params.id, address, body, actorUid: m.uid, dryRun }),
  }),
  defineRoute({
    method: 'delete',
    path: '/shifts/:id',
    summary: 'Remove a shift',
    description:
      'The query identifies the shift as for PUT; a shift that is absent or does not match that date, employee and mode (and positionId, subRoleId, scheduleId when given) is 404 SHIFT_NOT_FOUND. Returns the removed shift, with `premiums`: the fair-workweek premiums the cancellation of a published shift recorded (jurisdiction set, less than the notice window before it starts).',
    access: manager,
    params: shiftIdParam,
    query: shiftWriteQuery,
    response: removedShiftResponse,
    handler: ({ member: m, params, query: { dryRun, ...address } }) =>
      shifts().deleteShift({ companyId: address.companyId, shiftId: params.id, address, actorUid: m.uid, dryRun }),
  }),
  defineRoute({
    method: 'post',
    path: '/shifts/publish',
    summary: 'Publish the drafts of a date range, atomically',
    description: `Every draft dated startDate..endDate (at most ${MAX_RANGE_DAYS} days; optionally only of employeeIds and/or one scheduleId) becomes published in one transaction. Each is checked against its employee's live shifts and the other drafts published with it, with the rules below; any blocking finding refuses the whole publish (422 SHIFT_CONFLICT listing every conflict, nothing written). A publish writes each draft plus 3 lock writes per employee and Firestore commits at most 500 writes: beyond that, 422 PUBLISH_TOO_LARGE (publish fewer employees or days per call). No drafts: an empty list.\n\n${CONFLICTS}`,
    access: manager,
    query: publishQuery,
    body: publishBody,
    response: publishResponse,
    handler: ({ member: m, query, body }) =>
      publish().publish({ companyId: query.companyId, body, actorUid: m.uid, dryRun: query.dryRun }),
  }),
  defineRoute({
    method: 'get',
    path: '/companies/:id/schedule-template',
    summary: "The company's schedule template (daysStructure)",
    access: companyMember,
    params: companyIdParam,
    response: templateResponse,
    handler: ({ params }) => template().getTemplate({ companyId: params.id }),
  }),
  defineRoute({
    method: 'patch',
    path: '/companies/:id/schedule-template',
    summary: 'Merge days into the schedule template',
    description:
      'Merges day by day: each day sent replaces that day whole; days not sent are kept. Day keys are Monday..Sunday (others rejected); a day has optional morning and evening {start, revenue, perClient} and shifts {key: [slot]}; a slot has start and end (0-1439, required), key (string), and other properties only as {required, hold} (integers >= 0). Unknown fields are rejected (400). Returns the whole template.',
    access: companyManager,
    params: companyIdParam,
    body: templatePatchBody,
    response: templateResponse,
    handler: ({ params, body }) =>
      template().patchTemplate({ companyId: params.id, daysStructure: body.daysStructure }),
  }),
  defineRoute({
    method: 'post',
    path: '/schedule-proposals',
    summary: 'Generate draft shifts from the template: a proposal to review, then commit',
    status: 201,
    description: `Fills the schedule template's slots (daysStructure: per weekday, per role, slots whose sub-role entries say \`required\` people and \`hold\` kept open) over startDate..endDate (at most ${MAX_GENERATION_DAYS} days), optionally only for roleIds and/or employeeIds. Nothing is written but the proposal: review it, then POST /schedule-proposals/{id}/commit writes its assignments as drafts.

**Hard rules** (an assignment that breaks one never appears): the employee holds the slot's role and sub-role; is available then (the weekday's shift1/shift2 unless allDay; a weekday without an entry is no constraint; approved day-offs; the same person's live shifts at the employer's other locations, with the rest around them: \`otherLocation\`); no overlap with any of their shifts (published, manual, draft: existing shifts are respected, never moved or overwritten); at least betweenShifts minutes of rest (or the fair-workweek rest where it applies); maxDayHours; per company week the smaller of maxHoursInWeek and the company maxHoursPerWeek, and maxDaysPerWeek, counting the shifts already there.

**Objective**, in this order: cover as many required seats as possible; then settings.generationPriority (longer-shifts: longer seats first; period-start: earlier days first, then longer; chronological: earlier start first); then profile.generationFormat (seniority: earlier hiring date first); then availability priority (higher preferred), hours toward each employee's minHoursInWeek, and lower labour cost. Solved as a mixed-integer program (HiGHS) started from a greedy pass, within timeLimitSeconds; \`solver\` says which answered, whether optimality is proven and the gap to the proven bound.

Each assignment says why this employee (availability priority, hours before and after vs the limits, seniority, cost, alternatives); each unfilled seat says why it stayed open (held, noQualifiedEmployee, noAvailableEmployee, allCandidatesBusy with the rule that kept each holder off). Unknown roleIds are 422 UNKNOWN_ROLE, unknown employeeIds 422 UNKNOWN_EMPLOYEE.`,
    access: manager,
    query: companyIdQuery,
    body: generateBody,
    response: proposalSchema,
    handler: ({ query, body, log }) => generation().propose({ companyId: query.companyId, body, log }),
  }),
  defineRoute({
    method: 'get',
    path: '/schedule-proposals/:id',
    summary: 'A schedule proposal',
    description:
      "The proposal as generated (and its status: open or committed). Another company's proposal is 404 PROPOSAL_NOT_FOUND.",
    access: manager,
    params: proposalIdParam,
    query: companyIdQuery,
    response: proposalSchema,
    handler: ({ params, query }) => generation().getProposal({ companyId: query.companyId, proposalId: params.id }),
  }),
  defineRoute({
    method: 'post',
    path: '/schedule-proposals/:id/commit',
    summary: "Write a proposal's assignments as draft shifts",
    description: `Refused with 409 PROPOSAL_STALE, nothing written, when anything the generation read has changed since (template, roles, employees, their shifts and approved day-offs in the days around the range that PUT /shifts reads too, company rules and settings): generate a new proposal. Otherwise each assignment becomes a draft (id = the assignment's shiftId, mode draft, the proposal's scheduleId), written per group of employees in one transaction each, through exactly the checks of PUT /shifts for a draft (references, overlap, rest, daily and weekly limits, approved day-offs, an overnight draft meeting the next day's included). A seat that no longer passes is refused, never skipped: a blocking finding refuses its whole group (422 SHIFT_CONFLICT, nothing of the group written, with every finding in details, each naming the seat's shiftId). Idempotent: drafts already written are kept, and a committed proposal answers the drafts it wrote. Publish them with POST /shifts/publish. \`?dryRun=true\` checks every group and answers \`outcome\` (drafts owe no premium), writing nothing (\`committed\` empty); the real call stops at the first refused group, whose findings are then its refusal's details.\n\n${CONFLICTS}`,
    access: manager,
    params: proposalIdParam,
    query: publishQuery,
    response: commitResponse,
    handler: ({ params, query }) =>
      generation().commitProposal({ companyId: query.companyId, proposalId: params.id, dryRun: query.dryRun }),
  }),
];
