import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { z } from 'zod';
import {
  dependsOnPolicies,
  maySee,
  POLICIES_NOT_READ,
  recordOf,
  schemaTags,
  VISIBILITY_TAGS,
  withhold,
  visibleTo,
  type Viewer,
  type VisibilityTag,
} from '../../../src/http/visibility';

const row = recordOf(
  z.object({
    employeeId: z.string(),
    name: z.string(),
    rate: visibleTo(z.number(), 'pay'),
    tips: visibleTo(z.number().nullable(), 'tips'),
    total: visibleTo(visibleTo(z.number().nullable(), 'pay'), 'tips'),
    email: visibleTo(z.string(), 'contact').optional(),
    shift: z.object({ start: z.number(), end: visibleTo(z.number().nullable(), 'shiftEnd') }),
    labor: visibleTo(z.number(), 'pay', 'laborCost').optional(),
  }),
  'employeeId',
);
const answer = z.object({ hidden: z.array(z.string()), rows: z.array(row) });
const FIELD_TAGS: Record<string, VisibilityTag[]> = {
  rate: ['pay'],
  tips: ['tips'],
  total: ['pay', 'tips'],
  email: ['contact'],
  labor: ['pay', 'laborCost'],
};

const ids = fc.constantFrom('e1', 'e2', 'e3');
const rowArb = fc.record({
  employeeId: ids,
  name: fc.string(),
  rate: fc.integer(),
  tips: fc.option(fc.integer()),
  total: fc.option(fc.integer()),
  email: fc.emailAddress(),
  shift: fc.record({ start: fc.nat(1440), end: fc.option(fc.nat(1440)) }),
  labor: fc.integer(),
});
const viewerArb: fc.Arbitrary<Viewer> = fc.option(
  fc.record({
    role: fc.constantFrom('owner', 'manager', 'employee'),
    employeeId: fc.option(ids),
    policies: fc.record({
      hideFinancialInfoFromManagers: fc.boolean(),
      hideTipsFromManagers: fc.boolean(),
      employeesCanSeeShiftEndTimes: fc.boolean(),
      hasAccessToLaborCost: fc.boolean(),
    }),
  }),
);

describe('field visibility', () => {
  it('withholds exactly the tagged fields the viewer may not see, on its own record and on others', () => {
    fc.assert(
      fc.property(viewerArb, fc.array(rowArb, { maxLength: 5 }), (viewer, rows) => {
        const data = answer.parse({ hidden: [], rows: structuredClone(rows) });
        const withheld = withhold(answer, data, viewer);
        const expectedHidden = new Set<VisibilityTag>();
        data.rows.forEach((seen, i) => {
          const before = rows[i];
          const own = viewer !== null && viewer.employeeId !== null && before.employeeId === viewer.employeeId;
          for (const [field, tags] of Object.entries(FIELD_TAGS)) {
            const denied = tags.filter((t) => !maySee(viewer, t, own));
            denied.forEach((t) => expectedHidden.add(t));
            const value = (seen as Record<string, unknown>)[field];
            if (denied.length) expect(value ?? null).toBeNull();
            else expect(value).toEqual((before as Record<string, unknown>)[field]);
          }
          const endDenied = !maySee(viewer, 'shiftEnd', own);
          if (endDenied) expectedHidden.add('shiftEnd');
          expect(seen.shift.end).toEqual(endDenied ? null : before.shift.end);
          expect([seen.name, seen.employeeId, seen.shift.start]).toEqual([
            before.name,
            before.employeeId,
            before.shift.start,
          ]);
        });
        expect(new Set(withheld)).toEqual(expectedHidden);
        expect(new Set(data.hidden)).toEqual(expectedHidden);
      }),
    );
  });

  it('owners with labour cost on, and callers who are not members, see everything', () => {
    const full: Viewer[] = [
      null,
      {
        role: 'owner',
        employeeId: null,
        policies: {
          hideFinancialInfoFromManagers: true,
          hideTipsFromManagers: true,
          employeesCanSeeShiftEndTimes: false,
          hasAccessToLaborCost: true,
        },
      },
    ];
    for (const tag of ['pay', 'laborCost', 'tips', 'contact', 'shiftEnd'] as const)
      for (const viewer of full) expect(maySee(viewer, tag, false)).toBe(true);
  });
});

describe('a view built without the company policies', () => {
  // every role, tag, ownership and policy combination (576 of them): a missed one would be a leak
  const everyPolicies = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15].map((bits) => ({
    hideFinancialInfoFromManagers: (bits & 1) > 0,
    hideTipsFromManagers: (bits & 2) > 0,
    employeesCanSeeShiftEndTimes: (bits & 4) > 0,
    hasAccessToLaborCost: (bits & 8) > 0,
  }));

  it('sees what it would see with any policies, whenever its tags do not depend on them', () => {
    const leaks: string[] = [];
    for (const role of ['employee', 'manager', 'owner'] as const)
      for (const tag of VISIBILITY_TAGS)
        for (const own of [false, true])
          for (const policies of everyPolicies) {
            if (dependsOnPolicies(role, [tag])) continue;
            const viewer = (p: typeof policies) => ({ role, employeeId: 'e1', policies: p });
            if (maySee(viewer(POLICIES_NOT_READ), tag, own) !== maySee(viewer(policies), tag, own))
              leaks.push(`${role} ${tag} own=${own} ${JSON.stringify(policies)}`);
          }
    expect(leaks).toEqual([]);
  });

  it('is built only when no policy could change the view (each dependence is real)', () => {
    const all = everyPolicies;
    for (const role of ['employee', 'manager', 'owner'] as const)
      for (const tag of VISIBILITY_TAGS) {
        const answers = new Set(all.map((policies) => maySee({ role, employeeId: 'e1', policies }, tag, false)));
        expect([role, tag, dependsOnPolicies(role, [tag])]).toEqual([role, tag, answers.size > 1]);
      }
  });

  it('knows every tag of a schema, at any depth', () => {
    expect([...schemaTags(answer)].sort()).toEqual(['contact', 'laborCost', 'pay', 'shiftEnd', 'tips']);
    expect([...schemaTags(z.object({ a: z.string() }))]).toEqual([]);
  });
});

describe('the tags in the API description', () => {
  const doc = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../docs/openapi.json'), 'utf8'));
  const tagged: string[] = [];
  const requiredTagged: string[] = [];
  const visit = (node: unknown, at: string): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${at}[${i}]`));
    if (typeof node !== 'object' || node === null) return;
    const schema = node as Record<string, unknown>;
    const properties = schema.properties as Record<string, Record<string, unknown>> | undefined;
    for (const [name, property] of Object.entries(properties ?? {})) {
      if (!property['x-visibility']) continue;
      tagged.push(`${at}.${name}`);
      if ((schema.required as string[] | undefined)?.includes(name)) requiredTagged.push(`${at}.${name}`);
    }
    for (const [key, value] of Object.entries(schema)) visit(value, `${at}.${key}`);
  };
  visit(doc.paths, 'paths');
  visit(doc.components.schemas, 'components.schemas');

  it('mark every kind of tagged field, none of them required in an answer', () => {
    const tags = new Set(tagged.map((at) => at.split('.').pop()));
    for (const field of ['rate', 'costMinor', 'tips', 'laborCost', 'regularPay', 'email', 'end', 'scheduledEndAt'])
      expect(tags).toContain(field);
    expect(requiredTagged).toEqual([]);
  });
});
