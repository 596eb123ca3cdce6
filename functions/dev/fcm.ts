import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Firebase Cloud Messaging server speaking the FCM HTTP v1 wire protocol, so that
 * firebase-admin's real messaging client runs locally (src/modules/events/push.ts says how it is
 * pointed here): `POST /v1/projects/{project}/messages:send` with `{"message": {...}}` answers
 * `{"name": "projects/{project}/messages/{id}"}`, or FCM's error body
 * (https://firebase.google.com/docs/cloud-messaging/error-codes):
 * `{"error": {"code", "message", "status", "details": [{"@type": "...FcmError", "errorCode"}]}}`.
 *
 * Simulated phones: every token is a phone that receives, except tokens starting `unregistered-`
 * (404 UNREGISTERED, an uninstalled app) and `invalid-` (400 INVALID_ARGUMENT, not a token), and
 * tokens passed to `unregister`. `GET /messages[?token=...]` lists what the phones received (newest
 * last). Local stack and tests only.
 */
export interface ReceivedPush {
  id: string;
  project: string;
  token: string;
  notification: { title?: string; body?: string } | null;
  data: Record<string, string>;
  authorization: string | null;
  receivedAt: string;
}

export interface FcmServer {
  /** host:port, the value of FCM_LOCAL_HOST. */
  host: string;
  url: string;
  messages: (token?: string) => ReceivedPush[];
  /** The phone uninstalled the app: its token now answers UNREGISTERED. */
  unregister: (token: string) => void;
  /** Answers every send with 500 INTERNAL from now on (until `heal`). */
  breakDown: () => void;
  heal: () => void;
  close: () => Promise<void>;
}

const FCM_ERROR = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';
const SEND = /^\/v1\/projects\/([^/]+)\/messages:send$/;

function fcmError(res: http.ServerResponse, code: number, status: string, errorCode: string, message: string) {
  res
    .writeHead(code, { 'content-type': 'application/json; charset=UTF-8' })
    .end(JSON.stringify({ error: { code, message, status, details: [{ '@type': FCM_ERROR, errorCode }] } }));
}

export async function startFcmServer(options: { port?: number } = {}): Promise<FcmServer> {
  const received: ReceivedPush[] = [];
  const unregistered = new Set<string>();
  let broken = false;
  const messages = (token?: string) => (token ? received.filter((m) => m.token === token) : [...received]);

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/messages') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(messages(url.searchParams.get('token') ?? undefined), null, 2));
      return;
    }
    const send = SEND.exec(url.pathname);
    if (req.method !== 'POST' || !send) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":404,"status":"NOT_FOUND"}}');
      return;
    }
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (broken) return fcmError(res, 500, 'INTERNAL', 'INTERNAL', 'Internal error encountered.');
      if (!req.headers.authorization?.startsWith('Bearer ')) {
        return fcmError(res, 401, 'UNAUTHENTICATED', 'THIRD_PARTY_AUTH_ERROR', 'Request is missing credentials.');
      }
      let message: { token?: unknown; notification?: ReceivedPush['notification']; data?: Record<string, string> };
      try {
        message = (JSON.parse(body) as { message: typeof message }).message ?? {};
      } catch {
        return fcmError(res, 400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
      }
      const token = typeof message.token === 'string' ? message.token : '';
      if (!token || token.startsWith('invalid-')) {
        return fcmError(
          res,
          400,
          'INVALID_ARGUMENT',
          'INVALID_ARGUMENT',
          'The registration token is not a valid FCM registration token',
        );
      }
      if (token.startsWith('unregistered-') || unregistered.has(token)) {
        return fcmError(res, 404, 'NOT_FOUND', 'UNREGISTERED', 'Requested entity was not found.');
      }
      const id = `0:${Date.now()}%${received.length + 1}`;
      received.push({
        id,
        project: decodeURIComponent(send[1]),
        token,
        notification: message.notification ?? null,
        data: message.data ?? {},
        authorization: req.headers.authorization ?? null,
        receivedAt: new Date().toISOString(),
      });
      res
        .writeHead(200, { 'content-type': 'application/json; charset=UTF-8' })
        .end(JSON.stringify({ name: `projects/${send[1]}/messages/${id}` }));
    });
  });
  await new Promise<void>((resolve, reject) =>
    server.once('error', reject).listen(options.port ?? 0, '127.0.0.1', () => resolve()),
  );
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    url: `http://${host}`,
    messages,
    unregister: (token) => unregistered.add(token),
    breakDown: () => (broken = true),
    heal: () => (broken = false),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
