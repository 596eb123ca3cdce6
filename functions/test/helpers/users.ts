import { randomUUID } from 'node:crypto';
import { auth } from '../../src/core/firebase';

if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  throw new Error('Tests talk to the emulators: run them with `npm test` (scripts/with-emulators.js), not jest alone.');
}

export interface TestUser {
  uid: string;
  email: string;
  token: string;
}

/** A real user in the Auth emulator and a real ID token for it, signed in over the REST API. */
export async function createUser(options: { admin?: boolean; label?: string } = {}): Promise<TestUser> {
  const email = `${options.label ?? 'user'}-${randomUUID().slice(0, 8)}@test.local`;
  const password = 'secret-password';
  const user = await auth().createUser({ email, password, emailVerified: true });
  if (options.admin) await auth().setCustomUserClaims(user.uid, { admin: true });
  return { uid: user.uid, email, token: await signIn(email, password) };
}

export async function signIn(email: string, password: string): Promise<string> {
  const url = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test-api-key`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken?: string; error?: unknown };
  if (!body.idToken) throw new Error(`sign-in failed: ${JSON.stringify(body.error)}`);
  return body.idToken;
}

export const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });
