/** What payroll and sales read of attendance: the worked spans of closed punches. */
import { byTime } from './punch-rules';
import * as repo from './repo';

export interface WorkedSpan {
  punchId: string;
  businessDate: string;
  positionId: string | null;
  /** the published shift the punch is linked to */
  shiftId: string | null;
  startMs: number;
  endMs: number;
  unpaidBreaks: { startMs: number; endMs: number }[];
  /** the rest breaks recorded on the punch (ended ones), paid or not: what the rest-break rules count */
  restBreaks: { startMs: number; endMs: number }[];
}

type RecordedBreak = { type: string; paid: boolean; startAt: number; endAt: number | null };

/** A punch's ended breaks as a worked span counts them: the unpaid ones, and the rest breaks. */
export function breakSpans(breaks: readonly RecordedBreak[]): Pick<WorkedSpan, 'unpaidBreaks' | 'restBreaks'> {
  const ended = (keep: (b: RecordedBreak) => boolean) =>
    breaks.filter((b) => keep(b) && b.endAt !== null).map((b) => ({ startMs: b.startAt, endMs: b.endAt! }));
  return { unpaidBreaks: ended((b) => !b.paid), restBreaks: ended((b) => b.type === 'rest') };
}

/**
 * Closed punches of a business-date range by employee (approved ones only with approvedOnly; one
 * employee's only with employeeId), sorted by start.
 */
export async function workedSpans(
  companyId: string,
  range: { startDate: string; endDate: string },
  options: { approvedOnly: boolean; employeeId?: string },
): Promise<Map<string, WorkedSpan[]>> {
  const punches = await repo.listRange({
    companyId,
    from: range.startDate,
    to: range.endDate,
    state: options.approvedOnly ? 'approved' : undefined,
    employeeId: options.employeeId,
  });
  const out = new Map<string, WorkedSpan[]>();
  for (const p of punches.sort(byTime)) {
    if (p.clockOutAt === null) continue;
    const span: WorkedSpan = {
      punchId: p.id,
      businessDate: p.businessDate,
      positionId: p.positionId,
      shiftId: p.shift?.shiftId ?? null,
      startMs: p.clockInAt,
      endMs: p.clockOutAt,
      ...breakSpans(p.breaks),
    };
    const list = out.get(p.employeeId);
    if (list) list.push(span);
    else out.set(p.employeeId, [span]);
  }
  return out;
}
