import { changedFields, recordAudit } from '../../core/audit';
import { businessDayStart, businessToday } from '../../core/calendar';
import { AppError } from '../../core/errors';
import { db } from '../../core/firebase';
import { listMembershipsOfCompany, setEmployeeAccessEnd, type Membership } from '../../core/memberships';
import { getCompanyRules, viewerOf } from '../companies';
import { withdrawEmployeeFromRequests } from '../requests';
import { outcomeOf, refusedOutcome, unassignShiftsFrom, type Premium } from '../schedule';
import type { ArchiveResult } from './archive-schemas';
import {
  ARCHIVE_FIELDS,
  archiveDecision,
  archivedAt,
  archiveState,
  employerCancels,
  firstUnassignedDate,
} from './employment';
import { employeeErrors } from './errors';
import * as repo from './repo';
import type { ArchiveBody, Employee } from './schemas';
import { getEmployee } from './service';
import { redact } from './visibility';

/** The end of an employment (POST /employees/{id}/archive), and its dry run. */

type Call = { member: Membership; id: string; body: ArchiveBody; dryRun?: boolean };

/**
 * Archive (the employee left): the record keeps its id, history, documents, pay records and POS
 * links. In order, each step idempotent so that a retry completes what a failure left undone:
 *  1. the archive is recorded on the record (with its audit entry), so that no new shift is put
 *     on the employee from the effective date (schedule checks), and reads see it from that day;
 *  2. their shifts from the effective date (not before today) are unassigned, with the
 *     fair-workweek premiums of an employer's cancellation unless they resigned;
 *  3. the pending requests they are a party to are cancelled with the reason;
 *  4. their membership stops granting access when the effective date begins (the account stays).
 * `dryRun`: the same reads and checks of every step, nothing written; a 422 the real call answers
 * becomes the outcome's refusal (404 stays an error). Both answer `outcome`.
 */
export async function archiveEmployee(call: Call): Promise<ArchiveResult> {
  try {
    return await archiveOnce(call);
  } catch (err) {
    if (!call.dryRun || !(err instanceof AppError) || err.status !== 422) throw err;
    return {
      employee: await getEmployee({ member: call.member, id: call.id }),
      openSeats: [],
      premiums: [],
      cancelledRequests: [],
      accessEndsAt: null,
      outcome: refusedOutcome(err),
    };
  }
}

const owed = ({ id: _id, createdAt: _at, ...p }: Premium) => p;

async function archiveOnce({ member, id, body, dryRun = false }: Call): Promise<ArchiveResult> {
  const { companyId } = member;
  if (id === member.employeeId) throw employeeErrors.CANNOT_ARCHIVE('You cannot archive your own employee record');
  const company = await getCompanyRules({ companyId });
  const calendar = { timezone: company.profile.timezone, dayChangeTime: company.settings.dayChangeTime };
  const effectiveAt = businessDayStart(body.effectiveDate, calendar);

  const { employee, archived } = await db().runTransaction(async (tx) => {
    const [snap, members] = await Promise.all([
      tx.get(repo.employeeRef(companyId, id)),
      listMembershipsOfCompany(companyId, tx),
    ]);
    const current = repo.employeeFromSnapshot(snap);
    if (!current) throw employeeErrors.EMPLOYEE_NOT_FOUND('No such employee in this company');
    const linked = members.filter((m) => m.employeeId === id || (current.userId && m.uid === current.userId));
    if (linked.some((m) => m.role === 'owner'))
      throw employeeErrors.CANNOT_ARCHIVE("An owner's employee record cannot be archived: transfer ownership first");
    const decision = archiveDecision(current, body);
    if (decision === 'conflict')
      throw employeeErrors.EMPLOYEE_ARCHIVED('This employee is already archived on other terms: rehire first');
    if (decision === 'repeat') return { employee: current, archived: current };
    const archive = { ...body, effectiveAt, by: member.uid, at: Date.now() };
    const updatedAt = Date.now();
    // the record as the repo reads it back: archived from the effective date's start
    const next: Employee = {
      ...current,
      archived: archivedAt({ archived: true, archive }, updatedAt),
      archive,
      updatedAt,
    };
    if (!dryRun) {
      tx.update(repo.employeeRef(companyId, id), { archived: true, archive, updatedAt });
      const change = changedFields(archiveState(current), archiveState(next), ARCHIVE_FIELDS);
      recordAudit(tx, companyId, { entity: 'employee', entityId: id, action: 'archive', by: member.uid, ...change });
    }
    return { employee: current, archived: next };
  });

  const today = businessToday(calendar.timezone, calendar.dayChangeTime);
  const { openSeats, premiums } = await unassignShiftsFrom({
    companyId,
    employeeId: id,
    from: firstUnassignedDate(body.effectiveDate, today),
    employerCancels: employerCancels(body.reason),
    dryRun,
  });
  const cancelledRequests = await withdrawEmployeeFromRequests({
    companyId,
    employeeId: id,
    reason: `${employee.name} ${employee.surname} no longer works here from ${body.effectiveDate}`,
    by: member.uid,
    dryRun,
  });
  if (!dryRun) await recordEffects({ member, id, employee, effectiveAt, openSeats, cancelledRequests });
  return {
    employee: dryRun ? redact(await viewerOf(member), id, archived) : await getEmployee({ member, id }),
    openSeats: openSeats.map(({ id: shiftId, date, start, end, positionId, subRoleId, mode }) => ({
      shiftId,
      date,
      start,
      end,
      positionId,
      subRoleId,
      mode,
    })),
    premiums: premiums.map((p) => (dryRun ? owed(p) : { ...p })),
    cancelledRequests,
    accessEndsAt: effectiveAt,
    outcome: outcomeOf(dryRun, [], premiums),
  };
}

/** Step 4 and the audit of what the archive did to others' documents. */
async function recordEffects({
  member,
  id,
  employee,
  effectiveAt,
  openSeats,
  cancelledRequests,
}: {
  member: Membership;
  id: string;
  employee: Employee;
  effectiveAt: number;
  openSeats: { id: string }[];
  cancelledRequests: string[];
}) {
  const { companyId } = member;
  await setEmployeeAccessEnd(companyId, { employeeId: id, userId: employee.userId ?? null }, effectiveAt);
  if (!openSeats.length && !cancelledRequests.length) return;
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
