import fc from 'fast-check';
import { SCHEDULING_PACK_IDS, SCHEDULING_PACKS } from '../../../../src/modules/compliance/packs';
import { schedulingVersionOn } from '../../../../src/modules/compliance/resolve';
import type { Pack } from '../../../../src/modules/compliance/types';
import { changePremiumUnder, restPremiumUnder, type ShiftChange } from '../../../../src/modules/schedule/fair-workweek';

/**
 * Dated rule packs: an amendment with a future `effectiveFrom` (doubled premiums, a longer notice
 * and rest) changes no premium of a shift dated before it, and applies from that date.
 */
const DAY = 24 * 60;
const dateArb = fc
  .integer({ min: Date.UTC(2015, 0, 1), max: Date.UTC(2040, 0, 1) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));
const changeArb: fc.Arbitrary<ShiftChange> = fc.record({
  kind: fc.constantFrom('added' as const, 'cut' as const, 'moved' as const),
  deltaMinutes: fc.integer({ min: 0, max: 600 }),
  noticeMinutes: fc.integer({ min: -120, max: 30 * DAY }),
});

function amend(pack: Pack, from: string): Pack {
  const last = pack.scheduling.at(-1)!;
  const doubled = (t: (typeof last.tiers)[number]) => ({
    ...t,
    underMinutes: t.underMinutes + 7 * DAY,
    added: t.added && { kind: 'hours' as const, hours: 9 },
    cut: t.cut && { kind: 'hours' as const, hours: 9 },
  });
  return {
    ...pack,
    scheduling: [
      ...pack.scheduling.slice(0, -1),
      { ...last, effectiveTo: from },
      {
        ...last,
        effectiveFrom: from,
        noticeDays: last.noticeDays + 7,
        tiers: last.tiers.map(doubled),
        rest: last.rest && { ...last.rest, minMinutes: last.rest.minMinutes + 60 },
      },
    ],
  };
}

const premiumsOn = (pack: Pack, date: string, change: ShiftChange, gap: number) => {
  const v = schedulingVersionOn(pack, date);
  return v && [changePremiumUnder(v, change, { scheduledMinutes: 480 }), restPremiumUnder(v, pack.label, gap, 480)];
};

describe('a pack amendment with a future effectiveFrom', () => {
  it('owes exactly what the pack owed for every shift dated before it (property over dates and changes)', () => {
    fc.assert(
      fc.property(
        dateArb,
        dateArb,
        fc.constantFrom(...SCHEDULING_PACK_IDS),
        changeArb,
        fc.integer({ min: 0, max: 720 }),
        (from, on, id, change, gap) => {
          const pack = SCHEDULING_PACKS[id];
          fc.pre(from > pack.scheduling.at(-1)!.effectiveFrom && on < from);
          expect(premiumsOn(amend(pack, from), on, change, gap)).toEqual(premiumsOn(pack, on, change, gap));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('applies from its first date on', () => {
    fc.assert(
      fc.property(dateArb, fc.constantFrom(...SCHEDULING_PACK_IDS), (from, id) => {
        const pack = SCHEDULING_PACKS[id];
        fc.pre(from > pack.scheduling.at(-1)!.effectiveFrom);
        const amended = amend(pack, from);
        const v = schedulingVersionOn(amended, from)!;
        expect(v.effectiveFrom).toBe(from);
        const change: ShiftChange = { kind: 'added', deltaMinutes: 120, noticeMinutes: 2 * DAY };
        expect(changePremiumUnder(v, change)?.payHours).toBe(9);
      }),
      { numRuns: 200 },
    );
  });
});
