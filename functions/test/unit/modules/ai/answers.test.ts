import {
  aiConfigSchema,
  allUsageSchema,
  bucketUsageSchema,
  globalConfigSchema,
} from '../../../../src/modules/ai/schemas';
import { keepsAnswer } from '../../../helpers/keeps-answer';

const counters = (costNanoUsd: number) => ({
  rows: 3,
  calls: 5,
  unpricedCalls: 1,
  inputTokens: 1200,
  outputTokens: 300,
  cacheReadTokens: 4000,
  cacheCreateTokens: 100,
  totalTokens: 5600,
  costUsd: costNanoUsd / 1e9,
  costNanoUsd,
});
const byModel = [
  { ...counters(7_500_000), provider: 'anthropic', model: 'claude-sonnet-4-5' },
  { ...counters(1_000_000), provider: 'openai', model: 'gpt-4o' },
];
const byDay = [
  {
    ...counters(8_500_000),
    day: '2026-11-20',
    byModel: [{ provider: 'anthropic', model: 'claude-sonnet-4-5', calls: 4, costUsd: 0.0075, costNanoUsd: 7_500_000 }],
  },
];
const byFlow = [{ ...counters(8_500_000), flow: 'chat.answer' }];

describe('AI usage answers keep every figure', () => {
  it('a company bucket and the onboarding bucket', () => {
    const row = {
      rowId: 'r1',
      requestId: 'req-1',
      ts: 1_763_600_000_000,
      day: '2026-11-20',
      provider: 'openai',
      model: 'gpt-4o-2024-08-06',
      flow: 'chat.plan',
      userId: null,
      calls: 2,
      inputTokens: 100,
      outputTokens: 50,
      cacheReadTokens: 0,
      cacheCreateTokens: 0,
      totalTokens: 150,
      costUsd: 0.00075,
      costNanoUsd: 750_000,
      priced: true,
    };
    for (const bucket of ['company', 'onboarding'] as const) {
      keepsAnswer(bucketUsageSchema, {
        bucket,
        companyId: bucket === 'company' ? 'c1' : null,
        companyName: bucket === 'company' ? 'Harbor & Vine' : null,
        from: '2026-11-01',
        to: '2026-11-30',
        totals: counters(8_500_000),
        byDay,
        byModel,
        byFlow,
        rows: [row, { ...row, rowId: 'r2', userId: 'u1', priced: false, costUsd: 0, costNanoUsd: 0 }],
        nextCursor: 'abc',
      });
    }
  });

  it('all companies', () => {
    keepsAnswer(allUsageSchema, {
      from: '2026-11-01',
      to: '2026-11-30',
      pricesAsOf: '2026-11-21',
      totals: counters(9_000_000),
      byCompany: [
        { ...counters(8_500_000), companyId: 'c1', companyName: 'Harbor & Vine' },
        { ...counters(500_000), companyId: 'c2', companyName: null },
      ],
      onboarding: counters(0),
      byModel,
      byDay,
      byFlow,
    });
  });

  it('a company override and the global default, written or built in', () => {
    keepsAnswer(aiConfigSchema, { provider: 'anthropic', model: 'claude-haiku-4-5', updatedAt: 1_763_600_000_000 });
    keepsAnswer(globalConfigSchema, {
      provider: 'openai',
      model: 'gpt-4o-mini',
      updatedAt: 1_763_600_000_000,
      source: 'global',
    });
    keepsAnswer(globalConfigSchema, {
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      updatedAt: null,
      source: 'builtin',
    });
  });
});
