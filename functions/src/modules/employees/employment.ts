import type { ArchiveBody, ArchiveReason, Employee } from './schemas';

/** The rules of an employment's end and return, without I/O (archive.ts and lifecycle.ts do the reads and writes). */

/**
 * Whether the employee works for the company on business date `date`: an archive takes effect on
 * its effective date; a record archived without one (older data) is archived on every date.
 */
export function employedOn(e: Pick<Employee, 'archived' | 'archive'>, date: string): boolean {
  return e.archive ? date < e.archive.effectiveDate : !e.archived;
}

/**
 * Whether cancelling the employee's posted shifts is the employer's change, which owes the
 * fair-workweek premiums of a cancellation where the company's jurisdiction has them (the schedule
 * computes them: fair-workweek.ts). A resignation is the employee's own change: the predictive
 * scheduling laws exempt changes the employee asked for (NYC Admin. Code 20-1222, Seattle SMC
 * 14.22, ORS 653.455, Chicago MCC 6-110), so it owes none. A dismissal for documented discipline
 * is exempt in some of them too: not modelled, it pays the premium (the safer side for the employee).
 */
export const employerCancels = (reason: ArchiveReason): boolean => reason !== 'resigned';

/** The first date whose shifts the archive unassigns: the effective date, but never a day already past. */
export const firstUnassignedDate = (effectiveDate: string, today: string): string =>
  effectiveDate > today ? effectiveDate : today;

/** Whether a record is archived at `now` (epoch ms): an archive recorded for a later date takes effect when that business day begins. */
export const archivedAt = (e: Pick<Employee, 'archived' | 'archive'>, now: number): boolean =>
  e.archived && (!e.archive || e.archive.effectiveAt <= now);

/** The audited fields of an archive or a rehire. */
export const ARCHIVE_FIELDS = ['archived', 'archive', 'hiring'];

/** The record's archive fields as the audit trail shows them. */
export const archiveState = (e: Pick<Employee, 'archived' | 'archive' | 'hiring'>) => ({
  archived: e.archive ? true : e.archived,
  archive: e.archive ?? null,
  hiring: e.hiring ?? null,
});

/**
 * What an archive request does to a record as it is: `archive` it, or nothing (`repeat`: the same
 * archive was already recorded, a retry that only completes the follow-ups), or refuse (`conflict`:
 * archived on other terms; rehire first).
 */
export function archiveDecision(e: Pick<Employee, 'archived' | 'archive'>, body: ArchiveBody) {
  if (!e.archive && !e.archived) return 'archive' as const;
  const same =
    e.archive?.effectiveDate === body.effectiveDate &&
    e.archive.reason === body.reason &&
    (e.archive.note ?? '') === (body.note ?? '');
  return same ? ('repeat' as const) : ('conflict' as const);
}

/**
 * The employee's date of birth for the minors' rules: `dateOfBirth`, else an older record's
 * `bornDate` when it is a YYYY-MM-DD date; null when neither gives one.
 */
export function birthDateOf(e: Pick<Employee, 'dateOfBirth' | 'bornDate'>): string | null {
  if (e.dateOfBirth) return e.dateOfBirth;
  return typeof e.bornDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(e.bornDate) ? e.bornDate : null;
}
