/**
 * POS reconciliation: the punches a POS reports are written idempotently on (slug, externalId),
 * and never over a manager's edit or approval (then the POS version is flagged for review).
 */
import type { Transaction } from 'firebase-admin/firestore';
import { businessDateOf } from '../../core/calendar';
import { coreErrors } from '../../core/errors';
import { db } from '../../core/firebase';
import { runExclusive } from '../../core/exclusive';
import { attendanceErrors } from './errors';
import { lateRecordRef, readLateRecord, writeLateRecord, type LateRecord } from './late-records';
import { lockHolding } from './late-rules';
import { assertDatesUnlocked, linkShift, readEmployeeState, recordAudit } from './punch-store';
import { assertTimeline, autoCloseAtOf, blankPunch, breaksWithPay, calendarOf, derive } from './punch-rules';
import * as repo from './repo';
import type { PunchView, RangeLock } from './schemas';
import {
  alreadyReceived,
  flagForReview,
  heldByManager,
  vendorPunchId,
  vendorPunchVersion,
  type VendorPunchInput,
} from './vendor-rules';
import { lockKeys } from '../../core/locks';

/** The stored POS punches of some vendor ids (keyed by externalId; absent ones left out), in one read. */
export async function readVendorPunches(
  companyId: string,
  slug: string,
  externalIds: readonly string[],
): Promise<Map<string, PunchView>> {
  const ids = [...new Set(externalIds)];
  if (ids.length === 0) return new Map();
  const snaps = await db().getAll(...ids.map((x) => repo.punchRef(companyId, vendorPunchId(slug, x))));
  const out = new Map<string, PunchView>();
  snaps.forEach((snap, i) => {
    const punch = repo.punchFromSnapshot(snap);
    if (punch) out.set(ids[i], punch);
  });
  return out;
}

const FLAGGED_REASON =
  'changed in the POS after a manager edited or approved the punch: ours kept, the POS version flagged for review';

/**
 * Writes the punch a POS reported, idempotently on (slug, externalId): created the first time,
 * updated when its times, breaks, employee or role changed, unchanged when this version was
 * already applied (or reviewed). A punch a manager edited or approved is never overwritten: the
 * POS version is set aside on it for review ('flagged', vendor.needsReview). A version that
 * reaches a payroll-locked range (the punch's business date as stored or as reported) is a late
 * record ('late', late-records.ts): the punch stays as it was paid, payroll pays the difference in
 * the first report after the close. An open POS punch takes the employee's open-punch slot
 * (ALREADY_CLOCKED_IN when another punch holds it).
 */
export type VendorPunchOutcome =
  | { punch: PunchView; outcome: 'created' | 'updated' | 'unchanged' | 'flagged' }
  | { punch: PunchView | null; outcome: 'late'; late: LateRecord; repeated: boolean };

/** The late record of a version reaching a closed range (`lock`), written in the transaction. */
function lateOutcome(
  tx: Transaction,
  companyId: string,
  facts: {
    id: string;
    input: VendorPunchInput;
    version: string;
    before: PunchView | null;
    previous: LateRecord | null;
    final: LateRecord['final'];
    lock: RangeLock;
    now: number;
  },
): { punch: PunchView | null; outcome: 'late'; late: LateRecord; repeated: boolean } {
  const { before, previous, final } = facts;
  const late: LateRecord = {
    punchId: facts.id,
    slug: facts.input.slug,
    externalId: facts.input.externalId,
    runId: facts.input.runId ?? null,
    change: final === null ? 'deleted' : before ? 'changed' : 'created',
    employeeId: final?.employeeId ?? before?.employeeId ?? previous?.employeeId ?? facts.input.employeeId,
    paidEmployeeId: before?.employeeId ?? null,
    paidBusinessDate: before?.businessDate ?? null,
    final,
    version: facts.version,
    // the range first reached keeps naming the record: its adjustment is reported after that close
    lock: previous?.lock ?? { startDate: facts.lock.startDate, endDate: facts.lock.endDate },
    receivedAt: facts.now,
  };
  writeLateRecord(tx, companyId, late);
  return { punch: before, outcome: 'late', late, repeated: false };
}

