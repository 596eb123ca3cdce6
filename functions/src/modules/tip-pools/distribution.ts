import { largestRemainder } from '../../core/rounding';
import type { WorkedSpan } from '../attendance';
import { BASIS_POINTS, type PoolBody, type TipClass } from './schemas';

/**
 * How a pool is divided: pure, no I/O, every figure in integer cents.
 *
 * 1. What enters. An employee's tips of a business date, class by class (card, cash, gratuities),
 *    are split over the roles they worked that day in proportion to their approved minutes in
 *    each (largest remainder: the parts add up to the tips). The parts of the pool's contributor
 *    roles enter the pool. No (role, class) is in two active pools (overlap.ts), so no cent enters
 *    two pools, and the split is the same whichever pool reads it. A day without approved minutes
 *    keeps its tips with the employee; a class whose day is negative (refunds) enters nothing.
 * 2. The tip-out, first. Per contributor and date: percentBp of their net sales (basis sales, the
 *    sales of the day in the proportion of their contributor-role minutes) or of what they put in
 *    (basis tips), rounded half up once, and never more than what they put in that day. The pot
 *    of tip-outs is split among the people of the tip-out's roles by their minutes in those roles
 *    over the period (largest remainder). Nobody worked them: no tip-out is taken.
 * 3. The pool: what entered less the tip-outs, split by shareBy (largest remainder):
 *    hours: minutes in the share roles; points: minutes x the role's points per hour (or the
 *    employee's own, employeePoints); percent: each role with minutes gets its percentBp (the roles
 *    without minutes leave theirs to the others, in proportion), split among its people by minutes.
 *    Nobody worked a share role: each contributor gets back what they put in.
 *
 * The shares of each part add up exactly to its pot (property-tested).
 */

export interface WorkDay {
  employeeId: string;
  date: string;
  roleId: string;
  minutes: number;
}

export interface TipsDay {
  employeeId: string;
  date: string;
  /** net sales of the day, cents */
  sales: number;
  card: number;
  cash: number;
  gratuities: number;
}

export type PoolRules = Pick<
  PoolBody,
  'tipClasses' | 'contributorRoleIds' | 'tipOut' | 'shareBy' | 'shares' | 'employeePoints'
>;

export interface ShareLine {
  employeeId: string;
  kind: 'tipOut' | 'pool';
  contributed: number;
  basis: number;
  totalBasis: number;
  /** entered x basis / totalBasis */
  exact: number;
  share: number;
  rule: string;
}

export interface Division {
  /** everything that entered (tip-out and pool) */
  entered: number;
  tipOut: number;
  pool: number;
  lines: ShareLine[];
}

const key = (employeeId: string, date: string) => `${employeeId}\u0000${date}`;
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Minutes per employee and date, by role (roles in id order). */
function minutesByDay(work: readonly WorkDay[]): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const w of work) {
    if (w.minutes <= 0) continue;
    const k = key(w.employeeId, w.date);
    const roles = out.get(k) ?? out.set(k, new Map()).get(k)!;
    roles.set(w.roleId, (roles.get(w.roleId) ?? 0) + w.minutes);
  }
  return out;
}

/**
 * An amount split over the roles of a day by their minutes (largest remainder, roles in id order):
 * the part of each role. The same for every pool reading it.
 */
export function splitByRole(amount: number, roles: ReadonlyMap<string, number>): Map<string, number> {
  const ids = [...roles.keys()].sort(byId);
  const total = ids.reduce((t, id) => t + roles.get(id)!, 0);
  const out = new Map<string, number>();
  if (amount <= 0 || total <= 0) return out;
  const parts = largestRemainder(
    ids.map((id) => amount * roles.get(id)!),
    total,
  );
  ids.forEach((id, i) => out.set(id, parts[i]));
  return out;
}

/** What each employee puts in on each date (cents), by the pool's classes and contributor roles. */
export function contributions(
  rules: Pick<PoolRules, 'tipClasses' | 'contributorRoleIds'>,
  tips: readonly TipsDay[],
  work: readonly WorkDay[],
): { employeeId: string; date: string; amount: number; sales: number }[] {
  const minutes = minutesByDay(work);
  const contributors = new Set(rules.contributorRoleIds);
  const out: { employeeId: string; date: string; amount: number; sales: number }[] = [];
  for (const t of tips) {
    const roles = minutes.get(key(t.employeeId, t.date));
    if (!roles) continue;
    let amount = 0;
    for (const cls of rules.tipClasses as readonly TipClass[])
      for (const [roleId, part] of splitByRole(t[cls], roles)) if (contributors.has(roleId)) amount += part;
    // sales in the proportion of the contributor roles' minutes (for a tip-out of sales)
    const inRoles = [...roles].filter(([id]) => contributors.has(id)).reduce((s, [, m]) => s + m, 0);
    const all = [...roles.values()].reduce((s, m) => s + m, 0);
    const sales = t.sales > 0 ? halfUp(BigInt(t.sales) * BigInt(inRoles), BigInt(all)) : 0;
    if (amount > 0 || sales > 0) out.push({ employeeId: t.employeeId, date: t.date, amount, sales });
  }
  return out;
}

