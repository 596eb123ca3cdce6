/** Approving punches (one, or many at once) and taking an approval back. */
import type { Membership } from '../../core/memberships';
import { refuseOwnWork } from '../../core/own-work';
import { announce } from '../kit';
import { attendanceErrors } from './errors';
import { assertDatesUnlocked, recordAudit, runExclusiveOnPunch } from './punch-store';
import { punchNotFound } from './punch-rules';
import * as repo from './repo';
import type { PunchView } from './schemas';
import { reviewed } from './vendor-rules';

interface ApprovalInput {
  companyId: string;
  uid: string;
  punchId: string;
}

/** Who approves: their role and employee record decide whether the punch is their own work. */
type Approver = Pick<Membership, 'role' | 'employeeId'>;

/**
 * Approve and unapprove: read the punch again in its employee's exclusive section, let `decide`
 * refuse it, keep it (null) or give its next state, and write that with its audit entry.
 */
async function changeApproval(
  { companyId, uid, punchId }: ApprovalInput,
  action: 'approve' | 'unapprove',
  reason: string | null,
  decide: (before: PunchView, now: number) => PunchView | null,
): Promise<PunchView> {
  return runExclusiveOnPunch(companyId, punchId, async (tx) => {
    const now = Date.now();
    const before = repo.punchFromSnapshot(await tx.get(repo.punchRef(companyId, punchId)));
    if (!before) throw punchNotFound();
    const after = decide(before, now);
    if (!after) return { result: before };
    await assertDatesUnlocked(tx, companyId, [before.businessDate]);
    return {
      result: after,
      write: (t) => {
        t.set(repo.punchRef(companyId, punchId), repo.punchToDoc(after));
        recordAudit(t, companyId, { punchId, by: uid, action, before, after, reason, at: now });
      },
    };
  });
}

/** Tells the modules reacting to approved hours (leave accrues from them) once the change is committed. */
const announceHours = (companyId: string, changed: PunchView[]) =>
  changed.length
    ? announce('approvedHoursChanged', {
        companyId,
        employeeIds: [...new Set(changed.map((p) => p.employeeId))],
        dates: [...new Set(changed.map((p) => p.businessDate))].sort(),
      })
    : Promise.resolve();

export async function approvePunch(input: ApprovalInput & { approver: Approver }): Promise<PunchView> {
  const punch = await approveOne(input);
  await announceHours(input.companyId, [punch]);
  return punch;
}

async function approveOne({ approver, ...input }: ApprovalInput & { approver: Approver }): Promise<PunchView> {
  return changeApproval(input, 'approve', null, (before, now) => {
    refuseOwnWork(approver, [before.employeeId], 'Approving this punch');
    const vendor = reviewed(before.vendor, input.uid, now);
    // approving an approved punch that the POS changed meanwhile settles the review (ours kept)
    if (before.state === 'approved') return before.vendor?.needsReview ? { ...before, vendor, updatedAt: now } : null;
    if (before.clockOutAt === null)
      throw attendanceErrors.PUNCH_OPEN('The punch is still open: it can be approved once clocked out');
    return { ...before, state: 'approved', approvedAt: now, approvedBy: input.uid, updatedAt: now, vendor };
  });
}

export async function unapprovePunch({ reason, ...input }: ApprovalInput & { reason?: string }): Promise<PunchView> {
  const punch = await changeApproval(input, 'unapprove', reason ?? null, (before, now) => {
    if (before.state !== 'approved') throw attendanceErrors.PUNCH_NOT_APPROVED('The punch is not approved');
    return { ...before, state: 'pending', approvedAt: null, approvedBy: null, updatedAt: now };
  });
  await announceHours(input.companyId, [punch]);
  return punch;
}

/** Approves each punch on its own (10 at a time); the ones that cannot be approved are listed with their code. */
export async function approveMany({
  companyId,
  uid,
  approver,
  punchIds,
}: {
  companyId: string;
  uid: string;
  approver: Approver;
  punchIds: string[];
}) {
  const approved: PunchView[] = [];
  const skipped: { punchId: string; code: string; message: string }[] = [];
  const ids = [...new Set(punchIds)];
  for (let i = 0; i < ids.length; i += 10) {
    await Promise.all(
      ids.slice(i, i + 10).map(async (punchId) => {
        try {
          approved.push(await approveOne({ companyId, uid, approver, punchId }));
        } catch (err) {
          const e = err as { code?: unknown; message?: string; status?: number };
          if (typeof e.code !== 'string' || !e.status || e.status >= 500) throw err;
          skipped.push({ punchId, code: e.code, message: e.message ?? '' });
        }
      }),
    );
  }
  await announceHours(companyId, approved);
  const order = new Map(ids.map((id, i) => [id, i]));
  approved.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  skipped.sort((a, b) => order.get(a.punchId)! - order.get(b.punchId)!);
  return { approved, skipped };
}
