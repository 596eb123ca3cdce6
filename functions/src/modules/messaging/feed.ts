/**
 * The company's messaging log as one instance reads it for all its streams: one poller per company
 * while streams of it are open, reading the head every POLL_MS (one document), and when it moved
 * the new entries and their messages once, kept in a bounded buffer that every stream of the
 * company on the instance takes its deliveries from. A stream behind the buffer (a resumption
 * from long ago) reads the log itself.
 */
import * as repo from './repo';

/** How often the head is read (one document read per company per instance). */
export const POLL_MS = 400;
/** The most recent entries kept for the streams. */
const BUFFER = 5_000;
const PAGE = 500;

interface Feed {
  /** Entries with companySeq in (from, cursor], in order. */
  from: number;
  cursor: number;
  entries: repo.LogEntry[];
  messages: Map<string, repo.StoredMessage>;
  subscribers: Set<() => void>;
  timer: NodeJS.Timeout | null;
}

const feeds = new Map<string, Feed>();

async function poll(companyId: string, feed: Feed): Promise<void> {
  try {
    const head = await repo.readHead(companyId);
    if (head <= feed.cursor) return;
    for (;;) {
      const page = await repo.companyLogAfter(companyId, feed.cursor, PAGE);
      if (page.length === 0) break;
      const messages = await repo.messagesByIds(companyId, [
        ...new Set(page.filter((e) => e.messageId !== null).map((e) => e.messageId as string)),
      ]);
      for (const [id, m] of messages) feed.messages.set(id, m);
      feed.entries.push(...page);
      feed.cursor = page[page.length - 1].companySeq as number;
      if (page.length < PAGE) break;
    }
    if (feed.entries.length > BUFFER) {
      const dropped = feed.entries.splice(0, feed.entries.length - BUFFER);
      feed.from = dropped[dropped.length - 1].companySeq as number;
      const kept = new Set(feed.entries.map((e) => e.messageId));
      for (const id of feed.messages.keys()) if (!kept.has(id)) feed.messages.delete(id);
    }
    for (const notify of feed.subscribers) notify();
  } catch {
    // a failed poll is retried at the next one
  } finally {
    if (feed.subscribers.size) feed.timer = setTimeout(() => void poll(companyId, feed), POLL_MS).unref();
    else {
      feed.timer = null;
      feeds.delete(companyId);
    }
  }
}

/**
 * Subscribes a stream to its company's feed (started at `head` when it is the first): `onNews` is
 * called after each poll that found entries; `after(cursor)` answers the buffered entries after
 * the cursor and their messages, or null when the cursor is behind the buffer.
 */
export function subscribe(companyId: string, head: number, onNews: () => void) {
  let feed = feeds.get(companyId);
  if (!feed) {
    feed = { from: head, cursor: head, entries: [], messages: new Map(), subscribers: new Set(), timer: null };
    feeds.set(companyId, feed);
  }
  const current = feed;
  current.subscribers.add(onNews);
  if (!current.timer) current.timer = setTimeout(() => void poll(companyId, current), POLL_MS).unref();
  return {
    after(cursor: number): { entries: repo.LogEntry[]; messages: Map<string, repo.StoredMessage> } | null {
      if (cursor < current.from) return null;
      return { entries: current.entries.filter((e) => (e.companySeq as number) > cursor), messages: current.messages };
    },
    /** The position the feed has read up to. */
    cursor: () => current.cursor,
    unsubscribe() {
      current.subscribers.delete(onNews);
    },
  };
}
