/** Ranges of business dates closed by payroll: while locked, punches there cannot change. */
import { requireDateRange } from '../../core/calendar';
import { logger } from '../../core/logger';
import * as repo from './repo';
import type { RangeLock } from './schemas';

export const listLocks = ({ companyId }: { companyId: string }) => repo.readLocks(companyId);

/** Locks a range of business dates (payroll closed the period): punches there can no longer change. Idempotent. */
export async function lockRange(
  companyId: string,
  range: { startDate: string; endDate: string },
  uid: string,
): Promise<RangeLock> {
  requireDateRange(range.startDate, range.endDate, Number.MAX_SAFE_INTEGER);
  const lock: RangeLock = { startDate: range.startDate, endDate: range.endDate, lockedAt: Date.now(), lockedBy: uid };
  await repo.lockRef(companyId, repo.lockId(range.startDate, range.endDate)).set(lock);
  logger.info('attendance range locked', { companyId, ...range, uid });
  return lock;
}

/** Removes the lock of exactly that range (payroll reopened the period); false when there was none. */
export async function unlockRange(
  companyId: string,
  range: { startDate: string; endDate: string },
  uid: string,
): Promise<boolean> {
  const ref = repo.lockRef(companyId, repo.lockId(range.startDate, range.endDate));
  const existed = (await ref.get()).exists;
  if (existed) await ref.delete();
  logger.info('attendance range unlocked', { companyId, ...range, uid, existed });
  return existed;
}
