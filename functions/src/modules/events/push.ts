import { createHash } from 'node:crypto';
import { Agent } from 'node:https';
import { connect } from 'node:net';
import type { App } from 'firebase-admin/app';
import type { Messaging, TokenMessage } from 'firebase-admin/messaging';
import { config } from '../../core/config';
import { adminApp, db } from '../../core/firebase';
import { deviceFromDoc, devicesCollection } from './repo';
import { lazyFile } from '../../core/lazy';

const firebaseAdminMessagingPackage = lazyFile<typeof import('firebase-admin/messaging')>(() =>
  require('firebase-admin/messaging'),
);
const firebaseAdminAppPackage = lazyFile<typeof import('firebase-admin/app')>(() => require('firebase-admin/app'));

/**
 * Push to phones through Firebase Cloud Messaging with firebase-admin's messaging client.
 *
 * Locally (tests, the stack) FCM_LOCAL_HOST=host:port names a server speaking the FCM HTTP v1
 * protocol (dev/fcm.ts). firebase-admin has no emulator setting for messaging: its client always
 * addresses https://fcm.googleapis.com. We switch it to its HTTP/1.1 transport
 * (`enableLegacyHttpTransport`), which sends through the app's `httpAgent`, and give a separate app
 * an agent whose connections go to the local server in plain TCP, so the real client (its request
 * building, its error parsing) runs end to end. That app's credential is a fixed local token: there
 * are no Google credentials locally.
 */
let messaging: { host: string | undefined; client: Messaging } | undefined;

/** An https agent whose every connection is a plain TCP connection to the local FCM server. */
class LocalFcmAgent extends Agent {
  constructor(private readonly host: string) {
    super({ keepAlive: true });
  }
  createConnection(): ReturnType<typeof connect> {
    const [hostname, port] = this.host.split(':');
    return connect({ host: hostname, port: Number(port) });
  }
}

function client(): Messaging {
  const local = config.fcmLocalHost();
  if (messaging && messaging.host === local) return messaging.client;
  const { getMessaging } = firebaseAdminMessagingPackage();
  let app: App = adminApp();
  if (local) {
    const { initializeApp, getApps } = firebaseAdminAppPackage();
    const name = `fcm-local-${local}`;
    app =
      getApps().find((a) => a.name === name) ??
      initializeApp(
        {
          projectId: config.projectId(),
          httpAgent: new LocalFcmAgent(local),
          credential: { getAccessToken: async () => ({ access_token: 'local-fcm', expires_in: 3600 }) },
        },
        name,
      );
  }
  const created = getMessaging(app);
  if (local) created.enableLegacyHttpTransport();
  messaging = { host: local, client: created };
  return created;
}

/**
 * The errors after which FCM will never deliver to a token again: UNREGISTERED (the app was
 * uninstalled or the token expired) and INVALID_ARGUMENT on a token (not a registration token),
 * as firebase-admin names them. Source: FCM error codes,
 * https://firebase.google.com/docs/cloud-messaging/error-codes (REST error codes for the HTTP v1 API).
 */
export const DEAD_TOKEN_ERRORS = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
  'messaging/invalid-argument',
]);
/** FCM's limit of messages per sendEach call. */
const FCM_BATCH = 500;

export const deviceId = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 40);

export interface PushNote {
  uid: string;
  title: string;
  body: string;
  /** Delivered as the message's data: the event id lets the app drop a second delivery. */
  data: Record<string, string>;
}

/** The registered tokens of members, by uid (Firestore `in` takes 30 values a query). */
export async function tokensOf(companyId: string, uids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const chunks: string[][] = [];
  for (let i = 0; i < uids.length; i += 30) chunks.push(uids.slice(i, i + 30));
  const snaps = await Promise.all(chunks.map((c) => devicesCollection(companyId).where('uid', 'in', c).get()));
  for (const d of snaps.flatMap((s) => s.docs)) {
    const { uid, token } = deviceFromDoc(d);
    out.set(uid, [...(out.get(uid) ?? []), token]);
  }
  return out;
}

/** Sends each note to every token of its member, in batches; prunes the tokens FCM calls dead. Answers what happened. */
export async function sendPush(
  companyId: string,
  notes: PushNote[],
  tokens: Map<string, string[]>,
): Promise<{ sent: number; failed: number; pruned: number }> {
  const messages: TokenMessage[] = notes.flatMap((n) =>
    (tokens.get(n.uid) ?? []).map((token) => ({
      token,
      notification: { title: n.title, body: n.body },
      data: n.data,
      android: { collapseKey: n.data.eventId },
      apns: { headers: { 'apns-collapse-id': n.data.eventId } },
    })),
  );
  let sent = 0;
  const dead: string[] = [];
  for (let i = 0; i < messages.length; i += FCM_BATCH) {
    const batch = messages.slice(i, i + FCM_BATCH);
    const result = await client().sendEach(batch);
    sent += result.successCount;
    result.responses.forEach((r, j) => {
      if (!r.success && r.error && DEAD_TOKEN_ERRORS.has(r.error.code)) dead.push(batch[j].token);
    });
  }
  if (dead.length) {
    const batch = db().batch();
    for (const token of new Set(dead)) batch.delete(devicesCollection(companyId).doc(deviceId(token)));
    await batch.commit();
  }
  return { sent, failed: messages.length - sent, pruned: new Set(dead).size };
}
