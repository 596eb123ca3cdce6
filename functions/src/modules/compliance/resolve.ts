import { LEVELS, placeCovers, type LawLocation } from './location';
import { PACKS, SCHEDULING_PACKS, type SchedulingPackId } from './packs';
import type { Pack, RuleNote, SchedulingVersion } from './types';

/** The version of a pack's predictive-scheduling rules in force on `date` (YYYY-MM-DD), or null. */
export function schedulingVersionOn(pack: Pack, date: string): SchedulingVersion | null {
  return (
    pack.scheduling.find((v) => v.effectiveFrom <= date && (v.effectiveTo === null || date < v.effectiveTo)) ?? null
  );
}

const inForce = (n: RuleNote, date: string) =>
  n.effectiveFrom <= date && (n.effectiveTo === null || date < n.effectiveTo);

export interface ResolvedPack {
  pack: Pack;
  /** Why the pack covers the location. */
  why: string;
  /** Its predictive-scheduling rules on the date (null: none, or none in force yet). */
  scheduling: SchedulingVersion | null;
  notes: RuleNote[];
}

/** The packs covering `location` on `date`, layered federal -> state -> county -> city. */
export function packsFor(location: LawLocation, date: string): ResolvedPack[] {
  const out: ResolvedPack[] = [];
  for (const pack of PACKS) {
    const why = placeCovers(pack.place, location);
    if (why)
      out.push({
        pack,
        why,
        scheduling: schedulingVersionOn(pack, date),
        notes: pack.notes.filter((n) => inForce(n, date)),
      });
  }
  return out.sort((a, b) => LEVELS.indexOf(a.pack.place.level) - LEVELS.indexOf(b.pack.place.level));
}

export type SchedulingChoice =
  | { jurisdiction: SchedulingPackId; because: 'setting' | 'location' }
  | { jurisdiction: 'none'; because: 'noLaw' | 'notAttested' | 'noLocation' };

/**
 * The predictive-scheduling pack the schedule applies: the company setting
 * `fairWorkweekJurisdiction` when it names one (an explicit override: the company says the law
 * applies to it), else the most local pack covering the location whose coverage the company
 * attests (`lawCoverage`). Which version applies is then decided by each shift's date.
 */
export function schedulingJurisdiction({
  location,
  coverage,
  override,
}: {
  location: LawLocation | null | undefined;
  coverage: readonly string[] | undefined;
  override: SchedulingPackId | 'none' | undefined;
}): SchedulingChoice {
  if (override && override !== 'none') return { jurisdiction: override, because: 'setting' };
  if (!location) return { jurisdiction: 'none', because: 'noLocation' };
  const covering = (Object.values(SCHEDULING_PACKS) as Pack<SchedulingPackId>[])
    .filter((p) => placeCovers(p.place, location))
    .sort((a, b) => LEVELS.indexOf(b.place.level) - LEVELS.indexOf(a.place.level));
  if (!covering.length) return { jurisdiction: 'none', because: 'noLaw' };
  const attested = covering.find((p) => coverage?.includes(p.id));
  return attested
    ? { jurisdiction: attested.id, because: 'location' }
    : { jurisdiction: 'none', because: 'notAttested' };
}
