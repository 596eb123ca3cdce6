import type { Transaction } from 'firebase-admin/firestore';
import { runExclusive } from '../../core/exclusive';
import { lockKeys, writesLeft } from '../../core/locks';
import { listMembershipsOfCompany, type Membership } from '../../core/memberships';
import { payrollLocks, type RangeLock } from '../attendance';
import { dispatchEvents, stageEvent, type StagedEvent } from '../events';
import { policiesInForce } from '../companies';
import { salesCurrency } from '../sales';
import { divide } from './distribution';
import { tipPoolErrors } from './errors';
import { agentsAmong, lawFinding } from './law';
import { adjustmentsFor, nextPeriodStart, periodEnd, periodOf } from './ledger';
import { poolInputs, windowLabel } from './inputs';
import { getPool, lawContext, sharingRoleIds } from './pools';
import * as repo from './repo';
import type { TipDistribution, TipEntry, TipPool } from './schemas';

/**
 * Distributing a pool's period into the ledger, and locking it. An open period is divided again
 * on each call (its share entries replaced: the same inputs give the same entries, so a retry is
 * a no-op); a locked period's entries never change: a call finds what it would pay now and writes
 * the difference as adjustment entries in the pool's next open period.
 */

/** A manager sees no tips while the company hides them (hideTipsFromManagers); owners always. */
export async function requireTipsVisible(member: Membership): Promise<void> {
  if (member.role === 'manager' && (await policiesInForce(member.companyId)).hideTipsFromManagers)
    throw tipPoolErrors.TIPS_HIDDEN('This company hides tips from managers (policy hideTipsFromManagers)');
}

/** A call on one period of one pool: distribute, lock or read it. */
export interface PeriodCall {
  member: Membership;
  poolId: string;
  periodStart: string;
}

/** The opening of every period call: the caller may see tips (else 403 TIPS_HIDDEN); answers the company. */
async function openPeriod({ member }: PeriodCall): Promise<string> {
  await requireTipsVisible(member);
  return member.companyId;
}

interface Target {
  companyId: string;
  pool: TipPool;
  start: string;
  end: string;
}

async function targetOf(companyId: string, poolId: string, periodStart: string) {
  const [pool, ctx] = await Promise.all([getPool({ companyId, poolId }), lawContext(companyId)]);
  const period = periodOf(pool.period, periodStart, ctx.rules.profile.weekStartingDay);
  if (!period)
    throw tipPoolErrors.TIP_PERIOD_NOT_A_START(
      `${periodStart} does not start a company week (weekStartingDay ${ctx.rules.profile.weekStartingDay})`,
    );
  return { target: { companyId, pool, ...period }, ctx };
}

const view = (d: repo.StoredDistribution, entries: repo.StoredEntry[], adjustments: TipEntry[]): TipDistribution => ({
  poolId: d.poolId,
  poolVersion: d.poolVersion,
  periodStart: d.periodStart,
  periodEnd: d.periodEnd,
  state: d.state,
  currency: d.currency,
  entered: d.entered,
  tipOut: d.tipOut,
  lockedAt: d.lockedAt,
  lockedBy: d.lockedBy,
  entries: entries.map((e) => repo.entryView(e, d.state)).sort(byEntry),
  adjustments,
});

const byEntry = (a: TipEntry, b: TipEntry) =>
  a.kind.localeCompare(b.kind) ||
  (a.employeeId < b.employeeId ? -1 : a.employeeId > b.employeeId ? 1 : 0) ||
  a.id.localeCompare(b.id);

