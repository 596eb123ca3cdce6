import { DateTime } from 'luxon';
import { DocumentReference } from 'firebase-admin/firestore';
import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { withGlobalLock } from '../helpers/global-lock';
import { createCompany, snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, createUser, type TestUser } from '../helpers/users';
import { probe } from './support/probe';
import { startProviders, type LocalProviders } from './support/providers';
import { seedRequest } from './support/seed';

let admin: TestUser;
let co: TestCompany;

beforeAll(async () => {
  [admin, co] = await Promise.all([createUser({ admin: true, label: 'admin' }), createCompany()]);
});

const ai = () => api('ai');

describe('access to the AI administration endpoints', () => {
  const adminOnly = (id: string) =>
    [
      ['get', `/companies/${id}/ai-usage`],
      ['get', '/ai-usage/onboarding'],
      ['get', '/ai-usage/all'],
      ['get', `/companies/${id}/ai-config`],
      ['patch', `/companies/${id}/ai-config`],
      ['delete', `/companies/${id}/ai-config`],
      ['patch', '/ai-config/global'],
    ] as const;

  it('refuses every admin endpoint to a company owner without the admin claim with 403 ADMIN_REQUIRED, writing nothing', async () => {
    const before = await snapshotCompany(co.companyId);
    for (const [method, path] of adminOnly(co.companyId)) {
      const res = await ai()
        [method](path)
        .set(bearer(co.owner))
        .send(method === 'patch' ? { provider: 'openai', model: 'gpt-4o' } : undefined);
      expect({ method, path, status: res.status, code: res.body.code }).toEqual({
        method,
        path,
        status: 403,
        code: 'ADMIN_REQUIRED',
      });
    }
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('answers 401 AUTH_REQUIRED without a token', async () => {
    for (const [method, path] of [...adminOnly(co.companyId), ['get', '/ai-config/global'] as const]) {
      const res = await ai()[method](path);
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
    }
  });

  it('lets an administrator read a company he is not a member of (no company-scope check)', async () => {
    const res = await ai().get(`/companies/${co.companyId}/ai-usage`).set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      bucket: 'company',
      companyId: co.companyId,
      companyName: 'Test Bistro',
      rows: [],
    });
  });

  it('lets any signed-in user read the global configuration', async () => {
    const res = await ai().get('/ai-config/global').set(bearer(co.employee));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(expect.objectContaining({ provider: expect.any(String), model: expect.any(String) }));
  });

  it('answers 404 COMPANY_NOT_FOUND for the usage and configuration of an unknown company', async () => {
    for (const res of [
      await ai().get('/companies/no-such-company/ai-usage').set(bearer(admin)),
      await ai().get('/companies/no-such-company/ai-config').set(bearer(admin)),
      await ai()
        .patch('/companies/no-such-company/ai-config')
        .set(bearer(admin))
        .send({ provider: 'openai', model: 'gpt-4o' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('COMPANY_NOT_FOUND');
    }
  });
});

describe('date ranges of the usage endpoints', () => {
  it('defaults to the last 30 days ending today (UTC)', async () => {
    const res = await ai().get('/ai-usage/onboarding').set(bearer(admin));
    const today = DateTime.utc().toISODate()!;
    expect(res.body.data).toMatchObject({
      to: today,
      from: DateTime.fromISO(today, { zone: 'utc' }).minus({ days: 29 }).toISODate(),
    });
  });

  it('defaults the start to 29 days before an explicit end', async () => {
    const res = await ai().get('/ai-usage/all').query({ to: '2026-03-31' }).set(bearer(admin));
    expect(res.body.data).toMatchObject({ from: '2026-03-02', to: '2026-03-31' });
  });

  it('rejects from after to with 400 INVALID_DATE_RANGE', async () => {
    const res = await ai()
      .get(`/companies/${co.companyId}/ai-usage`)
      .query({ from: '2026-05-02', to: '2026-05-01' })
      .set(bearer(admin));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'INVALID_DATE_RANGE' });
  });

  it('accepts 366 days and rejects 367 with 400 INVALID_DATE_RANGE', async () => {
    const ok = await ai().get('/ai-usage/all').query({ from: '2024-01-01', to: '2024-12-31' }).set(bearer(admin));
    expect(ok.status).toBe(200);
    const tooLong = await ai().get('/ai-usage/all').query({ from: '2024-01-01', to: '2025-01-01' }).set(bearer(admin));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe('INVALID_DATE_RANGE');
  });

  it('rejects a malformed date with 400 VALIDATION_FAILED', async () => {
    const res = await ai().get('/ai-usage/onboarding').query({ from: '2026-02-30' }).set(bearer(admin));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details).toEqual([expect.objectContaining({ path: 'query.from' })]);
  });

  it('reads a whole year with one batched getAll and one range query, never one lookup per day', async () => {
    const getAll = jest.spyOn(db(), 'getAll');
    const get = jest.spyOn(DocumentReference.prototype, 'get');
    try {
      const res = await ai()
        .get(`/companies/${co.companyId}/ai-usage`)
        .query({ from: '2025-01-01', to: '2025-12-31' })
        .set(bearer(admin));
      expect(res.status).toBe(200);
      expect(getAll).toHaveBeenCalledTimes(1);
      expect(getAll.mock.calls[0]).toHaveLength(1 + 365); // the company and the 365 day documents
      expect(get).not.toHaveBeenCalled();
    } finally {
      getAll.mockRestore();
      get.mockRestore();
    }
  });
});

