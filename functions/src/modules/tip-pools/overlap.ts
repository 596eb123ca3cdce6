import type { Daypart, PoolPeriod, ShiftBlock, TipClass } from './schemas';

/**
 * No tip in two pools: pure, no I/O. A pool takes the tips of its contributor roles, class by
 * class, in cells of time: a business date (day and week pools read their tips date by date), or
 * one part of a business date (a daypart, or a shift). What enters is split over the roles an
 * employee worked in the cell by their minutes there (distribution.ts), so:
 *
 * - two pools of the same cells (both of dates, or both of the same daypart, or of the same shift)
 *   read one split: they may not both take one (role, class), and with that every cent enters at
 *   most one of them;
 * - two pools of disjoint cells (two different dayparts, or the am and pm shifts) read disjoint
 *   sales and minutes: a date's parts tile it (windows.ts), so they may take the same classes;
 * - two pools of cells that cross (a date and its lunch, a daypart and a shift) would split the
 *   same tip two ways (over the roles worked in the day, and over those worked at lunch: an
 *   employee working a role of each could put more than their tip in): they may not take the same
 *   class at all, whatever their roles.
 */
export interface PoolClaim {
  id: string;
  name: string;
  contributorRoleIds: readonly string[];
  tipClasses: readonly TipClass[];
  /** day and week when absent */
  period?: PoolPeriod;
  daypart?: Daypart | null;
  shift?: ShiftBlock | null;
}

export interface Overlap {
  poolId: string;
  poolName: string;
  /** the role both take (same cells); null when the cells cross */
  roleId: string | null;
  tipClass: TipClass;
  /** same-tips: both take the role's class in the same cells; crossing-windows: their cells cross */
  reason: 'same-tips' | 'crossing-windows';
}

/** The grid of a pool's cells (dates, dayparts, shifts) and its cell in it (null: every date). */
export function cellsOfPool(p: Pick<PoolClaim, 'period' | 'daypart' | 'shift'>): {
  grid: 'date' | 'daypart' | 'shift';
  cell: string | null;
} {
  if (p.period === 'daypart') return { grid: 'daypart', cell: p.daypart ?? null };
  if (p.period === 'shift') return { grid: 'shift', cell: p.shift ?? null };
  return { grid: 'date', cell: null };
}

/** The first claim another active pool already makes on the pool's tips (pools in id order), or null. */
export function overlapOf(
  pool: Omit<PoolClaim, 'id' | 'name'> & { id?: string },
  others: readonly PoolClaim[],
): Overlap | null {
  const sorted = [...others].filter((o) => o.id !== pool.id).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const mine = cellsOfPool(pool);
  for (const other of sorted) {
    const theirs = cellsOfPool(other);
    if (mine.grid !== theirs.grid) {
      const tipClass = pool.tipClasses.find((c) => other.tipClasses.includes(c));
      if (tipClass)
        return { poolId: other.id, poolName: other.name, roleId: null, tipClass, reason: 'crossing-windows' };
      continue;
    }
    // the same grid: different cells are disjoint
    if (mine.cell !== theirs.cell) continue;
    for (const roleId of pool.contributorRoleIds)
      if (other.contributorRoleIds.includes(roleId))
        for (const tipClass of pool.tipClasses)
          if (other.tipClasses.includes(tipClass))
            return { poolId: other.id, poolName: other.name, roleId, tipClass, reason: 'same-tips' };
  }
  return null;
}
