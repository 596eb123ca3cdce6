import fc from 'fast-check';
import { vanishedPunches } from '../../../../src/pos/connectors/reconcile';
import type { PosPunch } from '../../../../src/pos/connectors/types';

/**
 * The rule that takes a stored punch for deleted (a vendor that keeps no trace of a deletion):
 * exactly the stored punches of the window that neither the read nor the confirming second read
 * answered, each answered deleted; the second read made only when there is a candidate.
 */

const punch = (vendorId: string, clockInAt: number): PosPunch => ({
  vendorId,
  employeeVendorId: 'e',
  clockInAt,
  clockOutAt: clockInAt + 1,
  breaks: [],
  jobTitle: null,
  deleted: false,
  modifiedAt: 5,
});

const ids = fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 30 });

describe('vanishedPunches', () => {
  it('answers deleted exactly the stored punches of the window neither read answered', async () => {
    await fc.assert(
      fc.asyncProperty(ids, ids, ids, fc.integer({ min: 0, max: 40 }), async (stored, first, second, span) => {
        const all = stored.map((n) => punch(`p${n}`, n));
        const [from, to] = [10, 10 + span];
        let secondReads = 0;
        const got = await vanishedPunches({
          stored: async (a, b) => all.filter((p) => p.clockInAt >= a && p.clockInAt < b),
          from,
          to,
          seen: new Set(first.map((n) => `p${n}`)),
          readAt: 100,
          readAgain: async function* () {
            secondReads++;
            yield second.map((n) => `p${n}`);
          },
        });
        const inWindow = stored.filter((n) => n >= from && n < to);
        const candidates = inWindow.filter((n) => !first.includes(n));
        const expected = candidates.filter((n) => !second.includes(n)).map((n) => `p${n}`);
        expect(got.map((p) => p.vendorId).sort()).toEqual(expected.sort());
        expect(got.every((p) => p.deleted && p.modifiedAt === 100)).toBe(true);
        expect(secondReads).toBe(candidates.length > 0 ? 1 : 0);
      }),
    );
  });

  it('answers nothing for an empty window and asks for no stored punch', async () => {
    const got = await vanishedPunches({
      stored: async () => {
        throw new Error('not asked');
      },
      from: 10,
      to: 10,
      seen: new Set(),
      readAt: 0,
      readAgain: async function* () {
        yield [];
      },
    });
    expect(got).toEqual([]);
  });
});
