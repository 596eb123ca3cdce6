/**
 * A typed client of the API as a consumer would write it: openapi-fetch over the types that
 * openapi-typescript generates from docs/openapi.json. `./openapi` does not exist in the repository:
 * test/unit/openapi/review.test.ts generates it into a temporary directory and compiles this file
 * against it (strict), which is why tsconfig.json leaves this folder out. At run time the type-only
 * import disappears, and the test calls a real module through these functions.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './openapi';

export type ApiClient = Client<paths>;

/** One client over the one address of the API (or a module's own function URL: the same paths). */
export function moduleClient(baseUrl: string, idToken?: string): ApiClient {
  return createClient<paths>({ baseUrl, headers: idToken ? { Authorization: `Bearer ${idToken}` } : {} });
}

/** The error envelope of a failed call, as an Error carrying its code. */
function failure(error: { code: string; error: string }): Error {
  return Object.assign(new Error(`${error.code}: ${error.error}`), { code: error.code });
}

export async function roleNames(roles: ApiClient, companyId: string): Promise<string[]> {
  const { data, error } = await roles.GET('/roles', { params: { query: { companyId, includeArchived: false } } });
  if (error) throw failure(error);
  return data.data.map((role) => role.name);
}

export async function createRole(roles: ApiClient, companyId: string, name: string): Promise<string> {
  const { data, error } = await roles.POST('/roles', {
    params: { query: { companyId } },
    body: { name, type: 'FOH', rate: 18.5, subRoles: { host: { name: 'Host', priority: 1 } } },
  });
  if (error) throw failure(error);
  return data.data.id;
}

export async function renameCompany(companies: ApiClient, id: string, name: string): Promise<number | undefined> {
  const { data, error } = await companies.PATCH('/companies/{id}', {
    params: { path: { id } },
    body: { name, weekStartingDay: 1, timeFormat: '24h' },
  });
  if (error) throw failure(error);
  return data.data.weekStartingDay;
}

export async function shiftMinutes(
  schedule: ApiClient,
  companyId: string,
  startDate: string,
  endDate: string,
): Promise<number> {
  const { data, error } = await schedule.GET('/shifts', {
    params: { query: { companyId, startDate, endDate, includeDraft: true } },
  });
  if (error) throw failure(error);
  // withheld from employees whose company hides shift ends (x-visibility shiftEnd)
  return data.data.reduce((total, shift) => total + (shift.minutes ?? 0), 0);
}

/** GET /openapi of the docs module: the API description inside the envelope (no authentication). */
export async function openApiDocument(docs: ApiClient): Promise<Record<string, unknown>> {
  const { data, error, response } = await docs.GET('/openapi');
  if (error) throw failure(error);
  if (!data.success || response.status !== 200) throw new Error(`unexpected answer ${response.status}`);
  return data.data;
}
