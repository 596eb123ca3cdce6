/** The pure rules of late records (late-records.ts): which lock a version reaches, and what it works. */
import type { LateRecord } from './late-records';
import type { RangeLock } from './schemas';
import { breakSpans, type WorkedSpan } from './worked';

/** The first lock holding one of the dates, or null. */
export const lockHolding = (locks: readonly RangeLock[], dates: readonly string[]): RangeLock | null =>
  locks.find((l) => dates.some((d) => l.startDate <= d && d <= l.endDate)) ?? null;

/** The worked span of a late record's last version, null while it is deleted or still open (an open punch is paid once clocked out). */
export function lateSpanOf(record: LateRecord): WorkedSpan | null {
  const f = record.final;
  if (!f || f.clockOutAt === null) return null;
  return {
    punchId: record.punchId,
    businessDate: f.businessDate,
    positionId: f.positionId,
    shiftId: f.shiftId,
    startMs: f.clockInAt,
    endMs: f.clockOutAt,
    ...breakSpans(f.breaks),
  };
}
