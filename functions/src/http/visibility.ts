import { z } from 'zod';
import type { Membership } from '../core/memberships';

/**
 * Field visibility: who may see which response fields.
 *
 * A response field that carries pay, labour cost, tips, contact details, personal (HR) data or a shift's end is tagged
 * once, in its zod schema (`visibleTo(schema, 'pay')`); the tags reach the API description as
 * `x-visibility`. A caller's view (role, the company's policies, whether a record is their own)
 * then removes from an answer every tagged field it may not see: the route layer applies it to every
 * answer, and the modules apply the same `withhold` to what does not leave through a route's schema
 * (CSV files, the assistant's tools).
 */
export const VISIBILITY_TAGS = ['pay', 'laborCost', 'tips', 'contact', 'personal', 'shiftEnd'] as const;
export type VisibilityTag = (typeof VISIBILITY_TAGS)[number];

/** The metadata key of the tags, in zod and in the API description. */
export const VISIBILITY_KEY = 'x-visibility';
/** The metadata key, on an object schema, of the field naming the employee the record belongs to. */
export const RECORD_OWNER_KEY = 'x-record-owner';

/** The company settings and policies a view depends on. */
export interface ViewPolicies {
  hideFinancialInfoFromManagers: boolean;
  hideTipsFromManagers: boolean;
  employeesCanSeeShiftEndTimes: boolean;
  hasAccessToLaborCost: boolean;
}

/** Who is looking; null is the full view (our own jobs, administrators, public and key routes). */
export type Viewer = { role: Membership['role']; employeeId: string | null; policies: ViewPolicies } | null;

/** Tags a response field (its tags add to any it has already). */
export function visibleTo<S extends z.ZodType>(schema: S, ...tags: VisibilityTag[]): S {
  return schema.meta({ [VISIBILITY_KEY]: [...new Set([...tagsOf(schema), ...tags])] }) as S;
}

/** Marks an object schema as an employee's record: `field` names the employee (their own record is theirs to see). */
export function recordOf<S extends z.ZodType>(schema: S, field: string): S {
  return schema.meta({ [RECORD_OWNER_KEY]: field }) as S;
}

/**
 * Whether a viewer may see a field carrying `tag`. `own`: the field is part of the viewer's own
 * record. Owners see everything but what the company switched off for all (labour cost without
 * `hasAccessToLaborCost`); managers see pay and tips unless a policy hides them (their own always),
 * contact details, personal data and shift ends; employees see their own pay, tips, contact details
 * and personal data, nobody else's, and shift ends while `employeesCanSeeShiftEndTimes` is on.
 */
export function maySee(viewer: Viewer, tag: VisibilityTag, own: boolean): boolean {
  if (!viewer) return true;
  const { role, policies } = viewer;
  if (tag === 'laborCost') return policies.hasAccessToLaborCost;
  if (role === 'owner') return true;
  if (tag === 'shiftEnd') return role === 'manager' || policies.employeesCanSeeShiftEndTimes;
  if (own) return true;
  if (role === 'employee') return false;
  if (tag === 'pay') return !policies.hideFinancialInfoFromManagers;
  if (tag === 'tips') return !policies.hideTipsFromManagers;
  return true;
}

/**
 * Whether what `role` may see of fields carrying `tags` depends on the company's policies (as
 * `maySee` decides): labour cost always does; an owner's view of anything else does not; a manager's
 * view of pay and tips does (hideFinancialInfoFromManagers, hideTipsFromManagers), an employee's
 * view of shift ends does (employeesCanSeeShiftEndTimes). A view that does not is built without
 * reading the company's three config documents.
 */
export function dependsOnPolicies(role: Membership['role'], tags: Iterable<VisibilityTag>): boolean {
  for (const tag of tags) {
    if (tag === 'laborCost') return true;
    if (role === 'manager' && (tag === 'pay' || tag === 'tips')) return true;
    if (role === 'employee' && tag === 'shiftEnd') return true;
  }
  return false;
}

/**
 * The policies of a view whose tags do not depend on them (`dependsOnPolicies`): `maySee` never
 * reads them, so their values decide nothing.
 */
export const POLICIES_NOT_READ: ViewPolicies = Object.freeze({
  hideFinancialInfoFromManagers: true,
  hideTipsFromManagers: true,
  employeesCanSeeShiftEndTimes: false,
  hasAccessToLaborCost: false,
});

type Meta = Record<string, unknown> | undefined;
const defOf = (schema: z.ZodType) => (schema as z.ZodType & { _zod: { def: Record<string, unknown> } })._zod.def;
const metaOf = (schema: z.ZodType): Meta => z.globalRegistry.get(schema) as Meta;
const tagsOf = (schema: z.ZodType): VisibilityTag[] => (metaOf(schema)?.[VISIBILITY_KEY] as VisibilityTag[]) ?? [];

