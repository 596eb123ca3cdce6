import { currentKeyId } from '../../core/vault';
import * as repo from './repo';

const PAGE = 200;

/**
 * Re-seals every vault record sealed under another key than the current (first) one of the ring:
 * after a new key is put first in INTEGRATIONS_VAULT_KEYS, this moves every credential to it, and
 * the old key can then be dropped. Safe to run again or concurrently with connects (each record
 * is re-sealed in its own transaction, only if still under an old key).
 */
export async function rotateVault(): Promise<{ examined: number; resealed: number; kid: string }> {
  const kid = currentKeyId();
  let examined = 0;
  let resealed = 0;
  let after: string | null = null;
  for (;;) {
    const page = await repo.vaultPage(after, PAGE);
    for (const record of page) {
      examined++;
      if (record.kid !== kid && (await repo.resealRecord(record.id, kid))) resealed++;
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1].id;
  }
  return { examined, resealed, kid };
}