export async function upsertVendorPunch(companyId: string, input: VendorPunchInput): Promise<VendorPunchOutcome> {
  const id = vendorPunchId(input.slug, input.externalId);
  const version = vendorPunchVersion(input);
  const existingNow = repo.punchFromSnapshot(await repo.punchRef(companyId, id).get());
  const keys = [
    lockKeys.attendance(companyId, input.employeeId),
    ...(existingNow ? [lockKeys.attendance(companyId, existingNow.employeeId)] : []),
  ];
  const by = `pos:${input.slug}`;
  return runExclusive<VendorPunchOutcome>(keys, async (tx) => {
    const now = Date.now();
    const oldOpenRef =
      existingNow && existingNow.employeeId !== input.employeeId
        ? repo.openPunchRef(companyId, existingNow.employeeId)
        : null;
    const state = await readEmployeeState(tx, companyId, input.employeeId, [
      repo.punchRef(companyId, id),
      ...(oldOpenRef ? [oldOpenRef] : []),
    ]);
    const before = repo.punchFromSnapshot(state.extra[0]);
    const previous = await readLateRecord(companyId, id, tx);
    const breaks = breaksWithPay(input.breaks ?? [], state.settings);
    const businessDate = businessDateOf(input.clockInAt, calendarOf(state.company));
    const lock = lockHolding(await repo.readLocks(companyId, tx), [
      businessDate,
      ...(before ? [before.businessDate] : []),
      ...(previous?.final ? [previous.final.businessDate] : []),
    ]);
    if (lock && previous?.version === version)
      return { result: { punch: before, outcome: 'late' as const, late: previous, repeated: true } };
    if (lock && !(previous === null && before && alreadyReceived(before, version))) {
      const positionId = input.positionId !== undefined ? input.positionId : (before?.positionId ?? null);
      const final = {
        employeeId: input.employeeId,
        businessDate,
        clockInAt: input.clockInAt,
        clockOutAt: input.clockOutAt,
        breaks,
        positionId,
        shiftId: before && before.clockInAt === input.clockInAt ? (before.shift?.shiftId ?? null) : null,
      };
      assertTimeline({ ...(before ?? blankPunch(id, companyId, input.employeeId, now)), ...final }, now);
      return {
        result: lateOutcome(tx, companyId, { id, input, version, before, previous, final, lock, now }),
      };
    }
    // the range was reopened since a late record: this delivery writes the punch itself
    const dropLate = (t: Transaction) => void (previous && t.delete(lateRecordRef(companyId, id)));
    if (before && alreadyReceived(before, version)) {
      if (!previous) return { result: { punch: before, outcome: 'unchanged' as const } };
      return { result: { punch: before, outcome: 'unchanged' as const }, write: dropLate };
    }
    if (before && heldByManager(before)) {
      await assertDatesUnlocked(tx, companyId, [before.businessDate]);
      const after = flagForReview(before, input, { version, breaks: breaks, deleted: false }, now);
      const reason = `POS sync (${input.slug}): ${FLAGGED_REASON}`;
      return {
        result: { punch: after, outcome: 'flagged' as const },
        write: (t) => {
          t.set(repo.punchRef(companyId, id), repo.punchToDoc(after));
          recordAudit(t, companyId, { punchId: id, by, action: 'edit', before, after, reason, at: now });
          dropLate(t);
        },
      };
    }
    const same =
      before &&
      before.vendor?.version === null &&
      before.employeeId === input.employeeId &&
      before.clockInAt === input.clockInAt &&
      before.clockOutAt === input.clockOutAt &&
      JSON.stringify(before.breaks) === JSON.stringify(breaks) &&
      (input.positionId === undefined || before.positionId === input.positionId);
    if (same) return { result: { punch: before, outcome: 'unchanged' as const }, write: dropLate };
    await assertDatesUnlocked(tx, companyId, [...new Set([businessDate, ...(before ? [before.businessDate] : [])])]);
    let draft: PunchView = {
      ...(before ?? blankPunch(id, companyId, input.employeeId, now)),
      employeeId: input.employeeId,
      businessDate,
      clockInAt: input.clockInAt,
      clockOutAt: input.clockOutAt,
      breaks,
      source: 'pos',
      vendor: {
        slug: input.slug,
        externalId: input.externalId,
        version,
        needsReview: false,
        pending: null,
        reviewedAt: null,
        reviewedBy: null,
      },
      state: input.clockOutAt === null ? 'open' : 'pending',
      updatedAt: now,
    };
    assertTimeline(draft, now);
    if (!before || before.clockInAt !== input.clockInAt || before.employeeId !== input.employeeId) {
      const linked = await linkShift(companyId, input.employeeId, businessDate, input.clockInAt, state.company, tx);
      draft = { ...draft, shift: linked?.link ?? null, positionId: linked?.positionId ?? null };
    }
    if (input.positionId !== undefined) draft.positionId = input.positionId;
    const after = derive(draft, state.settings);
    const openRef = repo.openPunchRef(companyId, input.employeeId);
    const holdsSlot = state.open?.punchId === id;
    if (after.clockOutAt === null && state.open && !holdsSlot)
      throw attendanceErrors.ALREADY_CLOCKED_IN(
        `Employee ${input.employeeId} already has an open punch ${state.open.punchId}`,
      );
    const oldOpen = oldOpenRef && state.extra[1]?.exists && repo.openEntryFromDoc(state.extra[1]).punchId === id;
    return {
      result: { punch: after, outcome: before ? ('updated' as const) : ('created' as const) },
      write: (t) => {
        t.set(repo.punchRef(companyId, id), repo.punchToDoc(after));
        if (after.clockOutAt === null)
          t.set(openRef, {
            companyId,
            employeeId: input.employeeId,
            punchId: id,
            clockInAt: after.clockInAt,
            autoCloseAt: autoCloseAtOf(after.clockInAt, state.settings),
          });
        else if (holdsSlot) t.delete(openRef);
        if (oldOpen) t.delete(oldOpenRef);
        recordAudit(t, companyId, {
          punchId: id,
          by,
          action: before ? 'edit' : 'create',
          before,
          after,
          reason: `POS sync (${input.slug})`,
          at: now,
        });
        dropLate(t);
      },
    };
  });
}

