import fc from 'fast-check';
import type { MemberRole } from '../../../../src/core/memberships';
import {
  deleteRefusal,
  directConversationId,
  directStartRefusal,
  editRefusal,
  EDIT_WINDOW_MS,
  groupStartRefusal,
  inDirectory,
  nextReadUpTo,
  pageRange,
  postRefusal,
  unreadCount,
  type InteractionPolicies,
} from '../../../../src/modules/messaging/rules';

const role = fc.constantFrom<MemberRole>('employee', 'manager', 'owner');
const policies = fc.record<InteractionPolicies>({
  group: fc.boolean(),
  messages: fc.boolean(),
  workWith: fc.boolean(),
});
const ALL_ON = { group: true, messages: true, workWith: true };

describe('the interaction policies', () => {
  it('never bind managers and owners: they start and post anything under any policies', () => {
    fc.assert(
      fc.property(fc.constantFrom<MemberRole>('manager', 'owner'), role, policies, (caller, target, p) => {
        expect(directStartRefusal(caller, target, p)).toBeNull();
        expect(groupStartRefusal(caller, [target], p)).toBeNull();
        expect(postRefusal('direct', caller, target, p)).toBeNull();
        expect(postRefusal('group', caller, null, p)).toBeNull();
        expect(postRefusal('everyone', caller, null, p)).toBeNull();
      }),
    );
  });

  it('with every policy on, an employee may start and post anything', () => {
    fc.assert(
      fc.property(role, fc.array(role), (target, members) => {
        expect(directStartRefusal('employee', target, ALL_ON)).toBeNull();
        expect(groupStartRefusal('employee', members, ALL_ON)).toBeNull();
        expect(postRefusal('direct', 'employee', target, ALL_ON)).toBeNull();
        expect(postRefusal('role', 'employee', null, ALL_ON)).toBeNull();
      }),
    );
  });

  it('an employee may always reach a manager or owner directly; another employee only with messages and workWith on', () => {
    fc.assert(
      fc.property(role, policies, (target, p) => {
        const refusal = directStartRefusal('employee', target, p);
        if (target !== 'employee') expect(refusal).toBeNull();
        else expect(refusal === null).toBe(p.messages && p.workWith);
      }),
    );
  });

  it('messages off refuses employee-to-employee posts; group off refuses every group kind; each policy only its own', () => {
    fc.assert(
      fc.property(policies, (p) => {
        expect(postRefusal('direct', 'employee', 'employee', p)).toBe(p.messages ? null : 'MESSAGES_RESTRICTED');
        for (const kind of ['group', 'role', 'everyone'] as const)
          expect(postRefusal(kind, 'employee', null, p)).toBe(p.group ? null : 'GROUPS_DISABLED');
        expect(postRefusal('direct', 'employee', 'manager', p)).toBeNull();
      }),
    );
  });

  it('workWith off keeps other employees out of an employee directory only', () => {
    expect(inDirectory('employee', 'employee', { ...ALL_ON, workWith: false })).toBe(false);
    expect(inDirectory('employee', 'manager', { ...ALL_ON, workWith: false })).toBe(true);
    expect(groupStartRefusal('employee', ['manager', 'employee'], { ...ALL_ON, workWith: false })).toBe(
      'NOT_IN_DIRECTORY',
    );
  });

  it('a direct conversation whose other member left takes no message', () => {
    expect(postRefusal('direct', 'manager', null, ALL_ON)).toBe('RECIPIENT_LEFT');
  });
});

describe('edits and deletions', () => {
  const sent = (createdAt: number) => ({ authorUid: 'a', createdAt, deletedAt: null });
  it('the author edits and deletes within the window, to the millisecond', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 * EDIT_WINDOW_MS }), (age) => {
        const inside = age <= EDIT_WINDOW_MS;
        expect(editRefusal(sent(1_000_000), 'a', 1_000_000 + age)).toBe(inside ? null : 'EDIT_WINDOW_CLOSED');
        expect(deleteRefusal(sent(1_000_000), { uid: 'a', role: 'employee' }, 1_000_000 + age)).toBe(
          inside ? null : 'EDIT_WINDOW_CLOSED',
        );
        expect(deleteRefusal(sent(1_000_000), { uid: 'm', role: 'manager' }, 1_000_000 + age)).toBeNull();
        expect(editRefusal(sent(1_000_000), 'm', 1_000_000 + age)).toBe('NOT_THE_AUTHOR');
      }),
    );
  });
  it('a deleted message is not edited', () => {
    expect(editRefusal({ authorUid: 'a', createdAt: 0, deletedAt: 1 }, 'a', 1)).toBe('MESSAGE_DELETED');
  });
});

describe('receipts and unread counts', () => {
  it('a receipt only moves forward and never past the newest message; unread is what is after it', () => {
    fc.assert(
      fc.property(
        fc.nat(1000),
        fc.array(fc.option(fc.nat(1200), { nil: undefined }), { maxLength: 20 }),
        (count, requests) => {
          let at = 0;
          for (const r of requests) {
            const next = nextReadUpTo(at, r, count);
            expect(next).toBeGreaterThanOrEqual(at);
            expect(next).toBeLessThanOrEqual(Math.max(at, count));
            at = next;
            expect(unreadCount(count, at)).toBe(count - at);
          }
        },
      ),
    );
  });
});

describe('paging', () => {
  it('paging back from the newest visits every message once, in order; paging forward from the first too', () => {
    fc.assert(
      fc.property(fc.nat(300), fc.integer({ min: 1, max: 100 }), (count, limit) => {
        const seen: number[] = [];
        let range = pageRange(count, limit, undefined);
        while (range.to >= range.from) {
          seen.unshift(...Array.from({ length: range.to - range.from + 1 }, (_, i) => range.from + i));
          if (range.from <= 1) break;
          range = pageRange(count, limit, ['older', range.from]);
        }
        expect(seen).toEqual(Array.from({ length: count }, (_, i) => i + 1));
        const forward: number[] = [];
        let at = 0;
        for (;;) {
          const r = pageRange(count, limit, ['newer', at]);
          if (r.to < r.from) break;
          for (let n = r.from; n <= r.to; n++) forward.push(n);
          at = r.to;
        }
        expect(forward).toEqual(seen);
      }),
    );
  });
  it('a direct conversation has one id whoever starts it', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) =>
        expect(directConversationId(a, b)).toBe(directConversationId(b, a)),
      ),
    );
  });
});
