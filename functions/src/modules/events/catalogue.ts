import { z } from 'zod';
import type { DomainEvent, DomainEventType } from '../../core/domain-event';
import type { MemberRole } from '../../core/memberships';
import { recordOf, visibleTo } from '../../http/visibility';

/**
 * Every domain event type: the shape of its payload (zod, the API description lists it), its
 * version, whom it is addressed to and the text a person reads. A changed payload shape is a new
 * version (consumers read `version`).
 */

/** Whom an event is addressed to: employees by record, members by uid, and every member from a role up. */
export interface Audience {
  employeeIds: string[];
  uids: string[];
  /** Every member with at least this role (managers: managers and owners); null: nobody by role. */
  minRole: MemberRole | null;
}

export const CHANNELS = ['inApp', 'push', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

interface EventKind<S extends z.ZodObject> {
  version: number;
  summary: string;
  data: S;
  audience: (event: DomainEvent<z.output<S>>) => Audience;
  /** The channels a member gets it on until they choose (in-app is always on by default). */
  defaults: Record<Channel, boolean>;
  text: (data: z.output<S>) => { title: string; body: string };
  /** An employee's copy keeps only what is theirs (their shifts, their premiums). */
  ownOnly?: (data: z.output<S>, employeeId: string | null) => z.output<S>;
}

const kind = <S extends z.ZodObject>(k: EventKind<S>) => k;
const to = (employeeIds: (string | null | undefined)[], minRole: MemberRole | null = null, uids: string[] = []) => ({
  employeeIds: [...new Set(employeeIds.filter((e): e is string => !!e))],
  uids,
  minRole,
});
const ALL_CHANNELS = { inApp: true, push: true, email: true };
const APP_AND_PUSH = { inApp: true, push: true, email: false };
const MANAGERS = { inApp: true, push: false, email: true };

const premium = recordOf(
  z.object({
    shiftId: z.string(),
    employeeId: z.string(),
    date: z.string(),
    rule: z.string().describe('The fair-workweek rule that owes it'),
    amountMinor: visibleTo(z.number().int().nullable(), 'pay').describe('USD cents; null when paid in hours'),
    payHours: visibleTo(z.number().nullable(), 'pay').describe("Hours of the employee's regular rate"),
  }),
  'employeeId',
);
export type EventPremium = z.infer<typeof premium>;
const shiftRef = z.object({ shiftId: z.string(), employeeId: z.string(), date: z.string() });
const requestData = z.object({
  requestId: z.string(),
  kind: z.string().describe('swap, replace, emergency, dayOff, availabilities'),
  employeeId: z.string().nullable().describe('The employee who asked'),
});
const mine = <T extends { employeeId: string }>(list: T[], employeeId: string | null) =>
  list.filter((x) => x.employeeId === employeeId);
const premiumLine = (premiums: { amountMinor?: number | null }[]) => {
  const cents = premiums.reduce((sum, p) => sum + (p.amountMinor ?? 0), 0);
  return cents > 0 ? ` A schedule-change premium of $${(cents / 100).toFixed(2)} is owed.` : '';
};

/** A leave balance's change: the entries of one commit, of one employee and policy (no reason text, no pay: what the employee's own ledger shows). */
const leaveChange = z.object({
  employeeId: z.string(),
  policyId: z.string(),
  policyName: z.string(),
  leaveKind: z.enum(['sick', 'pto']),
  cause: z
    .enum(['usage', 'usageReturned', 'yearEnd'])
    .describe(
      'usage: a day-off request approved; usageReturned: an approved one cancelled; yearEnd: a leave year closed',
    ),
  requestId: z.string().nullable().describe('usage, usageReturned: the day-off request'),
  year: z.string().describe('The first date of the leave year the change belongs to (yearEnd: the year closed)'),
  date: z.string().describe('The business date it takes effect: the first day off, or the last day of the year closed'),
  entries: z
    .array(
      z.object({
        kind: z.enum(['usage', 'usageReturned', 'forfeiture', 'carryoverOut', 'carryoverIn']),
        minutes: z.int().describe('Signed minutes'),
      }),
    )
    .describe('The ledger entries written with this event'),
  minutes: z.int().describe('The net change of the balance (a carryover moves minutes between years: 0)'),
  balanceMinutes: z
    .int()
    .describe('The balance under the policy after the change, every entry counted whatever its date'),
});
const LEAVE_TITLES = { usage: 'Leave taken', usageReturned: 'Leave given back', yearEnd: 'Leave year closed' } as const;
const hoursOf = (minutes: number) => `${(Math.abs(minutes) / 60).toFixed(2)} h`;
function leaveBody(d: z.output<typeof leaveChange>): string {
  const balance = ` Balance: ${d.balanceMinutes < 0 ? '-' : ''}${hoursOf(d.balanceMinutes)}.`;
  if (d.cause === 'usage') return `${hoursOf(d.minutes)} of ${d.policyName} for ${d.date}.${balance}`;
  if (d.cause === 'usageReturned') return `${hoursOf(d.minutes)} of ${d.policyName} given back (${d.date}).${balance}`;
  const forfeited = d.entries.filter((e) => e.kind === 'forfeiture').reduce((s, e) => s - e.minutes, 0);
  const carried = d.entries.filter((e) => e.kind === 'carryoverIn').reduce((s, e) => s + e.minutes, 0);
  return `${d.policyName}: ${hoursOf(carried)} carried over${forfeited ? `, ${hoursOf(forfeited)} forfeited` : ''}.${balance}`;
}

export const EVENT_KINDS = {
  'shift.published': kind({
    version: 1,
    summary: 'Shifts were published for a date range; addressed to the employees who got shifts',
    data: z.object({
      startDate: z.string(),
      endDate: z.string(),
      shifts: z.array(shiftRef),
      premiums: z.array(premium),
    }),
    audience: (e) => to(e.data.shifts.map((s) => s.employeeId)),
    defaults: ALL_CHANNELS,
    text: (d) => ({
      title: 'New schedule published',
      body: `${d.shifts.length} shift(s) from ${d.startDate} to ${d.endDate}.${premiumLine(d.premiums)}`,
    }),
    ownOnly: (d, employeeId) => ({ ...d, shifts: mine(d.shifts, employeeId), premiums: mine(d.premiums, employeeId) }),
  }),
  'shift.changed': kind({
    version: 1,
    summary: 'A published shift was changed or moved to another employee; addressed to both employees',
    data: shiftRef.extend({ previousEmployeeId: z.string().nullable(), premiums: z.array(premium) }),
    audience: (e) => to([e.data.employeeId, e.data.previousEmployeeId]),
    defaults: ALL_CHANNELS,
    text: (d) => ({ title: 'Shift changed', body: `Your shift of ${d.date} changed.${premiumLine(d.premiums)}` }),
    ownOnly: (d, employeeId) => ({ ...d, premiums: mine(d.premiums, employeeId) }),
  }),
  'shift.cancelled': kind({
    version: 1,
    summary: 'A published shift was cancelled; addressed to its employee',
    data: shiftRef.extend({ premiums: z.array(premium) }),
    audience: (e) => to([e.data.employeeId]),
    defaults: ALL_CHANNELS,
    text: (d) => ({
      title: 'Shift cancelled',
      body: `Your shift of ${d.date} was cancelled.${premiumLine(d.premiums)}`,
    }),
  }),
  'request.created': kind({
    version: 1,
    summary: 'An employee made a request; addressed to managers and owners',
    data: requestData,
    audience: () => to([], 'manager'),
    defaults: MANAGERS,
    text: (d) => ({ title: 'New request', body: `A ${d.kind} request waits for a decision.` }),
  }),
  'request.needs_action': kind({
    version: 1,
    summary:
      'A request waits for someone: the coworker asked to swap, or managers and owners once it needs their decision',
    data: requestData.extend({
      state: z.string().describe('pending_peer or pending_manager'),
      actorEmployeeIds: z.array(z.string()).describe('The employees asked to answer (none when it waits for managers)'),
    }),
    audience: (e) => to(e.data.actorEmployeeIds, e.data.state === 'pending_manager' ? 'manager' : null),
    defaults: APP_AND_PUSH,
    text: (d) => ({ title: 'A request needs you', body: `A ${d.kind} request waits for your answer.` }),
  }),
  'request.approved': kind({
    version: 1,
    summary: 'A request was approved; addressed to the employee who asked',
    data: requestData,
    audience: (e) => to([e.data.employeeId]),
    defaults: ALL_CHANNELS,
    text: (d) => ({ title: 'Request approved', body: `Your ${d.kind} request was approved.` }),
  }),
  'request.denied': kind({
    version: 1,
    summary: 'A request was denied; addressed to the employee who asked',
    data: requestData,
    audience: (e) => to([e.data.employeeId]),
    defaults: ALL_CHANNELS,
    text: (d) => ({ title: 'Request denied', body: `Your ${d.kind} request was denied.` }),
  }),
  'request.expired': kind({
    version: 1,
    summary: 'A request expired undecided; addressed to the employee who asked',
    data: requestData,
    audience: (e) => to([e.data.employeeId]),
    defaults: APP_AND_PUSH,
    text: (d) => ({ title: 'Request expired', body: `Your ${d.kind} request expired without a decision.` }),
  }),
  'punch.auto_clocked_out': kind({
    version: 1,
    summary: 'A punch left open was closed by the auto clock-out job; addressed to its employee and managers',
    data: z.object({ punchId: z.string(), employeeId: z.string(), clockedOutAt: z.number() }),
    audience: (e) => to([e.data.employeeId], 'manager'),
    defaults: APP_AND_PUSH,
    text: () => ({ title: 'Clocked out automatically', body: 'A punch left open was closed; check the timesheet.' }),
  }),
  'punch.flagged': kind({
    version: 1,
    summary: 'A punch was flagged for review; addressed to managers and owners',
    data: z.object({ punchId: z.string(), employeeId: z.string(), flags: z.array(z.string()) }),
    audience: () => to([], 'manager'),
    defaults: MANAGERS,
    text: (d) => ({ title: 'Punch flagged', body: `A punch needs review: ${d.flags.join(', ')}.` }),
  }),
  'post.published': kind({
    version: 1,
    summary: 'A post was published; addressed to its recipients',
    data: z.object({ postId: z.string(), title: z.string(), employeeIds: z.array(z.string()) }),
    audience: (e) => to(e.data.employeeIds),
    defaults: APP_AND_PUSH,
    text: (d) => ({ title: 'New post', body: d.title }),
    ownOnly: (d, employeeId) => ({ ...d, employeeIds: d.employeeIds.filter((e) => e === employeeId) }),
  }),
  'document.expiring': kind({
    version: 1,
    summary: "An employee's document expires soon; addressed to the employee and managers",
    data: z.object({ documentId: z.string(), employeeId: z.string(), expiresOn: z.string() }),
    audience: (e) => to([e.data.employeeId], 'manager'),
    defaults: ALL_CHANNELS,
    text: (d) => ({ title: 'Document expiring', body: `A document expires on ${d.expiresOn}.` }),
  }),
  'payroll.period_closed': kind({
    version: 1,
    summary: 'A pay period was closed; addressed to managers and owners',
    data: z.object({ startDate: z.string(), endDate: z.string() }),
    audience: () => to([], 'manager'),
    defaults: MANAGERS,
    text: (d) => ({ title: 'Pay period closed', body: `The pay period ${d.startDate} to ${d.endDate} is closed.` }),
  }),
  'tips.distribution_locked': kind({
    version: 1,
    summary: "A tip pool's period was locked (its ledger entries never change again); addressed to managers and owners",
    data: z.object({ poolId: z.string(), poolName: z.string(), periodStart: z.string(), periodEnd: z.string() }),
    audience: () => to([], 'manager'),
    defaults: MANAGERS,
    text: (d) => ({
      title: 'Tips locked',
      body: `The tips of ${d.poolName} for ${d.periodStart} to ${d.periodEnd} are locked.`,
    }),
  }),
  'leave.balance_changed': kind({
    version: 1,
    summary:
      "A leave balance changed by a day-off request (its approval took the time off, its cancellation gave it back) or by a leave year's end (forfeiture, carryover); addressed to the employee and managers",
    data: leaveChange,
    audience: (e) => to([e.data.employeeId], 'manager'),
    defaults: APP_AND_PUSH,
    text: (d) => ({ title: LEAVE_TITLES[d.cause], body: leaveBody(d) }),
  }),
  'integration.sync_failed': kind({
    version: 1,
    summary: 'An integration failed to synchronise three times in a row; addressed to owners',
    data: z.object({ integrationId: z.string(), provider: z.string(), consecutiveFailures: z.number().int() }),
    audience: () => to([], 'owner'),
    defaults: ALL_CHANNELS,
    text: (d) => ({
      title: 'Integration failing',
      body: `${d.provider} failed to synchronise ${d.consecutiveFailures} times in a row.`,
    }),
  }),
  'application.received': kind({
    version: 1,
    summary: 'A candidate applied to a job; addressed to managers and owners',
    data: z.object({ applicationId: z.string(), jobId: z.string().nullable() }),
    audience: () => to([], 'manager'),
    defaults: MANAGERS,
    text: () => ({ title: 'New application', body: 'A candidate applied.' }),
  }),
  'invitation.accepted': kind({
    version: 1,
    summary: 'Someone accepted an invitation and joined; addressed to managers and owners',
    data: z.object({ uid: z.string(), role: z.string(), employeeId: z.string().nullable() }),
    audience: () => to([], 'manager'),
    defaults: MANAGERS,
    text: (d) => ({ title: 'Invitation accepted', body: `A new ${d.role} joined the team.` }),
  }),
  'message.posted': kind({
    version: 1,
    summary:
      "A team message was posted; addressed to the conversation's members who had read everything before it (at most one notification per conversation until they read it), and to the members it mentions; never to the author, nor to members who muted the conversation unless mentioned. Never delivered to webhooks",
    data: z.object({
      conversationId: z.string(),
      messageId: z.string(),
      conversationKind: z.enum(['direct', 'group', 'role', 'everyone']),
      conversationName: z.string().nullable().describe('The name of a group conversation; null for a direct one'),
      authorUid: z.string(),
    }),
    audience: (e) => to([], null, e.subjects.recipientUids ?? []),
    defaults: APP_AND_PUSH,
    // the text of the message stays in messaging (its erasure erases it): the notice names the conversation only
    text: (d) => ({
      title: 'New message',
      body: d.conversationName ? `New messages in ${d.conversationName}.` : 'You have a new direct message.',
    }),
  }),
} satisfies Record<DomainEventType, EventKind<z.ZodObject>>;

export type EventData<T extends DomainEventType> = z.input<(typeof EVENT_KINDS)[T]['data']>;

/** The kind of a type, loosely typed for code that handles every type alike. */
export const kindOf = (type: DomainEventType) => EVENT_KINDS[type] as unknown as EventKind<z.ZodObject>;
