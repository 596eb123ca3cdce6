import type { ModuleHttp } from '../http/route';

/**
 * Which module serves each route, as data: `route-table.json`, written by `npm run openapi` from the
 * registry's routes (test/unit/openapi/review.test.ts fails while it is stale). A module that finds no
 * route for a request reads it to say where that path lives, without loading the other modules.
 */
export type RouteTable = Record<string, string[]>;

export const ROUTE_TABLE_FILE = 'src/modules/route-table.json';

/** Module name to its routes, `METHOD /express/:path`. */
export const routeTableOf = (modules: readonly { name: string; http: () => ModuleHttp }[]): RouteTable =>
  Object.fromEntries(modules.map((m) => [m.name, m.http().routes.map((r) => `${r.method.toUpperCase()} ${r.path}`)]));

export interface RouteOwner {
  module: string;
  methods: string[];
}

const patternOf = (expressPath: string) =>
  new RegExp(`^${expressPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`);

/** The modules other than `module` that serve `path`, with the methods they serve it with. */
export function servedElsewhere(table: RouteTable, module: string, path: string): RouteOwner[] {
  const owners: RouteOwner[] = [];
  for (const [name, routes] of Object.entries(table)) {
    if (name === module) continue;
    const methods = routes
      .map((route) => route.split(' '))
      .filter(([, routePath]) => patternOf(routePath).test(path))
      .map(([method]) => method);
    if (methods.length) owners.push({ module: name, methods: [...new Set(methods)] });
  }
  return owners;
}
