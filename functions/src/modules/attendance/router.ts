import { z } from 'zod';
import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import { companyIdQuery } from '../../http/fields';
import {
  MAX_RANGE_DAYS,
  auditEntrySchema,
  breakEndBody,
  breakStartBody,
  bulkApproveBody,
  bulkApproveResponse,
  clockBody,
  createPunchBody,
  currentPunchResponse,
  deletePunchQuery,
  editPunchBody,
  listPunchesQuery,
  lockSchema,
  punchIdParam,
  punchSchema,
  reasonBody,
  settingsPatchBody,
  settingsSchema,
  timesheetQuery,
  timesheetResponse,
} from './schemas';
import { lazyFile } from '../kit';

/** The use cases, loaded with the first request that uses them (a cold start loads only the routes). */
const approvals = lazyFile<typeof import('./approvals')>(() => require('./approvals'));
const clock = lazyFile<typeof import('./clock')>(() => require('./clock'));
const edits = lazyFile<typeof import('./edits')>(() => require('./edits'));
const locks = lazyFile<typeof import('./locks')>(() => require('./locks'));
const punches = lazyFile<typeof import('./punches')>(() => require('./punches'));
const settings = lazyFile<typeof import('./settings')>(() => require('./settings'));
const timesheets = lazyFile<typeof import('./timesheets')>(() => require('./timesheets'));

const member = companyInQuery('employee');
const manager = companyInQuery('manager');
const owner = companyInQuery('owner');

const OWN =
  "Acts on the caller's own employee record (the membership's employeeId; a member without one gets 422 NOT_AN_EMPLOYEE). Any member with an employee record may use it (managers and owners clock in as themselves).";
const TIME =
  'Times are the server clock (epoch ms), which is authoritative; `deviceTime` (the device clock) is recorded beside it and never used for pay.';
const GEO =
  "When the company policy isGeolocationEnabled is on, `location` {lat, lng, accuracy} is required (else 422 LOCATION_REQUIRED) and must be within geofenceRadiusMeters (attendance settings) of the company profile's `location` or any of its `locations`, measured with the haversine distance; the fix's `accuracy` is granted as an allowance (distance - min(accuracy, 100 m) <= radius), so a poor fix near the edge passes but a fix of any accuracy cannot clock in from far away. Outside: 422 OUTSIDE_GEOFENCE with the distance in details, and nothing is written. A location sent while the policy is off is recorded, not checked.";
const LOCKED = 'A punch whose business date is in a range closed by payroll cannot change (422 PERIOD_LOCKED).';
const AUDITED = 'The change and an audit entry (before, after, reason, who) are written in one commit.';

