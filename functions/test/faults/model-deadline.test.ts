/**
 * Model calls inside the request's deadline: a model that never answers ends in the error envelope
 * (504 UPSTREAM_TIMEOUT) well before the function's timeout, and the usage of the calls that had
 * completed is recorded whatever happens to the request. The request deadline is injected short
 * (REQUEST_DEADLINE_MS); nothing here measures time.
 */
import { onUsageFlush, recordModelCall, runWithUsage, type UsageFlushOutcome } from '../../src/ai/accumulator';
import { runWithDeadline } from '../../src/core/deadline';
import { AppError } from '../../src/core/errors';
import { createUser, type TestUser } from '../helpers/users';
import { startProviders, type LocalProviders } from '../ai/support/providers';
import { scheduleCompany } from '../schedule/helpers';
import { askWhole, flowsOf, newConversation, turnDocs, usageRows, useModel } from '../chat/helpers';

let providers: LocalProviders;
let admin: TestUser;
const flushes: UsageFlushOutcome[] = [];
let stopWatching: () => void;
const before = process.env.REQUEST_DEADLINE_MS;

beforeAll(async () => {
  process.env.REQUEST_DEADLINE_MS = '8000';
  [providers, admin] = await Promise.all([startProviders(), createUser({ admin: true, label: 'admin' })]);
  stopWatching = onUsageFlush((o) => flushes.push(o));
});
afterAll(async () => {
  if (before === undefined) delete process.env.REQUEST_DEADLINE_MS;
  else process.env.REQUEST_DEADLINE_MS = before;
  stopWatching();
  await providers.close();
});

const WEEK = { startDate: '2026-03-09', endDate: '2026-03-15' };
const CALL = {
  provider: 'anthropic' as const,
  model: 'claude-sonnet-4-6',
  flow: 'chat.plan',
  inputTokens: 10,
  outputTokens: 5,
  cacheReadTokens: 0,
  cacheCreateTokens: 0,
  totalTokens: 15,
  costNanoUsd: 1,
  priced: true,
};

describe('a model that never answers', () => {
  it.each(['anthropic', 'openai'] as const)(
    '(%s) ends the question in 504 UPSTREAM_TIMEOUT within the deadline, stores no turn, and records the completed call',
    async (provider) => {
      const co = await scheduleCompany();
      await useModel(admin, co.companyId, provider, provider === 'anthropic' ? 'claude-sonnet-4-6' : 'gpt-4o');
      const usage =
        provider === 'anthropic'
          ? { input_tokens: 400, output_tokens: 30 }
          : { prompt_tokens: 400, completion_tokens: 30 };
      (providers[provider] as { script: (turns: unknown[]) => void }).script([
        { toolCalls: [{ name: 'list_shifts', input: WEEK }], usage },
        { silent: true },
      ]);
      const conversationId = await newConversation(co.manager, co.companyId);
      const res = await askWhole(co.manager, co.companyId, conversationId, { question: 'Shifts next week?' });
      expect(res.status).toBe(504);
      expect(res.body).toEqual({ success: false, error: expect.any(String), code: 'UPSTREAM_TIMEOUT' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(providers[provider].pending()).toBe(0);
      expect(await turnDocs(co.companyId)).toHaveLength(0);
      const { rows } = await usageRows(admin, co.companyId);
      expect(flowsOf(rows)).toEqual([{ flow: 'chat.plan', inputTokens: 400, outputTokens: 30, calls: 1 }]);
      providers[provider].reset();
    },
  );
});

describe('the usage of a request its deadline answered for', () => {
  const never = () => new Promise<never>(() => undefined);

  it('is written before the deadline answers, and a call completing after it is written on its own', async () => {
    const requestId = `deadline-${Date.now()}`;
    let late: () => void = () => undefined;
    const lateCall = new Promise<void>((resolve) => (late = resolve));
    const answered = runWithDeadline(300, () =>
      runWithUsage({ requestId, companyId: null, userId: null }, async () => {
        recordModelCall({ ...CALL, ts: Date.now() });
        await lateCall;
        recordModelCall({ ...CALL, ts: Date.now(), flow: 'chat.answer' });
        return never();
      }),
    );
    const error = await answered.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'REQUEST_DEADLINE_EXCEEDED', status: 503 });
    const mine = () => flushes.filter((f) => f.requestId === requestId);
    // written before the rejection: the deadline waited for it
    expect(mine()).toEqual([{ requestId, rows: 1 }]);
    late();
    for (let i = 0; i < 200 && mine().length < 2; i++) await new Promise((r) => setTimeout(r, 25));
    expect(mine()).toEqual([
      { requestId, rows: 1 },
      { requestId, rows: 1 },
    ]);
  });
});
