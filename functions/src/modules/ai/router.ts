import type { Bucket } from '../../ai/store';
import { ADMIN, AUTHENTICATED, defineRoute, type RouteDef } from '../../http/route';
import { lazyFile } from '../kit';
import { budgetBody, budgetOverviewSchema, budgetSchema, budgetStatusSchema } from './budget-schemas';
import {
  aiConfigBody,
  aiConfigSchema,
  allUsageSchema,
  bucketUsageQuery,
  bucketUsageSchema,
  companyIdParam,
  globalConfigSchema,
  MAX_RANGE_DAYS,
  rangeQuery,
} from './schemas';

const service = lazyFile<typeof import('./service')>(() => require('./service'));
const budgets = lazyFile<typeof import('./budget-service')>(() => require('./budget-service'));

const admin = ADMIN;
const RANGE_TEXT = `Range: \`from\`/\`to\` (UTC days, inclusive), default the last 30 days ending today; from after to, or more than ${MAX_RANGE_DAYS} days, is 400 INVALID_DATE_RANGE. The days are read in one batched lookup (getAll of the day documents plus one range query for the rows), not one lookup per day.`;
const PAGE_TEXT =
  'Totals, per-day, per-model and per-flow figures always cover the whole range (from the day aggregates); `rows` is one page, most recent first (`limit`, default 200, at most 5000); follow `nextCursor` for the rest.';
const ADMIN_TEXT =
  'Administrators only (the `admin` custom claim); deliberately no company-membership check (administrators are not members of the companies they look at). Others get 403 ADMIN_REQUIRED.';
const CONFIG_BODY_TEXT =
  'Body `{provider, model}`: provider `anthropic` or `openai` (otherwise 422 UNKNOWN_PROVIDER), model one the provider offers, i.e. a family of the price table or a dated snapshot of one (otherwise 422 UNKNOWN_MODEL, with the offered models in `details`). `updatedAt` is set by the server.';

const BUDGET_TEXT =
  'A budget caps the AI spend of a bucket per UTC period (day or month): before each model call an upper bound of its cost is reserved and the call is refused with 429 AI_BUDGET_EXCEEDED (Retry-After: the end of the period) when it does not fit; after the call the actual cost is settled. Crossing the soft threshold and reaching the cap email the owners and the administrators once per period. Optional per-flow caps apply to a flow family (chat, onboarding, data).';
const BUDGET_BODY_TEXT =
  'Body `{amountUsd, period, softThresholdPercent?, flowLimitsUsd?}`; replaces the previous budget and applies to the next model call.';

