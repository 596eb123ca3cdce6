import type { z } from 'zod';
import { companyIdQuery, documentId } from '../../../../src/http/fields';
import { listRolesQuery, roleCreateBody, roleIdParam, rolePatchBody } from '../../../../src/modules/roles/schemas';
import { accepts, refuses } from '../../../helpers/accepts';

/** The request schemas of the roles module (and the shared id and boolean fields). */

const messages = (schema: z.ZodType, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

const subRole = { name: 'Head waiter', priority: 1 };

describe('POST /roles body', () => {
  it('applies the create defaults: priority 0, rate 0, subRoles {}', () => {
    expect(accepts(roleCreateBody, { name: 'Waiter' })).toEqual({ name: 'Waiter', priority: 0, rate: 0, subRoles: {} });
  });

  it('keeps the values sent instead of the defaults', () => {
    const role = {
      name: 'Cook',
      priority: 3,
      type: 'BOH',
      rate: 12.5,
      additionalSalary: 100,
      includedInLaborCost: false,
      subRoles: {
        line: {
          name: 'Line cook',
          priority: 2,
          acronym: 'LC',
          color: '#ff0000',
          description: 'Grill',
          archived: false,
        },
      },
    };
    expect(accepts(roleCreateBody, role)).toEqual(role);
  });

  it('refuses a missing or empty name', () => {
    expect(refuses(roleCreateBody, {})).toBe(true);
    expect(refuses(roleCreateBody, { name: '' })).toBe(true);
    expect(refuses(roleCreateBody, { name: 1 })).toBe(true);
  });

  it.each(['BOH', 'FOH', 'MNG'])('accepts type %s', (type) => {
    expect(accepts(roleCreateBody, { name: 'R', type }).type).toBe(type);
    expect(accepts(rolePatchBody, { type })).toEqual({ type });
  });

  it.each(['boh', 'XYZ', '', 1])('refuses type %j', (type) => {
    expect(refuses(roleCreateBody, { name: 'R', type })).toBe(true);
    expect(refuses(rolePatchBody, { type })).toBe(true);
  });

  it.each([
    ['priority', 1.5],
    ['priority', '1'],
    ['rate', -0.01],
    ['rate', '10'],
    ['additionalSalary', -1],
    ['additionalSalary', '1'],
    ['includedInLaborCost', 'true'],
    ['subRoles', []],
    ['subRoles', 'x'],
  ])('refuses %s = %j on create and on patch', (field, value) => {
    expect(refuses(roleCreateBody, { name: 'R', [field]: value })).toBe(true);
    expect(refuses(rolePatchBody, { [field]: value })).toBe(true);
  });

  it.each([
    ['priority', -2],
    ['priority', 0],
    ['rate', 0],
    ['rate', 15.75],
    ['additionalSalary', 0],
    ['additionalSalary', 250.5],
    ['includedInLaborCost', true],
    ['includedInLaborCost', false],
  ])('accepts %s = %j on create and on patch', (field, value) => {
    expect(accepts(roleCreateBody, { name: 'R', [field]: value })).toMatchObject({ [field]: value });
    expect(accepts(rolePatchBody, { [field]: value })).toEqual({ [field]: value });
  });
});

describe('sub-roles', () => {
  const withSub = (sub: unknown, key = 'host') => ({ name: 'FOH', subRoles: { [key]: sub } });

  it('accepts a sub-role with only name and priority, and keys of any length from 1', () => {
    expect(accepts(roleCreateBody, withSub(subRole)).subRoles).toEqual({ host: subRole });
    expect(accepts(roleCreateBody, withSub(subRole, 'h')).subRoles).toEqual({ h: subRole });
  });

  it.each([
    ['acronym', 'HW'],
    ['color', '#00ff00'],
    ['description', 'Greets guests'],
    ['archived', true],
    ['archived', false],
  ])('accepts the optional sub-role field %s = %j', (field, value) => {
    expect(accepts(roleCreateBody, withSub({ ...subRole, [field]: value })).subRoles.host).toEqual({
      ...subRole,
      [field]: value,
    });
  });

  it.each([
    ['a missing name', { priority: 1 }],
    ['an empty name', { name: '', priority: 1 }],
    ['a missing priority', { name: 'Host' }],
    ['a fractional priority', { name: 'Host', priority: 0.5 }],
    ['a non-string acronym', { ...subRole, acronym: 1 }],
    ['a non-string color', { ...subRole, color: 1 }],
    ['a non-string description', { ...subRole, description: 1 }],
    ['a non-boolean archived', { ...subRole, archived: 'yes' }],
    ['an unknown field', { ...subRole, wage: 10 }],
  ])('refuses a sub-role with %s', (_what, sub) => {
    expect(refuses(roleCreateBody, withSub(sub))).toBe(true);
    expect(refuses(rolePatchBody, { subRoles: { host: sub } })).toBe(true);
  });

  it('refuses an empty sub-role key', () => {
    expect(refuses(roleCreateBody, withSub(subRole, ''))).toBe(true);
  });
});

describe('PATCH /roles/{roleId} body', () => {
  it('accepts an empty patch without adding defaults', () => {
    expect(accepts(rolePatchBody, {})).toEqual({});
  });

  it('accepts each field alone, subRoles and name included', () => {
    expect(accepts(rolePatchBody, { name: 'Bar' })).toEqual({ name: 'Bar' });
    expect(accepts(rolePatchBody, { subRoles: { host: subRole } })).toEqual({ subRoles: { host: subRole } });
  });

  it('refuses an empty name and unknown fields (additionalProperties false)', () => {
    expect(refuses(rolePatchBody, { name: '' })).toBe(true);
    expect(refuses(rolePatchBody, { archived: true })).toBe(true);
    expect(refuses(rolePatchBody, { name: 'Bar', colour: 'red' })).toBe(true);
  });
});

describe('role query and path', () => {
  it('requires companyId and defaults includeArchived to false', () => {
    expect(accepts(listRolesQuery, { companyId: 'co-1' })).toEqual({ companyId: 'co-1', includeArchived: false });
    expect(refuses(listRolesQuery, {})).toBe(true);
    expect(refuses(listRolesQuery, { companyId: '' })).toBe(true);
  });

  it.each([
    ['true', true],
    ['false', false],
    ['1', true],
    ['0', false],
    ['yes', true],
    ['no', false],
  ])('reads includeArchived=%s as %s', (text, value) => {
    expect(accepts(listRolesQuery, { companyId: 'co-1', includeArchived: text }).includeArchived).toBe(value);
  });

  it.each(['maybe', '', '2'])('refuses includeArchived=%j', (text) => {
    expect(refuses(listRolesQuery, { companyId: 'co-1', includeArchived: text })).toBe(true);
  });

  it('takes only companyId in the query of create, patch and delete', () => {
    expect(accepts(companyIdQuery, { companyId: 'co-1' })).toEqual({ companyId: 'co-1' });
    expect(refuses(companyIdQuery, {})).toBe(true);
    expect(refuses(companyIdQuery, { companyId: 'a/b' })).toBe(true);
  });

  it('accepts a role id in the path and refuses a missing or invalid one', () => {
    expect(accepts(roleIdParam, { roleId: 'r1' })).toEqual({ roleId: 'r1' });
    expect(refuses(roleIdParam, {})).toBe(true);
    expect(refuses(roleIdParam, { roleId: '' })).toBe(true);
  });
});

describe('document ids (shared field)', () => {
  it.each(['a', 'role-1', 'x'.repeat(1500), 'ünïcödé'])('accepts %s', (id) => {
    expect(accepts(documentId, id)).toBe(id);
  });

  it.each([
    ['', 'must not be empty'],
    ['a/b', 'must not contain "/"'],
    ['.', 'must not be "." or ".."'],
    ['..', 'must not be "." or ".."'],
    ['__id__', 'must not start and end with "__" (reserved by Firestore)'],
  ])('refuses %j: %s', (id, message) => {
    expect(messages(documentId, id)).toContain(`: ${message}`);
  });

  it('refuses an id longer than 1,500 characters or bytes', () => {
    expect(refuses(documentId, 'x'.repeat(1501))).toBe(true);
    expect(messages(documentId, 'é'.repeat(751))).toEqual([': must be at most 1,500 bytes']);
  });

  it('refuses a non-string id', () => {
    expect(refuses(documentId, 12)).toBe(true);
  });
});
