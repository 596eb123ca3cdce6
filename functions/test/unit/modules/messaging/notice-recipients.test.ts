import fc from 'fast-check';
import { noticeRecipients } from '../../../../src/modules/messaging/rules';

describe('whom a new message notifies', () => {
  it('the members who had read everything, not the author, a muted member only when mentioned (hand-worked)', () => {
    const receipts = [
      { uid: 'ana', readUpTo: 4, muted: false },
      { uid: 'ben', readUpTo: 3, muted: false },
      { uid: 'cy', readUpTo: 4, muted: true },
    ];
    const base = { memberUids: ['ana', 'ben', 'cy', 'dee'], authorUid: 'ana', before: 4, receipts };
    // ana wrote it, ben has one unread, cy muted, dee never read (readUpTo 0 < 4)
    expect(noticeRecipients({ ...base, mentions: [] })).toEqual([]);
    expect(noticeRecipients({ ...base, mentions: ['cy', 'ana'] })).toEqual(['cy']);
    expect(noticeRecipients({ ...base, authorUid: 'ben', mentions: [] })).toEqual(['ana']);
    // a new conversation: everyone has read its 0 messages
    expect(noticeRecipients({ ...base, before: 0, receipts: [], mentions: [] })).toEqual(['ben', 'cy', 'dee']);
    // an automatic conversation (no member list): its mentions only
    expect(noticeRecipients({ memberUids: [], authorUid: 'ana', before: 9, receipts: [], mentions: ['ben'] })).toEqual([
      'ben',
    ]);
  });

  it('never the author, never twice, and each recipient a caught-up unmuted member or a mention', () => {
    const uid: fc.Arbitrary<string> = fc.constantFrom('a', 'b', 'c', 'd', 'e');
    fc.assert(
      fc.property(
        fc.uniqueArray(uid),
        uid,
        fc.integer({ min: 0, max: 5 }),
        fc.uniqueArray(fc.record({ uid, readUpTo: fc.integer({ min: 0, max: 5 }), muted: fc.boolean() }), {
          selector: (r) => r.uid,
        }),
        fc.uniqueArray(uid),
        (memberUids, authorUid, before, receipts, mentions) => {
          const out = noticeRecipients({ memberUids, authorUid, before, receipts, mentions });
          expect(out).not.toContain(authorUid);
          expect(new Set(out).size).toBe(out.length);
          for (const u of out) {
            const r = receipts.find((x) => x.uid === u);
            const caughtUp = memberUids.includes(u) && !r?.muted && (r?.readUpTo ?? 0) >= before;
            expect(caughtUp || mentions.includes(u)).toBe(true);
          }
          for (const m of mentions) if (m !== authorUid) expect(out).toContain(m);
        },
      ),
      { numRuns: 500 },
    );
  });
});
