/**
 * Assistant benchmark: what the assistant itself adds to an answer. A manager's question through the
 * real `chat` module app over HTTP, with the real SDK clients against the local Anthropic wire server
 * (which answers at once), so the time measured is the product's: authorisation, the conversation and
 * history reads, the memories, three model calls' request building and parsing, one tool (GET /shifts'
 * service over 2 weeks of shifts), the turn's transaction and the usage write. Whole answers and
 * streamed ones (time to the first text delta and to `done`).
 *
 * Run: cd functions && node scripts/with-emulators.js npx tsx bench/chat.ts
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { db } from '../src/core/firebase';
import { createModuleApp } from '../src/http/app';
import { moduleNamed } from '../src/modules/registry';
import { createCompany } from '../test/helpers/fixtures';
import { bearer, createUser } from '../test/helpers/users';
import { startProviders } from '../test/ai/support/providers';
import { fmt, percentile } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);

async function main() {
  const providers = await startProviders();
  const [co, admin] = await Promise.all([createCompany(), createUser({ admin: true, label: 'admin' })]);
  const shifts = db().collection('companies').doc(co.companyId).collection('shifts');
  const batch = db().batch();
  for (let d = 1; d <= 14; d++) {
    const date = `2026-03-${String(d).padStart(2, '0')}`;
    batch.set(shifts.doc(`b-${d}`), {
      companyId: co.companyId,
      date,
      employeeId: co.employeeId,
      positionId: null,
      subRoleId: null,
      start: 600,
      end: 960,
      mode: 'published',
      scheduleId: null,
      note: '',
      onHold: false,
      createdAt: 1,
      updatedAt: 1,
    });
  }
  await batch.commit();

  const servers = ['chat', 'ai'].map((name) => http.createServer(createModuleApp(moduleNamed(name))));
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
  const [chatUrl, aiUrl] = servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`);
  const headers = { 'content-type': 'application/json', ...bearer(co.manager) };
  const q = `companyId=${co.companyId}`;

  const config = await fetch(`${aiUrl}/companies/${co.companyId}/ai-config`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...bearer(admin) },
    body: JSON.stringify({ provider: 'anthropic', model: 'claude-sonnet-4-6' }),
  });
  if (!config.ok) throw new Error(`ai-config ${config.status}`);
  const created = await fetch(`${chatUrl}/conversations?${q}`, { method: 'POST', headers, body: '{}' });
  const conversationId = ((await created.json()) as { data: { id: string } }).data.id;

  const script = () =>
    providers.anthropic.script([
      {
        toolCalls: [{ name: 'list_shifts', input: { startDate: '2026-03-01', endDate: '2026-03-14' } }],
        usage: { input_tokens: 900, output_tokens: 40 },
      },
      {
        toolCalls: [{ name: 'calculate', input: { expression: '14 * 6' } }],
        usage: { input_tokens: 1400, output_tokens: 30 },
      },
      {
        text: 'Emma worked 14 shifts, 84 hours in all, over the first two weeks of March.',
        usage: { input_tokens: 1900, output_tokens: 60 },
      },
    ]);

  const whole: number[] = [];
  const firstDelta: number[] = [];
  const done: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    script();
    let t = performance.now();
    const res = await fetch(`${chatUrl}/conversations/${conversationId}/messages?${q}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ question: `How many hours did Emma work? (${i})` }),
    });
    if (!res.ok) throw new Error(`ask ${res.status} ${await res.text()}`);
    await res.json();
    whole.push(performance.now() - t);

    script();
    t = performance.now();
    const streamed = await fetch(`${chatUrl}/conversations/${conversationId}/messages/stream?${q}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ question: `And streamed? (${i})` }),
    });
    const reader = streamed.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let sawDelta = false;
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) break;
      text += decoder.decode(value, { stream: true });
      if (!sawDelta && text.includes('event: delta')) {
        sawDelta = true;
        firstDelta.push(performance.now() - t);
      }
    }
    if (!text.includes('event: done')) throw new Error(`stream did not finish: ${text.slice(-300)}`);
    done.push(performance.now() - t);
  }

  const line = (label: string, xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    console.log(
      `${label.padEnd(34)} p50 ${fmt(percentile(sorted, 50))} ms   p99 ${fmt(percentile(sorted, 99))} ms   (${xs.length} asks)`,
    );
  };
  console.log(
    `chat: a question with 2 tool rounds (list_shifts over 14 shifts, calculate) and 3 model calls, local provider answering at once`,
  );
  line('whole answer', whole);
  line('streamed: first text delta', firstDelta);
  line('streamed: done event', done);
  console.log(`model requests made: ${providers.anthropic.requests.length} (3 per ask)`);

  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  await providers.close();
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
