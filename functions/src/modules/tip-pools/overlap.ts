import type { TipClass } from './schemas';

/**
 * No tip in two pools: pure, no I/O. A pool takes the tips of its contributor roles, class by
 * class; two active pools may not both take one (role, class), so that every cent of a tip enters
 * at most one pool (what enters is split by role before any pool reads it: distribution.ts).
 */
export interface PoolClaim {
  id: string;
  name: string;
  contributorRoleIds: readonly string[];
  tipClasses: readonly TipClass[];
}

export interface Overlap {
  poolId: string;
  poolName: string;
  roleId: string;
  tipClass: TipClass;
}

/** The first (role, class) another active pool already takes (pools in id order), or null. */
export function overlapOf(
  pool: Omit<PoolClaim, 'id' | 'name'> & { id?: string },
  others: readonly PoolClaim[],
): Overlap | null {
  const sorted = [...others].filter((o) => o.id !== pool.id).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const other of sorted)
    for (const roleId of pool.contributorRoleIds)
      if (other.contributorRoleIds.includes(roleId))
        for (const tipClass of pool.tipClasses)
          if (other.tipClasses.includes(tipClass)) return { poolId: other.id, poolName: other.name, roleId, tipClass };
  return null;
}
