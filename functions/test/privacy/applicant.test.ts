import { randomUUID } from 'node:crypto';
import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';

/** An applicant (no account, no employee record) is exported and erased by their application's id. */
let co: TestCompany;
beforeAll(async () => {
  co = await createCompany();
});

const applications = () => db().collection('companies').doc(co.companyId).collection('applications');

it('exports and erases an applicant by their application: it goes, another applicant stays', async () => {
  const email = `applicant-${randomUUID().slice(0, 8)}@example.test`;
  const [mine, other] = [applications().doc(), applications().doc()];
  await mine.set({
    postingId: 'p',
    name: 'Philippa',
    surname: 'Applewhite',
    email,
    phone: '+44 7700 900123',
    stage: 'new',
  });
  await other.set({ postingId: 'p', name: 'Otto', surname: 'Other', email: 'otto@example.test', stage: 'new' });

  const exported = await api('privacy')
    .get('/privacy/export')
    .query({ companyId: co.companyId, applicationId: mine.id })
    .set(bearer(co.owner));
  expect(exported.status).toBe(200);
  expect(exported.body.data.person).toEqual({ employeeId: null, uid: null, applicationId: mine.id, email });
  expect(exported.body.data.records.map((r: { collection: string }) => r.collection)).toEqual(['applications']);

  const erased = await api('privacy')
    .post('/privacy/erasures')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send({ applicationId: mine.id });
  expect(erased.status).toBe(201);
  expect(erased.body.data).toMatchObject({ deleted: 1, reduced: 0, kept: [], accountDeleted: false });
  expect((await mine.get()).exists).toBe(false);
  expect((await other.get()).exists).toBe(true);
});
