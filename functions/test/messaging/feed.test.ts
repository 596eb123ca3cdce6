/**
 * The instance's feed of a company's log (messaging/feed.ts) on the real emulator: a commit of
 * this instance is offered to it at once, but only after what the feed holds; an entry another
 * instance committed in between is read by the poll first, so nothing is skipped and the order
 * stays the log's.
 */
import { randomUUID } from 'node:crypto';
import { db } from '../../src/core/firebase';
import { offer, subscribe } from '../../src/modules/messaging/feed';
import * as repo from '../../src/modules/messaging/repo';
import { eventually } from './stream-client';

// a few polls of 400 ms: seconds on a loaded 2-core machine
jest.setTimeout(120_000);

const entry = (companySeq: number): repo.LogEntry => ({
  conversationId: 'everyone',
  seq: companySeq,
  companySeq,
  kind: 'receipt',
  messageId: null,
  uid: 'probe',
  readUpTo: companySeq,
  memberUids: null,
  previousUids: null,
  at: Date.now(),
});

/** An entry committed as another instance would: the entry and the head in one commit. */
async function commitElsewhere(companyId: string, e: repo.LogEntry) {
  const batch = db().batch();
  batch.set(repo.logRef(companyId, e.conversationId, e.seq), e);
  batch.set(repo.headRef(companyId), { lastSeq: e.companySeq });
  await batch.commit();
}

describe("the instance's feed of the company's log", () => {
  it("takes this instance's commit at once when it follows, and reads another instance's entry before one that does not", async () => {
    const companyId = `co-${randomUUID().slice(0, 12)}`;
    let news = 0;
    const feed = subscribe(companyId, 0, () => news++);
    try {
      // this instance's commit of entry 1: in the feed at once, no poll
      await commitElsewhere(companyId, entry(1));
      offer(companyId, [entry(1)], new Map());
      expect(feed.after(0)?.entries.map((e) => e.companySeq)).toEqual([1]);
      expect(news).toBe(1);
      // entry 2 by another instance, then this instance's entry 3 offered: not taken past the gap
      await commitElsewhere(companyId, entry(2));
      await commitElsewhere(companyId, entry(3));
      offer(companyId, [entry(3)], new Map());
      // a poll may have run between the two commits and the offer (each commit can outlast a poll
      // interval on a loaded machine): then it brought 2 and 3; the offer never takes 3 past the gap
      expect([[1], [1, 2, 3]]).toContainEqual(feed.after(0)?.entries.map((e) => e.companySeq));
      // the poll (started at once by the offer that did not follow) brings 2 and 3, in order, once each
      await eventually(
        () => `feed at ${feed.cursor()}`,
        () => feed.cursor() === 3,
        60_000,
      );
      expect(feed.after(0)?.entries.map((e) => e.companySeq)).toEqual([1, 2, 3]);
      expect(feed.after(2)?.entries.map((e) => e.companySeq)).toEqual([3]);
      // an offer of what the poll already brought adds nothing
      offer(companyId, [entry(3)], new Map());
      expect(feed.after(0)?.entries.map((e) => e.companySeq)).toEqual([1, 2, 3]);
    } finally {
      feed.unsubscribe();
    }
  });
});
