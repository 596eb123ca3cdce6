import { businessSlot, HOURS_PER_DAY_SLOTS } from '../../core/calendar';
import { runExclusive } from '../../core/exclusive';
import { lockKeys } from '../../core/locks';
import { getCompanyRules } from '../companies';
import * as repo from './repo';
import { COUNTED_STATUSES, reservationItem, type ReservationItem, type StoredReservation } from './schemas';

/**
 * The reservation-partner flow: a partner (OpenTable, Resy, SevenRooms) pushes reservations with
 * the key the owner's connect issued to it (partner-keys.ts); we keep each reservation (idempotent
 * on the partner's id) and the covers per business day and hour, which managers read for forecasting.
 */

export interface PushResult {
  received: number;
  created: number;
  updated: number;
  unchanged: number;
  stale: number;
  rejected: { index: number; id: string | null; code: string; message: string }[];
}

const COMMIT_SIZE = 200;

const toMs = (value: number | string) => (typeof value === 'number' ? value : Date.parse(value));
const counted = (r: { status: string } | undefined | null) => !!r && COUNTED_STATUSES.includes(r.status);

/**
 * Stores a push. Each item is validated on its own (a bad one never blocks the others); items are
 * written in exclusive commits per company with the covers they move, so a retried push, or two
 * overlapping ones, never count a reservation twice.
 */
export async function pushReservations({
  companyId,
  partner,
  items,
}: {
  companyId: string;
  partner: string;
  items: unknown[];
}): Promise<PushResult> {
  const rules = await getCompanyRules({ companyId });
  const result: PushResult = { received: items.length, created: 0, updated: 0, unchanged: 0, stale: 0, rejected: [] };
  const valid: { index: number; item: ReservationItem }[] = [];
  const seen = new Set<string>();
  items.forEach((raw, index) => {
    const parsed = reservationItem.safeParse(raw);
    const rawId = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : null;
    if (!parsed.success) {
      const message = parsed.error.issues
        .map(
          (i) =>
            `${i.path.join('.') || 'item'}: ${i.code === 'unrecognized_keys' ? `unknown field(s): ${i.keys.join(', ')}` : i.message}`,
        )
        .join('; ');
      result.rejected.push({ index, id: rawId, code: 'INVALID_ITEM', message });
      return;
    }
    if (seen.has(parsed.data.id)) {
      result.rejected.push({
        index,
        id: parsed.data.id,
        code: 'DUPLICATE_IN_BATCH',
        message: 'The same reservation id appears earlier in this push',
      });
      return;
    }
    seen.add(parsed.data.id);
    valid.push({ index, item: parsed.data });
  });
  for (let i = 0; i < valid.length; i += COMMIT_SIZE) {
    const outcome = await commitChunk(
      companyId,
      partner,
      valid.slice(i, i + COMMIT_SIZE).map((v) => v.item),
      rules.profile.timezone,
      rules.settings.dayChangeTime,
    );
    result.created += outcome.created;
    result.updated += outcome.updated;
    result.unchanged += outcome.unchanged;
    result.stale += outcome.stale;
  }
  return result;
}

async function commitChunk(
  companyId: string,
  partner: string,
  items: ReservationItem[],
  timezone: string,
  dayChangeTime: number,
) {
  return runExclusive(lockKeys.reservations(companyId), async (tx) => {
    const refs = items.map((item) => repo.reservationRef(companyId, repo.reservationId(partner, item.id)));
    const existing = (await tx.getAll(...refs)).map((s) => repo.reservationFromSnapshot(s));
    const outcome = { created: 0, updated: 0, unchanged: 0, stale: 0 };
    const writes: { ref: FirebaseFirestore.DocumentReference; value: StoredReservation }[] = [];
    const deltas = new Map<string, { covers: number; reservations: number; byHour: number[] }>();
    const move = (r: StoredReservation, sign: 1 | -1) => {
      if (!counted(r)) return;
      const day = deltas.get(r.businessDate) ?? {
        covers: 0,
        reservations: 0,
        byHour: new Array(HOURS_PER_DAY_SLOTS).fill(0),
      };
      day.covers += sign * r.partySize;
      day.reservations += sign;
      day.byHour[r.businessHour] += sign * r.partySize;
      deltas.set(r.businessDate, day);
    };
    items.forEach((item, i) => {
      const before = existing[i];
      const startsAt = toMs(item.startsAt);
      const version = item.updatedAt === undefined ? null : toMs(item.updatedAt);
      if (before && before.version !== null && version !== null && version < before.version)
        return void outcome.stale++;
      const slot = businessSlot(startsAt, timezone, dayChangeTime);
      const after: StoredReservation = {
        partner,
        externalId: item.id,
        status: item.status,
        partySize: item.partySize,
        startsAt,
        businessDate: slot.businessDate,
        businessHour: slot.businessHour,
        version: version ?? before?.version ?? null,
        receivedAt: Date.now(),
      };
      if (
        before &&
        before.status === after.status &&
        before.partySize === after.partySize &&
        before.startsAt === after.startsAt
      ) {
        return void outcome.unchanged++;
      }
      if (before) move(before, -1);
      move(after, 1);
      outcome[before ? 'updated' : 'created']++;
      writes.push({ ref: refs[i], value: after });
    });
    const dates = [...deltas.keys()];
    const days = dates.length ? await tx.getAll(...dates.map((d) => repo.coversRef(companyId, d))) : [];
    return {
      result: outcome,
      write: writes.length
        ? (w) => {
            for (const { ref, value } of writes) w.set(ref, value);
            days.forEach((snap, i) => {
              const delta = deltas.get(dates[i])!;
              const current = repo.coversFromSnapshot(snap) ?? { covers: 0, reservations: 0, byHour: [] as number[] };
              w.set(snap.ref, {
                date: dates[i],
                covers: current.covers + delta.covers,
                reservations: current.reservations + delta.reservations,
                byHour: delta.byHour.map((n, h) => (current.byHour[h] ?? 0) + n),
              });
            });
          }
        : undefined,
    };
  });
}
