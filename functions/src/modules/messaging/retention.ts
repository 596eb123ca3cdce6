/** Retention of messages per company: the setting, and the daily job that reduces the older ones to tombstones. */
import { db } from '../../core/firebase';
import { logger } from '../../core/logger';
import type { Membership } from '../../core/memberships';
import { deleteAttachmentsOf, deleteUnsentAttachments } from './attachments';
import * as repo from './repo';
import type { Retention } from './schemas';

const DAY_MS = 86_400_000;
/** Messages reduced per commit (a batch holds at most 500 writes). */
const CHUNK = 400;
/** Tombstones a company's run writes at most, so that one company cannot hold the job past its timeout. */
const MAX_PER_COMPANY = 20_000;

const view = (r: repo.StoredRetention): Retention => ({ companyId: r.companyId, days: r.days, updatedAt: r.updatedAt });

export async function getRetention({ member }: { member: Membership }): Promise<Retention> {
  return view(repo.retentionOf(await repo.retentionRef(member.companyId).get()));
}

export async function setRetention({ member, days }: { member: Membership; days: number | null }): Promise<Retention> {
  const stored: repo.StoredRetention = { companyId: member.companyId, days, updatedAt: Date.now() };
  await repo.retentionRef(member.companyId).set(stored);
  return view(stored);
}

/**
 * Reduces one company's messages sent before `now - days` to tombstones in place, as an erasure
 * does (empty text, no mentions, no attachments, `erased: true`; the numbering, the author's id and
 * the others' messages stay), their files deleted first. A tombstone already made is left as it is,
 * so a run again writes nothing.
 */
export async function expireMessages(companyId: string, days: number, now = Date.now()): Promise<number> {
  const before = now - days * DAY_MS;
  let reduced = 0;
  while (reduced < MAX_PER_COMPANY) {
    // each page is reduced before the next is read, so the query moves on by itself
    const page = await repo.messagesSentBefore(companyId, before, CHUNK);
    if (!page.length) break;
    await deleteAttachmentsOf(
      companyId,
      page.filter((m) => m.attachments.length).map((m) => m.id),
    );
    const batch = db().batch();
    for (const m of page)
      batch.update(repo.messageRef(companyId, m.id), { text: '', mentions: [], attachments: [], erased: true });
    await batch.commit();
    reduced += page.length;
  }
  return reduced;
}

/** The daily job: every company with a retention set, and every company's uploads never sent. */
export async function runRetention(
  now = Date.now(),
): Promise<{ companies: number; reduced: number; unsentDeleted: number }> {
  let reduced = 0;
  const settings = await repo.retentionsInForce();
  for (const s of settings) {
    if (!s.days) continue;
    try {
      reduced += await expireMessages(s.companyId, s.days, now);
    } catch (err) {
      logger.warn('message retention failed for a company (the next run catches up)', {
        companyId: s.companyId,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
  const unsentDeleted = await deleteUnsentAttachments(now).catch((err: unknown) => {
    logger.warn('unsent attachments were not all deleted (the next run goes on)', {
      error: err instanceof Error ? err.message : String(err),
    });
    return 0;
  });
  return { companies: settings.length, reduced, unsentDeleted };
}