describe('usage reads', () => {
  let a: TestCompany;
  let b: TestCompany;
  beforeAll(async () => {
    [a, b] = await Promise.all([createCompany(), createCompany()]);
    // a range of past days that no other test writes to: 1999-03-01..03
    await seedRequest(
      [
        {
          day: '1999-03-01',
          companyId: a.companyId,
          provider: 'anthropic',
          model: 'claude-sonnet-4-5-20250929',
          flow: 'chat',
          input: 1_000_000,
          output: 100_000,
        },
        {
          day: '1999-03-01',
          companyId: a.companyId,
          provider: 'openai',
          model: 'gpt-4o',
          flow: 'data',
          input: 2_000_000,
          cacheRead: 1_000_000,
        },
      ],
      a.owner.uid,
    );
    await seedRequest(
      [
        {
          day: '1999-03-02',
          companyId: a.companyId,
          provider: 'anthropic',
          model: 'claude-sonnet-4-5',
          flow: 'chat',
          input: 500_000,
          cacheCreate: 200_000,
        },
      ],
      a.manager.uid,
    );
    await seedRequest([
      {
        day: '1999-03-03',
        companyId: b.companyId,
        provider: 'openai',
        model: 'gpt-4o-mini',
        flow: 'chat',
        input: 4_000_000,
        output: 1_000_000,
      },
    ]);
    await seedRequest([
      {
        day: '1999-03-02',
        companyId: null,
        provider: 'anthropic',
        model: 'claude-haiku-4-5',
        flow: 'onboarding',
        input: 300_000,
        output: 60_000,
      },
    ]);
  });

  it("returns a company's rows of the range with per-day, per-model and per-flow totals", async () => {
    const res = await ai()
      .get(`/companies/${a.companyId}/ai-usage`)
      .query({ from: '1999-03-01', to: '1999-03-03' })
      .set(bearer(admin));
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.rows).toHaveLength(3);
    expect(data.rows.map((r: { day: string }) => r.day)).toEqual(['1999-03-02', '1999-03-01', '1999-03-01']); // most recent first
    expect(data.nextCursor).toBeNull();
    expect(
      data.rows.find((r: { provider: string; day: string }) => r.day === '1999-03-01' && r.provider === 'anthropic'),
    ).toEqual({
      rowId: expect.any(String),
      requestId: expect.any(String),
      ts: Date.parse('1999-03-01T12:00:00Z'),
      day: '1999-03-01',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5-20250929',
      flow: 'chat',
      userId: a.owner.uid,
      calls: 1,
      inputTokens: 1_000_000,
      outputTokens: 100_000,
      cacheReadTokens: 0,
      cacheCreateTokens: 0,
      totalTokens: 1_100_000,
      costUsd: 4.5,
      costNanoUsd: 4_500_000_000,
      priced: true, // 3 + 1.5
    });
    // gpt-4o: 2M x 2.50 + 1M cached x 1.25 = 6.25; sonnet: 0.5M x 3 + 0.2M x 3.75 = 2.25
    expect(data.totals).toMatchObject({
      rows: 3,
      calls: 3,
      costUsd: 13,
      costNanoUsd: 13_000_000_000,
      totalTokens: 4_800_000,
    });
    expect(data.byDay).toEqual([
      expect.objectContaining({ day: '1999-03-01', costUsd: 10.75, rows: 2 }),
      expect.objectContaining({ day: '1999-03-02', costUsd: 2.25, rows: 1 }),
    ]);
    // each day split by model, by cost (the dashboard's stacked chart)
    expect(data.byDay[0].byModel).toEqual([
      { provider: 'openai', model: 'gpt-4o', calls: 1, costUsd: 6.25, costNanoUsd: 6_250_000_000 },
      {
        provider: 'anthropic',
        model: 'claude-sonnet-4-5-20250929',
        calls: 1,
        costUsd: 4.5,
        costNanoUsd: 4_500_000_000,
      },
    ]);
    expect(data.byDay[1].byModel).toEqual([
      { provider: 'anthropic', model: 'claude-sonnet-4-5', calls: 1, costUsd: 2.25, costNanoUsd: 2_250_000_000 },
    ]);
    // by cost, descending; a dated snapshot and its alias are priced alike but listed as reported
    expect(data.byModel).toEqual([
      expect.objectContaining({ provider: 'openai', model: 'gpt-4o', costUsd: 6.25, cacheReadTokens: 1_000_000 }),
      expect.objectContaining({ provider: 'anthropic', model: 'claude-sonnet-4-5-20250929', costUsd: 4.5 }),
      expect.objectContaining({
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        costUsd: 2.25,
        cacheCreateTokens: 200_000,
      }),
    ]);
    expect(data.byFlow).toEqual([
      expect.objectContaining({ flow: 'chat', costUsd: 6.75 }),
      expect.objectContaining({ flow: 'data', costUsd: 6.25 }),
    ]);
  });

  it('pages through the rows with nextCursor while every page carries the totals of the whole range', async () => {
    const c = await createCompany();
    for (let i = 0; i < 5; i++) {
      await seedRequest([
        {
          day: `1999-04-0${1 + (i % 2)}`,
          companyId: c.companyId,
          provider: 'openai',
          model: 'gpt-4o',
          input: 1000 * (i + 1),
        },
      ]);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pageNo = 0; pageNo < 3; pageNo++) {
      const res = await ai()
        .get(`/companies/${c.companyId}/ai-usage`)
        .query({ from: '1999-04-01', to: '1999-04-02', limit: 2, ...(cursor ? { cursor } : {}) })
        .set(bearer(admin));
      expect(res.status).toBe(200);
      expect(res.body.data.totals).toMatchObject({ rows: 5, inputTokens: 15_000 });
      seen.push(...res.body.data.rows.map((r: { rowId: string }) => r.rowId));
      cursor = res.body.data.nextCursor ?? undefined;
      expect(res.body.data.rows).toHaveLength(pageNo < 2 ? 2 : 1);
      if (pageNo === 2) expect(cursor).toBeUndefined();
    }
    expect(new Set(seen).size).toBe(5);
  });

  it('rejects a cursor it did not issue with 400 INVALID_CURSOR', async () => {
    const res = await ai()
      .get(`/companies/${a.companyId}/ai-usage`)
      .query({ cursor: 'bm90LWEtY3Vyc29y' })
      .set(bearer(admin));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_CURSOR');
    expect(res.body.details).toEqual([expect.objectContaining({ path: 'query.cursor' })]);
  });

  it('refuses limit[]=1 (a list where one value is expected) with 400 VALIDATION_FAILED, not as limit=1', async () => {
    const res = await ai().get(`/companies/${a.companyId}/ai-usage?limit[]=1`).set(bearer(admin));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'query.limit', message: 'takes one value: it was sent as a list (limit[]=...)' }],
    });
  });

  it('keeps days outside the range out', async () => {
    const res = await ai()
      .get(`/companies/${a.companyId}/ai-usage`)
      .query({ from: '1999-03-02', to: '1999-03-02' })
      .set(bearer(admin));
    expect(res.body.data.rows.map((r: { day: string }) => r.day)).toEqual(['1999-03-02']);
    expect(res.body.data.totals.costUsd).toBe(2.25);
  });

  it('returns the onboarding bucket separately from every company', async () => {
    const res = await ai()
      .get('/ai-usage/onboarding')
      .query({ from: '1999-03-01', to: '1999-03-03' })
      .set(bearer(admin));
    expect(res.body.data).toMatchObject({ bucket: 'onboarding', companyId: null, totals: { rows: 1, costUsd: 0.6 } }); // 0.3 + 0.3
    expect(res.body.data.rows).toEqual([
      expect.objectContaining({ flow: 'onboarding', model: 'claude-haiku-4-5', userId: null }),
    ]);
  });

  it('aggregates every company and the onboarding bucket for the dashboard', async () => {
    const res = await ai().get('/ai-usage/all').query({ from: '1999-03-01', to: '1999-03-03' }).set(bearer(admin));
    expect(res.status).toBe(200);
    const data = res.body.data;
    // b: gpt-4o-mini 4M x 0.15 + 1M x 0.60 = 1.2
    expect(data.totals).toMatchObject({ rows: 5, calls: 5, costNanoUsd: 14_800_000_000 });
    expect(data.byCompany).toEqual([
      expect.objectContaining({ companyId: a.companyId, companyName: 'Test Bistro', costUsd: 13, rows: 3 }),
      expect.objectContaining({ companyId: b.companyId, companyName: 'Test Bistro', costUsd: 1.2, rows: 1 }),
    ]);
    expect(data.onboarding).toMatchObject({ rows: 1, costUsd: 0.6 });
    expect(data.byDay.map((d: { day: string; costUsd: number }) => [d.day, d.costUsd])).toEqual([
      ['1999-03-01', 10.75],
      ['1999-03-02', 2.85],
      ['1999-03-03', 1.2],
    ]);
    expect(data.byFlow.map((f: { flow: string; costUsd: number }) => [f.flow, f.costUsd])).toEqual([
      ['chat', 7.95],
      ['data', 6.25],
      ['onboarding', 0.6],
    ]);
    expect(data.byModel).toHaveLength(5);
    expect(data.pricesAsOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('AI configuration', () => {
  beforeAll(async () => {
    await db().collection('aiConfig').doc('global').delete();
  });

  it('answers null for a company without an override, then the override once set', async () => {
    const c = await createCompany();
    const none = await ai().get(`/companies/${c.companyId}/ai-config`).set(bearer(admin));
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ success: true, data: null });

    const set = await ai()
      .patch(`/companies/${c.companyId}/ai-config`)
      .set(bearer(admin))
      .send({ provider: 'openai', model: 'gpt-4.1-mini' });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ provider: 'openai', model: 'gpt-4.1-mini', updatedAt: expect.any(Number) });
    const got = await ai().get(`/companies/${c.companyId}/ai-config`).set(bearer(admin));
    expect(got.body.data).toEqual(set.body.data);
  });

  it('accepts a dated snapshot of an offered model', async () => {
    const res = await ai()
      .patch(`/companies/${co.companyId}/ai-config`)
      .set(bearer(admin))
      .send({ provider: 'anthropic', model: 'claude-sonnet-4-5-20250929' });
    expect(res.status).toBe(200);
  });

  it('rejects an unknown provider with 422 UNKNOWN_PROVIDER and a model the provider does not offer with 422 UNKNOWN_MODEL', async () => {
    const before = await snapshotCompany(co.companyId);
    const provider = await ai()
      .patch(`/companies/${co.companyId}/ai-config`)
      .set(bearer(admin))
      .send({ provider: 'mistral', model: 'large' });
    expect(provider.status).toBe(422);
    expect(provider.body.code).toBe('UNKNOWN_PROVIDER');
    const crossed = await ai()
      .patch(`/companies/${co.companyId}/ai-config`)
      .set(bearer(admin))
      .send({ provider: 'openai', model: 'claude-haiku-4-5' });
    expect(crossed.status).toBe(422);
    expect(crossed.body.code).toBe('UNKNOWN_MODEL');
    expect(crossed.body.details[0].message).toContain('gpt-4o');
    const global = await ai()
      .patch('/ai-config/global')
      .set(bearer(admin))
      .send({ provider: 'anthropic', model: 'claude-7' });
    expect(global.status).toBe(422);
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('rejects a body with an unknown field or without a model with 400 VALIDATION_FAILED', async () => {
    const extra = await ai()
      .patch(`/companies/${co.companyId}/ai-config`)
      .set(bearer(admin))
      .send({ provider: 'openai', model: 'gpt-4o', updatedAt: 5 });
    expect(extra.status).toBe(400);
    const missing = await ai().patch('/ai-config/global').set(bearer(admin)).send({ provider: 'openai' });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([expect.objectContaining({ path: 'body.model' })]);
  });

  it('removes an override with DELETE, returning it, and answers 404 AI_CONFIG_NOT_FOUND when there is none', async () => {
    const c = await createCompany();
    await ai()
      .patch(`/companies/${c.companyId}/ai-config`)
      .set(bearer(admin))
      .send({ provider: 'openai', model: 'gpt-4o' });
    const removed = await ai().delete(`/companies/${c.companyId}/ai-config`).set(bearer(admin));
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ provider: 'openai', model: 'gpt-4o' });
    expect((await ai().get(`/companies/${c.companyId}/ai-config`).set(bearer(admin))).body.data).toBeNull();
    const again = await ai().delete(`/companies/${c.companyId}/ai-config`).set(bearer(admin));
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('AI_CONFIG_NOT_FOUND');
  });

  describe('which model a call uses', () => {
    let providers: LocalProviders;
    beforeAll(async () => {
      providers = await startProviders();
      await db().collection('aiConfig').doc('global').delete();
    });
    afterAll(() => providers.close());

    const callWithoutModel = async (c: TestCompany, key: string) => {
      const res = await probe()
        .post('/probe/company')
        .query({ companyId: c.companyId })
        .set(bearer(c.employee))
        .send({
          calls: [
            {
              mode: 'json',
              directive: { key, usage: { input_tokens: 1, output_tokens: 1, prompt_tokens: 1, completion_tokens: 1 } },
            },
          ],
        });
      expect(res.status).toBe(200);
      const sent = [...providers.anthropic.requests, ...providers.openai.requests].find((r) =>
        JSON.stringify(r.body).includes(key),
      )!;
      return { provider: sent.path.startsWith('/v1/messages') ? 'anthropic' : 'openai', model: sent.body.model };
    };

    it('uses the built-in default, then the global default, then the company override, and the global default again after DELETE', () =>
      withGlobalLock(async () => {
        await db().collection('aiConfig').doc('global').delete();
        const c = await createCompany();
        expect(
          await ai()
            .get('/ai-config/global')
            .set(bearer(c.employee))
            .then((r) => r.body.data),
        ).toEqual({ provider: 'anthropic', model: 'claude-sonnet-4-6', updatedAt: null, source: 'builtin' });
        expect(await callWithoutModel(c, `builtin-${c.companyId}`)).toEqual({
          provider: 'anthropic',
          model: 'claude-sonnet-4-6',
        });

        const global = await ai()
          .patch('/ai-config/global')
          .set(bearer(admin))
          .send({ provider: 'anthropic', model: 'claude-haiku-4-5' });
        expect(global.body.data).toMatchObject({
          provider: 'anthropic',
          model: 'claude-haiku-4-5',
          source: 'global',
          updatedAt: expect.any(Number),
        });
        expect(await callWithoutModel(c, `global-${c.companyId}`)).toEqual({
          provider: 'anthropic',
          model: 'claude-haiku-4-5',
        });

        await ai()
          .patch(`/companies/${c.companyId}/ai-config`)
          .set(bearer(admin))
          .send({ provider: 'openai', model: 'gpt-4o-mini' });
        expect(await callWithoutModel(c, `override-${c.companyId}`)).toEqual({
          provider: 'openai',
          model: 'gpt-4o-mini',
        });

        await ai().delete(`/companies/${c.companyId}/ai-config`).set(bearer(admin));
        expect(await callWithoutModel(c, `after-delete-${c.companyId}`)).toEqual({
          provider: 'anthropic',
          model: 'claude-haiku-4-5',
        });

        const usage = await ai().get(`/companies/${c.companyId}/ai-usage`).set(bearer(admin));
        expect(usage.body.data.byModel.map((m: { model: string }) => m.model).sort()).toEqual([
          'claude-haiku-4-5-20251001',
          'claude-sonnet-4-6',
          'gpt-4o-mini-2024-07-18',
        ]);
        await db().collection('aiConfig').doc('global').delete();
      }));

    it('uses the global default for calls made before a company exists', () =>
      withGlobalLock(async () => {
        await db().collection('aiConfig').doc('global').delete();
        await ai().patch('/ai-config/global').set(bearer(admin)).send({ provider: 'openai', model: 'gpt-4.1-mini' });
        const founder = await createUser({ label: 'founder' });
        const key = `onboarding-model-${founder.uid}`;
        const res = await probe()
          .post('/probe/onboarding')
          .set(bearer(founder))
          .send({
            calls: [
              {
                mode: 'stream',
                flow: 'onboarding',
                directive: { key, usage: { prompt_tokens: 5, completion_tokens: 5 } },
              },
            ],
          });
        expect(res.status).toBe(200);
        expect(providers.openai.requests.find((r) => JSON.stringify(r.body).includes(key))!.body.model).toBe(
          'gpt-4.1-mini',
        );
        await db().collection('aiConfig').doc('global').delete();
      }));
  });
});