/** The GET, PUT and DELETE of one bucket's budget (a company's, or the onboarding bucket's). */
function bucketBudgetRoutes(path: string, what: string, bucketOf: (params: { id?: string }) => Bucket): RouteDef[] {
  const notFound = path.includes(':id') ? ' 404 COMPANY_NOT_FOUND for an unknown company.' : '';
  const params = path.includes(':id') ? companyIdParam : undefined;
  return [
    defineRoute({
      method: 'get',
      path,
      summary: `The AI budget of ${what}, its spend this period and the projection`,
      description: `${ADMIN_TEXT} ${BUDGET_TEXT} The projection extends the spend of the last 7 days to the end of the period.${notFound}`,
      access: admin,
      params,
      response: budgetStatusSchema,
      handler: ({ params: p }) => budgets().bucketBudget({ bucket: bucketOf(p as { id?: string }) }),
    }),
    defineRoute({
      method: 'put',
      path,
      summary: `Set the AI budget of ${what}`,
      description: `${ADMIN_TEXT} ${BUDGET_BODY_TEXT} ${BUDGET_TEXT}${notFound}`,
      access: admin,
      params,
      body: budgetBody,
      response: budgetStatusSchema,
      handler: ({ params: p, body, caller }) =>
        budgets().setBucketBudget({ bucket: bucketOf(p as { id?: string }), body, uid: caller.uid }),
    }),
    defineRoute({
      method: 'delete',
      path,
      summary: `Remove the AI budget of ${what}`,
      description: `${ADMIN_TEXT} The default budget applies again (none: calls are not limited). Idempotent: answers the status after the removal.${notFound}`,
      access: admin,
      params,
      response: budgetStatusSchema,
      handler: ({ params: p }) => budgets().deleteBucketBudget({ bucket: bucketOf(p as { id?: string }) }),
    }),
  ];
}

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/ai-budgets',
    summary: 'AI budgets: the default, the onboarding bucket and every company with a budget or spend this period',
    description: `${ADMIN_TEXT} ${BUDGET_TEXT} Companies come by percent of their budget used, descending; \`status\` tells which are near (projected past the soft threshold), alerting (past it) or over (exceeded).`,
    access: admin,
    response: budgetOverviewSchema,
    handler: () => budgets().budgetOverview(),
  }),
  defineRoute({
    method: 'put',
    path: '/ai-budgets/default',
    summary: 'Set the default AI budget (every bucket without its own)',
    description: `${ADMIN_TEXT} ${BUDGET_BODY_TEXT} Applies to every company without a budget of its own and to the onboarding bucket when it has none.`,
    access: admin,
    body: budgetBody,
    response: budgetSchema,
    handler: ({ body, caller }) => budgets().setDefaultBudget({ body, uid: caller.uid }),
  }),
  defineRoute({
    method: 'delete',
    path: '/ai-budgets/default',
    summary: 'Remove the default AI budget',
    description: `${ADMIN_TEXT} Buckets without a budget of their own are then not limited. Idempotent: answers null.`,
    access: admin,
    response: budgetSchema.nullable(),
    handler: () => budgets().deleteDefaultBudget(),
  }),
  ...bucketBudgetRoutes('/ai-budgets/onboarding', 'the onboarding bucket', () => ({ kind: 'onboarding' })),
  ...bucketBudgetRoutes('/companies/:id/ai-budget', 'a company', (p) => ({ kind: 'company', companyId: p.id! })),
  defineRoute({
    method: 'get',
    path: '/companies/:id/ai-usage',
    summary: 'AI usage rows and totals of one company',
    description: `${ADMIN_TEXT} ${RANGE_TEXT} Returns the usage rows with the totals, per day, per provider and model, and per flow. ${PAGE_TEXT} 404 COMPANY_NOT_FOUND for an unknown company.`,
    access: admin,
    params: companyIdParam,
    query: bucketUsageQuery,
    response: bucketUsageSchema,
    handler: ({ params, query }) => service().bucketUsage({ bucket: { kind: 'company', companyId: params.id }, query }),
  }),
  defineRoute({
    method: 'get',
    path: '/ai-usage/onboarding',
    summary: 'AI usage of the onboarding bucket',
    description: `${ADMIN_TEXT} Calls made before a company exists (AI-led onboarding of a new owner). ${RANGE_TEXT} ${PAGE_TEXT}`,
    access: admin,
    query: bucketUsageQuery,
    response: bucketUsageSchema,
    handler: ({ query }) => service().bucketUsage({ bucket: { kind: 'onboarding' }, query }),
  }),
  defineRoute({
    method: 'get',
    path: '/ai-usage/all',
    summary: 'Cross-company AI usage aggregate (admin dashboard)',
    description: `${ADMIN_TEXT} ${RANGE_TEXT} Totals of every company and the onboarding bucket; per company, per provider and model, per day and per flow, each with tokens and cost.`,
    access: admin,
    query: rangeQuery,
    response: allUsageSchema,
    handler: ({ query }) => service().allUsage({ query }),
  }),
  defineRoute({
    method: 'get',
    path: '/companies/:id/ai-config',
    summary: "The company's AI provider override, or null",
    description: `${ADMIN_TEXT} null when the company uses the global default. 404 COMPANY_NOT_FOUND for an unknown company.`,
    access: admin,
    params: companyIdParam,
    response: aiConfigSchema.nullable(),
    handler: ({ params }) => service().getCompanyConfig({ companyId: params.id }),
  }),
  defineRoute({
    method: 'patch',
    path: '/companies/:id/ai-config',
    summary: "Set the company's AI provider override",
    description: `${ADMIN_TEXT} ${CONFIG_BODY_TEXT} Replaces any previous override; the company's next model calls use it.`,
    access: admin,
    params: companyIdParam,
    body: aiConfigBody,
    response: aiConfigSchema,
    handler: ({ params, body, caller }) => service().setCompanyConfig({ companyId: params.id, body, uid: caller.uid }),
  }),
  defineRoute({
    method: 'delete',
    path: '/companies/:id/ai-config',
    summary: "Remove the company's AI provider override",
    description: `${ADMIN_TEXT} The company falls back to the global default. Returns the removed override; 404 AI_CONFIG_NOT_FOUND when there is none (so a repeated DELETE is 404).`,
    access: admin,
    params: companyIdParam,
    response: aiConfigSchema,
    handler: ({ params }) => service().deleteCompanyConfig({ companyId: params.id }),
  }),
  defineRoute({
    method: 'get',
    path: '/ai-config/global',
    summary: 'The global default AI provider and model',
    description:
      'Any authenticated caller (used by onboarding and as the fallback of every company without an override); no admin gate. Before any PATCH it answers the built-in default with `source: "builtin"` and `updatedAt: null`.',
    access: AUTHENTICATED,
    response: globalConfigSchema,
    handler: () => service().getGlobalConfig(),
  }),
  defineRoute({
    method: 'patch',
    path: '/ai-config/global',
    summary: 'Set the global default AI provider and model',
    description: `${ADMIN_TEXT} ${CONFIG_BODY_TEXT}`,
    access: admin,
    body: aiConfigBody,
    response: globalConfigSchema,
    handler: ({ body, caller }) => service().setGlobalConfig({ body, uid: caller.uid }),
  }),
];
