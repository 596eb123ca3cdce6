/**
 * The typed client against the running local stack, through the one address (the Hosting emulator's
 * `/api`): one operation of every module and service, with one client and one base URL.
 */
import { isApiError, unwrap, type WorkforceClient } from '../src';
import { ACCOUNTS, closeFirebaseApps, HARBOR, rewrittenFunctions, signedInClient, thisWeek } from './helpers';

let api: WorkforceClient;

beforeAll(async () => {
  ({ api } = await signedInClient(ACCOUNTS.owner));
});

afterAll(closeFirebaseApps);

const companyId = HARBOR;
const query = { companyId };

/** The answer, or the code of an error the module itself answered (not the fallback's ROUTE_NOT_FOUND). */
const moduleAnswer = (call: Promise<unknown>) =>
  call.catch((err: unknown) => (isApiError(err) && err.code !== 'ROUTE_NOT_FOUND' ? err.code : Promise.reject(err)));

/** One operation of each function the rewrites reach, called as the owner of Harbor & Vine. */
const OPERATION_OF: Record<string, (api: WorkforceClient) => Promise<unknown>> = {
  companies: (api) => unwrap(api.GET('/companies/{id}', { params: { path: { id: companyId } } })),
  compliance: (api) => unwrap(api.GET('/compliance/rules', { params: { query: { companyId } } })),
  roles: (api) => unwrap(api.GET('/roles', { params: { query } })),
  employees: (api) => unwrap(api.GET('/employees', { params: { query } })),
  schedule: (api) => unwrap(api.GET('/shifts', { params: { query: { companyId, ...thisWeek() } } })),
  attendance: (api) => unwrap(api.GET('/locks', { params: { query } })),
  ai: (api) => unwrap(api.GET('/ai-config/global')),
  sales: (api) => unwrap(api.GET('/sales', { params: { query: { companyId, ...thisWeek() } } })),
  payroll: (api) => unwrap(api.GET('/payroll/periods', { params: { query } })),
  tipPools: (api) => unwrap(api.GET('/tip-pools', { params: { query } })),
  integrations: (api) => unwrap(api.GET('/integrations', { params: { query } })),
  integrationEngine: (api) => unwrap(api.GET('/runs', { params: { query } })),
  posSync: (api) => unwrap(api.GET('/csv-imports', { params: { query } })),
  auth: (api) => unwrap(api.GET('/me')),
  calculator: (api) => unwrap(api.POST('/calculator/expression', { body: { expression: '(1249.95 + 80.05) * 0.15' } })),
  aiMemory: (api) => unwrap(api.GET('/memories', { params: { query } })),
  // a session of its own is rate-limited per address: reading an unknown one is an answer of the module too
  onboarding: (api) =>
    moduleAnswer(
      unwrap(api.GET('/onboarding/sessions/{sessionId}', { params: { path: { sessionId: 'no-such-session' } } })),
    ),
  documents: (api) => unwrap(api.GET('/documents', { params: { query } })),
  applicants: (api) => unwrap(api.GET('/postings', { params: { query } })),
  posts: (api) => unwrap(api.GET('/posts', { params: { query } })),
  messaging: (api) => unwrap(api.GET('/messaging/conversations', { params: { query } })),
  requests: (api) => unwrap(api.GET('/requests', { params: { query } })),
  leave: (api) => unwrap(api.GET('/leave-policies', { params: { query } })),
  chat: (api) => unwrap(api.GET('/conversations', { params: { query } })),
  webhooks: (api) => unwrap(api.GET('/webhook-endpoints', { params: { query } })),
  events: (api) => unwrap(api.GET('/events/types')),
  forecast: (api) => unwrap(api.GET('/forecast', { params: { query } })),
  // no deletion requested for the demo company: the module says so
  privacy: (api) => moduleAnswer(unwrap(api.GET('/privacy/company-deletion', { params: { query } }))),
  // an organization the owner is not in: the module answers that it does not exist
  organizations: (api) =>
    moduleAnswer(unwrap(api.GET('/organizations/{orgId}', { params: { path: { orgId: 'no-such-organization' } } }))),
  docs: (api) => unwrap(api.GET('/openapi')),
  posSyncService: (api) => unwrap(api.GET('/health')),
};

describe('one client over the one address reaches every module', () => {
  it('has an operation here for every function the Hosting rewrites reach', () => {
    expect(Object.keys(OPERATION_OF).sort()).toEqual(rewrittenFunctions());
  });

  it.each(Object.keys(OPERATION_OF))('%s answers through the one address', async (name) => {
    const answer = await OPERATION_OF[name](api);
    expect(answer).toBeDefined();
  });

  it('answers a path no module serves with ROUTE_NOT_FOUND in the envelope, as a typed error', async () => {
    const failure = await api.fetchRaw('/no-such-route').catch((err: unknown) => err);
    expect(isApiError(failure, 'ROUTE_NOT_FOUND')).toBe(true);
    expect(failure).toMatchObject({ status: 404 });
  });
});