export const routes: RouteDef[] = [
  // ------------------------------------------------------------ the employee's clock
  defineRoute({
    method: 'post',
    path: '/clock/in',
    summary: 'Clock in',
    status: 201,
    description: `${OWN} Opens a punch at the server time. One open punch per employee: a second clock-in (even a concurrent one) is 409 ALREADY_CLOCKED_IN. The punch's business date is the company business date of the clock-in (timezone, dayChangeTime); it is linked to the employee's published shift of that business date whose start is nearest (positionId from it; lateMinutes against its start). ${TIME} ${GEO} ${LOCKED} An open punch is closed by the auto clock-out job autoClockOutAfterMinutes after its clock-in.`,
    access: member,
    query: companyIdQuery,
    body: clockBody,
    response: punchSchema,
    handler: ({ member: m, body }) => clock().clockIn({ member: m, body }),
  }),
  defineRoute({
    method: 'post',
    path: '/clock/out',
    summary: 'Clock out',
    description: `${OWN} Closes the open punch at the server time (422 NOT_CLOCKED_IN without one); a running break ends then. leftEarlyMinutes is measured against the linked shift's end. The punch is approved at once when it has a linked shift, no exception (late or left early beyond lateGraceMinutes, missed meal break) and |worked - scheduled| <= autoApproveVarianceMinutes; otherwise it waits for a manager (pending). ${TIME} ${GEO} ${LOCKED}`,
    access: member,
    query: companyIdQuery,
    body: clockBody,
    response: punchSchema,
    handler: ({ member: m, body }) => clock().clockOut({ member: m, body }),
  }),
  defineRoute({
    method: 'post',
    path: '/clock/breaks/start',
    summary: 'Start a break',
    description: `${OWN} Starts a rest or meal break in the open punch (422 NOT_CLOCKED_IN without one); one break at a time (422 BREAK_ALREADY_STARTED); 422 BREAKS_DISABLED while the company setting attendanceBreaksEnabled is off. Whether it is paid comes from the settings (restBreaksPaid, mealBreaksPaid). ${LOCKED}`,
    access: member,
    query: companyIdQuery,
    body: breakStartBody,
    response: punchSchema,
    handler: ({ member: m, body }) => clock().startBreak({ member: m, body }),
  }),
  defineRoute({
    method: 'post',
    path: '/clock/breaks/end',
    summary: 'End the running break',
    description: `${OWN} Ends the running break of the open punch (422 NO_OPEN_BREAK when none runs, 422 NOT_CLOCKED_IN without an open punch). ${LOCKED}`,
    access: member,
    query: companyIdQuery,
    body: breakEndBody,
    response: punchSchema,
    handler: ({ member: m, body }) => clock().endBreak({ member: m, body }),
  }),
  defineRoute({
    method: 'get',
    path: '/clock/current',
    summary: "The caller's open punch",
    description: `${OWN} The open punch (null when clocked out) and whether a break is running.`,
    access: member,
    query: companyIdQuery,
    response: currentPunchResponse,
    handler: ({ member: m }) => clock().currentPunch({ member: m }),
  }),

  // ------------------------------------------------------------ punches (managers)
  defineRoute({
    method: 'get',
    path: '/punches',
    summary: 'List punches of a date range',
    description: `Punches whose business date is startDate..endDate (at most ${MAX_RANGE_DAYS} days, else 400 INVALID_DATE_RANGE), optionally of one employee, one role or one state. Managers and owners see everyone's; an employee sees only their own (asking for another employee is 403 INSUFFICIENT_ROLE). Sorted by business date, clock-in, employee.`,
    access: member,
    query: listPunchesQuery,
    response: z.array(punchSchema),
    handler: ({ member: m, query }) => punches().listPunchesFor({ member: m, query }),
  }),
  defineRoute({
    method: 'post',
    path: '/punches',
    summary: 'Add a punch (manager)',
    status: 201,
    description: `Managers and owners add a closed punch for an employee (source manager, state pending), e.g. a forgotten clock-in. clockOutAt after clockInAt, at most 24 hours later, not in the future; breaks inside the punch and not overlapping (else 422 INVALID_PUNCH_TIMES); no overlap with another punch of the employee (422 PUNCH_OVERLAP); unknown employee 422 UNKNOWN_EMPLOYEE, unknown role 422 UNKNOWN_ROLE. Linked to the published shift of its business date as a clock-in is. \`reason\` is required. ${AUDITED} ${LOCKED}`,
    access: manager,
    query: companyIdQuery,
    body: createPunchBody,
    response: punchSchema,
    handler: ({ member: m, body }) => edits().createPunch({ companyId: m.companyId, uid: m.uid, body }),
  }),
  defineRoute({
    method: 'post',
    path: '/punches/approve',
    summary: 'Approve several punches',
    description:
      'Managers and owners approve up to 200 punches by id, each on its own: approved ones are returned (already approved ones too, unchanged); the others are listed under skipped with their code (PUNCH_NOT_FOUND, PUNCH_OPEN, PERIOD_LOCKED, SELF_APPROVAL for a own punch of a manager). Each approval writes an audit entry.',
    access: manager,
    query: companyIdQuery,
    body: bulkApproveBody,
    response: bulkApproveResponse,
    handler: ({ member: m, body }) =>
      approvals().approveMany({ companyId: m.companyId, uid: m.uid, approver: m, punchIds: body.punchIds }),
  }),
  defineRoute({
    method: 'get',
    path: '/punches/:punchId',
    summary: 'One punch',
    description:
      "Managers and owners read any punch of the company; an employee only their own (another employee's is 404 PUNCH_NOT_FOUND).",
    access: member,
    params: punchIdParam,
    query: companyIdQuery,
    response: punchSchema,
    handler: ({ member: m, params }) => punches().getPunch({ member: m, punchId: params.punchId }),
  }),
  defineRoute({
    method: 'patch',
    path: '/punches/:punchId',
    summary: 'Edit a punch (manager)',
    description: `Managers and owners change clockInAt, clockOutAt (setting it on an open punch closes it), the breaks (replaced whole) or the role, with a required \`reason\`. An approved punch is locked (422 PUNCH_LOCKED: unapprove it first). The punch is re-linked to its shift when clockInAt changes, lateness and worked minutes are recomputed, and a closed punch goes back to pending. Same time rules as creating (INVALID_PUNCH_TIMES, PUNCH_OVERLAP). ${AUDITED} ${LOCKED}`,
    access: manager,
    params: punchIdParam,
    query: companyIdQuery,
    body: editPunchBody,
    response: punchSchema,
    handler: ({ member: m, params, body }) =>
      edits().editPunch({ companyId: m.companyId, uid: m.uid, punchId: params.punchId, body }),
  }),
  defineRoute({
    method: 'delete',
    path: '/punches/:punchId',
    summary: 'Delete a punch (manager)',
    description: `Managers and owners delete a punch with a required \`reason\` (query). An approved punch is locked (422 PUNCH_LOCKED). Deleting an open punch clocks the employee out of it. Returns the deleted punch. ${AUDITED} ${LOCKED}`,
    access: manager,
    params: punchIdParam,
    query: deletePunchQuery,
    response: punchSchema,
    handler: ({ member: m, params, query }) =>
      edits().deletePunch({ companyId: m.companyId, uid: m.uid, punchId: params.punchId, reason: query.reason }),
  }),
  defineRoute({
    method: 'post',
    path: '/punches/:punchId/approve',
    summary: 'Approve a punch',
    description: `Managers and owners approve a closed punch (an open one is 422 PUNCH_OPEN); approving an approved punch changes nothing, except that it clears a POS change waiting for review (\`vendor.needsReview\`: the POS edited the punch after a manager had). A manager's own punch is 403 SELF_APPROVAL: the owner or another manager approves it. An approved punch is locked against edits and deletes. ${AUDITED} ${LOCKED}`,
    access: manager,
    params: punchIdParam,
    query: companyIdQuery,
    response: punchSchema,
    handler: ({ member: m, params }) =>
      approvals().approvePunch({ companyId: m.companyId, uid: m.uid, approver: m, punchId: params.punchId }),
  }),
  defineRoute({
    method: 'post',
    path: '/punches/:punchId/unapprove',
    summary: 'Unapprove a punch',
    description: `Managers and owners put an approved punch back to pending so it can be corrected (422 PUNCH_NOT_APPROVED otherwise); optional \`reason\`. ${AUDITED} ${LOCKED}`,
    access: manager,
    params: punchIdParam,
    query: companyIdQuery,
    body: reasonBody,
    response: punchSchema,
    handler: ({ member: m, params, body }) =>
      approvals().unapprovePunch({ companyId: m.companyId, uid: m.uid, punchId: params.punchId, reason: body.reason }),
  }),
  defineRoute({
    method: 'get',
    path: '/punches/:punchId/audit',
    summary: "A punch's audit trail",
    description:
      'Managers and owners read every change of a punch, oldest first: clock actions, manager creates, edits and deletes (with their reason), approvals, auto clock-outs; each with the stored punch before and after. A deleted punch keeps its trail. No punch and no trail: 404 PUNCH_NOT_FOUND.',
    access: manager,
    params: punchIdParam,
    query: companyIdQuery,
    response: z.array(auditEntrySchema),
    handler: ({ member: m, params }) => punches().punchAudit({ companyId: m.companyId, punchId: params.punchId }),
  }),

  // ------------------------------------------------------------ timesheets
  defineRoute({
    method: 'get',
    path: '/timesheets',
    summary: 'Timesheets of a date range',
    description: `Per employee and business date (startDate..endDate, at most ${MAX_RANGE_DAYS} days): scheduled minutes (published shifts), worked minutes (closed punches, unpaid breaks excluded), paid and unpaid break minutes, variance (worked - scheduled), the punch and shift ids, and the exceptions: late and left_early (beyond lateGraceMinutes), missed_break (worked more than breakRequiredAfterMinutes without a meal break), no_show (a published shift that has ended with no punch linked to it), auto_clocked_out, unscheduled (a punch without a shift), overtime_risk (on the day the workweek's projection, worked minutes plus the scheduled minutes of the days still to come, passes 40 hours; the weeks list the projection), missed_rest_break (where the settings' restBreaksRecorded is on and the company's location for law has a rest-break rule: a workday with fewer recorded rest breaks of the rule's minimum length than its worked minutes require, as payroll counts them, with breaksRequired, breaksTaken, the rule and its citation). Only days with a punch, a shift or an exception are listed. Employees read their own timesheet only (another employee's is 403 INSUFFICIENT_ROLE); managers and owners one employee or everyone with punches or shifts in the range. No pay is shown (the payroll module computes pay).`,
    access: member,
    query: timesheetQuery,
    response: timesheetResponse,
    handler: ({ member: m, query }) => timesheets().timesheets({ member: m, query }),
  }),

  // ------------------------------------------------------------ settings and locks
  defineRoute({
    method: 'get',
    path: '/settings',
    summary: 'Attendance settings',
    description:
      'The attendance rules of the company (stored values over the defaults). Every member may read them (the app shows the break rules).',
    access: member,
    query: companyIdQuery,
    response: settingsSchema,
    handler: ({ member: m }) => settings().getSettings({ companyId: m.companyId }),
  }),
  defineRoute({
    method: 'patch',
    path: '/settings',
    summary: 'Change attendance settings (owner)',
    description:
      'Owners change any of the settings; fields not sent are kept; unknown fields are rejected (400). Returns the settings in force. A new autoClockOutAfterMinutes applies to punches clocked in after the change.',
    access: owner,
    query: companyIdQuery,
    body: settingsPatchBody,
    response: settingsSchema,
    handler: ({ member: m, body }) => settings().patchSettings({ companyId: m.companyId, patch: body }),
  }),
  defineRoute({
    method: 'get',
    path: '/locks',
    summary: 'Date ranges locked by payroll',
    description:
      'Managers and owners see the business-date ranges closed by payroll (the payroll module locks a range when it closes a pay period and unlocks it when it reopens it). Punches there cannot be created, edited, deleted, approved or clocked.',
    access: manager,
    query: companyIdQuery,
    response: z.array(lockSchema),
    handler: ({ member: m }) => locks().listLocks({ companyId: m.companyId }),
  }),
];
