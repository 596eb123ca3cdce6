import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { logsOf } from '../helpers/logs';
import { bearer } from '../helpers/users';

/**
 * A stored document that does not match its entity's schema (src/core/stored.ts) is never passed
 * on: the read answers the 500 envelope, without the document's values or a stack, and the log
 * names the collection, the document and the field.
 */
let co: TestCompany;
beforeAll(async () => {
  co = await createCompany();
});

const CORRUPT_RATE = 'twelve-euros-an-hour';

it('a corrupt role answers 500 without its values and logs collection, document and field', async () => {
  const ref = db().collection('companies').doc(co.companyId).collection('roles').doc('corrupt-role');
  await ref.set({ name: 'Sous Chef', priority: 1, rate: CORRUPT_RATE, subRoles: {}, archived: false });

  const { result: res, lines } = await logsOf(() =>
    api('roles').get('/roles').query({ companyId: co.companyId }).set(bearer(co.owner)),
  );

  expect(res.status).toBe(500);
  expect(res.body).toMatchObject({ success: false, code: 'INTERNAL', error: expect.any(String) });
  expect(Object.keys(res.body).sort()).toEqual(['code', 'error', 'success']);
  // an unexpected error to the caller: no collection, document, field or value in the answer
  expect(res.body.error).toBe('Internal error; it has been logged');
  const answered = JSON.stringify(res.body);
  expect(answered).not.toContain(CORRUPT_RATE);
  expect(answered).not.toContain('Sous Chef');
  expect(answered).not.toMatch(/\bat \S+ \(|\.ts:\d+|node_modules/);

  const logged = lines.filter((l) => String(l.message).includes('stored document does not match its schema'));
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatchObject({
    collection: 'roles',
    document: ref.path,
    fields: [{ field: 'rate', message: expect.stringContaining('expected number') }],
  });
  expect(JSON.stringify(logged[0].fields)).not.toContain(CORRUPT_RATE);
}, 60_000);
