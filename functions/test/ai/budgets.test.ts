import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { Mailbox } from '../../dev/mailbox';
import { FALLBACK_RATES, periodOf } from '../../src/ai/budget-rules';
import { ledgerRef } from '../../src/ai/budgets';
import { useMailbox } from '../auth/support';
import { api } from '../helpers/api';
import { createCompany, snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { withGlobalLock } from '../helpers/global-lock';
import { bearer, createUser, type TestUser } from '../helpers/users';
import { probe, probeApp } from './support/probe';
import { startProviders, type LocalProviders } from './support/providers';

let providers: LocalProviders;
let mailbox: Mailbox;
let admin: TestUser;
let server: http.Server;
let base: string;
const ALERTS_TO = 'ai-admins@example.test';

beforeAll(async () => {
  [providers, mailbox, admin] = await Promise.all([
    startProviders(),
    useMailbox(),
    createUser({ admin: true, label: 'admin' }),
  ]);
  process.env.AI_BUDGET_ALERT_EMAILS = ALERTS_TO;
  server = http.createServer(probeApp());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await Promise.all([providers.close(), mailbox.close()]);
});

const ai = () => api('ai');
const putBudget = (companyId: string, body: object) =>
  ai().put(`/companies/${companyId}/ai-budget`).set(bearer(admin)).send(body);
const budgetOf = async (companyId: string) =>
  (await ai().get(`/companies/${companyId}/ai-budget`).set(bearer(admin))).body.data;

/** One model call of a known usage: haiku 4.5 (1000/5000 nano-dollars per token) or gpt-4o-mini (150/600). */
const haiku = (flow = 'chat') => ({
  mode: 'json',
  flow,
  provider: 'anthropic',
  model: 'claude-haiku-4-5',
  maxTokens: 100,
  directive: { usage: { input_tokens: 400, output_tokens: 80 } },
});
const HAIKU_COST = 400 * 1000 + 80 * 5000;
const mini = () => ({
  mode: 'stream',
  flow: 'chat',
  provider: 'openai',
  model: 'gpt-4o-mini',
  maxTokens: 100,
  directive: { usage: { prompt_tokens: 400, completion_tokens: 80 } },
});
const MINI_COST = 400 * 150 + 80 * 600;

const callAs = (co: TestCompany, calls: object[]) =>
  probe().post('/probe/company').query({ companyId: co.companyId }).set(bearer(co.employee)).send({ calls });

const ledgerOf = async (companyId: string, period: 'day' | 'month') =>
  (await ledgerRef(`company:${companyId}`, periodOf(period, Date.now()).key).get()).data() ?? {};

describe('a company budget under 200 simultaneous calls', () => {
  it('admits calls while their reserved estimates fit, refuses the rest with 429 AI_BUDGET_EXCEEDED, and the spend stays within the cap', async () => {
    const co = await createCompany();
    const amountNano = 50_000_000; // $0.05 a day: a few dozen of these calls
    expect((await putBudget(co.companyId, { amountUsd: amountNano / 1e9, period: 'day' })).status).toBe(200);
    const sentBefore = providers.anthropic.requests.length + providers.openai.requests.length;

    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        request(base)
          .post('/probe/company')
          .query({ companyId: co.companyId })
          .set(bearer(co.employee))
          .send({ calls: [i % 2 ? mini() : haiku()] }),
      ),
    );
    const admitted = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status !== 200);
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(refused.map(() => [429, 'AI_BUDGET_EXCEEDED']));
    expect(admitted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    // a refused call never reached a provider
    expect(providers.anthropic.requests.length + providers.openai.requests.length - sentBefore).toBe(admitted.length);

    const expectedSpend = admitted.reduce(
      (sum, r) => sum + (r.body.data.results[0].provider === 'anthropic' ? HAIKU_COST : MINI_COST),
      0,
    );
    const ledger = await ledgerOf(co.companyId, 'day');
    // the bound: spent <= cap + sum over admitted calls of (actual - estimate)+, which is 0 here (estimates are upper bounds)
    expect(ledger.spentNano).toBe(expectedSpend);
    expect(ledger.spentNano).toBeLessThanOrEqual(amountNano);
    expect(ledger.reservedNano).toBe(0);
    expect(ledger.refusedCalls).toBe(refused.length);
    const usage = await ai().get(`/companies/${co.companyId}/ai-usage`).set(bearer(admin));
    expect(usage.body.data.totals.costNanoUsd).toBe(expectedSpend);

    // then one call at a time: admitted while its estimate fits what the settled calls left, then refused
    let after = await callAs(co, [haiku()]);
    for (let i = 0; after.status === 200 && i < 100; i++) after = await callAs(co, [haiku()]);
    expect(after.status).toBe(429);
    expect(after.body).toMatchObject({ success: false, code: 'AI_BUDGET_EXCEEDED' });
    expect(after.body.error).toMatch(/AI budget of this company \(\$0\.05 per day\) is used up/);
    expect(Number(after.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ledgerOf(co.companyId, 'day')).spentNano).toBeLessThanOrEqual(amountNano);

    // raising the budget lets calls through again
    await putBudget(co.companyId, { amountUsd: 10, period: 'day' });
    expect((await callAs(co, [haiku()])).status).toBe(200);
  });
});