export type VendorPunchRemoval =
  | { punch: PunchView | null; outcome: 'deleted' | 'flagged' | 'unchanged' }
  | { punch: PunchView | null; outcome: 'late'; late: LateRecord; repeated: boolean };

/**
 * The POS deleted (voided) a punch it had reported (`input` is its last version): ours is removed
 * (its open-punch slot freed, an audit entry kept) unless a manager edited or approved it, in
 * which case the deletion is flagged for review. Nothing to remove, or this deletion already
 * flagged (or reviewed): 'unchanged'. A punch in a payroll-locked range stays as it was paid: the
 * deletion is a late record ('late'), paid back as a negative adjustment after the close; so is
 * the deletion of a punch known only by its late record.
 */
export async function removeVendorPunch(companyId: string, input: VendorPunchInput): Promise<VendorPunchRemoval> {
  const id = vendorPunchId(input.slug, input.externalId);
  const version = vendorPunchVersion(input, true);
  const [found, lateNow] = await Promise.all([
    repo.punchRef(companyId, id).get().then(repo.punchFromSnapshot),
    lateRecordRef(companyId, id).get(),
  ]);
  const lateEmployee = lateNow.exists ? (lateNow.get('final.employeeId') as string | undefined) : undefined;
  if (!found && !lateEmployee) return { punch: null, outcome: 'unchanged' };
  const employeeId = found?.employeeId ?? lateEmployee!;
  const by = `pos:${input.slug}`;
  return runExclusive<VendorPunchRemoval>(lockKeys.attendance(companyId, employeeId), async (tx) => {
    const now = Date.now();
    const state = await readEmployeeState(tx, companyId, employeeId, [repo.punchRef(companyId, id)]);
    const before = repo.punchFromSnapshot(state.extra[0]);
    const previous = await readLateRecord(companyId, id, tx);
    if (before && before.employeeId !== employeeId)
      throw coreErrors.CONCURRENT_MODIFICATION('The punch moved to another employee meanwhile; retry');
    const lock = lockHolding(await repo.readLocks(companyId, tx), [
      ...(before ? [before.businessDate] : []),
      ...(previous?.final ? [previous.final.businessDate] : []),
    ]);
    if (lock && previous?.version === version)
      return { result: { punch: before, outcome: 'late' as const, late: previous, repeated: true } };
    if (lock && (previous || !before || !alreadyReceived(before, version)))
      return {
        result: lateOutcome(tx, companyId, { id, input, version, before, previous, final: null, lock, now }),
      };
    const dropLate = (t: Transaction) => void (previous && t.delete(lateRecordRef(companyId, id)));
    if (!before) return { result: { punch: null, outcome: 'unchanged' as const }, write: dropLate };
    if (alreadyReceived(before, version)) return { result: { punch: before, outcome: 'unchanged' as const } };
    if (heldByManager(before)) {
      const after = flagForReview(before, input, { version, breaks: before.breaks, deleted: true }, now);
      const reason = `POS sync (${input.slug}): deleted in the POS after a manager edited or approved the punch: ours kept, flagged for review`;
      return {
        result: { punch: after, outcome: 'flagged' as const },
        write: (t) => {
          t.set(repo.punchRef(companyId, id), repo.punchToDoc(after));
          recordAudit(t, companyId, { punchId: id, by, action: 'edit', before, after, reason, at: now });
          dropLate(t);
        },
      };
    }
    const holdsSlot = state.open?.punchId === id;
    return {
      result: { punch: before, outcome: 'deleted' as const },
      write: (t) => {
        t.delete(repo.punchRef(companyId, id));
        if (holdsSlot) t.delete(repo.openPunchRef(companyId, before.employeeId));
        recordAudit(t, companyId, {
          punchId: id,
          by,
          action: 'delete',
          before,
          after: null,
          reason: `POS sync (${input.slug}): deleted in the POS`,
          at: now,
        });
        dropLate(t);
      },
    };
  });
}
