import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { db } from '../../src/core/firebase';
import { checkIndexes, type QueryShape } from '../../scripts/firestore-indexes';
import '../helpers/users';

/** The shapes the test tier's emulator recorded so far (scripts/with-emulators.js sets the file). */
const recorded = (): QueryShape[] =>
  fs
    .readFileSync(process.env.QUERY_SHAPES_FILE!, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as QueryShape);

describe('the query shapes the emulator records for the index check', () => {
  it('records a query with its filters and orderings, never its values, and the check asks its composite index', async () => {
    const collection = `testShapes${randomUUID().replace(/-/g, '')}`;
    await db()
      .collection(collection)
      .where('employeeId', '==', 'e1')
      .where('date', '>=', '2026-01-01')
      .orderBy('date', 'desc')
      .limit(5)
      .get();
    await db().collection(collection).where('tags', 'array-contains', 'x').count().get();
    const shapes = recorded().filter((shape) => shape.collection === collection);
    expect(shapes).toEqual([
      {
        collection,
        scope: 'COLLECTION',
        where: {
          op: 'AND',
          filters: [
            { field: 'employeeId', op: 'EQUAL' },
            { field: 'date', op: 'GREATER_THAN_OR_EQUAL' },
          ],
        },
        orderBy: [{ field: 'date', direction: 'DESCENDING' }],
      },
      { collection, scope: 'COLLECTION', where: { field: 'tags', op: 'ARRAY_CONTAINS' }, orderBy: [] },
    ]);
    expect(checkIndexes({ indexes: [] }, shapes).missing.map((m) => m.index)).toEqual([
      {
        collectionGroup: collection,
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'employeeId', order: 'ASCENDING' },
          { fieldPath: 'date', order: 'DESCENDING' },
        ],
      },
    ]);
  });

  it('records a collection-group query with its scope', async () => {
    const collection = `testShapes${randomUUID().replace(/-/g, '')}`;
    await db().collectionGroup(collection).where('state', '==', 'open').get();
    expect(recorded().filter((shape) => shape.collection === collection)).toEqual([
      { collection, scope: 'COLLECTION_GROUP', where: { field: 'state', op: 'EQUAL' }, orderBy: [] },
    ]);
  });
});
