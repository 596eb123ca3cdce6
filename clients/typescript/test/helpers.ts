/**
 * What the client tests need of the local stack (`npm start`, or the one the stack tier of `npm test`
 * starts): its one address, its Auth emulator, the demo accounts (emulator-data/demo.json).
 */
import fs from 'node:fs';
import path from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword, type Auth } from 'firebase/auth';
import { createWorkforceClient, firebaseIdToken, LOCAL_BASE_URL, type WorkforceClient } from '../src';

const ROOT = path.resolve(__dirname, '../../..');
const AUTH_EMULATOR = 'http://127.0.0.1:9099';

export const BASE_URL = process.env.WORKFORCE_API_BASE_URL ?? LOCAL_BASE_URL;
export const DEMO = JSON.parse(fs.readFileSync(path.join(ROOT, 'emulator-data/demo.json'), 'utf8')) as {
  password: string;
  admins: { email: string }[];
};
export const HARBOR = 'harbor-vine';
export const ACCOUNTS = {
  owner: 'owner@harborvine.demo',
  manager: 'manager@harborvine.demo',
  employee: 'employee@harborvine.demo',
} as const;

/** The functions the Hosting rewrites of firebase.json send paths to: every module and service. */
export function rewrittenFunctions(): string[] {
  const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as {
    hosting: { rewrites: { function: { functionId: string } }[] };
  };
  return [...new Set(config.hosting.rewrites.map((r) => r.function.functionId))].sort();
}

const apps: FirebaseApp[] = [];

/** A Firebase app of its own (one signed-in user each), its Auth on the stack's Auth emulator. */
export function firebaseAuth(): Auth {
  const app = initializeApp(
    { apiKey: 'local-demo-key', authDomain: 'demo-workforce.firebaseapp.com', projectId: 'demo-workforce' },
    `client-test-${apps.length}`,
  );
  apps.push(app);
  const auth = getAuth(app);
  connectAuthEmulator(auth, AUTH_EMULATOR, { disableWarnings: true });
  return auth;
}

/** A client signed in as a demo account with the Firebase JS SDK (a real sign-in on the Auth emulator). */
export async function signedInClient(email: string): Promise<{ api: WorkforceClient; auth: Auth }> {
  const auth = firebaseAuth();
  await signInWithEmailAndPassword(auth, email, DEMO.password);
  return { api: createWorkforceClient({ baseUrl: BASE_URL, idToken: firebaseIdToken(auth) }), auth };
}

export async function closeFirebaseApps(): Promise<void> {
  await Promise.all(apps.splice(0).map((app) => deleteApp(app)));
}

/** The company-local week around today, as ISO dates (Monday to Sunday, UTC days: close enough for a read). */
export function thisWeek(): { startDate: string; endDate: string } {
  const today = new Date();
  const monday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const sunday = new Date(monday);
  sunday.setUTCDate(monday.getUTCDate() + 6);
  return { startDate: monday.toISOString().slice(0, 10), endDate: sunday.toISOString().slice(0, 10) };
}
