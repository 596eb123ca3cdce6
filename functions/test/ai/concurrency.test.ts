import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { onUsageFlush } from '../../src/ai/accumulator';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, createUser, type TestUser } from '../helpers/users';
import { probeApp } from './support/probe';
import { startProviders, type LocalProviders } from './support/providers';

let providers: LocalProviders;
let admin: TestUser;
let companies: TestCompany[];
let server: http.Server;
let base: string;

beforeAll(async () => {
  [providers, admin, ...companies] = (await Promise.all([
    startProviders(),
    createUser({ admin: true, label: 'admin' }),
    createCompany(),
    createCompany(),
    createCompany(),
    createCompany(),
  ])) as [LocalProviders, TestUser, ...TestCompany[]];
  server = http.createServer(probeApp());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await providers.close();
});

/** Nano-dollars per token (USD per MTok x 1000) of the two models used, from the published prices. */
const HAIKU_4_5 = { input: 1000, output: 5000, cacheRead: 100, cacheCreate: 1250 };
const GPT_4O_MINI = { input: 150, output: 600, cacheRead: 75, cacheCreate: 150 };

interface Expected {
  calls: number;
  rows: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheCreateTokens: number;
  totalTokens: number;
  costNanoUsd: number;
}
const zero = (): Expected => ({
  calls: 0,
  rows: 0,
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheCreateTokens: 0,
  totalTokens: 0,
  costNanoUsd: 0,
});
function add(
  e: Expected,
  t: { inputTokens: number; outputTokens: number; cacheReadTokens: number; cacheCreateTokens: number },
  rates: typeof HAIKU_4_5,
  calls: number,
) {
  e.calls += calls;
  e.inputTokens += t.inputTokens;
  e.outputTokens += t.outputTokens;
  e.cacheReadTokens += t.cacheReadTokens;
  e.cacheCreateTokens += t.cacheCreateTokens;
  e.totalTokens += t.inputTokens + t.outputTokens + t.cacheReadTokens + t.cacheCreateTokens;
  e.costNanoUsd +=
    t.inputTokens * rates.input +
    t.outputTokens * rates.output +
    t.cacheReadTokens * rates.cacheRead +
    t.cacheCreateTokens * rates.cacheCreate;
}

describe('usage under concurrency', () => {
  it('stores the exact totals of 200 concurrent requests, each with model calls of known usage', async () => {
    const expected = new Map(companies.map((c) => [c.companyId, zero()]));
    const flushErrors: unknown[] = [];
    const stop = onUsageFlush((o) => o.error && flushErrors.push(o.error));

    const requests = Array.from({ length: 200 }, (_, i) => {
      const co = companies[i % companies.length];
      const e = expected.get(co.companyId)!;
      const haiku = {
        input_tokens: 100 + i,
        output_tokens: 20 + (i % 13),
        cache_read_input_tokens: (i * 7) % 50,
        cache_creation_input_tokens: i % 3 === 0 ? 64 : 0,
      };
      const calls: Record<string, unknown>[] = [
        {
          mode: i % 2 ? 'stream' : 'json',
          flow: 'chat',
          provider: 'anthropic',
          model: 'claude-haiku-4-5',
          directive: { usage: haiku, deltas: 1 + (i % 3) },
        },
        { mode: 'json', flow: 'chat', provider: 'anthropic', model: 'claude-haiku-4-5', directive: { usage: haiku } },
      ];
      add(
        e,
        {
          inputTokens: 2 * haiku.input_tokens,
          outputTokens: 2 * haiku.output_tokens,
          cacheReadTokens: 2 * haiku.cache_read_input_tokens,
          cacheCreateTokens: 2 * haiku.cache_creation_input_tokens,
        },
        HAIKU_4_5,
        2,
      );
      e.rows += 1;
      if (i % 4 === 0) {
        const mini = { prompt_tokens: 300 + i, cached_tokens: i % 100, completion_tokens: 40 };
        calls.push({
          mode: i % 8 ? 'stream' : 'json',
          flow: 'data',
          provider: 'openai',
          model: 'gpt-4o-mini',
          directive: { usage: mini },
        });
        add(
          e,
          {
            inputTokens: mini.prompt_tokens - mini.cached_tokens,
            outputTokens: mini.completion_tokens,
            cacheReadTokens: mini.cached_tokens,
            cacheCreateTokens: 0,
          },
          GPT_4O_MINI,
          1,
        );
        e.rows += 1;
      }
      return request(base)
        .post('/probe/company')
        .query({ companyId: co.companyId })
        .set(bearer(co.employee))
        .send({ calls });
    });
    const responses = await Promise.all(requests);
    stop();
    expect(responses.map((r) => r.status)).toEqual(Array(200).fill(200));
    expect(flushErrors).toEqual([]);

    const all = await api('ai').get('/ai-usage/all').set(bearer(admin));
    expect(all.status).toBe(200);
    for (const co of companies) {
      const want = expected.get(co.companyId)!;
      const res = await api('ai').get(`/companies/${co.companyId}/ai-usage`).set(bearer(admin));
      expect(res.status).toBe(200);
      const { totals, rows } = res.body.data;
      expect(totals).toMatchObject({ ...want, costUsd: want.costNanoUsd / 1e9 });
      expect(rows).toHaveLength(want.rows);
      // the rows add up to the day aggregates
      const fromRows = rows.reduce((acc: Expected, r: Expected) => {
        for (const k of Object.keys(acc) as (keyof Expected)[]) acc[k] += k === 'rows' ? 1 : r[k];
        return acc;
      }, zero());
      expect(fromRows).toEqual(want);
      expect(all.body.data.byCompany).toContainEqual(expect.objectContaining({ companyId: co.companyId, ...want }));
    }
  });
});
