import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';

/**
 * A webhook receiver for the local stack and the tests: it verifies every delivery with the
 * `standardwebhooks` package's `Webhook.verify` (signature and timestamp tolerance), as an
 * integrator would, deduplicates on `webhook-id`, answers 204 (401 to a delivery that does not
 * verify) and lists what it received: `GET /` (an HTML page) and `GET /deliveries` (JSON, newest
 * last). Development code: never deployed.
 */
/** The local stack's receiver: its port, and the file where the demo loader leaves the secret of its subscription. */
export const LOCAL_RECEIVER_PORT = 7427;
export const LOCAL_RECEIVER_URL = `http://127.0.0.1:${LOCAL_RECEIVER_PORT}/hooks`;
export const LOCAL_SECRET_FILE = path.resolve(__dirname, '../../.runtime/webhook-receiver-secret');

/** The secret the demo loader wrote, or null before the demo is loaded. */
export function localSecret(): string | null {
  try {
    return fs.readFileSync(LOCAL_SECRET_FILE, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

export interface ReceivedWebhook {
  /** The webhook-id header: the event id. */
  webhookId: string;
  timestamp: string;
  /** The webhook-signature header as received. */
  signature: string;
  /** How many signatures the header carried (two during a secret rotation's grace period). */
  signatures: number;
  verified: boolean;
  /** A verified delivery of an id already received (a redelivery the receiver deduplicates). */
  duplicate: boolean;
  error: string | null;
  type: string | null;
  body: string;
  answered: number;
  receivedAt: string;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  received: () => ReceivedWebhook[];
  /** The distinct verified events, once each (what a consumer deduplicating by webhook-id keeps). */
  events: () => Record<string, unknown>[];
  /** Answer this status to the next verified deliveries (e.g. 500 to make them fail), until reset with null. */
  failWith: (status: number | null) => void;
  close: () => Promise<void>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(received: ReceivedWebhook[]): string {
  const rows = [...received]
    .reverse()
    .map(
      (r) =>
        `<tr><td>${escapeHtml(r.receivedAt)}</td><td>${escapeHtml(r.type ?? '')}</td><td><code>${escapeHtml(r.webhookId)}</code></td><td>${r.verified ? (r.duplicate ? 'verified (duplicate)' : 'verified') : `refused: ${escapeHtml(r.error ?? '')}`}</td><td>${r.signatures}</td><td>${r.answered}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Webhook receiver</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}</style></head>
<body><h1>Signed webhook deliveries</h1><p>${received.length} received, verified with the standardwebhooks package. JSON: <a href="/deliveries">/deliveries</a></p>
<table><tr><th>received</th><th>event type</th><th>webhook-id</th><th>signature</th><th>signatures</th><th>answered</th></tr>
${rows}</table></body></html>`;
}

/**
 * Starts the receiver. `secret()` is asked at every delivery (the local stack's demo subscription
 * writes it when the demo loads; a test rotates it).
 */
export async function startWebhookReceiver(options: {
  port?: number;
  secret: () => string | null;
}): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const firstSeen = new Map<string, Record<string, unknown>>();
  let failStatus: number | null = null;

  const verify = (body: string, headers: http.IncomingHttpHeaders) => {
    const secret = options.secret();
    if (!secret) throw new Error('the receiver has no secret yet');
    const one = (name: string) => String(headers[name] ?? '');
    return new Webhook(secret).verify(body, {
      'webhook-id': one('webhook-id'),
      'webhook-timestamp': one('webhook-timestamp'),
      'webhook-signature': one('webhook-signature'),
    }) as Record<string, unknown>;
  };

  const server = http.createServer((req, res) => {
    if (req.method === 'GET') {
      if (req.url === '/deliveries')
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received, null, 2));
      else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(received));
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const webhookId = String(req.headers['webhook-id'] ?? '');
      const entry: ReceivedWebhook = {
        webhookId,
        timestamp: String(req.headers['webhook-timestamp'] ?? ''),
        signature: String(req.headers['webhook-signature'] ?? ''),
        signatures: String(req.headers['webhook-signature'] ?? '')
          .split(' ')
          .filter(Boolean).length,
        verified: false,
        duplicate: false,
        error: null,
        type: null,
        body,
        answered: 401,
        receivedAt: new Date().toISOString(),
      };
      try {
        const event = verify(body, req.headers);
        entry.verified = true;
        entry.type = typeof event.type === 'string' ? event.type : null;
        entry.duplicate = firstSeen.has(webhookId);
        if (!entry.duplicate && failStatus === null) firstSeen.set(webhookId, event);
        entry.answered = failStatus ?? 204;
      } catch (err) {
        entry.error = (err as Error).message;
      }
      received.push(entry);
      res
        .writeHead(entry.answered)
        .end(entry.verified ? (failStatus ? 'the receiver is set to fail' : '') : 'signature refused');
    });
  });
  await new Promise<void>((resolve, reject) =>
    server.once('error', reject).listen(options.port ?? 0, '127.0.0.1', () => resolve()),
  );
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received: () => [...received],
    events: () => [...firstSeen.values()],
    failWith: (status) => {
      failStatus = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
