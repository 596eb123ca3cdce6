import { formatCitation } from '../compliance';
import { getCompanyRules } from '../companies';
import { sickLawVersionOn, sickLawsFor } from './laws';
import * as repo from './repo';
import type { LeaveKind } from './schemas';

/**
 * What payroll pays for time off: per approved paid day-off request, the net minutes taken
 * (usage less usage returned) dated in the period, and the rate the law sets for it:
 *  - sick leave: the regular rate of pay of the workweek the leave is used in where a covering law
 *    says so (California Labor Code 246(l)(1), New York Labor Law 196-b, NYC Admin. Code 20-912),
 *    else the normal hourly compensation (RCW 49.46.210(1)(b), SMC 14.16): `regular` / `normal`;
 *    with no covering law, the regular rate (the more generous);
 *  - PTO: the company's own, at the employee's base (primary position) rate: `base`.
 */
export type LeaveRateBasis = 'regular' | 'normal' | 'base';

export interface LeaveUse {
  employeeId: string;
  policyId: string;
  policyName: string;
  kind: LeaveKind;
  requestId: string | null;
  /** The first day off: the pay period holding it pays it. */
  date: string;
  minutes: number;
  rateBasis: LeaveRateBasis;
  /** The source of the rate, for sick leave under a law. */
  citation: string | null;
}

export async function leaveUsedIn(companyId: string, range: { start: string; end: string }): Promise<LeaveUse[]> {
  const [rules, policies, entries] = await Promise.all([
    getCompanyRules({ companyId }),
    repo.listPolicies(companyId),
    repo.entriesDated(companyId, range.start, range.end),
  ]);
  const byId = new Map(policies.map((p) => [p.id, p]));
  const packs = sickLawsFor(rules.profile.lawLocation);
  const groups = new Map<string, LeaveUse>();
  for (const e of entries) {
    if (e.kind !== 'usage' && e.kind !== 'usageReturned') continue;
    const key = `${e.employeeId}/${e.policyId}/${e.source.requestId}/${e.date}`;
    const seen = groups.get(key);
    if (seen) {
      seen.minutes -= e.minutes;
      continue;
    }
    const policy = byId.get(e.policyId);
    const kind = policy?.kind ?? 'pto';
    let rateBasis: LeaveRateBasis = kind === 'pto' ? 'base' : 'regular';
    let citation: string | null = null;
    if (kind === 'sick') {
      const versions = packs.map((p) => sickLawVersionOn(p, e.date)).filter((v) => v !== null);
      const regular = versions.find((v) => v.pay.rate === 'regular');
      const chosen = regular ?? versions[0];
      if (chosen) {
        rateBasis = chosen.pay.rate;
        citation = formatCitation(chosen.pay.citation);
      }
    }
    groups.set(key, {
      employeeId: e.employeeId,
      policyId: e.policyId,
      policyName: policy?.name ?? e.policyId,
      kind,
      requestId: e.source.requestId,
      date: e.date,
      minutes: -e.minutes,
      rateBasis,
      citation,
    });
  }
  return [...groups.values()].filter((u) => u.minutes > 0);
}

/** A day off given back (usageReturned) after its leave was used: what payroll takes back when the period that paid it has closed. */
export interface LeaveReturn {
  employeeId: string;
  policyId: string;
  requestId: string;
  /** The first day off: the period holding it paid it. */
  date: string;
  minutes: number;
}

/** Every usage given back dated before `before` (a cancelled approved day off), for payroll's prior-period lines. */
export async function leaveReturnedBefore(companyId: string, before: string): Promise<LeaveReturn[]> {
  const snap = await repo.entriesCollection(companyId).where('kind', '==', 'usageReturned').get();
  return snap.docs
    .map(repo.entryFromDoc)
    .filter((e) => e.date < before && e.source.requestId)
    .map((e) => ({
      employeeId: e.employeeId,
      policyId: e.policyId,
      requestId: e.source.requestId!,
      date: e.date,
      minutes: e.minutes,
    }));
}
