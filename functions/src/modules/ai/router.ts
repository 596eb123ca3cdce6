import { ADMIN, AUTHENTICATED, defineRoute, type RouteDef } from '../../http/route';
import * as service from './service';
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

const admin = ADMIN;
const RANGE_TEXT = `Range: \`from\`/\`to\` (UTC days, inclusive), default the last 30 days ending today; from after to, or more than ${MAX_RANGE_DAYS} days, is 400 INVALID_DATE_RANGE. The days are read in one batched lookup (getAll of the day documents plus one range query for the rows), not one lookup per day.`;
const PAGE_TEXT =
  'Totals, per-day, per-model and per-flow figures always cover the whole range (from the day aggregates); `rows` is one page, most recent first (`limit`, default 200, at most 5000); follow `nextCursor` for the rest.';
const ADMIN_TEXT =
  'Administrators only (the `admin` custom claim); deliberately no company-membership check (administrators are not members of the companies they look at). Others get 403 ADMIN_REQUIRED.';
const CONFIG_BODY_TEXT =
  'Body `{provider, model}`: provider `anthropic` or `openai` (otherwise 422 UNKNOWN_PROVIDER), model one the provider offers, i.e. a family of the price table or a dated snapshot of one (otherwise 422 UNKNOWN_MODEL, with the offered models in `details`). `updatedAt` is set by the server.';

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/companies/:id/ai-usage',
    summary: 'AI usage rows and totals of one company',
    description: `${ADMIN_TEXT} ${RANGE_TEXT} Returns the usage rows with the totals, per day, per provider and model, and per flow. ${PAGE_TEXT} 404 COMPANY_NOT_FOUND for an unknown company.`,
    access: admin,
    params: companyIdParam,
    query: bucketUsageQuery,
    response: bucketUsageSchema,
    handler: ({ params, query }) => service.bucketUsage({ bucket: { kind: 'company', companyId: params.id }, query }),
  }),
  defineRoute({
    method: 'get',
    path: '/ai-usage/onboarding',
    summary: 'AI usage of the onboarding bucket',
    description: `${ADMIN_TEXT} Calls made before a company exists (AI-led onboarding of a new owner). ${RANGE_TEXT} ${PAGE_TEXT}`,
    access: admin,
    query: bucketUsageQuery,
    response: bucketUsageSchema,
    handler: ({ query }) => service.bucketUsage({ bucket: { kind: 'onboarding' }, query }),
  }),
  defineRoute({
    method: 'get',
    path: '/ai-usage/all',
    summary: 'Cross-company AI usage aggregate (admin dashboard)',
    description: `${ADMIN_TEXT} ${RANGE_TEXT} Totals of every company and the onboarding bucket; per company, per provider and model, per day and per flow, each with tokens and cost.`,
    access: admin,
    query: rangeQuery,
    response: allUsageSchema,
    handler: ({ query }) => service.allUsage({ query }),
  }),
  defineRoute({
    method: 'get',
    path: '/companies/:id/ai-config',
    summary: "The company's AI provider override, or null",
    description: `${ADMIN_TEXT} null when the company uses the global default. 404 COMPANY_NOT_FOUND for an unknown company.`,
    access: admin,
    params: companyIdParam,
    response: aiConfigSchema.nullable(),
    handler: ({ params }) => service.getCompanyConfig({ companyId: params.id }),
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
    handler: ({ params, body, caller }) => service.setCompanyConfig({ companyId: params.id, body, uid: caller.uid }),
  }),
  defineRoute({
    method: 'delete',
    path: '/companies/:id/ai-config',
    summary: "Remove the company's AI provider override",
    description: `${ADMIN_TEXT} The company falls back to the global default. Returns the removed override; 404 AI_CONFIG_NOT_FOUND when there is none (so a repeated DELETE is 404).`,
    access: admin,
    params: companyIdParam,
    response: aiConfigSchema,
    handler: ({ params }) => service.deleteCompanyConfig({ companyId: params.id }),
  }),
  defineRoute({
    method: 'get',
    path: '/ai-config/global',
    summary: 'The global default AI provider and model',
    description:
      'Any authenticated caller (used by onboarding and as the fallback of every company without an override); no admin gate. Before any PATCH it answers the built-in default with `source: "builtin"` and `updatedAt: null`.',
    access: AUTHENTICATED,
    response: globalConfigSchema,
    handler: () => service.getGlobalConfig(),
  }),
  defineRoute({
    method: 'patch',
    path: '/ai-config/global',
    summary: 'Set the global default AI provider and model',
    description: `${ADMIN_TEXT} ${CONFIG_BODY_TEXT}`,
    access: admin,
    body: aiConfigBody,
    response: globalConfigSchema,
    handler: ({ body, caller }) => service.setGlobalConfig({ body, uid: caller.uid }),
  }),
];
