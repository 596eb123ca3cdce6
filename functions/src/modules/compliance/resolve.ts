import { LEVELS, placeCovers, sameName, type LawLocation } from './location';
import type { PayRule, PayRuleFigures, PayRuleKind } from './types';
import { PACKS, SCHEDULING_PACKS, type SchedulingPackId } from './packs';
import type { Pack, RuleNote, SchedulingVersion } from './types';

/** The version of a pack's predictive-scheduling rules in force on `date` (YYYY-MM-DD), or null. */
export function schedulingVersionOn(pack: Pack, date: string): SchedulingVersion | null {
  return (
    pack.scheduling.find((v) => v.effectiveFrom <= date && (v.effectiveTo === null || date < v.effectiveTo)) ?? null
  );
}

const inForce = (n: Pick<RuleNote, 'effectiveFrom' | 'effectiveTo'>, date: string) =>
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
        notes: [...pack.notes.filter((n) => inForce(n, date)), ...payNotes(pack, location, date)],
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

/** A minimum wage entry for a region (counties or cities) covers only those; one without is the rest of the state. */
const regionOf = (r: PayRule, location: LawLocation): 'region' | 'rest' | null => {
  if (r.rule !== 'minimumWage' || (!r.counties && !r.cities)) return 'rest';
  const inCounty = !!location.county && (r.counties ?? []).some((c) => sameName(c, location.county!));
  const inCity = !!location.city && (r.cities ?? []).some((c) => sameName(c, location.city!));
  return inCounty || inCity ? 'region' : null;
};

/** The pay rules of one pack in force on `date` at `location`: a regional minimum wage over the rest of the state's. */
function payRulesOf(pack: Pack, location: LawLocation, date: string): PayRule[] {
  const live = (pack.pay ?? []).filter((r) => inForce(r, date) && regionOf(r, location) !== null);
  const regional = live.some((r) => r.rule === 'minimumWage' && regionOf(r, location) === 'region');
  return live.filter((r) => !(regional && r.rule === 'minimumWage' && regionOf(r, location) === 'rest'));
}

const payNotes = (pack: Pack, location: LawLocation, date: string): RuleNote[] =>
  payRulesOf(pack, location, date).map((r) => ({
    rule: r.rule,
    summary: r.summary,
    appliedBy: 'payroll',
    effectiveFrom: r.effectiveFrom,
    effectiveTo: r.effectiveTo,
    citation: r.citation,
  }));

/** A pay rule in force, with the label of the pack it comes from (the reason payroll gives). */
export type PlacePayRule<K extends PayRuleKind = PayRuleKind> = Extract<PayRuleFigures, { rule: K }> &
  Omit<PayRule, keyof PayRuleFigures> & { packLabel: string };

/**
 * The pay rules in force at `location` on `date`, by kind: the most local pack's where several
 * layers have the same kind (a city's over its state's).
 */
export function payRulesFor(location: LawLocation, date: string): Partial<{ [K in PayRuleKind]: PlacePayRule<K> }> {
  const out: Partial<Record<PayRuleKind, PlacePayRule>> = {};
  for (const { pack } of packsFor(location, date))
    for (const r of payRulesOf(pack, location, date)) out[r.rule] = { ...r, packLabel: pack.label } as PlacePayRule;
  return out as Partial<{ [K in PayRuleKind]: PlacePayRule<K> }>;
}
