/**
 * Which index serves a query on Firestore, from the rules of Google's "Index types in Cloud Firestore"
 * (https://firebase.google.com/docs/firestore/query-data/index-overview) and "Manage indexes"
 * (https://firebase.google.com/docs/firestore/query-data/indexing):
 *  - every field has automatic single-field indexes (ascending, descending, array-contains) with
 *    collection scope, unless a fieldOverride replaces them; collection-group scope exists only
 *    where a fieldOverride declares it;
 *  - equality filters (==, in, array-contains) on several fields, with no inequality and no
 *    ordering, are served by merging single-field indexes;
 *  - a query on one field only (its filters and ordering) is served by that field's single-field index;
 *  - anything else needs a composite index: the equality fields first, then the orderings (the
 *    explicit orderBy, then the inequality fields not ordered, by name), each in its direction;
 *    composite indexes that share those orderings can be merged to cover the equality fields;
 *  - an OR query runs as its disjunctive normal form: each AND branch needs its own index.
 * Equality filters on a field also ordered remove that ordering; the trailing `__name__` is implicit.
 */

export type Direction = 'ASCENDING' | 'DESCENDING';
export type Scope = 'COLLECTION' | 'COLLECTION_GROUP';
export type Filter = { op: 'AND' | 'OR'; filters: Filter[] } | { field: string; op: string };
export interface QueryShape {
  collection: string;
  scope: Scope;
  where?: Filter;
  orderBy: { field: string; direction: Direction }[];
}
export interface IndexField {
  fieldPath: string;
  order?: Direction;
  arrayConfig?: 'CONTAINS';
}
export interface CompositeIndex {
  collectionGroup: string;
  queryScope: Scope;
  fields: IndexField[];
}
export interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  ttl?: boolean;
  indexes: { order?: Direction; arrayConfig?: 'CONTAINS'; queryScope?: Scope }[];
}
export interface IndexFile {
  indexes: CompositeIndex[];
  fieldOverrides?: FieldOverride[];
}

const EQUALITY = new Set(['EQUAL', 'IN', 'IS_NULL', 'IS_NAN']);
const CONTAINS = new Set(['ARRAY_CONTAINS', 'ARRAY_CONTAINS_ANY']);
const NAME = '__name__';

type Condition = { field: string; op: string };

/** The AND branches of a filter (its disjunctive normal form). */
export function branches(filter?: Filter): Condition[][] {
  if (!filter) return [[]];
  if (!('filters' in filter)) return [[filter]];
  const parts = filter.filters.map(branches);
  if (filter.op === 'OR') return parts.flat();
  return parts.reduce<Condition[][]>((acc, part) => acc.flatMap((a) => part.map((b) => [...a, ...b])), [[]]);
}

/** What one AND branch of a query needs from an index: equality fields and the orderings after them. */
export interface Need {
  collection: string;
  scope: Scope;
  equalities: Map<string, 'EQUAL' | 'CONTAINS'>;
  order: { field: string; direction: Direction }[];
}

export function needsOf(shape: QueryShape): Need[] {
  return branches(shape.where).map((conditions) => {
    const equalities = new Map<string, 'EQUAL' | 'CONTAINS'>();
    const inequalities = new Set<string>();
    for (const { field, op } of conditions) {
      if (field === NAME) continue;
      if (EQUALITY.has(op)) equalities.set(field, equalities.get(field) ?? 'EQUAL');
      else if (CONTAINS.has(op)) equalities.set(field, 'CONTAINS');
      else inequalities.add(field);
    }
    const order = shape.orderBy.filter((o) => o.field !== NAME && !equalities.has(o.field));
    const direction = order.at(-1)?.direction ?? 'ASCENDING';
    for (const field of [...inequalities].sort()) {
      if (!order.some((o) => o.field === field)) order.push({ field, direction });
    }
    return { collection: shape.collection, scope: shape.scope, equalities, order };
  });
}

function singleField(file: IndexFile, need: Need, field: string, mode: 'EQUAL' | 'CONTAINS' | Direction): boolean {
  const override = file.fieldOverrides?.find((o) => o.collectionGroup === need.collection && o.fieldPath === field);
  if (!override) return need.scope === 'COLLECTION';
  return override.indexes.some(
    (index) =>
      (index.queryScope ?? 'COLLECTION') === need.scope &&
      (mode === 'CONTAINS'
        ? index.arrayConfig === 'CONTAINS'
        : mode === 'EQUAL'
          ? !!index.order
          : index.order === mode),
  );
}

/** The composite indexes that end with the need's orderings and start with some of its equality fields. */
function mergeable(file: IndexFile, need: Need): CompositeIndex[] {
  return file.indexes.filter((index) => {
    if (index.collectionGroup !== need.collection || index.queryScope !== need.scope) return false;
    const fields = index.fields.at(-1)?.fieldPath === NAME ? index.fields.slice(0, -1) : index.fields;
    const prefix = fields.length - need.order.length;
    if (prefix < 0) return false;
    const suffixMatches = need.order.every(
      (o, i) => fields[prefix + i].fieldPath === o.field && fields[prefix + i].order === o.direction,
    );
    const prefixMatches = fields.slice(0, prefix).every((f) => {
      const mode = need.equalities.get(f.fieldPath);
      return mode !== undefined && (mode === 'CONTAINS') === (f.arrayConfig === 'CONTAINS');
    });
    return suffixMatches && prefixMatches;
  });
}

/** The composite indexes a need uses, [] when single-field indexes serve it, or null when it has no index. */
export function indexesServing(file: IndexFile, need: Need): CompositeIndex[] | null {
  const fields = new Set([...need.equalities.keys(), ...need.order.map((o) => o.field)]);
  if (need.order.length === 0 && [...need.equalities].every(([field, mode]) => singleField(file, need, field, mode))) {
    return [];
  }
  if (
    fields.size === 1 &&
    need.order.length === 1 &&
    singleField(file, need, need.order[0].field, need.order[0].direction)
  ) {
    return [];
  }
  const candidates = mergeable(file, need);
  const covered = new Set(candidates.flatMap((index) => index.fields.map((f) => f.fieldPath)));
  return [...need.equalities.keys()].every((field) => covered.has(field)) && candidates.length > 0 ? candidates : null;
}

/** The index to add for a need (the JSON `firestore.indexes.json` takes). */
export function proposedIndex(need: Need): CompositeIndex {
  return {
    collectionGroup: need.collection,
    queryScope: need.scope,
    fields: [
      ...[...need.equalities]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([fieldPath, mode]): IndexField =>
          mode === 'CONTAINS' ? { fieldPath, arrayConfig: 'CONTAINS' } : { fieldPath, order: 'ASCENDING' },
        ),
      ...need.order.map(({ field, direction }) => ({ fieldPath: field, order: direction })),
    ],
  };
}

export interface IndexReport {
  missing: { shape: QueryShape; index: CompositeIndex }[];
  unused: CompositeIndex[];
}

/** Checks every recorded query shape against an index file. */
export function checkIndexes(file: IndexFile, shapes: QueryShape[]): IndexReport {
  const used = new Set<CompositeIndex>();
  const missing: IndexReport['missing'] = [];
  const proposed = new Set<string>();
  for (const shape of shapes) {
    for (const need of needsOf(shape)) {
      const serving = indexesServing(file, need);
      if (serving) serving.forEach((index) => used.add(index));
      else {
        const index = proposedIndex(need);
        const key = JSON.stringify(index);
        if (!proposed.has(key)) missing.push({ shape, index });
        proposed.add(key);
      }
    }
  }
  return { missing, unused: file.indexes.filter((index) => !used.has(index)) };
}
