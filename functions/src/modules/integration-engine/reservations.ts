import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { businessSlot, datesInRange, HOURS_PER_DAY_SLOTS, requireDateRange, weekdayName } from '../../core/calendar';
import { runExclusive } from '../../core/exclusive';
import type { KeyHolder } from '../../http/route';
import { getCompanyRules, readScheduleTemplate } from '../companies';
import { sha256 } from './connections';
import { engineErrors } from './errors';
import * as repo from './repo';
import { COUNTED_STATUSES, MAX_COVERS_DAYS, reservationItem, type ReservationItem } from './schemas';
import { lockKeys } from '../../core/locks';

/**
 * The reservation-partner flow: a partner (OpenTable, Resy, SevenRooms) pushes reservations with
 * the key the owner's connect issued to it; we keep each reservation (idempotent on the partner's
 * id) and the covers per business day and hour, which managers read for forecasting.
 */

const KEY = /^Bearer wfpk_([0-9a-f]{18})_([A-Za-z0-9_-]{43})$/;

/** The key access of the partner routes: the key names its company and partner; anything else is 401 with nothing written. */
export async function verifyPartnerKey(req: Request): Promise<KeyHolder> {
  const invalid = () =>
    engineErrors.PARTNER_KEY_INVALID('A valid partner key is required (Authorization: Bearer wfpk_...)');
  const match = KEY.exec(req.get('authorization') ?? '');
  if (!match) throw invalid();
  const snap = await repo.partnerKeyRef(match[1]).get();
  if (!snap.exists) throw invalid();
  const stored = snap.data() as repo.StoredPartnerKey;
  const given = Buffer.from(sha256(match[2]), 'hex');
  const expected = Buffer.from(stored.hash, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  if (req.params.slug !== undefined && req.params.slug !== stored.slug) throw invalid();
  return { companyId: stored.companyId, subject: stored.slug };
}

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
    const existing = (await tx.getAll(...refs)).map((s) => (s.exists ? (s.data() as repo.StoredReservation) : null));
    const outcome = { created: 0, updated: 0, unchanged: 0, stale: 0 };
    const writes: { ref: FirebaseFirestore.DocumentReference; value: repo.StoredReservation }[] = [];
    const deltas = new Map<string, { covers: number; reservations: number; byHour: number[] }>();
    const move = (r: repo.StoredReservation, sign: 1 | -1) => {
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
      const after: repo.StoredReservation = {
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
              const current = snap.exists
                ? (snap.data() as repo.CoversDay)
                : { covers: 0, reservations: 0, byHour: [] as number[] };
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

type TemplatePart = { start?: number; perClient?: number; revenue?: number } | null;

function partOf(day: unknown, name: 'morning' | 'evening'): TemplatePart {
  const part = (day as Record<string, unknown> | undefined)?.[name] as Record<string, unknown> | undefined;
  if (!part || typeof part !== 'object') return null;
  const pick = (k: string) => (typeof part[k] === 'number' ? (part[k] as number) : undefined);
  return { start: pick('start'), perClient: pick('perClient'), revenue: pick('revenue') };
}

/** Covers per business day (and hour) of a range, beside the template's morning/evening figures of each weekday. */
export async function coversOf({
  companyId,
  startDate,
  endDate,
}: {
  companyId: string;
  startDate: string;
  endDate: string;
}) {
  requireDateRange(startDate, endDate, MAX_COVERS_DAYS);
  const [stored, template] = await Promise.all([
    repo.coversBetween(companyId, startDate, endDate),
    readScheduleTemplate(companyId),
  ]);
  const days = datesInRange(startDate, endDate).map((date) => {
    const day = stored.get(date);
    const weekday = weekdayName(date);
    const byHour = new Array(HOURS_PER_DAY_SLOTS).fill(0).map((_, h) => day?.byHour[h] ?? 0);
    return {
      date,
      weekday,
      covers: day?.covers ?? 0,
      reservations: day?.reservations ?? 0,
      byHour,
      template: { morning: partOf(template[weekday], 'morning'), evening: partOf(template[weekday], 'evening') },
    };
  });
  return { companyId, startDate, endDate, totalCovers: days.reduce((s, d) => s + d.covers, 0), days };
}
