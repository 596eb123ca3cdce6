import { db } from '../../../src/core/firebase';
import { StoredDocumentInvalid } from '../../../src/core/stored';
import { readCursor, writeCursor } from '../../../src/pos/service/cursors';
import { createCompany, type TestCompany } from '../../helpers/fixtures';

/**
 * A stream's cursor is stored with the vendor's id of the last record seen as `id`: read back, it
 * is that id, not the document's (`{connectionId}~{stream}`).
 */
let co: TestCompany;
beforeAll(async () => {
  co = await createCompany();
});

it('reads back the cursor as written: the vendor id, not the document id', async () => {
  await writeCursor(co.companyId, 'square~L1', 'sales', { modifiedAt: 1_700_000_000_000, id: 'ORDER-42' });
  expect(await readCursor(co.companyId, 'square~L1', 'sales')).toEqual({
    modifiedAt: 1_700_000_000_000,
    id: 'ORDER-42',
  });
  expect(await readCursor(co.companyId, 'square~L1', 'punches')).toBeNull();
}, 30_000);

it('refuses a cursor stored without its modified time', async () => {
  await db()
    .collection('companies')
    .doc(co.companyId)
    .collection('syncCursors')
    .doc('square~L2~sales')
    .set({ id: 'ORDER-1', connectionId: 'square~L2', stream: 'sales', updatedAt: 1 });
  await expect(readCursor(co.companyId, 'square~L2', 'sales')).rejects.toBeInstanceOf(StoredDocumentInvalid);
}, 30_000);
