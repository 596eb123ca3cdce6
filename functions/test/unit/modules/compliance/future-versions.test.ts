import fc from 'fast-check';
import { addDays } from '../../../../src/core/calendar';
import {
  SCHEDULING_PACKS,
  minorBreaches,
  schedulingVersionOn,
  type MinorShift,
  type Pack,
  type SchedulingVersion,
} from '../../../../src/modules/compliance';
import { PACKS } from '../../../../src/modules/compliance/packs';
import type { MinorRuleSet } from '../../../../src/modules/compliance/types';
import { changePremiumUnder } from '../../../../src/modules/schedule/fair-workweek';

/**
 * A change of the law is a new version with a future effectiveFrom: it changes nothing before
 * that date. Over random packs, random new figures and random dates: the rules in force, the
 * premiums of a change and the minors' findings of a shift before the date are exactly those of
 * the unchanged packs; from the date on, the new version applies.
 */

const dates = (from: string, days: number) => fc.integer({ min: 0, max: days }).map((d) => addDays(from, d));
const H = 60;
/** Dates before `from`, many of them the days just before it, or any date from 2015 (after it too). */
const around = (from: string) =>
  fc.oneof(
    fc.integer({ min: 1, max: 3 }).map((d) => addDays(from, -d)),
    fc.constant(from),
    dates('2015-01-01', 4400),
  );

/** `versions` with `next` in force from `from`: the one in force then ends there, later ones give way. */
function superseded<V extends { effectiveFrom: string; effectiveTo: string | null }>(versions: V[], next: V): V[] {
  const kept = versions
    .filter((v) => v.effectiveFrom < next.effectiveFrom)
    .map((v) =>
      v.effectiveTo === null || v.effectiveTo > next.effectiveFrom ? { ...v, effectiveTo: next.effectiveFrom } : v,
    );
  return [...kept, next];
}

const scale = fc.double({ min: 0.25, max: 4, noNaN: true });

describe('a pack change with a future effectiveFrom', () => {
  it('changes no predictive-scheduling rule or premium before its date', () => {
    const ids = Object.keys(SCHEDULING_PACKS) as (keyof typeof SCHEDULING_PACKS)[];
    fc.assert(
      fc.property(
        fc.constantFrom(...ids),
        dates('2027-01-01', 3650),
        scale,
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: -2 * 24 * H, max: 30 * 24 * H }),
        fc.constantFrom('added', 'cut', 'moved'),
        (id, from, factor, noticeDays, notice, kind) => {
          const pack: Pack = SCHEDULING_PACKS[id];
          const last = pack.scheduling.at(-1)!;
          const next: SchedulingVersion = {
            ...last,
            effectiveFrom: from,
            effectiveTo: null,
            noticeDays,
            tiers: last.tiers.map((t) => ({
              ...t,
              added:
                t.added && t.added.kind === 'fixed'
                  ? { kind: 'fixed', amountMinor: Math.round(t.added.amountMinor * factor) }
                  : { kind: 'hours', hours: factor },
            })),
          };
          const changed: Pack = { ...pack, scheduling: superseded(pack.scheduling, next) };
          const change = { kind: kind as 'added' | 'cut' | 'moved', noticeMinutes: notice, deltaMinutes: 90 };
          fc.assert(
            fc.property(around(from), (date) => {
              if (date >= from) {
                expect(schedulingVersionOn(changed, date)).toBe(next);
                return;
              }
              const before = schedulingVersionOn(pack, date);
              const after = schedulingVersionOn(changed, date);
              expect(after && { ...after, effectiveTo: null }).toEqual(before && { ...before, effectiveTo: null });
              expect(after && changePremiumUnder(after, change, { scheduledMinutes: 300 })).toEqual(
                before && changePremiumUnder(before, change, { scheduledMinutes: 300 }),
              );
            }),
            { numRuns: 25 },
          );
        },
      ),
      { numRuns: 80 },
    );
  });

  it("changes no minors' finding before its date", () => {
    const federal = PACKS.find((p) => p.id === 'us-federal')!;
    const california = PACKS.find((p) => p.id === 'us-ca')!;
    fc.assert(
      fc.property(
        dates('2027-01-01', 3650),
        fc.constantFrom(federal, california),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 20 }),
        (from, pack, hours, earliest) => {
          const base = pack.minors![0];
          const next: MinorRuleSet = {
            ...base,
            effectiveFrom: from,
            effectiveTo: null,
            schoolWeek: {
              ...base.schoolWeek,
              schoolDay: hours * H,
              window: { ...base.schoolWeek.window, earliest: earliest * H },
            },
            otherWeek: { ...base.otherWeek, dayMinutes: hours * H },
          };
          const changedPack: Pack = { ...pack, minors: [...superseded([base], next), ...pack.minors!.slice(1)] };
          const packs = PACKS.map((p) => (p.id === pack.id ? changedPack : p));
          fc.assert(
            fc.property(
              around(from),
              fc.integer({ min: 0, max: 1439 }),
              fc.integer({ min: 15, max: 12 * H }),
              fc.integer({ min: 12, max: 18 }),
              (date, start, minutes, age) => {
                if (date >= from) return;
                const shift: MinorShift = { id: 's', date, start, minutes, worked: minutes };
                const birth = `${Number(date.slice(0, 4)) - age}-01-01`;
                const ctx = { location: { state: 'CA', county: null, city: null }, calendar: null, weekStartingDay: 1 };
                expect(minorBreaches(birth, shift, [], { ...ctx, packs })).toEqual(
                  minorBreaches(birth, shift, [], ctx),
                );
              },
            ),
            { numRuns: 25 },
          );
        },
      ),
      { numRuns: 80 },
    );
  });
});
