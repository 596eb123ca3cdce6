/**
 * The pure rules of POS punches (no I/O): their stable ids, the fingerprint of a POS version, and
 * how a manager's edit or approval takes a punch out of the POS's hands.
 */
import { createHash } from 'node:crypto';
import type { BreakType, PosPending, PunchView, VendorLink } from './schemas';

export interface VendorPunchInput {
  slug: string;
  externalId: string;
  employeeId: string;
  clockInAt: number;
  clockOutAt: number | null;
  breaks?: { type: BreakType; startAt: number; endAt: number | null; paid?: boolean }[];
  positionId?: string | null;
  /** the sync run delivering it (named by a late record); not part of the version */
  runId?: string;
}

/** The id of a POS punch: stable for (slug, externalId), so a second delivery addresses the same document. */
export const vendorPunchId = (slug: string, externalId: string) =>
  `pos-${createHash('sha256').update(`${slug}\u0000${externalId}`).digest('hex').slice(0, 32)}`;

/**
 * A fingerprint of what the POS said about a punch (its employee, times, breaks, role, deletion):
 * stored as vendor.version when applied, so that a new delivery of the same version changes
 * nothing, even after a manager edited ours.
 */
export function vendorPunchVersion(input: VendorPunchInput, deleted = false): string {
  const breaks = (input.breaks ?? [])
    .map((b) => [b.type, b.startAt, b.endAt, b.paid ?? null] as const)
    .sort((a, b) => a[1] - b[1]);
  const positionId = input.positionId === undefined ? '~' : input.positionId;
  return createHash('sha256')
    .update(JSON.stringify([input.employeeId, input.clockInAt, input.clockOutAt, breaks, positionId, deleted]))
    .digest('base64url')
    .slice(0, 22);
}

/** This POS version was already applied to the punch, or set aside on it for review. */
export const alreadyReceived = (punch: PunchView, version: string) =>
  punch.vendor?.version === version || punch.vendor?.pending?.version === version;

/** A manager edited or approved the punch: from then on the POS's changes are flagged for review, not applied. */
export const heldByManager = (p: PunchView) => p.state === 'approved' || (p.vendor?.reviewedAt ?? null) !== null;

/** The punch with the POS version set aside for a manager (needsReview); ours is kept as it is. */
export function flagForReview(
  before: PunchView,
  input: VendorPunchInput,
  received: Pick<PosPending, 'version' | 'breaks' | 'deleted'>,
  now: number,
): PunchView {
  const pending: PosPending = {
    version: received.version,
    employeeId: input.employeeId,
    clockInAt: input.clockInAt,
    clockOutAt: input.clockOutAt,
    breaks: received.breaks,
    deleted: received.deleted,
    receivedAt: now,
  };
  return { ...before, vendor: { ...before.vendor!, needsReview: true, pending }, updatedAt: now };
}

/** A manager's edit or approval settles a POS punch: the version set aside counts as reviewed, and later POS changes are flagged. */
export function reviewed(vendor: VendorLink | null, uid: string, now: number): VendorLink | null {
  if (!vendor) return null;
  return {
    ...vendor,
    version: vendor.pending?.version ?? vendor.version,
    needsReview: false,
    pending: null,
    reviewedAt: now,
    reviewedBy: uid,
  };
}
