/**
 * The live stream (GET /messaging/stream): the events of the caller's conversations as server-sent
 * events, read from the company's messaging log after a position (the last event id the client
 * received). The entries come from the instance's feed of the company (feed.ts: one poller of the
 * log head per company and instance, and the commits made on the instance offered to it at once);
 * a position behind the feed's buffer is read from the log itself (one query per page of PAGE
 * entries). The caller's membership is checked at every wake (the in-process cache), their roles
 * re-read every TICK_MS (and then the access of an owner or administrator of the company's
 * organization, who has no membership there). Not Firestore listeners: on the Node Firestore
 * emulator of the local stack and the tests, a listener's watch stream stays open after it is
 * stopped, so a process that used one never exits (checked 2026-12-04).
 */
import type { Request } from 'express';
import { coreErrors } from '../../core/errors';
import { remainingMs } from '../../core/deadline';
import {
  findMembership,
  grantsAccess,
  membershipFromDoc,
  membershipRef,
  type Membership,
} from '../../core/memberships';
import type { EventStream } from '../../http/route';
import { organizationOwnerAt, rolesOf } from './access';
import { conversationView } from './conversations';
import { messagingErrors } from './errors';
import { POLL_MS, subscribe } from './feed';
import { messageView } from './messages';
import * as repo from './repo';
import { roleConversationId } from './rules';
import type { StreamEnd } from './schemas';
import { eventId, nextDeliveries, readsConversation, resumePosition, type StreamConversation } from './stream-rules';

/** Log entries read per query. */
const PAGE = 200;
/** How often a stream re-reads the caller's roles (their employee record's positions, the company's roles). */
const TICK_MS = 15_000;
/** An SSE comment this often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 15_000;
/** What the stream leaves of its request deadline to answer its `done`. */
const END_MARGIN_MS = 5_000;

interface Reader {
  uid: string;
  role: Membership['role'];
  roleGroups: Set<string>;
  /** An owner or administrator of the company's organization, acting as an owner without a membership. */
  viaOrganization: boolean;
}

/** The caller as they are now (read, not cached): refused once their access has ended. */
async function currentReader(member: Membership, now: number): Promise<Reader> {
  const snap = await membershipRef(member.companyId, member.uid).get();
  const own = snap.exists ? membershipFromDoc(snap) : null;
  const m = own && grantsAccess(own, now) ? own : await organizationOwnerAt(member.companyId, member.uid);
  if (!m) throw coreErrors.NOT_A_MEMBER('Your access to this company has ended');
  const roles = await rolesOf(m);
  return {
    uid: m.uid,
    role: m.role,
    roleGroups: new Set(roles.map((r) => roleConversationId(r.id))),
    viaOrganization: m !== own,
  };
}

const stateOf = (c: repo.StoredConversation | null): StreamConversation | null =>
  c ? { kind: c.kind, memberUids: c.memberUids } : null;
const isAutomatic = (id: string) => id === 'everyone' || id.startsWith('role_');

