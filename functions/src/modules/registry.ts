import type { ModuleDef } from '../http/route';

/**
 * Every module of the API, by function name. Loaded lazily so that one function's cold start
 * loads only its own module; the docs module loads them all to describe them.
 */
export const MODULE_LOADERS: Record<string, () => ModuleDef> = {
  companies: () => require('./companies/router').companiesModule,
  roles: () => require('./roles/router').rolesModule,
  employees: () => require('./employees/router').employeesModule,
  schedule: () => require('./schedule/router').scheduleModule,
  docs: () => require('./docs/router').docsModule,
  sales: () => require('./sales/router').salesModule,
  ai: () => require('./ai/router').aiModule,
};

export function allModules(): ModuleDef[] {
  return Object.values(MODULE_LOADERS).map((load) => load());
}
