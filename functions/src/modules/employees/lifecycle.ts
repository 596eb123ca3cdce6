import { changedFields, listAudit, recordAudit } from '../../core/audit';
import { businessDayStart, businessToday } from '../../core/calendar';
import { db } from '../../core/firebase';
import { listMembershipsOfCompany, setEmployeeAccessEnd, type Membership } from '../../core/memberships';
import { getCompanyRules } from '../companies';
import { withdrawEmployeeFromRequests } from '../requests';
import { unassignShiftsFrom } from '../schedule';
import { archiveDecision, employerCancels, firstUnassignedDate } from './employment';
import { employeeErrors } from './errors';
import * as repo from './repo';
import type { ArchiveBody, Employee, RehireBody } from './schemas';
import { viewerOf } from '../companies';
import { getEmployee } from './service';
import { redact } from './visibility';

/** The end of an employment (archive) and its return (rehire), and the audit trail of a record. */

const notFound = () => employeeErrors.EMPLOYEE_NOT_FOUND('No such employee in this company');
const ARCHIVE_FIELDS = ['archived', 'archive', 'hiring'];

/** The record's archive fields as the audit trail shows them. */
const archiveState = (e: Pick<Employee, 'archived' | 'archive' | 'hiring'>) => ({
  archived: e.archive ? true : e.archived,
  archive: e.archive ?? null,
  hiring: e.hiring ?? null,
});

/**
 * Archive (the employee left): the record keeps its id, history, documents, pay records and POS
 * links. In order, each step idempotent so that a retry completes what a failure left undone:
 *  1. the archive is recorded on the record (with its audit entry), so that no new shift is put
 *     on the employee from the effective date (schedule checks), and reads see it from that day;
 *  2. their shifts from the effective date (not before today) are unassigned, with the
 *     fair-workweek premiums of an employer's cancellation unless they resigned;
 *  3. the pending requests they are a party to are cancelled with the reason;
 *  4. their membership stops granting access when the effective date begins (the account stays).
 */
export async function archiveEmployee({ member, id, body }: { member: Membership; id: string; body: ArchiveBody }) {
  const { companyId } = member;
  if (id === member.employeeId) throw employeeErrors.CANNOT_ARCHIVE('You cannot archive your own employee record');
  const company = await getCompanyRules({ companyId });
  const calendar = { timezone: company.profile.timezone, dayChangeTime: company.settings.dayChangeTime };
  const effectiveAt = businessDayStart(body.effectiveDate, calendar);

  const employee = await db().runTransaction(async (tx) => {
    const [snap, members] = await Promise.all([
      tx.get(repo.employeeRef(companyId, id)),
      listMembershipsOfCompany(companyId, tx),
    ]);
    const current = repo.employeeFromSnapshot(snap);
    if (!current) throw notFound();
    const linked = members.filter((m) => m.employeeId === id || (current.userId && m.uid === current.userId));
    if (linked.some((m) => m.role === 'owner'))
      throw employeeErrors.CANNOT_ARCHIVE("An owner's employee record cannot be archived: transfer ownership first");
    const decision = archiveDecision(current, body);
    if (decision === 'conflict')
      throw employeeErrors.EMPLOYEE_ARCHIVED('This employee is already archived on other terms: rehire first');
    if (decision === 'repeat') return current;
    const archive = { ...body, effectiveAt, by: member.uid, at: Date.now() };
    tx.update(repo.employeeRef(companyId, id), { archived: true, archive, updatedAt: Date.now() });
    const change = changedFields(archiveState(current), archiveState({ ...current, archive }), ARCHIVE_FIELDS);
    recordAudit(tx, companyId, { entity: 'employee', entityId: id, action: 'archive', by: member.uid, ...change });
    return current;
  });

  const today = businessToday(calendar.timezone, calendar.dayChangeTime);
  const { openSeats, premiums } = await unassignShiftsFrom({
    companyId,
    employeeId: id,
    from: firstUnassignedDate(body.effectiveDate, today),
    employerCancels: employerCancels(body.reason),
  });
  const cancelledRequests = await withdrawEmployeeFromRequests({
    companyId,
    employeeId: id,
    reason: `${employee.name} ${employee.surname} no longer works here from ${body.effectiveDate}`,
    by: member.uid,
  });
  await setEmployeeAccessEnd(companyId, { employeeId: id, userId: employee.userId ?? null }, effectiveAt);
  if (openSeats.length || cancelledRequests.length) {
    const batch = db().batch();
    recordAudit(batch, companyId, {
      entity: 'employee',
      entityId: id,
      action: 'archive-effects',
      by: member.uid,
      before: { shifts: openSeats.map((s) => s.id), pendingRequests: cancelledRequests },
      after: { shifts: [], pendingRequests: [] },
    });
    await batch.commit();
  }
  return {
    employee: await getEmployee({ member, id }),
    openSeats: openSeats.map(({ id: shiftId, date, start, end, positionId, subRoleId, mode }) => ({
      shiftId,
      date,
      start,
      end,
      positionId,
      subRoleId,
      mode,
    })),
    premiums: premiums.map((p) => ({ ...p })),
    cancelledRequests,
    accessEndsAt: effectiveAt,
  };
}

/**
 * Rehire (or undo an archive): the same record and id, its history kept; access is restored at
 * once. What the archive cancelled (shifts, requests) stays cancelled. A record not archived is
 * answered unchanged (a retry).
 */
export async function rehireEmployee({ member, id, body }: { member: Membership; id: string; body: RehireBody }) {
  const { companyId } = member;
  const employee = await db().runTransaction(async (tx) => {
    const current = repo.employeeFromSnapshot(await tx.get(repo.employeeRef(companyId, id)));
    if (!current) throw notFound();
    if (!current.archive && !current.archived) return null;
    const rehired = { ...current, archived: false, archive: null, hiring: body.hiring ?? current.hiring };
    tx.update(repo.employeeRef(companyId, id), {
      archived: false,
      archive: null,
      ...(body.hiring ? { hiring: body.hiring } : {}),
      updatedAt: Date.now(),
    });
    const change = changedFields(archiveState(current), archiveState(rehired), ARCHIVE_FIELDS);
    recordAudit(tx, companyId, { entity: 'employee', entityId: id, action: 'rehire', by: member.uid, ...change });
    return current;
  });
  if (employee) await setEmployeeAccessEnd(companyId, { employeeId: id, userId: employee.userId ?? null }, null);
  return getEmployee({ member, id });
}

/** The audit trail of one employee, oldest first, each change redacted by the visibility rule (entries left empty are dropped). */
export async function employeeAudit({ member, id }: { member: Membership; id: string }) {
  const [employee, entries, viewer] = await Promise.all([
    repo.getEmployee(member.companyId, id),
    listAudit(member.companyId, 'employee', id),
    viewerOf(member),
  ]);
  if (!employee) throw notFound();
  return entries
    .map(({ id: entryId, action, by, at, before, after }) => ({
      id: entryId,
      action,
      by,
      at,
      before: redact(viewer, id, before),
      after: redact(viewer, id, after),
    }))
    .filter((e) => Object.keys(e.after).length > 0 || Object.keys(e.before).length > 0);
}
