/**
 * The messaging stream under load, against the running local stack (`npm start`): CLIENTS clients
 * on GET /messaging/stream of Harbor & Vine while SENDERS members send RATE messages a second to
 * the automatic group `everyone` for SECONDS; every client reads every message. Prints the delivery
 * latency (send started to event received, one clock: everything runs on this machine) beside its
 * target, deliveries missed or repeated, and the stack's resident memory beside its bound.
 *
 *   cd functions && npx tsx bench/messaging.ts [seconds=60] [clients=50] [rate=20] [instances=1]
 *
 * With instances > 1, that many servers of the module run side by side (as several Cloud Run
 * instances would) on one Firestore: client i streams from instance i mod n and message k is sent
 * through instance k mod n, so most deliveries cross instances (they reach another instance's
 * stream through the shared log, not through the in-process commit).
 *
 * The stream is served by the messaging module's own app in a child process (bench/module-server.ts)
 * on the stack's Firestore and Auth emulators: the Functions emulator of the stack serves one
 * request per worker process and at most 3 at once (docs/BENCHMARKS.md "Stack memory"), so it
 * cannot hold 50 open streams; a deployed instance serves 80 at once (the module's concurrency).
 * The senders are bench users made on the Auth emulator and added to the company as employees (the
 * rate limit is 30 messages per sender per 10 s); nothing else is changed.
 */
import fs from 'node:fs';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { percentile, startModuleServer } from './lib';

const [SECONDS, CLIENTS, RATE, INSTANCES] = [60, 50, 20, 1].map((d, i) => Number(process.argv[2 + i] ?? d));
const SENDERS = Math.max(10, Math.ceil(RATE / 2));
const COMPANY = 'harbor-vine';
const PORT = 7581;
const AUTH = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1';
const TARGET_P95_MS = 1000;
const MEMORY_BOUND_MB = 3 * 1024;
const MB = 1024 * 1024;

process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
process.env.GCLOUD_PROJECT ??= 'demo-workforce';

async function auth(path: string, body: object): Promise<{ idToken: string; localId: string }> {
  const res = await fetch(`${AUTH}/${path}?key=local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { idToken: string; localId: string };
}

// the stack's process tree as bench/stack-memory.js reads it ("Stack memory" in docs/BENCHMARKS.md)
const stackMemory = require('./stack-memory.js') as {
  processes: () => { pid: number; rss: number }[];
  stackTree: () => { rss: number };
};

/** The RSS of the stack's process tree (scripts/stack.js and its descendants) and of one more pid, in MB. */
function rssMb(extraPid: number): { stack: number; server: number } {
  const server = stackMemory.processes().find((p) => p.pid === extraPid)?.rss ?? 0;
  return { stack: stackMemory.stackTree().rss / MB, server: server / MB };
}

interface Client {
  received: Map<string, number>;
  repeated: number;
  close: () => void;
}

/** One stream client: every `message` event's latency, keyed by message id (a repeat is counted, not kept). */
function streamClient(token: string, port: number, onMessage: (text: string, at: number) => void): Client {
  const received = new Map<string, number>();
  const client: Client = { received, repeated: 0, close: () => controller.abort() };
  const controller = new AbortController();
  let last: string | undefined;
  void (async () => {
    while (!controller.signal.aborted) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/messaging/messaging/stream?companyId=${COMPANY}`, {
          headers: { Authorization: `Bearer ${token}`, ...(last ? { 'Last-Event-ID': last } : {}) },
          signal: controller.signal,
        });
        const decoder = new TextDecoder();
        let buffer = '';
        for await (const chunk of res.body!) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const id = /^id: (.*)$/m.exec(block)?.[1];
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (id) last = id;
            if (event === 'done' && data)
              last = (JSON.parse(data) as { data: { lastEventId: string } }).data.lastEventId;
            if (event !== 'message' || !data) continue;
            const { message } = JSON.parse(data) as { message: { id: string; text: string } };
            if (received.has(message.id)) client.repeated++;
            else {
              received.set(message.id, Date.now());
              onMessage(message.text, Date.now());
            }
          }
        }
      } catch {
        // aborted, or the connection dropped: resume after the last id
      }
    }
  })();
  return client;
}

