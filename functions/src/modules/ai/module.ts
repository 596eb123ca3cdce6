import { defineModule, lazyFile } from '../kit';
import { aiAdminErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

const COLLECTIONS = {
  company: ['aiUsage', 'aiUsageRows'],
  root: [
    'aiConfig',
    'aiBudgets',
    'aiBudgetLedgers',
    'aiUsageDays',
    'aiUsageBucketDays',
    'aiUsageOnboarding',
    'aiUsageOnboardingRows',
  ],
};

export default defineModule({
  name: 'ai',
  tag: 'ai-admin',
  description:
    'AI usage and cost tracking, and the model-provider configuration. Every language-model call adds to the usage of its request; at the end of the request one usage row per provider, model and flow is written under the company and the UTC day of the call (or the onboarding bucket for calls made before a company exists). Costs follow the cost rule (each token count at its per-million rate) with the price table of src/ai/prices.ts; a model missing from it is recorded with cost 0 and `priced: false`. Budgets cap the spend of a company (or the onboarding bucket) per day or month: checked and reserved atomically before each model call, refused with 429 AI_BUDGET_EXCEEDED when used up.',
  http: router,
  errors: aiAdminErrors.catalog,
  collections: COLLECTIONS,
  // usage is counted per company, day, provider, model and flow: no person in it
  personalData: Object.fromEntries([...COLLECTIONS.company, ...COLLECTIONS.root].map((c) => [c, 'none'] as const)),
});
