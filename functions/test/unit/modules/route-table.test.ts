import fc from 'fast-check';
import routeTable from '../../../src/modules/route-table.json';
import { servedElsewhere, type RouteTable } from '../../../src/modules/route-table';

const table = routeTable as RouteTable;
const routes = Object.entries(table).flatMap(([module, list]) =>
  list.map((route) => {
    const [method, path] = route.split(' ');
    return { module, method, path };
  }),
);
/** A path parameter's value as a caller sends it: a document id. */
const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/);

describe("the route table behind ROUTE_NOT_FOUND's hint", () => {
  it('names, to any other module, the module serving a path with any parameter values, and the method', () => {
    fc.assert(
      fc.property(fc.constantFrom(...routes), fc.array(segment, { minLength: 4, maxLength: 4 }), (route, values) => {
        let i = 0;
        const path = route.path.replace(/:\w+/g, () => values[i++]);
        const asker = Object.keys(table).find((name) => name !== route.module)!;
        const owner = servedElsewhere(table, asker, path).find((o) => o.module === route.module);
        expect(owner?.methods).toContain(route.method);
        expect(servedElsewhere(table, route.module, path).some((o) => o.module === route.module)).toBe(false);
      }),
    );
  });

  it('names nobody for a path no module serves, or one with a segment too many', () => {
    expect(servedElsewhere(table, 'roles', '/nowhere')).toEqual([]);
    expect(servedElsewhere(table, 'payroll', '/roles/r1/extra/segments')).toEqual([]);
  });
});
