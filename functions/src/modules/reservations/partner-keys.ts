import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'firebase-admin/firestore';
import type { Request } from 'express';
import type { KeyHolder } from '../../http/route';
import { reservationErrors } from './errors';
import * as repo from './repo';
import type { StoredPartnerKey } from './schemas';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const KEY = /^Bearer wfpk_([0-9a-f]{18})_([A-Za-z0-9_-]{43})$/;

/** The key access of the partner routes: the key names its company and partner; anything else is 401 with nothing written. */
export async function verifyPartnerKey(req: Request): Promise<KeyHolder> {
  const invalid = () =>
    reservationErrors.PARTNER_KEY_INVALID('A valid partner key is required (Authorization: Bearer wfpk_...)');
  const match = KEY.exec(req.get('authorization') ?? '');
  if (!match) throw invalid();
  const snap = await repo.partnerKeyRef(match[1]).get();
  if (!snap.exists) throw invalid();
  const stored = repo.partnerKeyFromSnapshot(snap);
  const given = Buffer.from(sha256(match[2]), 'hex');
  const expected = Buffer.from(stored.hash, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  if (req.params.slug !== undefined && req.params.slug !== stored.slug) throw invalid();
  return { companyId: stored.companyId, subject: stored.slug };
}

/** A new partner key: `wfpk_{keyId}_{secret}`, of which only SHA-256 of the secret is stored. */
export function newPartnerKey() {
  const keyId = randomBytes(9).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { keyId, key: `wfpk_${keyId}_${secret}`, hash: sha256(secret) };
}
export type IssuedPartnerKey = ReturnType<typeof newPartnerKey>;

/** The writes that make `issued` the only key of a company's partner, read in the caller's transaction (the connect of the partner). */
export async function replacePartnerKeys(
  tx: Transaction,
  issued: IssuedPartnerKey,
  p: { companyId: string; slug: string; createdBy: string; now: number },
): Promise<(w: Transaction) => void> {
  const old = await repo.partnerKeysOf(p.companyId, p.slug, tx);
  const stored: StoredPartnerKey = {
    companyId: p.companyId,
    slug: p.slug,
    hash: issued.hash,
    createdAt: p.now,
    createdBy: p.createdBy,
  };
  return (w) => {
    for (const ref of old) w.delete(ref);
    w.set(repo.partnerKeyRef(issued.keyId), stored);
  };
}

/** The deletes of a company's partner keys, read in the caller's transaction (the disconnect of the partner). */
export async function revokePartnerKeys(tx: Transaction, companyId: string, slug: string) {
  const refs = await repo.partnerKeysOf(companyId, slug, tx);
  return (w: Transaction) => {
    for (const ref of refs) w.delete(ref);
  };
}