/** The schema under its wrappers (optional, nullable, default, pipe ...), with every tag met on the way. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; tags: VisibilityTag[]; nullable: boolean; optional: boolean } {
  const tags = new Set<VisibilityTag>();
  let nullable = false;
  let optional = false;
  let current = schema;
  for (;;) {
    for (const tag of tagsOf(current)) tags.add(tag);
    const def = defOf(current);
    if (def.type === 'nullable') nullable = true;
    if (def.type === 'optional') optional = true;
    const next =
      def.type === 'pipe'
        ? defOf(def.out as z.ZodType).type === 'transform'
          ? (def.in as z.ZodType)
          : (def.out as z.ZodType)
        : def.type === 'lazy'
          ? (def.getter as () => z.ZodType)()
          : (def.innerType as z.ZodType | undefined);
    if (!next) return { inner: current, tags: [...tags], nullable, optional };
    current = next;
  }
}

const taggedCache = new WeakMap<z.ZodType, boolean>();

/** The tags of each field of an object schema (a field without one is absent). */
export function fieldTags(schema: z.ZodType): Record<string, VisibilityTag[]> {
  const def = defOf(unwrap(schema).inner);
  if (def.type !== 'object') throw new Error('fieldTags needs an object schema');
  const out: Record<string, VisibilityTag[]> = {};
  for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
    const { tags } = unwrap(field);
    if (tags.length) out[key] = tags;
  }
  return out;
}

/** Whether any field of a schema carries a tag (an answer without one needs no view). */
export function hasTaggedFields(schema: z.ZodType): boolean {
  const known = taggedCache.get(schema);
  if (known !== undefined) return known;
  taggedCache.set(schema, false); // recursive schemas
  const { inner, tags } = unwrap(schema);
  const found = tags.length > 0 || childSchemas(inner).some(hasTaggedFields);
  taggedCache.set(schema, found);
  return found;
}

const tagsCache = new WeakMap<z.ZodType, ReadonlySet<VisibilityTag>>();

/** Every tag a schema's fields carry, at any depth. */
export function schemaTags(schema: z.ZodType): ReadonlySet<VisibilityTag> {
  const known = tagsCache.get(schema);
  if (known) return known;
  const found = new Set<VisibilityTag>();
  tagsCache.set(schema, found); // recursive schemas
  const { inner, tags } = unwrap(schema);
  for (const tag of tags) found.add(tag);
  for (const child of childSchemas(inner)) for (const tag of schemaTags(child)) found.add(tag);
  return found;
}

function childSchemas(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.values(def.shape as Record<string, z.ZodType>);
    case 'array':
      return [def.element as z.ZodType];
    case 'record':
      return [def.valueType as z.ZodType];
    case 'union':
      return def.options as z.ZodType[];
    case 'intersection':
      return [def.left as z.ZodType, def.right as z.ZodType];
    case 'tuple':
      return def.items as z.ZodType[];
    default:
      return [];
  }
}

/**
 * Removes from `data` (an answer already parsed through `schema`) every tagged field the viewer may
 * not see: a field the schema requires but allows null becomes null, any other is deleted. Returns the tags withheld; an answer
 * whose top level has a `hidden` list gets them added to it.
 */
export function withhold(schema: z.ZodType, data: unknown, viewer: Viewer): VisibilityTag[] {
  const withheld = new Set<VisibilityTag>();
  if (viewer && hasTaggedFields(schema)) walk(schema, data, viewer, false, withheld);
  if (withheld.size && isRecord(data) && Array.isArray(data.hidden)) {
    data.hidden = [...new Set([...(data.hidden as string[]), ...withheld])];
  }
  return [...withheld];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function walk(schema: z.ZodType, data: unknown, viewer: Viewer, own: boolean, withheld: Set<VisibilityTag>): void {
  if (data === null || data === undefined || !hasTaggedFields(schema)) return;
  const { inner } = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'object' && isRecord(data)) {
    const ownerField = metaOf(inner)?.[RECORD_OWNER_KEY] ?? metaOf(schema)?.[RECORD_OWNER_KEY];
    const mine =
      typeof ownerField === 'string'
        ? viewer !== null && viewer.employeeId !== null && data[ownerField] === viewer.employeeId
        : own;
    for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
      if (!(key in data)) continue;
      const { tags, nullable, optional } = unwrap(field);
      const denied = tags.filter((tag) => !maySee(viewer, tag, mine));
      if (denied.length) {
        for (const tag of denied) withheld.add(tag);
        if (nullable && !optional) data[key] = null;
        else delete data[key];
      } else walk(field, data[key], viewer, mine, withheld);
    }
  } else if (def.type === 'array' && Array.isArray(data)) {
    for (const item of data) walk(def.element as z.ZodType, item, viewer, own, withheld);
  } else if (def.type === 'record' && isRecord(data)) {
    for (const value of Object.values(data)) walk(def.valueType as z.ZodType, value, viewer, own, withheld);
  } else if (def.type === 'union' || def.type === 'intersection' || def.type === 'tuple') {
    // a field tagged in any branch is withheld: the branch the data took is not recorded after parsing
    const branches = childSchemas(inner);
    if (def.type === 'tuple' && Array.isArray(data))
      branches.forEach((branch, i) => walk(branch, data[i], viewer, own, withheld));
    else for (const branch of branches) walk(branch, data, viewer, own, withheld);
  }
}
