import { db } from '../../src/core/firebase';
import { logger } from '../../src/core/logger';
import { onUsageFlush, type UsageFlushOutcome } from '../../src/ai/accumulator';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, createUser, type TestUser } from '../helpers/users';
import { probe } from './support/probe';
import { startProviders, type LocalProviders } from './support/providers';

let providers: LocalProviders;
let admin: TestUser;

let flushErrors: unknown[] = [];
let expectFlushError = false;
let stopWatching: () => void;

beforeAll(async () => {
  [providers, admin] = await Promise.all([startProviders(), createUser({ admin: true, label: 'admin' })]);
  stopWatching = onUsageFlush((o) => o.error && flushErrors.push(o.error));
});
afterEach(() => {
  // no usage write may fail silently: only the test that breaks Firestore on purpose sees one
  if (!expectFlushError) expect(flushErrors).toEqual([]);
  flushErrors = [];
  expectFlushError = false;
});
afterAll(async () => {
  stopWatching();
  await providers.close();
});

/** Published prices (USD per million tokens), written out here so the price table is checked too. */
const HAIKU_4_5 = { input: 1, output: 5, cacheRead: 0.1, cacheCreate: 1.25 };
const GPT_4O = { input: 2.5, output: 10, cacheRead: 1.25, cacheCreate: 2.5 };

const ANTHROPIC_USAGE = {
  input_tokens: 120_000,
  cache_read_input_tokens: 800_000,
  cache_creation_input_tokens: 30_000,
  output_tokens: 25_000,
};
const OPENAI_USAGE = { prompt_tokens: 1_000_000, cached_tokens: 400_000, completion_tokens: 50_000 };

function specCost(
  t: { inputTokens: number; outputTokens: number; cacheReadTokens: number; cacheCreateTokens: number },
  r: typeof HAIKU_4_5,
) {
  return (
    (t.inputTokens / 1e6) * r.input +
    (t.outputTokens / 1e6) * r.output +
    (t.cacheReadTokens / 1e6) * r.cacheRead +
    (t.cacheCreateTokens / 1e6) * r.cacheCreate
  );
}

async function usageOf(companyId: string) {
  const res = await api('ai').get(`/companies/${companyId}/ai-usage`).set(bearer(admin));
  expect(res.status).toBe(200);
  return res.body.data;
}

async function callModels(co: TestCompany, body: Record<string, unknown>) {
  return probe().post('/probe/company').query({ companyId: co.companyId }).set(bearer(co.employee)).send(body);
}

