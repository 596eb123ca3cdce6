import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { config, VAULT_KEYS } from './config';
import { defineErrors } from './errors';

/**
 * The credential vault's cryptography: AES-256-GCM under a key ring from the
 * INTEGRATIONS_VAULT_KEYS secret (src/core/config.ts). Each sealed value names the key it was
 * sealed with (`kid`), so keys rotate: the first key of the ring seals, every key of the ring
 * opens, and a rotation re-seals what an older key sealed. The additional authenticated data binds
 * a ciphertext to the record it belongs to: copied onto another company's record it does not open.
 */
export const vaultErrors = defineErrors({
  VAULT_NOT_CONFIGURED: {
    status: 503,
    meaning: 'The credential vault has no key (INTEGRATIONS_VAULT_KEYS is not set)',
  },
});

export interface Sealed {
  kid: string;
  iv: string;
  tag: string;
  data: string;
}

interface VaultKey {
  kid: string;
  key: Buffer;
}

const KID = /^[A-Za-z0-9_-]{1,32}$/;

/** Parses `kid:base64key[,kid:base64key...]`; throws (without echoing the value) on anything else. */
export function parseKeyRing(value: string): VaultKey[] {
  const ring = value.split(',').map((part, index) => {
    const [kid, encoded, extra] = part.trim().split(':');
    const key = Buffer.from(encoded ?? '', 'base64');
    if (extra !== undefined || !KID.test(kid ?? '') || key.length !== 32) {
      throw new Error(`INTEGRATIONS_VAULT_KEYS entry ${index + 1} is not kid:base64 of a 32-byte key`);
    }
    return { kid, key };
  });
  if (new Set(ring.map((k) => k.kid)).size !== ring.length)
    throw new Error('INTEGRATIONS_VAULT_KEYS has two keys with the same kid');
  return ring;
}

let cached: { source: string; ring: VaultKey[] } | undefined;

function keyRing(): VaultKey[] {
  const source = config.secret(VAULT_KEYS);
  if (!source)
    throw vaultErrors.VAULT_NOT_CONFIGURED('Integration credentials cannot be stored: the vault key is not configured');
  if (cached?.source !== source) cached = { source, ring: parseKeyRing(source) };
  return cached.ring;
}

export const currentKeyId = (): string => keyRing()[0].kid;

function keyOf(kid: string): Buffer {
  const found = keyRing().find((k) => k.kid === kid);
  if (!found) throw new Error(`the vault has no key ${kid} (was it removed before a rotation re-sealed its values?)`);
  return found.key;
}

export function seal(plaintext: string, aad: string): Sealed {
  const { kid, key } = keyRing()[0];
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { kid, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

export function open(sealed: Sealed, aad: string): string {
  const decipher = createDecipheriv('aes-256-gcm', keyOf(sealed.kid), Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
}

/** A key derived from a vault key for another purpose (HKDF-SHA256), so the raw key only ever encrypts. */
function derivedKey(kid: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', keyOf(kid), Buffer.alloc(0), `workforce-vault:${purpose}`, 32));
}

/** `kid.base64url(HMAC)` over `message`, with a key derived for `purpose` from the current vault key. */
export function sign(message: string, purpose: string): string {
  const kid = currentKeyId();
  return `${kid}.${createHmac('sha256', derivedKey(kid, purpose)).update(message).digest('base64url')}`;
}

/** Whether `signature` is `sign(message, purpose)` under any key of the ring (constant-time compare). */
export function verifySignature(message: string, signature: string, purpose: string): boolean {
  const [kid, mac] = signature.split('.');
  if (!kid || !mac || !keyRing().some((k) => k.kid === kid)) return false;
  const expected = createHmac('sha256', derivedKey(kid, purpose)).update(message).digest();
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A fresh key ring entry (`kid:base64`), for the local stack's generated key and for rotations. */
export function generateKeyEntry(kid = `k${Date.now().toString(36)}`): string {
  return `${kid}:${randomBytes(32).toString('base64')}`;
}
