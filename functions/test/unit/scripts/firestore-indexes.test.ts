import fc from 'fast-check';
import {
  checkIndexes,
  needsOf,
  proposedIndex,
  type IndexFile,
  type QueryShape,
} from '../../../scripts/firestore-indexes';

const shape = (where: QueryShape['where'], orderBy: QueryShape['orderBy'] = []): QueryShape => ({
  collection: 'shifts',
  scope: 'COLLECTION',
  where,
  orderBy,
});
const and = (...filters: { field: string; op: string }[]) => ({ op: 'AND' as const, filters });
const empty: IndexFile = { indexes: [] };
const composite = (...fields: [string, 'ASCENDING' | 'DESCENDING'][]): IndexFile => ({
  indexes: [
    {
      collectionGroup: 'shifts',
      queryScope: 'COLLECTION',
      fields: fields.map(([fieldPath, order]) => ({ fieldPath, order })),
    },
  ],
});

describe('the index a Firestore query needs', () => {
  it('serves equality filters on several fields by merging single-field indexes', () => {
    const query = shape(and({ field: 'employeeId', op: 'EQUAL' }, { field: 'mode', op: 'IN' }));
    expect(checkIndexes(empty, [query]).missing).toEqual([]);
  });

  it('serves a range and an ordering on one field by its single-field index', () => {
    const query = shape({ field: 'date', op: 'GREATER_THAN' }, [{ field: 'date', direction: 'DESCENDING' }]);
    expect(checkIndexes(empty, [query]).missing).toEqual([]);
  });

  it('needs equality fields then the range field for an equality with a range', () => {
    const query = shape(and({ field: 'employeeId', op: 'EQUAL' }, { field: 'date', op: 'GREATER_THAN_OR_EQUAL' }));
    const { missing } = checkIndexes(empty, [query]);
    expect(missing.map((m) => m.index.fields)).toEqual([
      [
        { fieldPath: 'employeeId', order: 'ASCENDING' },
        { fieldPath: 'date', order: 'ASCENDING' },
      ],
    ]);
    expect(checkIndexes(composite(['employeeId', 'ASCENDING'], ['date', 'ASCENDING']), [query]).missing).toEqual([]);
  });

  it('wants the ordering direction of the index to match', () => {
    const query = shape({ field: 'uid', op: 'EQUAL' }, [{ field: 'updatedAt', direction: 'DESCENDING' }]);
    expect(checkIndexes(composite(['uid', 'ASCENDING'], ['updatedAt', 'ASCENDING']), [query]).missing).toHaveLength(1);
    expect(checkIndexes(composite(['uid', 'ASCENDING'], ['updatedAt', 'DESCENDING']), [query]).missing).toEqual([]);
  });

  it('needs an array-contains field indexed as CONTAINS in a composite', () => {
    const query = shape(and({ field: 'tags', op: 'ARRAY_CONTAINS' }, { field: 'date', op: 'LESS_THAN' }));
    expect(checkIndexes(empty, [query]).missing[0].index.fields[0]).toEqual({
      fieldPath: 'tags',
      arrayConfig: 'CONTAINS',
    });
  });

  it('needs a declared collection-group index even for one field', () => {
    const query: QueryShape = {
      collection: 'shifts',
      scope: 'COLLECTION_GROUP',
      where: { field: 'a', op: 'EQUAL' },
      orderBy: [],
    };
    expect(checkIndexes(empty, [query]).missing).toHaveLength(1);
    const override: IndexFile = {
      indexes: [],
      fieldOverrides: [
        {
          collectionGroup: 'shifts',
          fieldPath: 'a',
          indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' }],
        },
      ],
    };
    expect(checkIndexes(override, [query]).missing).toEqual([]);
  });

  it('runs each branch of an OR query on its own index', () => {
    const query = shape({
      op: 'OR',
      filters: [and({ field: 'a', op: 'EQUAL' }, { field: 'd', op: 'LESS_THAN' }), { field: 'b', op: 'EQUAL' }],
    });
    expect(needsOf(query)).toHaveLength(2);
    expect(checkIndexes(empty, [query]).missing).toHaveLength(1);
  });

  it('merges composite indexes that share the ordering to cover the equality fields, and no fewer', () => {
    const query = shape(and({ field: 'a', op: 'EQUAL' }, { field: 'b', op: 'EQUAL' }), [
      { field: 'c', direction: 'ASCENDING' },
    ]);
    const ac = composite(['a', 'ASCENDING'], ['c', 'ASCENDING']);
    const bc = composite(['b', 'ASCENDING'], ['c', 'ASCENDING']);
    expect(checkIndexes(ac, [query]).missing).toHaveLength(1);
    expect(checkIndexes({ indexes: [...ac.indexes, ...bc.indexes] }, [query]).missing).toEqual([]);
  });

  it('needs a composite index for an equality on one field ordered by another', () => {
    const query = shape({ field: 'a', op: 'EQUAL' }, [{ field: 'c', direction: 'DESCENDING' }]);
    expect(checkIndexes(empty, [query]).missing).toHaveLength(1);
  });

  it('reports the composite indexes no query used', () => {
    const file = composite(['employeeId', 'ASCENDING'], ['date', 'ASCENDING']);
    expect(checkIndexes(file, []).unused).toEqual(file.indexes);
  });

  const field = fc.constantFrom('a', 'b', 'c', 'd', 'e');
  const condition = fc.record({
    field,
    op: fc.constantFrom('EQUAL', 'IN', 'ARRAY_CONTAINS', 'LESS_THAN', 'GREATER_THAN', 'NOT_EQUAL'),
  });
  const shapes = fc.record({
    collection: fc.constantFrom('x', 'y'),
    scope: fc.constantFrom('COLLECTION' as const, 'COLLECTION_GROUP' as const),
    where: fc.array(condition, { maxLength: 4 }).map((filters) => ({ op: 'AND' as const, filters })),
    orderBy: fc.array(fc.record({ field, direction: fc.constantFrom('ASCENDING' as const, 'DESCENDING' as const) }), {
      maxLength: 2,
    }),
  });

  it('serves every query by the index it proposes, and misses it again once that index is removed', () => {
    fc.assert(
      fc.property(shapes, (query) => {
        const { missing } = checkIndexes(empty, [query]);
        const file: IndexFile = { indexes: missing.map((m) => m.index) };
        expect(checkIndexes(file, [query]).missing).toEqual([]);
        if (missing.length > 0)
          expect(checkIndexes({ indexes: file.indexes.slice(1) }, [query]).missing).not.toEqual([]);
      }),
    );
  });

  it('never asks a composite index of a query with only equality filters on one collection', () => {
    fc.assert(
      fc.property(fc.array(field, { maxLength: 4 }), (fields) => {
        const query = shape(and(...fields.map((f) => ({ field: f, op: 'EQUAL' }))));
        expect(needsOf(query).every((need) => need.order.length === 0)).toBe(true);
        expect(checkIndexes(empty, [query]).missing).toEqual([]);
      }),
    );
  });

  it('proposes equality fields before orderings', () => {
    const [need] = needsOf(shape(and({ field: 'z', op: 'EQUAL' }, { field: 'a', op: 'LESS_THAN' })));
    expect(proposedIndex(need).fields.map((f) => f.fieldPath)).toEqual(['z', 'a']);
  });
});
