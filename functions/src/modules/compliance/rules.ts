import { businessToday } from '../../core/calendar';
import { getCompanyRules } from '../companies';
import { placeCovers, type LawLocation } from './location';
import { SCHEDULING_PACKS, type SchedulingPackId } from './packs';
import { packsFor, schedulingJurisdiction, schedulingVersionOn } from './resolve';
import type { RulesAnswer, RulesQuery } from './schemas';

const inForce = (r: { effectiveFrom: string; effectiveTo: string | null }, date: string) =>
  r.effectiveFrom <= date && (r.effectiveTo === null || date < r.effectiveTo);

/** GET /compliance/rules: the packs covering the company on a date, and which predictive-scheduling law the schedule applies. */
export async function listRules({ companyId, date }: RulesQuery): Promise<RulesAnswer> {
  const { profile, settings } = await getCompanyRules({ companyId });
  const on = date ?? businessToday(profile.timezone, settings.dayChangeTime);
  const location: LawLocation | null = profile.lawLocation ?? null;
  const coverage = profile.lawCoverage ?? [];
  const override = settings.fairWorkweekJurisdiction;
  const choice = schedulingJurisdiction({ location, coverage, override });
  const resolved = location ? packsFor(location, on) : [];
  if (choice.jurisdiction !== 'none' && !resolved.some((r) => r.pack.id === choice.jurisdiction)) {
    const pack = SCHEDULING_PACKS[choice.jurisdiction];
    resolved.push({
      pack,
      why: `the company setting fairWorkweekJurisdiction names it${location && !placeCovers(pack.place, location) ? ' (it does not cover lawLocation)' : ''}`,
      scheduling: schedulingVersionOn(pack, on),
      notes: [],
    });
  }
  const chosen = choice.jurisdiction === 'none' ? null : SCHEDULING_PACKS[choice.jurisdiction as SchedulingPackId];
  return {
    date: on,
    location,
    coverage,
    scheduling: { ...choice, rules: chosen ? schedulingVersionOn(chosen, on) : null },
    packs: resolved.map((r) => ({
      id: r.pack.id,
      name: r.pack.name,
      level: r.pack.place.level,
      why: r.why,
      scheduling: r.scheduling,
      applied: r.pack.id === choice.jurisdiction && r.scheduling !== null,
      notes: r.notes,
      minors: (r.pack.minors ?? []).filter((m) => inForce(m, on)),
      minimumAge:
        (r.pack.minimumAge ?? []).filter((m) => inForce(m, on)).map(({ age, citation }) => ({ age, citation }))[0] ??
        null,
    })),
  };
}
