import fc from 'fast-check';
import type { MemberRole } from '../../../../src/core/memberships';
import { nextDeliveries, readsConversation, resumePosition } from '../../../../src/modules/messaging/stream-rules';

const role = fc.constantFrom<MemberRole>('employee', 'manager', 'owner');

describe('the resume position', () => {
  it('takes the Last-Event-ID header before the query parameter, and neither means from now', () => {
    expect(resumePosition('12', '3')).toBe(12);
    expect(resumePosition(undefined, '3')).toBe(3);
    expect(resumePosition('', '3')).toBe(3);
    expect(resumePosition(undefined, undefined)).toBeUndefined();
    expect(resumePosition('0', undefined)).toBe(0);
  });

  it('refuses anything but a decimal event id', () => {
    for (const bad of ['abc', '-1', '1.5', '01', '1e3', ' 1 2', '9'.repeat(16)])
      expect(resumePosition(bad, undefined)).toBe('invalid');
  });

  it('reads back every id it hands out', () => {
    fc.assert(fc.property(fc.nat({ max: 1e14 }), (n) => expect(resumePosition(String(n), undefined)).toBe(n)));
  });
});

describe('who reads a conversation on the stream', () => {
  it('everyone: every member; a role group: its holders now; a direct one: its two members only', () => {
    fc.assert(
      fc.property(role, (r) => {
        const reader = { uid: 'me', role: r };
        expect(readsConversation('everyone', null, reader, new Set())).toBe(true);
        expect(readsConversation('role_cook', null, reader, new Set(['role_cook']))).toBe(true);
        expect(readsConversation('role_cook', null, reader, new Set(['role_bar']))).toBe(false);
        expect(readsConversation('dm_a_b', { kind: 'direct', memberUids: ['a', 'b'] }, reader, new Set())).toBe(false);
        expect(readsConversation('dm_a_me', { kind: 'direct', memberUids: ['a', 'me'] }, reader, new Set())).toBe(true);
      }),
    );
  });

  it('a group: its members, and managers and owners (moderation), never another employee', () => {
    const group = { kind: 'group' as const, memberUids: ['a', 'b'] };
    expect(readsConversation('g', group, { uid: 'me', role: 'employee' }, new Set())).toBe(false);
    expect(readsConversation('g', group, { uid: 'a', role: 'employee' }, new Set())).toBe(true);
    expect(readsConversation('g', group, { uid: 'me', role: 'manager' }, new Set())).toBe(true);
    expect(readsConversation('g', null, { uid: 'me', role: 'owner' }, new Set())).toBe(false);
  });
});

describe('which entries a stream delivers', () => {
  const entries = fc
    .uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 60 })
    .map((ns) => ns.sort((a, b) => a - b).map((companySeq) => ({ companySeq, visible: companySeq % 3 !== 0 })));

  it('delivers the visible entries after the cursor, in order, each once, and moves past every entry read', () => {
    fc.assert(
      fc.property(entries, fc.nat({ max: 500 }), (page, cursor) => {
        const { deliver, cursor: next } = nextDeliveries(page, cursor, (e) => e.visible);
        const expected = page.filter((e) => e.companySeq > cursor && e.visible);
        expect(deliver).toEqual(expected);
        expect(next).toBe(Math.max(cursor, ...page.map((e) => e.companySeq)));
      }),
    );
  });

  it('resuming from any delivered id gives exactly the rest: the two parts are the whole, nothing twice', () => {
    fc.assert(
      fc.property(entries, fc.nat({ max: 60 }), (page, cut) => {
        const whole = nextDeliveries(page, 0, (e) => e.visible).deliver;
        const first = whole.slice(0, Math.min(cut, whole.length));
        const resumeAt = first.length ? first[first.length - 1].companySeq : 0;
        // the page read again from its start (a replay reads what the cut connection had read too)
        const rest = nextDeliveries(page, resumeAt, (e) => e.visible).deliver;
        expect([...first, ...rest]).toEqual(whole);
      }),
    );
  });

  it('skips entries written before the stream existed (no company number)', () => {
    expect(nextDeliveries([{ companySeq: null }, { companySeq: 4 }], 0, () => true).deliver).toEqual([
      { companySeq: 4 },
    ]);
  });
});