/** round-half-up(n / d), n >= 0, d > 0, exact (BigInt). */
function halfUp(n: bigint, d: bigint): number {
  return Number((2n * n + d) / (2n * d));
}

/** Minutes over the period per employee in some roles (employees in id order). */
function minutesIn(work: readonly WorkDay[], roleIds: Iterable<string>): Map<string, number> {
  const roles = new Set(roleIds);
  const out = new Map<string, number>();
  for (const w of work)
    if (roles.has(w.roleId) && w.minutes > 0) out.set(w.employeeId, (out.get(w.employeeId) ?? 0) + w.minutes);
  return new Map([...out].sort(([a], [b]) => byId(a, b)));
}

/** The pot split over weights (employees in id order), largest remainder. */
function splitPot(pot: number, weights: ReadonlyMap<string, number>): Map<string, number> {
  const ids = [...weights.keys()];
  const total = ids.reduce((t, id) => t + weights.get(id)!, 0);
  const out = new Map<string, number>();
  if (total <= 0) return out;
  const parts = largestRemainder(
    ids.map((id) => pot * weights.get(id)!),
    total,
  );
  ids.forEach((id, i) => out.set(id, parts[i]));
  return out;
}

const pct = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')} %`;

/** The weights of the pool part, with the rule in words. */
function poolWeights(rules: PoolRules, work: readonly WorkDay[]): { weights: Map<string, number>; rule: string } {
  const shareRoles = rules.shares.map((s) => s.roleId);
  if (rules.shareBy === 'hours')
    return { weights: minutesIn(work, shareRoles), rule: `hours: minutes worked in ${shareRoles.join(', ')}` };
  if (rules.shareBy === 'points') {
    const weights = new Map<string, number>();
    const points = new Map(rules.shares.map((s) => [s.roleId, s.points ?? 0]));
    for (const w of work) {
      if (!points.has(w.roleId) || w.minutes <= 0) continue;
      const p = rules.employeePoints[w.employeeId] ?? points.get(w.roleId)!;
      weights.set(w.employeeId, (weights.get(w.employeeId) ?? 0) + w.minutes * p);
    }
    return {
      weights: new Map([...weights].sort(([a], [b]) => byId(a, b))),
      rule: `points: minutes x points per hour (${rules.shares.map((s) => `${s.roleId} ${s.points}`).join(', ')})`,
    };
  }
  // percent: split in two steps (percentSplit); here only the rule in words
  return {
    weights: new Map(),
    rule: `percent: ${rules.shares.map((s) => `${s.roleId} ${pct(s.percentBp ?? 0)}`).join(', ')}, each by minutes`,
  };
}

/** The percent method in two steps: the pot over the roles with minutes by percentBp, then each role's part by minutes. */
function percentSplit(
  pot: number,
  rules: PoolRules,
  work: readonly WorkDay[],
): { shares: Map<string, number>; basis: Map<string, number>; exact: Map<string, number> } {
  const byRole = new Map(rules.shares.map((s) => [s.roleId, minutesIn(work, [s.roleId])]));
  const active = rules.shares.filter((s) => [...byRole.get(s.roleId)!.values()].some((m) => m > 0));
  const roleParts = splitPot(pot, new Map(active.map((s) => [s.roleId, s.percentBp ?? 0])));
  const totalBp = active.reduce((t, s) => t + (s.percentBp ?? 0), 0);
  const shares = new Map<string, number>();
  const basis = new Map<string, number>();
  const exact = new Map<string, number>();
  for (const s of active) {
    const people = byRole.get(s.roleId)!;
    const roleMinutes = [...people.values()].reduce((t, m) => t + m, 0);
    for (const [id, part] of splitPot(roleParts.get(s.roleId) ?? 0, people)) {
      shares.set(id, (shares.get(id) ?? 0) + part);
      basis.set(id, (basis.get(id) ?? 0) + people.get(id)!);
      exact.set(id, (exact.get(id) ?? 0) + (pot * (s.percentBp ?? 0) * people.get(id)!) / (totalBp * roleMinutes));
    }
  }
  return { shares: new Map([...shares].sort(([a], [b]) => byId(a, b))), basis, exact };
}