/**
 * The default and onboarding budgets are global: test files running at the same time call models
 * too, so these tests refuse only a flow of their own, under a large amount.
 */
const PROBE_FLOW = 'budget-probe';
const GLOBAL_TEST_BUDGET = { amountUsd: 1000, period: 'day', flowLimitsUsd: { [PROBE_FLOW]: 0.000001 } };

describe('the budget an instance remembers for a few seconds (BUDGET_CACHE_MS)', () => {
  it('is forgotten when a budget is set through this instance: the very next call is held to it', async () => {
    const co = await createCompany();
    expect((await callAs(co, [haiku()])).status).toBe(200); // no budget, remembered as none
    expect((await putBudget(co.companyId, { amountUsd: 0.0009, period: 'day' })).status).toBe(200);
    expect((await callAs(co, [haiku()])).body.code).toBe('AI_BUDGET_EXCEEDED');
  });
});

describe('budget rules at call time', () => {
  it('reserves the worst case of a call: refused when its maxTokens of output would not fit, admitted with fewer', async () => {
    const co = await createCompany();
    // the prompt bounds the input near 0.8 m nano-dollars; 100 output tokens add 0.5 m, 10 add 0.05 m
    await putBudget(co.companyId, { amountUsd: 0.0009, period: 'day' });
    const small = { ...haiku(), maxTokens: 10, directive: { usage: { input_tokens: 400, output_tokens: 10 } } };
    expect((await callAs(co, [{ ...small, maxTokens: 100 }])).body.code).toBe('AI_BUDGET_EXCEEDED');
    expect((await callAs(co, [small])).status).toBe(200);
  });

  it('counts a model missing from the price table at the fallback rates, never as free', async () => {
    const co = await createCompany();
    await putBudget(co.companyId, { amountUsd: 10, period: 'month' });
    const res = await callAs(co, [
      { ...haiku(), model: 'claude-unlisted-9', directive: { usage: { input_tokens: 100, output_tokens: 10 } } },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.results[0]).toMatchObject({ priced: false, costUsd: 0 });
    const ledger = await ledgerOf(co.companyId, 'month');
    expect(ledger.spentNano).toBe(100 * FALLBACK_RATES.input + 10 * FALLBACK_RATES.output);
  });

  it("refuses the calls of a flow over its own limit and admits the other flows'", async () => {
    const co = await createCompany();
    await putBudget(co.companyId, { amountUsd: 10, period: 'day', flowLimitsUsd: { data: 0.000001 } });
    const data = await callAs(co, [haiku('data.summary')]);
    expect(data.status).toBe(429);
    expect(data.body.error).toMatch(/data flow/);
    expect((await callAs(co, [haiku('chat.answer')])).status).toBe(200);
    const status = await budgetOf(co.companyId);
    expect(status.flows).toEqual([
      { flow: 'chat', limitUsd: null, spentUsd: HAIKU_COST / 1e9, spentNanoUsd: HAIKU_COST },
      { flow: 'data', limitUsd: 0.000001, spentUsd: 0, spentNanoUsd: 0 },
    ]);
  });

  it('limits the onboarding bucket by its own budget', async () => {
    const user = await createUser({ label: 'founder' });
    await withGlobalLock(async () => {
      const put = await ai().put('/ai-budgets/onboarding').set(bearer(admin)).send(GLOBAL_TEST_BUDGET);
      expect(put.body.data).toMatchObject({ bucket: 'onboarding', source: 'own' });
      const refused = await probe()
        .post('/probe/onboarding')
        .set(bearer(user))
        .send({ calls: [haiku(PROBE_FLOW)] });
      expect([refused.status, refused.body.code]).toEqual([429, 'AI_BUDGET_EXCEEDED']);
      expect(refused.body.error).toMatch(/budget-probe flow of the onboarding/);
      await ai().delete('/ai-budgets/onboarding').set(bearer(admin));
    });
  });

  it('applies the default budget to a company without its own, and its own budget over the default', async () => {
    const co = await createCompany();
    await withGlobalLock(async () => {
      const put = await ai().put('/ai-budgets/default').set(bearer(admin)).send(GLOBAL_TEST_BUDGET);
      expect(put.body.data).toMatchObject({ amountUsd: 1000, period: 'day', softThresholdPercent: 80 });
      try {
        expect(await budgetOf(co.companyId)).toMatchObject({ source: 'default', budget: null });
        expect((await callAs(co, [haiku(PROBE_FLOW)])).body.code).toBe('AI_BUDGET_EXCEEDED');
        await putBudget(co.companyId, { amountUsd: 5, period: 'month' });
        expect((await callAs(co, [haiku(PROBE_FLOW)])).status).toBe(200);
      } finally {
        expect((await ai().delete('/ai-budgets/default').set(bearer(admin))).body.data).toBeNull();
      }
    });
  });
});

describe('budget alerts', () => {
  it('emails the owners and the administrators once per period at the soft threshold and at the cap', async () => {
    const co = await createCompany();
    // the first call settles 0.8 m nano-dollars, past 30 %; the second's estimate no longer fits
    await putBudget(co.companyId, { amountUsd: 0.002, period: 'day', softThresholdPercent: 30 });
    expect((await callAs(co, [haiku()])).status).toBe(200);
    expect((await callAs(co, [haiku()])).status).toBe(429);
    const soft = await mailbox.waitFor(co.owner.email, (m) => /passed 30%/.test(m.subject));
    const cap = await mailbox.waitFor(co.owner.email, (m) => /reached its daily budget/.test(m.subject));
    expect(soft.to).toContain(ALERTS_TO);
    expect(cap.to).toContain(ALERTS_TO);
    expect(soft.text).toContain('spent $0.0008 of $0.002 this day');
    expect((await callAs(co, [haiku()])).status).toBe(429);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailbox.messages(co.owner.email)).toHaveLength(2);
    const status = await budgetOf(co.companyId);
    expect(status).toMatchObject({ status: 'alerting', refusedCalls: 2, spentNanoUsd: HAIKU_COST });
    expect(status.softAlertAt).toEqual(expect.any(Number));
    expect(status.capAlertAt).toEqual(expect.any(Number));
  });
});

