/**
 * The company's messaging log as one instance reads it for all its streams: one poller per company
 * while streams of it are open, reading the head every POLL_MS (one document), and when it moved
 * the new entries and their messages once, kept in a bounded buffer that every stream of the
 * company on the instance takes its deliveries from. A stream behind the buffer (a resumption
 * from long ago) reads the log itself. The changes committed on this instance are offered to the
 * buffer right after their commit (`offer`), so its streams have them without waiting for the
 * poll; another instance's reach it at the next poll.
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
  /** A poll is out; `again`: poll once more right after it. */
  polling: boolean;
  again: boolean;
}

const feeds = new Map<string, Feed>();

/**
 * Appends entries that follow the feed's cursor without a gap (companySeq cursor + 1, + 2, ...:
 * the log's numbers have none), with their messages; answers whether any was new. Entries at or
 * before the cursor are already there (a poll and an offer of the same commit both bring them).
 */
function append(feed: Feed, entries: readonly repo.LogEntry[], messages: ReadonlyMap<string, repo.StoredMessage>) {
  const fresh = entries.filter((e) => (e.companySeq as number) > feed.cursor);
  if (fresh.length === 0 || fresh[0].companySeq !== feed.cursor + 1) return false;
  for (const e of fresh) {
    const m = e.messageId === null ? undefined : messages.get(e.messageId);
    if (m) feed.messages.set(m.id, m);
  }
  feed.entries.push(...fresh);
  feed.cursor = fresh[fresh.length - 1].companySeq as number;
  if (feed.entries.length > BUFFER) {
    const dropped = feed.entries.splice(0, feed.entries.length - BUFFER);
    feed.from = dropped[dropped.length - 1].companySeq as number;
    const kept = new Set(feed.entries.map((e) => e.messageId));
    for (const id of feed.messages.keys()) if (!kept.has(id)) feed.messages.delete(id);
  }
  return true;
}

const notifyAll = (feed: Feed) => {
  for (const notify of feed.subscribers) notify();
};

async function poll(companyId: string, feed: Feed): Promise<void> {
  feed.polling = true;
  try {
    const head = await repo.readHead(companyId);
    if (head <= feed.cursor) return;
    let news = false;
    for (;;) {
      const page = await repo.companyLogAfter(companyId, feed.cursor, PAGE);
      if (page.length === 0) break;
      const messages = await repo.messagesByIds(companyId, [
        ...new Set(page.filter((e) => e.messageId !== null).map((e) => e.messageId as string)),
      ]);
      // an offer may have moved the cursor meanwhile: append keeps what follows it
      if (append(feed, page, messages)) news = true;
      if (page.length < PAGE) break;
    }
    if (news) notifyAll(feed);
  } catch {
    // a failed poll is retried at the next one
  } finally {
    feed.polling = false;
    const again = feed.again;
    feed.again = false;
    if (feed.subscribers.size) feed.timer = setTimeout(() => void poll(companyId, feed), again ? 0 : POLL_MS).unref();
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
    feed = {
      from: head,
      cursor: head,
      entries: [],
      messages: new Map(),
      subscribers: new Set(),
      timer: null,
      polling: false,
      again: false,
    };
    feeds.set(companyId, feed);
  }
  const current = feed;
  current.subscribers.add(onNews);
  if (!current.timer) current.timer = setTimeout(() => void poll(companyId, current), POLL_MS).unref();
  return {
    after(cursor: number): { entries: repo.LogEntry[]; messages: Map<string, repo.StoredMessage> } | null {
      if (cursor < current.from) return null;
      return { entries: current.entries.slice(firstAfter(current.entries, cursor)), messages: current.messages };
    },
    /** The position the feed has read up to. */
    cursor: () => current.cursor,
    unsubscribe() {
      current.subscribers.delete(onNews);
    },
  };
}

/** The index of the first entry after `cursor` (entries in companySeq order). */
function firstAfter(entries: readonly repo.LogEntry[], cursor: number): number {
  let [lo, hi] = [0, entries.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((entries[mid].companySeq as number) <= cursor) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The entries of a commit made on this instance (in order) and their messages as written: the
 * company's streams here have them at once when they follow what the feed holds; otherwise (a
 * commit of another instance came between) the feed polls now.
 */
export function offer(
  companyId: string,
  entries: readonly repo.LogEntry[],
  messages: ReadonlyMap<string, repo.StoredMessage>,
): void {
  const feed = feeds.get(companyId);
  if (!feed || entries.length === 0) return;
  if (append(feed, entries, messages)) notifyAll(feed);
  else if ((entries[entries.length - 1].companySeq as number) > feed.cursor) {
    if (feed.polling) feed.again = true;
    else if (feed.timer) {
      clearTimeout(feed.timer);
      feed.timer = setTimeout(() => void poll(companyId, feed), 0).unref();
    }
  }
}
