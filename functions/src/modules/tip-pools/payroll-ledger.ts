import { requestMemo } from '../../core/store-ops';
import { tipPoolInputs } from '../sales';
import * as repo from './repo';

/** One ledger entry as payroll pays it: a share (or a tip-out, or an adjustment) of a locked pool period. */
export interface PaidPoolEntry {
  id: string;
  poolId: string;
  poolName: string;
  periodStart: string;
  periodEnd: string;
  employeeId: string;
  kind: 'pool' | 'tipOut' | 'adjustment';
  /** the locked period an adjustment pays the difference of (null: a share of its own period) */
  adjustsPeriod: string | null;
  /** what the employee's own tips put into it, cents */
  contributed: number;
  /** what it pays the employee, cents */
  share: number;
}

/**
 * The pool ledger of a pay period: the entries of every locked pool period starting in
 * [from, to] (their shares, tip-outs and the adjustments of earlier locked periods written into
 * them), and the pool periods starting there that are still open (payroll closes only when
 * there are none: an open period's entries can still change). Two queries.
 */
export async function poolLedgerIn(
  companyId: string,
  from: string,
  to: string,
): Promise<{ entries: PaidPoolEntry[]; open: { poolId: string; periodStart: string }[] }> {
  const [distributions, entries] = await Promise.all([
    repo.distributionsBetween(companyId, from, to),
    repo.entriesBetween(companyId, from, to),
  ]);
  const locked = new Set(
    distributions.filter((d) => d.state === 'locked').map((d) => repo.distributionId(d.poolId, d.periodStart)),
  );
  return {
    entries: entries
      .filter((e) => locked.has(repo.distributionId(e.poolId, e.periodStart)))
      .map((e) => ({
        id: e.id,
        poolId: e.poolId,
        poolName: e.poolName,
        periodStart: e.periodStart,
        periodEnd: e.periodEnd,
        employeeId: e.employeeId,
        kind: e.kind,
        adjustsPeriod: e.adjustsPeriod,
        contributed: e.contributed,
        share: e.share,
      }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    open: distributions
      .filter((d) => d.state === 'open')
      .map((d) => ({ poolId: d.poolId, periodStart: d.periodStart }))
      .sort((a, b) => a.periodStart.localeCompare(b.periodStart) || a.poolId.localeCompare(b.poolId)),
  };
}

/**
 * Each employee's tips of a workweek after the pools, as the make-up counts them (make-up.ts):
 * their POS and imported tips of its dates plus the net of their pool entries of its periods.
 */
export function weekTipsAfterPools(
  companyId: string,
  weekStart: string,
  weekEnd: string,
): Promise<Map<string, number>> {
  // once per request: the make-up read computes the week's report, which reads them too
  return requestMemo(`tipPools:weekTips:${companyId}:${weekStart}:${weekEnd}`, async () => {
    const [tips, entries] = await Promise.all([
      tipPoolInputs(companyId, weekStart, weekEnd),
      repo.entriesBetween(companyId, weekStart, weekEnd),
    ]);
    const out = new Map<string, number>();
    const add = (id: string, v: number) => out.set(id, (out.get(id) ?? 0) + v);
    for (const t of tips) add(t.employeeId, t.card + t.cash + t.gratuities);
    for (const e of entries) add(e.employeeId, e.net);
    return out;
  });
}