describe('usage normalisation: every billed token lands in exactly one count', () => {
  let co: TestCompany;
  beforeEach(async () => {
    co = await createCompany();
  });

  it.each(['json', 'stream'] as const)(
    'records an Anthropic %s call with input excluding both cache counts, priced by the dated snapshot family',
    async (mode) => {
      const res = await callModels(co, {
        calls: [
          {
            mode,
            flow: 'chat',
            provider: 'anthropic',
            model: 'claude-haiku-4-5',
            directive: { usage: ANTHROPIC_USAGE, deltas: 4, reply: 'Bonjour, chef.' },
          },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.data.results[0]).toMatchObject({
        text: 'Bonjour, chef.',
        provider: 'anthropic',
        model: 'claude-haiku-4-5-20251001',
        priced: true,
      });

      const usage = await usageOf(co.companyId);
      expect(usage.rows).toHaveLength(1);
      const row = usage.rows[0];
      const expected = {
        inputTokens: 120_000,
        cacheReadTokens: 800_000,
        cacheCreateTokens: 30_000,
        outputTokens: 25_000,
      };
      expect(row).toMatchObject({
        ...expected,
        totalTokens: 120_000 + 800_000 + 30_000 + 25_000,
        provider: 'anthropic',
        model: 'claude-haiku-4-5-20251001',
        flow: 'chat',
        userId: co.employee.uid,
        calls: 1,
        priced: true,
        day: new Date(row.ts).toISOString().slice(0, 10),
      });
      // 0.12 + 0.125 + 0.08 + 0.0375
      expect(row.costNanoUsd).toBe(362_500_000);
      expect(row.costUsd).toBeCloseTo(specCost(expected, HAIKU_4_5), 9);
      expect(usage.totals).toMatchObject({ rows: 1, calls: 1, totalTokens: 975_000, costNanoUsd: 362_500_000 });
    },
  );

  it.each(['json', 'stream'] as const)(
    'records an OpenAI %s call with the cached tokens taken out of prompt_tokens',
    async (mode) => {
      const res = await callModels(co, {
        calls: [
          {
            mode,
            flow: 'data',
            provider: 'openai',
            model: 'gpt-4o',
            directive: { usage: OPENAI_USAGE, reply: 'Hola.' },
          },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.data.results[0]).toMatchObject({ text: 'Hola.', model: 'gpt-4o-2024-08-06' });

      const row = (await usageOf(co.companyId)).rows[0];
      const expected = { inputTokens: 600_000, cacheReadTokens: 400_000, cacheCreateTokens: 0, outputTokens: 50_000 };
      // total = prompt_tokens + completion_tokens: nothing counted twice, nothing lost
      expect(row).toMatchObject({
        ...expected,
        totalTokens: 1_050_000,
        provider: 'openai',
        model: 'gpt-4o-2024-08-06',
        flow: 'data',
      });
      expect(row.costNanoUsd).toBe(2_500_000_000); // 1.5 + 0.5 + 0.5
      expect(row.costUsd).toBeCloseTo(specCost(expected, GPT_4O), 9);
    },
  );

  it('asks OpenAI for the usage chunk when streaming (stream_options.include_usage)', async () => {
    const key = `include-usage-${co.companyId}`;
    await callModels(co, {
      calls: [{ mode: 'stream', provider: 'openai', model: 'gpt-4o-mini', directive: { key, usage: OPENAI_USAGE } }],
    });
    const sent = providers.openai.requests.find((r) => JSON.stringify(r.body).includes(key))!;
    expect(sent.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('writes one row per provider and model when a request uses two models', async () => {
    const res = await callModels(co, {
      calls: [
        {
          mode: 'json',
          provider: 'anthropic',
          model: 'claude-haiku-4-5',
          directive: { usage: { input_tokens: 1000, output_tokens: 100 } },
        },
        {
          mode: 'stream',
          provider: 'anthropic',
          model: 'claude-haiku-4-5',
          directive: { usage: { input_tokens: 2000, output_tokens: 200 } },
        },
        {
          mode: 'json',
          provider: 'openai',
          model: 'gpt-4.1-mini',
          directive: { usage: { prompt_tokens: 3000, completion_tokens: 300 } },
        },
      ],
    });
    expect(res.status).toBe(200);
    const usage = await usageOf(co.companyId);
    const rows = [...usage.rows].sort((a: { provider: string }, b: { provider: string }) =>
      a.provider.localeCompare(b.provider),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      provider: 'anthropic',
      model: 'claude-haiku-4-5-20251001',
      calls: 2,
      inputTokens: 3000,
      outputTokens: 300,
    });
    expect(rows[1]).toMatchObject({
      provider: 'openai',
      model: 'gpt-4.1-mini-2025-04-14',
      calls: 1,
      inputTokens: 3000,
      outputTokens: 300,
    });
    expect(rows[0].requestId).toBe(rows[1].requestId);
    // haiku 4.5: 3000 x $1 + 300 x $5 per MTok; gpt-4.1-mini: 3000 x $0.40 + 300 x $1.60
    expect(rows[0].costNanoUsd).toBe(4_500_000);
    expect(rows[1].costNanoUsd).toBe(1_680_000);
    expect(usage.byModel.map((m: { model: string }) => m.model)).toEqual([
      'claude-haiku-4-5-20251001',
      'gpt-4.1-mini-2025-04-14',
    ]);
  });

  it('records a model missing from the price table with cost 0, priced false and a logged warning', async () => {
    const warn = jest.spyOn(logger, 'warn');
    try {
      const res = await callModels(co, {
        calls: [
          {
            mode: 'json',
            provider: 'openai',
            model: 'gpt-5.6-sol',
            directive: { usage: { prompt_tokens: 500, completion_tokens: 50 } },
          },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.data.results[0]).toMatchObject({ priced: false, costUsd: 0 });
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining('price table'),
        expect.objectContaining({ model: 'gpt-5.6-sol' }),
      );
    } finally {
      warn.mockRestore();
    }
    const usage = await usageOf(co.companyId);
    expect(usage.rows[0]).toMatchObject({ model: 'gpt-5.6-sol', priced: false, costUsd: 0, totalTokens: 550 });
    expect(usage.totals).toMatchObject({ unpricedCalls: 1, costNanoUsd: 0 });
  });
});

describe('provider failures', () => {
  let co: TestCompany;
  beforeEach(async () => {
    co = await createCompany();
  });

  it.each([
    ['anthropic', 'claude-haiku-4-5', { input_tokens: 10, output_tokens: 5 }],
    ['openai', 'gpt-4o-mini', { prompt_tokens: 10, completion_tokens: 5 }],
  ] as const)(
    'waits for retry-after on a %s 429 and then records the successful call once',
    async (provider, model, wireUsage) => {
      const key = `ratelimit-${provider}-${co.companyId}`;
      const server = providers[provider];
      const res = await callModels(co, {
        calls: [
          {
            mode: 'json',
            provider,
            model,
            directive: { key, usage: wireUsage, failures: [{ status: 429, retryAfter: '1' }] },
          },
        ],
      });
      expect(res.status).toBe(200);
      const attempts = server.requests.filter((r) => JSON.stringify(r.body).includes(key));
      expect(attempts.map((a) => a.status)).toEqual([429, 200]);
      // a lower bound the client must honour (retry-after: 1 second), not a performance figure
      expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(950);
      const usage = await usageOf(co.companyId);
      expect(usage.totals).toMatchObject({ calls: 1, inputTokens: 10, outputTokens: 5 });
    },
  );

  it('retries 5xx answers (500, then 529 overloaded) and succeeds', async () => {
    const key = `fivexx-${co.companyId}`;
    const res = await callModels(co, {
      calls: [
        {
          mode: 'stream',
          provider: 'anthropic',
          model: 'claude-haiku-4-5',
          directive: {
            key,
            usage: { input_tokens: 7, output_tokens: 3 },
            failures: [{ status: 500 }, { status: 529 }],
          },
        },
      ],
    });
    expect(res.status).toBe(200);
    const attempts = providers.anthropic.requests.filter((r) => JSON.stringify(r.body).includes(key));
    expect(attempts.map((a) => a.status)).toEqual([500, 529, 200]);
    expect((await usageOf(co.companyId)).totals).toMatchObject({ calls: 1, totalTokens: 10 });
  });

  it('answers 429 UPSTREAM_RATE_LIMITED when the provider keeps rate limiting, and records nothing', async () => {
    const failures = [
      { status: 429, retryAfter: '0' },
      { status: 429, retryAfter: '0' },
      { status: 429, retryAfter: '0' },
    ];
    const res = await callModels(co, {
      calls: [
        {
          mode: 'json',
          provider: 'openai',
          model: 'gpt-4o-mini',
          directive: { key: `always429-${co.companyId}`, usage: { prompt_tokens: 1, completion_tokens: 1 }, failures },
        },
      ],
    });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ success: false, code: 'UPSTREAM_RATE_LIMITED' });
    expect((await usageOf(co.companyId)).rows).toEqual([]);
  });

  it('answers 502 UPSTREAM_FAILED when an Anthropic stream breaks, and still records the tokens it reported', async () => {
    const res = await callModels(co, {
      calls: [
        {
          mode: 'stream',
          provider: 'anthropic',
          model: 'claude-haiku-4-5',
          directive: {
            usage: { input_tokens: 4000, cache_read_input_tokens: 1000, output_tokens: 900 },
            breakStream: true,
            reply: 'a long answer that breaks',
          },
        },
      ],
    });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ success: false, code: 'UPSTREAM_FAILED' });
    const row = (await usageOf(co.companyId)).rows[0];
    // message_start reported the input side (and output_tokens 1) before the break
    expect(row).toMatchObject({ inputTokens: 4000, cacheReadTokens: 1000, outputTokens: 1, totalTokens: 5001 });
  });

  it('writes the usage of a request whose handler fails after its model calls', async () => {
    const res = await callModels(co, {
      failAfterCalls: true,
      calls: [
        {
          mode: 'json',
          provider: 'openai',
          model: 'gpt-4o',
          directive: { usage: { prompt_tokens: 100, completion_tokens: 10 } },
        },
      ],
    });
    expect(res.status).toBe(422);
    expect((await usageOf(co.companyId)).totals).toMatchObject({ calls: 1, totalTokens: 110 });
  });

  it('answers 503 AI_PROVIDER_NOT_CONFIGURED without an API key', async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const res = await callModels(co, {
        calls: [
          {
            mode: 'json',
            provider: 'openai',
            model: 'gpt-4o',
            directive: { usage: { prompt_tokens: 1, completion_tokens: 1 } },
          },
        ],
      });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('AI_PROVIDER_NOT_CONFIGURED');
    } finally {
      process.env.OPENAI_API_KEY = saved;
    }
  });

  it('does not fail the user request when the usage write fails, and logs the lost usage', async () => {
    expectFlushError = true;
    const outcomes: UsageFlushOutcome[] = [];
    const stop = onUsageFlush((o) => outcomes.push(o));
    const batch = jest.spyOn(db(), 'batch').mockImplementation(() => {
      throw new Error('firestore unavailable');
    });
    const error = jest.spyOn(logger, 'error');
    try {
      const res = await callModels(co, {
        calls: [
          {
            mode: 'json',
            provider: 'anthropic',
            model: 'claude-haiku-4-5',
            directive: { usage: { input_tokens: 42, output_tokens: 7 } },
          },
        ],
      });
      expect(res.status).toBe(200);
      expect(outcomes).toHaveLength(1);
      expect(outcomes[0].error).toBeDefined();
      expect(error).toHaveBeenCalledWith(
        expect.stringContaining('ai usage write failed'),
        expect.objectContaining({
          companyId: co.companyId,
          calls: [expect.objectContaining({ inputTokens: 42, outputTokens: 7, model: 'claude-haiku-4-5-20251001' })],
        }),
      );
    } finally {
      batch.mockRestore();
      error.mockRestore();
      stop();
    }
  });
});

describe('buckets', () => {
  it('puts calls made before the company exists in the onboarding bucket and later calls in the company', async () => {
    const co = await createCompany();
    const founder = await createUser({ label: 'founder' });
    const key = `onb-${co.companyId}`;
    const res = await probe()
      .post('/probe/onboarding')
      .set(bearer(founder))
      .send({
        companyAfter: { companyId: co.companyId, calls: 1 },
        calls: [
          {
            mode: 'json',
            flow: 'onboarding',
            provider: 'anthropic',
            model: 'claude-haiku-4-5',
            directive: { key, usage: { input_tokens: 111, output_tokens: 11 } },
          },
          {
            mode: 'json',
            flow: 'onboarding',
            provider: 'anthropic',
            model: 'claude-haiku-4-5',
            directive: { usage: { input_tokens: 222, output_tokens: 22 } },
          },
        ],
      });
    expect(res.status).toBe(200);
    const onboarding = await api('ai').get('/ai-usage/onboarding').set(bearer(admin));
    expect(onboarding.status).toBe(200);
    const mine = onboarding.body.data.rows.filter((r: { userId: string }) => r.userId === founder.uid);
    expect(mine).toEqual([expect.objectContaining({ inputTokens: 111, outputTokens: 11, flow: 'onboarding' })]);
    expect((await usageOf(co.companyId)).rows).toEqual([
      expect.objectContaining({ inputTokens: 222, outputTokens: 22, userId: founder.uid }),
    ]);
  });
});
