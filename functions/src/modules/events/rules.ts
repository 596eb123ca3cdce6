import { businessSlot } from '../../core/calendar';
import type { DomainEvent, DomainEventType } from '../../core/domain-event';
import type { Membership } from '../../core/memberships';
import { roleAtLeast } from '../../core/memberships';
import { withhold, type ViewPolicies } from '../../http/visibility';
import { kindOf, type Audience, type Channel } from './catalogue';

/** Pure rules of delivery: who an event reaches, on which channels, and when push stays silent. */

/** Quiet hours as company-local wall-clock minutes; `end` before `start` spans midnight (22:00 to 07:00). */
export interface QuietHours {
  start: string;
  end: string;
}

export interface Preferences {
  /** Per event type, the channels the member turned on or off (a type or channel left out: its default). */
  channels: Partial<Record<DomainEventType, Partial<Record<Channel, boolean>>>>;
  quietHours: QuietHours | null;
}

export const NO_PREFERENCES: Preferences = { channels: {}, quietHours: null };

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether an instant falls in the quiet hours, read on the company's wall clock (the business calendar's). */
export function inQuietHours(ms: number, quiet: QuietHours | null, timezone: string): boolean {
  if (!quiet) return false;
  const local = businessSlot(ms, timezone, 0).localTime;
  const now = minuteOf(local.slice(11, 16));
  const start = minuteOf(quiet.start);
  const end = minuteOf(quiet.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** Whether a member gets an event type on a channel. */
export function wants(prefs: Preferences, type: DomainEventType, channel: Channel): boolean {
  return prefs.channels[type]?.[channel] ?? kindOf(type).defaults[channel];
}

/** The members an event is addressed to: by employee record, by uid, or by role (members only; each once). */
export function recipientsOf(audience: Audience, members: Membership[]): Membership[] {
  const employees = new Set(audience.employeeIds);
  const uids = new Set(audience.uids);
  return members.filter(
    (m) =>
      (m.employeeId !== null && employees.has(m.employeeId)) ||
      uids.has(m.uid) ||
      (audience.minRole !== null && roleAtLeast(m.role, audience.minRole)),
  );
}

/** The digest window an instant falls in: one email per member per window. */
export const DIGEST_WINDOW_MS = 15 * 60_000;
export const digestWindowOf = (ms: number) => Math.floor(ms / DIGEST_WINDOW_MS);

/** A recipient's copy of the payload: an employee's narrowed to what is theirs, then every field their view may not see withheld. */
export function copyFor(event: DomainEvent, member: Membership, policies: ViewPolicies): Record<string, unknown> {
  const kind = kindOf(event.type);
  let data = structuredClone(event.data);
  if (member.role === 'employee' && kind.ownOnly) data = kind.ownOnly(data, member.employeeId);
  withhold(kind.data, data, { role: member.role, employeeId: member.employeeId, policies });
  return data;
}
