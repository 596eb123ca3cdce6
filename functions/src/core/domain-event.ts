/**
 * A domain event: something that happened in a company, recorded in the company's outbox in the
 * same commit as the change it describes, then fanned out at least once to members' inboxes,
 * phones and email and to integrators' webhooks. Consumers deduplicate on `id`.
 */
export interface DomainEvent<Data extends Record<string, unknown> = Record<string, unknown>> {
  /** Unique and stable across redeliveries: the consumers' deduplication key. */
  id: string;
  /** Dotted, past tense, e.g. `shift.published`, `request.approved`. */
  type: DomainEventType;
  companyId: string;
  /** ISO 8601 instant of the change. */
  occurredAt: string;
  /** Who caused it: a member, or one of our jobs (`{ uid: null, job: 'auto-clock-out' }`). */
  actor: { uid: string | null; job?: string };
  /** Ids of the records it is about, by kind, e.g. `{ shiftIds: [...], employeeIds: [...] }`. */
  subjects: Record<string, string[]>;
  /** Version of the payload shape of this type; a changed shape is a new version. */
  version: number;
  data: Data;
}

/** Every event type; the events module describes each one's payload, audience and version. */
export const DOMAIN_EVENT_TYPES = [
  'shift.published',
  'shift.changed',
  'shift.cancelled',
  'request.created',
  'request.needs_action',
  'request.approved',
  'request.denied',
  'request.expired',
  'punch.auto_clocked_out',
  'punch.flagged',
  'post.published',
  'document.expiring',
  'payroll.period_closed',
  'tips.distribution_locked',
  'leave.balance_changed',
  'integration.sync_failed',
  'application.received',
  'invitation.accepted',
  'message.posted',
] as const;

export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];

/** The types that stay with the company's members: never delivered to integrators' webhooks (team messages). */
export const MEMBER_ONLY_EVENT_TYPES: readonly DomainEventType[] = ['message.posted'];

/** The types a webhook endpoint can receive. */
export const WEBHOOK_EVENT_TYPES = DOMAIN_EVENT_TYPES.filter((t) => !MEMBER_ONLY_EVENT_TYPES.includes(t)) as [
  DomainEventType,
  ...DomainEventType[],
];