export async function openStream({
  member,
  req,
  lastEventId,
  waitSeconds,
  events,
}: {
  member: Membership;
  req: Request;
  lastEventId?: string;
  waitSeconds: number;
  events: EventStream | null;
}): Promise<StreamEnd> {
  if (!events) throw new Error('the stream route is declared sse');
  const { companyId } = member;
  const start = Date.now();
  const position = resumePosition(req.get('last-event-id'), lastEventId);
  const [head, first] = await Promise.all([repo.readHead(companyId), currentReader(member, start)]);
  if (position === 'invalid' || (position !== undefined && position > head))
    throw messagingErrors.INVALID_LAST_EVENT_ID(`Not an event id of this stream (the newest is ${head})`);
  let cursor = position ?? head;
  let reader = first;
  const until = start + Math.min(waitSeconds * 1000, Math.max(0, remainingMs() - END_MARGIN_MS));
  const conversations = new Map<string, StreamConversation | null>();
  let lastWrite = Date.now();
  const send = (event: string, data: unknown, id?: string) => {
    events.send(event, data, id);
    lastWrite = Date.now();
  };

  /** Delivers every entry after the cursor that the reader gets, page by page. */
  const drain = async () => {
    for (;;) {
      // from the instance's feed of the company when it holds the position, else from the log
      const buffered = feed.after(cursor);
      const page = buffered ? buffered.entries : await repo.companyLogAfter(companyId, cursor, PAGE);
      if (page.length === 0) return;
      // a conversation first met: its members before the page's first change of them, else as it is now
      const firstChange = new Map<string, repo.LogEntry>();
      for (const e of page)
        if (e.kind === 'members' && !firstChange.has(e.conversationId)) firstChange.set(e.conversationId, e);
      const unknown = [
        ...new Set(page.map((e) => e.conversationId).filter((id) => !isAutomatic(id) && !conversations.has(id))),
      ];
      const [found, changed] = await Promise.all([
        repo.conversationsByIds(
          companyId,
          unknown.filter((id) => !firstChange.has(id)),
        ),
        repo.conversationsByIds(companyId, [...firstChange.keys()]),
      ]);
      for (const id of unknown) {
        const change = firstChange.get(id);
        conversations.set(id, change ? { kind: 'group', memberUids: change.previousUids ?? [] } : null);
      }
      for (const c of found) conversations.set(c.id, stateOf(c));
      const changedById = new Map(changed.map((c) => [c.id, c]));
      const reads = (id: string) => readsConversation(id, conversations.get(id) ?? null, reader, reader.roleGroups);
      // a group's members change in its log: the entries before it are read as before, those after as after
      const membersEvent = new Map<repo.LogEntry, 'conversation' | 'removed'>();
      const { deliver, cursor: next } = nextDeliveries(page, cursor, (entry) => {
        if (entry.kind !== 'members') return reads(entry.conversationId);
        const before = reads(entry.conversationId);
        conversations.set(entry.conversationId, { kind: 'group', memberUids: entry.memberUids ?? [] });
        const after = reads(entry.conversationId);
        if (after) membersEvent.set(entry, 'conversation');
        else if (before) membersEvent.set(entry, 'removed');
        return before || after;
      });
      const wanted = deliver.filter((e) => e.messageId !== null).map((e) => e.messageId as string);
      const messages = buffered?.messages ?? new Map<string, repo.StoredMessage>();
      const missing = wanted.filter((id) => !messages.has(id));
      if (missing.length) for (const [id, m] of await repo.messagesByIds(companyId, missing)) messages.set(id, m);
      for (const entry of deliver) {
        const id = eventId(entry.companySeq as number);
        const { conversationId } = entry;
        if (entry.kind === 'receipt') {
          send('receipt', { conversationId, uid: entry.uid, readUpTo: entry.readUpTo ?? 0, at: entry.at }, id);
        } else if (entry.kind === 'members') {
          const c = changedById.get(conversationId);
          if (membersEvent.get(entry) === 'conversation' && c)
            send(
              'conversation',
              {
                conversationId,
                conversation: conversationView({ ...c, memberUids: entry.memberUids ?? c.memberUids }, null, ''),
              },
              id,
            );
          else send('removed', { conversationId }, id);
        } else {
          const message = messages.get(entry.messageId as string);
          if (message) send(entry.kind, { conversationId, message: messageView(message) }, id);
        }
      }
      cursor = next;
      if (buffered || page.length < PAGE) return;
    }
  };

  // woken by the instance's feed of the company (one poll of the head for all its streams); the
  // caller's access checked at each wake and every POLL_MS, their roles re-read every TICK_MS
  let woken = () => {};
  let news = true;
  const feed = subscribe(companyId, head, () => {
    news = true;
    woken();
  });
  const abort = () => woken();
  events.signal.addEventListener('abort', abort);
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      woken = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  let rolesReadAt = start;
  try {
    if (waitSeconds > 0) send('ready', { lastEventId: eventId(cursor) }, eventId(cursor));
    for (;;) {
      if (events.signal.aborted) break;
      if (news) {
        news = false;
        await drain();
      }
      const now = Date.now();
      if (now >= until) break;
      if (now - lastWrite >= KEEPALIVE_MS) {
        events.comment('keep-alive');
        lastWrite = now;
      }
      if (!news) await pause(Math.min(until - now, POLL_MS));
      woken = () => {};
      if (events.signal.aborted) break;
      const m = await findMembership(companyId, member.uid);
      // no membership: ended (currentReader refuses), or an organization's owner or administrator,
      // whose access is read again with the roles
      const changed = m ? reader.viaOrganization || m.role !== reader.role : !reader.viaOrganization;
      if (changed || Date.now() - rolesReadAt >= TICK_MS) {
        reader = await currentReader(member, Date.now());
        rolesReadAt = Date.now();
      }
    }
    // what came in the last interval, or behind the feed
    if (!events.signal.aborted && cursor < Math.max(feed.cursor(), waitSeconds === 0 ? head : 0)) await drain();
  } finally {
    events.signal.removeEventListener('abort', abort);
    feed.unsubscribe();
  }
  return { lastEventId: eventId(cursor) };
}
