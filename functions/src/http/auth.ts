import type { Request } from 'express';
import { coreErrors } from '../core/errors';
import { auth } from '../core/firebase';

export interface Caller {
  uid: string;
  email: string | null;
  /** The `admin` custom claim: platform administrators. */
  admin: boolean;
  /** The `service` custom claim: our own jobs and the POS sync service (README, "Service calls"). */
  service: boolean;
}

/**
 * Verified tokens are remembered until they expire, at most TOKEN_CACHE_MS: verifying is a
 * signature check in production but a round trip to the Auth emulator in development, and a
 * client sends the same token for up to an hour.
 */
const TOKEN_CACHE_MS = 60_000;
const TOKEN_CACHE_MAX = 10_000;
const verified = new Map<string, { caller: Caller; until: number }>();

/**
 * firebase-admin's codes for a check that could not reach Google's services (its public keys, or the
 * user record the revocation check reads), which says nothing of the token: answered 503, so a
 * client does not sign its user out during an outage.
 */
const UNREACHABLE = new Set(['app/network-error', 'app/network-timeout', 'auth/internal-error', 'app/internal-error']);
const AUTH_RETRY_AFTER_SECONDS = 5;

export async function authenticate(req: Request): Promise<Caller> {
  const header = req.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw coreErrors.AUTH_REQUIRED('Missing credentials: send "Authorization: Bearer <Firebase ID token>"');
  const token = match[1];

  const now = Date.now();
  const hit = verified.get(token);
  if (hit && hit.until > now) return hit.caller;

  let decoded: import('firebase-admin/auth').DecodedIdToken;
  try {
    // checkRevoked: a disabled user, or one whose sessions an administrator revoked, is refused
    decoded = await auth().verifyIdToken(token, true);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'auth/user-disabled') throw coreErrors.AUTH_INVALID_TOKEN('This account is disabled');
    if (code === 'auth/id-token-revoked') throw coreErrors.AUTH_INVALID_TOKEN('The session was revoked: sign in again');
    if (code && UNREACHABLE.has(code))
      throw coreErrors
        .AUTH_UNAVAILABLE(
          'The sign-in could not be checked: the authentication service did not answer; try again shortly',
        )
        .withRetryAfter(AUTH_RETRY_AFTER_SECONDS);
    throw coreErrors.AUTH_INVALID_TOKEN('The ID token is invalid or expired');
  }
  const caller: Caller = {
    uid: decoded.uid,
    email: decoded.email ?? null,
    admin: decoded.admin === true,
    service: decoded.service === true,
  };
  if (verified.size >= TOKEN_CACHE_MAX) verified.clear();
  verified.set(token, { caller, until: Math.min(decoded.exp * 1000, now + TOKEN_CACHE_MS) });
  return caller;
}

/** Forgets the verified tokens of a user (after an administrator disabled them or revoked their sessions), so this instance refuses them at once. */
export function forgetVerifiedTokensOf(uid: string): void {
  for (const [token, entry] of verified) if (entry.caller.uid === uid) verified.delete(token);
}
