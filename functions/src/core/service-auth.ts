import { auth } from './firebase';
import { config } from './config';

/**
 * How our own jobs (scheduled functions, task handlers, the POS sync service) call `service`
 * routes: as the service user, with a Firebase ID token that carries the `service: true` claim.
 *
 * firebase-admin mints a custom token for SERVICE_UID with that developer claim (only code holding
 * the project's credentials can: no client can obtain it), the Auth REST API exchanges it for an ID
 * token, and the routes verify it like any other (src/http/auth.ts) and check the claim. The token
 * lasts an hour; it is reused until five minutes before it expires. The same code runs against
 * the Auth emulator (which accepts any API key) and in production (FIREBASE_WEB_API_KEY).
 */
export const SERVICE_UID = 'service-workforce-backend';
const REUSE_UNTIL_MS_BEFORE_EXPIRY = 5 * 60_000;

let cached: { token: string; expiresAt: number } | undefined;

export async function serviceIdToken(now = Date.now()): Promise<string> {
  if (cached && cached.expiresAt - REUSE_UNTIL_MS_BEFORE_EXPIRY > now) return cached.token;
  const customToken = await auth().createCustomToken(SERVICE_UID, { service: true });
  const emulator = config.authEmulatorHost();
  const base = emulator
    ? `http://${emulator}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  const res = await fetch(`${base}/v1/accounts:signInWithCustomToken?key=${encodeURIComponent(config.webApiKey())}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: customToken, returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken?: string; expiresIn?: string; error?: { message?: string } };
  if (!res.ok || !body.idToken)
    throw new Error(`service sign-in failed (${res.status}): ${body.error?.message ?? 'no token'}`);
  cached = { token: body.idToken, expiresAt: now + Number(body.expiresIn ?? 3600) * 1000 };
  return body.idToken;
}
