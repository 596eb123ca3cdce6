import { randomUUID } from 'node:crypto';
import { businessToday } from '../../core/calendar';
import { runExclusive } from '../../core/exclusive';
import { lockKeys } from '../../core/locks';
import { getCompanyRules } from '../companies';
import { listRoles } from '../roles';
import { tipPoolErrors } from './errors';
import { lawFinding, type PoolRole } from './law';
import { overlapOf } from './overlap';
import * as repo from './repo';
import type { PoolBody, TipPool } from './schemas';

/** The pool use cases: owners define pools (create, replace, archive), managers read them. */

export async function listPools({ companyId }: { companyId: string }): Promise<TipPool[]> {
  return repo.listPools(companyId);
}

export async function getPool({ companyId, poolId }: { companyId: string; poolId: string }): Promise<TipPool> {
  const pool = repo.poolFromSnapshot(await repo.poolRef(companyId, poolId).get());
  if (!pool) throw tipPoolErrors.TIP_POOL_NOT_FOUND(`No tip pool ${poolId}`);
  return pool;
}

/** The company's active roles by id, its location and state for law (null: none given) and its business date today. */
export async function lawContext(companyId: string, now = Date.now()) {
  const [rules, roles] = await Promise.all([getCompanyRules({ companyId }), listRoles(companyId)]);
  const active = new Map<string, PoolRole>(
    roles.filter((r) => !r.archived).map((r) => [r.id, { id: r.id, name: r.name, type: r.type }]),
  );
  return {
    roles: active,
    location: rules.profile.lawLocation ?? null,
    state: rules.profile.lawLocation?.state ?? null,
    today: businessToday(rules.profile.timezone, rules.settings.dayChangeTime, now),
    rules,
  };
}

/** The roles whose people receive money from the pool: its share roles and its tip-out's. */
export const sharingRoleIds = (p: Pick<PoolBody, 'shares' | 'tipOut'>) => [
  ...p.shares.map((s) => s.roleId),
  ...(p.tipOut?.toRoleIds ?? []),
];

/** Refuses a pool the law forbids (422, the role and the rule in details) or one taking tips another pool takes (409). */
function check(body: PoolBody, ctx: Awaited<ReturnType<typeof lawContext>>, others: TipPool[], id?: string) {
  const unknownContributors = body.contributorRoleIds.filter((r) => !ctx.roles.has(r));
  const finding =
    lawFinding(
      { sharingRoleIds: [...sharingRoleIds(body), ...unknownContributors], tipCreditTaken: body.tipCreditTaken },
      ctx.roles,
      ctx.location,
      ctx.today,
    ) ?? null;
  if (finding) throw tipPoolErrors[finding.code](finding.message, finding.details);
  const overlap = overlapOf(
    { id, ...body },
    others.filter((o) => !o.archived),
  );
  if (overlap?.reason === 'same-tips')
    throw tipPoolErrors.TIP_POOL_OVERLAP(
      `The pool ${overlap.poolName} already takes the ${overlap.tipClass} tips of role ${overlap.roleId}`,
      [{ path: 'contributorRoleIds', ...overlap, message: 'no tip may enter two pools' }],
    );
  if (overlap)
    throw tipPoolErrors.TIP_POOL_OVERLAP(
      `The pool ${overlap.poolName} takes ${overlap.tipClass} tips in other windows of the day than this one (${windowName(body)} against ${windowName(others.find((o) => o.id === overlap.poolId)!)}): windows that cross would split one tip two ways`,
      [{ path: 'period', ...overlap, message: 'pools of crossing windows may not take the same class of tips' }],
    );
}

/** A pool's window in words: per date, per week, the daypart lunch, the shift am. */
const windowName = (p: Pick<TipPool, 'period'> & Partial<Pick<TipPool, 'daypart' | 'shift'>>) =>
  p.period === 'daypart'
    ? `the daypart ${p.daypart}`
    : p.period === 'shift'
      ? `the shift ${p.shift}`
      : `per ${p.period}`;

export async function createPool({ companyId, body }: { companyId: string; body: PoolBody }): Promise<TipPool> {
  const ctx = await lawContext(companyId);
  return runExclusive(lockKeys.tipPools(companyId), async (tx) => {
    const others = (await tx.get(repo.poolsCollection(companyId))).docs.map(repo.poolFromDoc);
    check(body, ctx, others);
    const now = Date.now();
    const pool: TipPool = {
      id: randomUUID(),
      companyId,
      ...body,
      daypart: body.daypart ?? null,
      shift: body.shift ?? null,
      archived: false,
      version: 1,
      createdAt: now,
      updatedAt: now,
    };
    return { result: pool, write: (t) => t.set(repo.poolRef(companyId, pool.id), repo.toDoc(pool)) };
  });
}

/** Replaces a pool's rules (a new version): distributions already locked keep their entries; distributing them again pays the difference as adjustments. */
export async function replacePool({
  companyId,
  poolId,
  body,
}: {
  companyId: string;
  poolId: string;
  body: PoolBody;
}): Promise<TipPool> {
  const ctx = await lawContext(companyId);
  return runExclusive(lockKeys.tipPools(companyId), async (tx) => {
    const others = (await tx.get(repo.poolsCollection(companyId))).docs.map(repo.poolFromDoc);
    const current = others.find((p) => p.id === poolId);
    if (!current) throw tipPoolErrors.TIP_POOL_NOT_FOUND(`No tip pool ${poolId}`);
    if (!current.archived) check(body, ctx, others, poolId);
    const pool: TipPool = {
      ...current,
      ...body,
      daypart: body.daypart ?? null,
      shift: body.shift ?? null,
      version: current.version + 1,
      updatedAt: Date.now(),
    };
    return { result: pool, write: (t) => t.set(repo.poolRef(companyId, poolId), repo.toDoc(pool)) };
  });
}

/** Archives a pool (its ledger stays); repeating it answers the archived pool. */
export async function archivePool({ companyId, poolId }: { companyId: string; poolId: string }): Promise<TipPool> {
  return runExclusive(lockKeys.tipPools(companyId), async (tx) => {
    const current = repo.poolFromSnapshot(await tx.get(repo.poolRef(companyId, poolId)));
    if (!current) throw tipPoolErrors.TIP_POOL_NOT_FOUND(`No tip pool ${poolId}`);
    if (current.archived) return { result: current };
    const pool = { ...current, archived: true, updatedAt: Date.now() };
    return { result: pool, write: (t) => t.set(repo.poolRef(companyId, poolId), repo.toDoc(pool)) };
  });
}
