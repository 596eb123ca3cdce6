import { changedFields, listAudit, recordAudit } from '../../core/audit';
import { db } from '../../core/firebase';
import { setEmployeeAccessEnd, type Membership } from '../../core/memberships';
import { ARCHIVE_FIELDS, archiveState } from './employment';
import { employeeErrors } from './errors';
import * as repo from './repo';
import type { RehireBody } from './schemas';
import { viewerOf } from '../companies';
import { getEmployee } from './service';
import { redact } from './visibility';

/** The return of an employment (rehire) and the audit trail of a record; its end is archive.ts. */

const notFound = () => employeeErrors.EMPLOYEE_NOT_FOUND('No such employee in this company');

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