describe('the budget endpoints', () => {
  it('refuses a non-administrator with 403 and an invalid budget with 400, writing nothing', async () => {
    const co = await createCompany();
    const before = await snapshotCompany(co.companyId);
    const byOwner = await ai()
      .put(`/companies/${co.companyId}/ai-budget`)
      .set(bearer(co.owner))
      .send({ amountUsd: 1, period: 'day' });
    expect([byOwner.status, byOwner.body.code]).toEqual([403, 'ADMIN_REQUIRED']);
    for (const body of [
      { amountUsd: -1, period: 'day' },
      { amountUsd: 1, period: 'week' },
      { amountUsd: 1, period: 'day', softThresholdPercent: 0 },
      { amountUsd: 1, period: 'day', flowLimitsUsd: { 'Chat!': 1 } },
      { amountUsd: 1, period: 'day', extra: true },
    ]) {
      const res = await putBudget(co.companyId, body);
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await snapshotCompany(co.companyId)).toEqual(before);
    expect(await budgetOf(co.companyId)).toMatchObject({ budget: null });
    const unknown = await putBudget('no-such-company', { amountUsd: 1, period: 'day' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'COMPANY_NOT_FOUND']);
  });

  it("answers a company's budget, spend and projection, lists it in the overview, and removes it", async () => {
    const co = await createCompany();
    const put = await putBudget(co.companyId, {
      amountUsd: 0.01,
      period: 'month',
      softThresholdPercent: 5,
      flowLimitsUsd: { chat: 1 },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      bucket: 'company',
      companyId: co.companyId,
      source: 'own',
      budget: { amountUsd: 0.01, amountNanoUsd: 10_000_000, period: 'month', flowLimitsUsd: { chat: 1 } },
      status: 'ok',
      spentNanoUsd: 0,
    });
    expect((await callAs(co, [haiku()])).status).toBe(200);
    const status = await budgetOf(co.companyId);
    expect(status.spentNanoUsd).toBe(HAIKU_COST);
    expect(status.percentUsed).toBeCloseTo((HAIKU_COST / 10_000_000) * 100, 2);
    expect(status.projectedNanoUsd).toBeGreaterThanOrEqual(HAIKU_COST);
    expect(status.periodKey).toBe(periodOf('month', Date.now()).key);

    const overview = await ai().get('/ai-budgets').set(bearer(admin));
    expect(overview.status).toBe(200);
    const listed = overview.body.data.companies.find((c: { companyId: string }) => c.companyId === co.companyId);
    expect(listed).toMatchObject({ spentNanoUsd: HAIKU_COST, source: 'own' });
    expect(listed.status).toBe('alerting');

    const removed = await ai().delete(`/companies/${co.companyId}/ai-budget`).set(bearer(admin));
    expect(removed.body.data).toMatchObject({ budget: null });
  });
});