/** Divides a pool's period: the tip-out first, then the pool. */
export function divide(rules: PoolRules, tips: readonly TipsDay[], work: readonly WorkDay[]): Division {
  const days = contributions(rules, tips, work);
  const lines: ShareLine[] = [];
  // 1. the tip-out, per contributor and date
  const tipOutBy = new Map<string, number>();
  const putIn = new Map<string, number>();
  const outMinutes = rules.tipOut ? minutesIn(work, rules.tipOut.toRoleIds) : new Map<string, number>();
  for (const d of days) {
    putIn.set(d.employeeId, (putIn.get(d.employeeId) ?? 0) + d.amount);
    if (!rules.tipOut || outMinutes.size === 0) continue;
    const base = rules.tipOut.basis === 'sales' ? d.sales : d.amount;
    const out = Math.min(d.amount, halfUp(BigInt(base) * BigInt(rules.tipOut.percentBp), BigInt(BASIS_POINTS)));
    if (out > 0) tipOutBy.set(d.employeeId, (tipOutBy.get(d.employeeId) ?? 0) + out);
  }
  const tipOut = [...tipOutBy.values()].reduce((t, v) => t + v, 0);
  if (rules.tipOut && tipOut > 0) {
    const total = [...outMinutes.values()].reduce((t, m) => t + m, 0);
    const shares = splitPot(tipOut, outMinutes);
    const ids = [...new Set([...tipOutBy.keys(), ...shares.keys()])].sort(byId);
    const rule = `tipOut: ${pct(rules.tipOut.percentBp)} of ${rules.tipOut.basis}, to ${rules.tipOut.toRoleIds.join(', ')} by minutes`;
    for (const id of ids) {
      const basis = outMinutes.get(id) ?? 0;
      lines.push({
        employeeId: id,
        kind: 'tipOut',
        contributed: tipOutBy.get(id) ?? 0,
        basis,
        totalBasis: total,
        exact: (tipOut * basis) / total,
        share: shares.get(id) ?? 0,
        rule,
      });
    }
  }
  // 2. the pool: what is left
  const left = new Map([...putIn].map(([id, v]) => [id, v - (tipOutBy.get(id) ?? 0)]));
  const pool = [...left.values()].reduce((t, v) => t + v, 0);
  if (pool > 0) {
    let shares: Map<string, number>;
    let basis: Map<string, number>;
    let exact: Map<string, number>;
    let rule: string;
    let total: number;
    if (rules.shareBy === 'percent') {
      ({ shares, basis, exact } = percentSplit(pool, rules, work));
      rule = poolWeights(rules, work).rule;
      total = [...basis.values()].reduce((t, m) => t + m, 0);
    } else {
      const w = poolWeights(rules, work);
      shares = splitPot(pool, w.weights);
      basis = w.weights;
      total = [...basis.values()].reduce((t, m) => t + m, 0);
      exact = new Map([...basis].map(([id, b]) => [id, (pool * b) / total]));
      rule = w.rule;
    }
    if (shares.size === 0) {
      // nobody worked a share role: what each put in goes back
      shares = new Map([...left].filter(([, v]) => v > 0));
      basis = new Map([...shares].map(([id, v]) => [id, v]));
      total = pool;
      exact = new Map(shares);
      rule = 'returned: nobody worked a share role in the period, each contributor keeps what they put in';
    }
    const ids = [...new Set([...left.keys(), ...shares.keys()])].sort(byId);
    for (const id of ids)
      lines.push({
        employeeId: id,
        kind: 'pool',
        contributed: left.get(id) ?? 0,
        basis: basis.get(id) ?? 0,
        totalBasis: total,
        exact: exact.get(id) ?? 0,
        share: shares.get(id) ?? 0,
        rule,
      });
  }
  return { entered: tipOut + pool, tipOut, pool, lines };
}

/** A punch's minutes: clock-in to clock-out, unpaid breaks (within it) out, rounded to the minute. */
export function spanMinutes(s: Pick<WorkedSpan, 'startMs' | 'endMs' | 'unpaidBreaks'>): number {
  const breaks = s.unpaidBreaks.reduce(
    (t, b) => t + Math.max(0, Math.min(b.endMs, s.endMs) - Math.max(b.startMs, s.startMs)),
    0,
  );
  return Math.round((s.endMs - s.startMs - breaks) / 60_000);
}

/** Approved worked minutes per employee, business date and role; punches without a position are not counted. */
export function workDays(
  spans: ReadonlyMap<
    string,
    readonly Pick<WorkedSpan, 'businessDate' | 'positionId' | 'startMs' | 'endMs' | 'unpaidBreaks'>[]
  >,
): WorkDay[] {
  const out: WorkDay[] = [];
  for (const [employeeId, list] of spans)
    for (const s of list) {
      if (!s.positionId) continue;
      const minutes = spanMinutes(s);
      if (minutes > 0) out.push({ employeeId, date: s.businessDate, roleId: s.positionId, minutes });
    }
  return out;
}