/** Divides a pool's period and writes its entries (open), or the adjustments of a locked one. */
export async function distribute(call: PeriodCall): Promise<TipDistribution> {
  const { poolId, periodStart } = call;
  const companyId = await openPeriod(call);
  const { target, ctx } = await targetOf(companyId, poolId, periodStart);
  const { pool, start, end } = target;
  const finding = lawFinding(
    { sharingRoleIds: sharingRoleIds(pool), tipCreditTaken: pool.tipCreditTaken },
    ctx.roles,
    ctx.location,
    start,
  );
  if (finding) throw tipPoolErrors[finding.code](finding.message, finding.details);
  const [{ tips, work }, currency, members, paidRanges] = await Promise.all([
    poolInputs(companyId, pool, { start, end }, ctx.rules),
    salesCurrency(companyId),
    listMembershipsOfCompany(companyId),
    payrollLocks(companyId),
  ]);
  const division = divide(pool, tips, work);
  // a daypart or shift pool says which window of the date its figures are of
  const window = pool.period === 'daypart' || pool.period === 'shift' ? `${windowLabel(pool, start, ctx.rules)}; ` : '';
  // the people receiving a share may not be agents of the employer (managers, owners)
  const roleOf = new Map(members.filter((m) => m.employeeId).map((m) => [m.employeeId!, m.role]));
  const receivers = new Map(
    division.lines
      .filter((l) => l.share > 0 && !l.rule.startsWith('returned'))
      .map((l) => [l.employeeId, roleOf.get(l.employeeId) ?? null]),
  );
  const agents = agentsAmong(receivers, ctx.state);
  if (agents) throw tipPoolErrors[agents.code](agents.message, agents.details);
  const now = Date.now();
  let fresh: repo.StoredEntry[] = division.lines.map((l) => ({
    id: repo.shareEntryId(pool.id, start, l.kind, l.employeeId),
    poolId: pool.id,
    poolName: pool.name,
    periodStart: start,
    periodEnd: end,
    employeeId: l.employeeId,
    kind: l.kind,
    rule: window + l.rule,
    entered: l.kind === 'tipOut' ? division.tipOut : division.pool,
    contributed: l.contributed,
    basis: l.basis,
    totalBasis: l.totalBasis,
    exact: round4(l.exact),
    share: l.share,
    rounding: round4(l.share - l.exact),
    net: l.share - l.contributed,
    adjustsPeriod: null,
    createdAt: now,
  }));
  return runExclusive(lockKeys.tipDistribution(companyId, pool.id, start), async (tx) => {
    const stored = repo.distributionFromSnapshot(await tx.get(repo.distributionRef(companyId, pool.id, start)));
    const existing = await repo.periodEntries(companyId, pool.id, start, tx);
    if (stored?.state === 'locked') return adjust(tx, target, stored, existing, fresh, now, paidRanges);
    // payroll pays locked pool periods only; one it closed over paid these tips as each server's own
    if (payrollClosed(paidRanges, start))
      throw tipPoolErrors.TIP_PERIOD_PAYROLL_CLOSED(
        `Payroll has closed the pay period holding ${start}, and this pool period was never locked: its tips were paid to each server`,
      );
    const distribution: repo.StoredDistribution = {
      poolId: pool.id,
      poolVersion: pool.version,
      periodStart: start,
      periodEnd: end,
      state: 'open',
      currency,
      entered: division.entered,
      tipOut: division.tipOut,
      lockedAt: null,
      lockedBy: null,
      adjustmentCount: stored?.adjustmentCount ?? 0,
    };
    const keep = existing.filter((e) => e.kind === 'adjustment');
    // an entry the same figures make again is kept as it is (with its createdAt): a retry writes nothing new
    const before = new Map(existing.map((e) => [e.id, e]));
    const same = (a: repo.StoredEntry, b: repo.StoredEntry) =>
      (Object.keys(b) as (keyof repo.StoredEntry)[]).every((k) => k === 'createdAt' || a[k] === b[k]);
    const unchanged = new Set(fresh.filter((f) => before.has(f.id) && same(before.get(f.id)!, f)).map((f) => f.id));
    fresh = fresh.map((f) => (unchanged.has(f.id) ? before.get(f.id)! : f));
    const stale = existing.filter((e) => e.kind !== 'adjustment' && !fresh.some((f) => f.id === e.id));
    if (fresh.length + stale.length + 1 > writesLeft(1))
      throw tipPoolErrors.TIP_DISTRIBUTION_TOO_LARGE(`Too many entries for one commit (${fresh.length})`);
    return {
      result: view(distribution, [...fresh, ...keep], []),
      write: (t) => {
        t.set(repo.distributionRef(companyId, pool.id, start), distribution);
        for (const e of stale) t.delete(repo.entriesCollection(companyId).doc(e.id));
        for (const e of fresh)
          if (!unchanged.has(e.id)) t.set(repo.entriesCollection(companyId).doc(e.id), repo.toDoc(e));
      },
    };
  });
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** Whether payroll has closed the pay period holding the date (attendance's range locks). */
const payrollClosed = (ranges: readonly RangeLock[], date: string) =>
  ranges.some((r) => r.startDate <= date && date <= r.endDate);

/**
 * A locked period: what it pays now against what it paid (its entries and the adjustments already
 * made for it), written into the pool's next period that is open and not in a closed pay period.
 */
async function adjust(
  tx: Transaction,
  target: Target,
  locked: repo.StoredDistribution,
  existing: repo.StoredEntry[],
  fresh: repo.StoredEntry[],
  now: number,
  paidRanges: readonly RangeLock[],
) {
  const { companyId, pool, start } = target;
  const madeFor = (
    await tx.get(repo.entriesCollection(companyId).where('poolId', '==', pool.id).where('adjustsPeriod', '==', start))
  ).docs.map(repo.entryFromDoc);
  const paid = [...existing.filter((e) => e.kind !== 'adjustment'), ...madeFor];
  const owed = adjustmentsFor(paid, fresh);
  if (!owed.length) return { result: view(locked, existing, []) };
  // the next open period of the pool
  let next = nextPeriodStart(pool.period, start);
  let nextDoc = repo.distributionFromSnapshot(await tx.get(repo.distributionRef(companyId, pool.id, next)));
  // not one payroll closed over either: it would never pay them (payroll pays the locked periods of open pay periods)
  for (let i = 0; (nextDoc?.state === 'locked' || payrollClosed(paidRanges, next)) && i < 400; i++) {
    next = nextPeriodStart(pool.period, next);
    nextDoc = repo.distributionFromSnapshot(await tx.get(repo.distributionRef(companyId, pool.id, next)));
  }
  const nextEnd = periodEnd(pool.period, next);
  const n = locked.adjustmentCount + 1;
  const adjustments: TipEntry[] = owed.map((o) => ({
    id: repo.adjustmentEntryId(pool.id, next, start, n, o.employeeId),
    poolId: pool.id,
    poolName: pool.name,
    periodStart: next,
    periodEnd: nextEnd,
    employeeId: o.employeeId,
    kind: 'adjustment',
    rule: `adjustment of the locked period ${start} (rules version ${locked.poolVersion} then, ${pool.version} now): what it pays now less what it paid`,
    entered: 0,
    contributed: o.contributed,
    basis: 0,
    totalBasis: 0,
    exact: o.share,
    share: o.share,
    rounding: 0,
    net: o.share - o.contributed,
    adjustsPeriod: start,
    state: 'open',
    createdAt: now,
  }));
  const openNext: repo.StoredDistribution =
    nextDoc ??
    ({
      poolId: pool.id,
      poolVersion: pool.version,
      periodStart: next,
      periodEnd: nextEnd,
      state: 'open',
      currency: locked.currency,
      entered: 0,
      tipOut: 0,
      lockedAt: null,
      lockedBy: null,
      adjustmentCount: 0,
    } satisfies repo.StoredDistribution);
  return {
    result: view(locked, existing, adjustments),
    write: (t: Transaction) => {
      t.set(repo.distributionRef(companyId, pool.id, start), { adjustmentCount: n }, { merge: true });
      if (!nextDoc) t.set(repo.distributionRef(companyId, pool.id, next), openNext);
      for (const a of adjustments) {
        const { state: _state, ...doc } = a;
        t.set(repo.entriesCollection(companyId).doc(a.id), repo.toDoc(doc));
      }
    },
  };
}

/** Locks a period: its entries never change again (repeating it answers the locked distribution). */
export async function lockDistribution(call: PeriodCall): Promise<TipDistribution> {
  const { member, poolId, periodStart } = call;
  const companyId = await openPeriod(call);
  const { distribution, event } = await runExclusive<{ distribution: TipDistribution; event: StagedEvent | null }>(
    lockKeys.tipDistribution(companyId, poolId, periodStart),
    async (tx) => {
      const stored = repo.distributionFromSnapshot(await tx.get(repo.distributionRef(companyId, poolId, periodStart)));
      if (!stored)
        throw tipPoolErrors.TIP_DISTRIBUTION_NOT_FOUND(`Pool ${poolId} has no distribution for ${periodStart}`);
      const entries = await repo.periodEntries(companyId, poolId, periodStart, tx);
      if (stored.state === 'locked') return { result: { distribution: view(stored, entries, []), event: null } };
      const locked = { ...stored, state: 'locked' as const, lockedAt: Date.now(), lockedBy: member.uid };
      const pool = repo.poolFromSnapshot(await tx.get(repo.poolRef(companyId, poolId)));
      const event = stageEvent({
        companyId,
        type: 'tips.distribution_locked',
        actor: { uid: member.uid },
        subjects: { tipPoolIds: [poolId], employeeIds: [...new Set(entries.map((e) => e.employeeId))] },
        data: { poolId, poolName: pool?.name ?? poolId, periodStart, periodEnd: stored.periodEnd },
      });
      return {
        result: { distribution: view(locked, entries, []), event },
        write: (t) => {
          t.set(
            repo.distributionRef(companyId, poolId, periodStart),
            { state: 'locked', lockedAt: locked.lockedAt, lockedBy: member.uid },
            { merge: true },
          );
          event.write(t);
        },
      };
    },
  );
  await dispatchEvents([event]);
  return distribution;
}

/** One distributed period with its entries. */
export async function getDistribution(call: PeriodCall): Promise<TipDistribution> {
  const { poolId, periodStart } = call;
  const companyId = await openPeriod(call);
  const [snap, entries] = await Promise.all([
    repo.distributionRef(companyId, poolId, periodStart).get(),
    repo.periodEntries(companyId, poolId, periodStart),
  ]);
  const stored = repo.distributionFromSnapshot(snap);
  if (!stored) throw tipPoolErrors.TIP_DISTRIBUTION_NOT_FOUND(`Pool ${poolId} has no distribution for ${periodStart}`);
  return view(stored, entries, []);
}