async function main() {
  initializeApp({ projectId: process.env.GCLOUD_PROJECT });
  const db = getFirestore();
  const demo = JSON.parse(fs.readFileSync(`${__dirname}/../../emulator-data/demo.json`, 'utf8')) as {
    password: string;
  };
  const accounts = ['owner@harborvine.demo', 'manager@harborvine.demo', 'employee@harborvine.demo'];
  const readers = await Promise.all(
    accounts.map((email) => auth('accounts:signInWithPassword', { email, password: demo.password })),
  );
  const senders = await Promise.all(
    Array.from({ length: SENDERS }, async (_v, i) => {
      const email = `bench-sender-${i}-${Date.now()}@harborvine.demo`;
      const user = await auth('accounts:signUp', { email, password: 'bench-password' });
      await db.doc(`memberships/${COMPANY}_${user.localId}`).set({
        companyId: COMPANY,
        uid: user.localId,
        role: 'employee',
        employeeId: null,
      });
      return user;
    }),
  );
  const servers = await Promise.all(
    Array.from({ length: INSTANCES }, (_v, i) => startModuleServer(['messaging'], PORT + i)),
  );
  const server = servers[0];
  // the stack's tree and every stream server (their sum)
  const sample = () => ({
    stack: rssMb(server.pid!).stack,
    server: servers.reduce((sum, x) => sum + rssMb(x.pid!).server, 0),
  });
  const latencies: number[] = [];
  const sentAt = new Map<string, number>();
  const ackedAt = new Map<string, number>();
  const sendMs: number[] = [];
  const afterAck: number[] = [];
  const clients = Array.from({ length: CLIENTS }, (_v, i) =>
    streamClient(readers[i % readers.length].idToken, PORT + (i % INSTANCES), (text, at) => {
      const start = sentAt.get(text);
      if (start !== undefined) latencies.push(at - start);
      const acked = ackedAt.get(text);
      if (acked !== undefined) afterAck.push(at - acked);
    }),
  );
  await new Promise((r) => setTimeout(r, 3000));
  const before = sample();
  let peak = before;
  const sampler = setInterval(() => {
    const now = sample();
    if (now.stack + now.server > peak.stack + peak.server) peak = now;
  }, 5000);
  console.log(
    `messaging stream: ${CLIENTS} clients, ${RATE} messages/s for ${SECONDS} s from ${SENDERS} senders, ${INSTANCES} instance(s) (Node ${process.version})`,
  );
  const ids: string[] = [];
  const failed = new Map<number, number>();
  const total = SECONDS * RATE;
  const started = Date.now();
  const sends: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / RATE;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const text = `bench ${n} ${started}`;
    const sender = senders[n % senders.length];
    sentAt.set(text, Date.now());
    sends.push(
      fetch(
        `http://127.0.0.1:${PORT + (n % INSTANCES)}/messaging/messaging/conversations/everyone/messages?companyId=${COMPANY}`,
        {
          method: 'POST',
          headers: { Authorization: `Bearer ${sender.idToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ text }),
        },
      ).then(async (res) => {
        const acked = Date.now();
        ackedAt.set(text, acked);
        sendMs.push(acked - sentAt.get(text)!);
        if (res.status !== 201) failed.set(res.status, (failed.get(res.status) ?? 0) + 1);
        else ids.push(((await res.json()) as { data: { id: string } }).data.id);
      }),
    );
  }
  await Promise.all(sends);
  const sendSeconds = (Date.now() - started) / 1000;
  // the last deliveries: wait until every client has every message, or 60 s
  const expected = ids.length * CLIENTS;
  const delivered = () => clients.reduce((s, c) => s + ids.filter((id) => c.received.has(id)).length, 0);
  for (let waited = 0; waited < 60_000 && delivered() < expected; waited += 500)
    await new Promise((r) => setTimeout(r, 500));
  clearInterval(sampler);
  const after = sample();
  if (after.stack + after.server > peak.stack + peak.server) peak = after;
  for (const c of clients) c.close();
  for (const s of servers) s.kill();
  const sorted = latencies.sort((a, b) => a - b);
  const repeated = clients.reduce((s, c) => s + c.repeated, 0);
  const p95 = percentile(sorted, 95);
  const failures = [...failed].map(([status, n]) => `${n} answered ${status}`).join(', ');
  console.log(`sent ${ids.length} of ${total} in ${sendSeconds.toFixed(1)} s (${failures || 'none failed'})`);
  console.log(`delivered ${delivered()} of ${expected} (missing ${expected - delivered()}, repeated ${repeated})`);
  console.log(
    `| figure | measured | target |\n| --- | --- | --- |\n` +
      `| delivery p50 | ${percentile(sorted, 50)} ms | |\n` +
      `| delivery p95 | ${p95} ms | < ${TARGET_P95_MS} ms (${(p95 / TARGET_P95_MS).toFixed(2)}x) |\n` +
      `| delivery max | ${sorted[sorted.length - 1]} ms | |\n` +
      `| send (POST answered) p50 / p95 | ${percentile(
        sendMs.sort((a, b) => a - b),
        50,
      )} / ${percentile(sendMs, 95)} ms | |\n` +
      `| delivery after the POST answered p50 / p95 | ${percentile(
        afterAck.sort((a, b) => a - b),
        50,
      )} / ${percentile(afterAck, 95)} ms | |\n` +
      `| stack RSS at start / peak | ${before.stack.toFixed(0)} / ${peak.stack.toFixed(0)} MB | < ${MEMORY_BOUND_MB} MB (${(peak.stack / MEMORY_BOUND_MB).toFixed(2)}x) |\n` +
      `| stream server RSS at start / peak | ${before.server.toFixed(0)} / ${peak.server.toFixed(0)} MB | |\n` +
      `| stack + stream server peak | ${(peak.stack + peak.server).toFixed(0)} MB | < ${MEMORY_BOUND_MB} MB (${((peak.stack + peak.server) / MEMORY_BOUND_MB).toFixed(2)}x) |`,
  );
  process.exit(0);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
