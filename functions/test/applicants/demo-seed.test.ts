/** The demo data of hiring, the team feed and documents (run by `npm start` for every demo company). */
import { addDays, businessToday } from '../../src/core/calendar';
import { db } from '../../src/core/firebase';
import { storageBucket } from '../../src/core/storage';
import type { DemoCompany } from '../../dev/demo/types';
import { seed as seedApplicants } from '../../dev/demo/seeds/applicants';
import { seed as seedDocuments } from '../../dev/demo/seeds/documents';
import { seed as seedPosts } from '../../dev/demo/seeds/posts';
import { api } from '../helpers/api';
import { createCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';

function demoCompany(companyId: string, ownerUid: string): DemoCompany {
  const employees = ['Ava', 'Ben', 'Cleo', 'Dan', 'Eve', 'Finn'].map((name, i) => ({
    id: `e${i + 1}`,
    name,
    surname: `Demo${i}`,
    positions: [],
  }));
  return {
    companyId,
    name: 'Demo',
    timezone: 'Europe/Madrid',
    weekStartingDay: 1,
    dayChangeTime: 0,
    currency: 'EUR',
    roles: [{ id: 'role-server', name: 'Server', rate: 14, subRoleIds: ['floor'] }],
    employees,
    ownerUid,
    file: {
      id: companyId,
      profile: { name: 'Demo', timezone: 'Europe/Madrid' },
      settings: {},
      policies: {},
      currency: 'EUR',
      roles: [],
      employees: [],
      users: [],
    },
    uidOf: (label) => label,
    random: () => 0.5,
  };
}

const col = (companyId: string, name: string) => db().collection(`companies/${companyId}/${name}`);

describe('the demo seeders', () => {
  it('an open posting reachable by its public link, with applications in several stages', async () => {
    const co = await createCompany();
    expect(await seedApplicants(demoCompany(co.companyId, co.owner.uid))).toContain('applications');
    const stages = (await col(co.companyId, 'applications').get()).docs.map((d) => d.get('stage'));
    expect(new Set(stages).size).toBeGreaterThanOrEqual(5);
    const open = (await col(co.companyId, 'jobPostings').where('status', '==', 'open').get()).docs[0];
    const page = await api('applicants').get(`/apply/${open.get('publicId')}`);
    expect(page.status).toBe(200);
    const list = await api('applicants')
      .get('/applications')
      .query({ companyId: co.companyId, stage: 'interview' })
      .set(bearer(co.manager));
    expect(list.body.data.applications).toHaveLength(1);
  });

  it('posts with partial reads: some recipients have read, some have not', async () => {
    const co = await createCompany();
    await seedPosts(demoCompany(co.companyId, co.owner.uid));
    const receipts = await api('posts')
      .get('/posts/demo-post-hygiene/receipts')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(receipts.status).toBe(200);
    expect(receipts.body.data.readCount).toBeGreaterThan(0);
    expect(receipts.body.data.readCount).toBeLessThan(receipts.body.data.recipientCount);
  });

  it('documents stored in Cloud Storage, one expiring within 14 days and flagged', async () => {
    const co = await createCompany();
    await seedDocuments(demoCompany(co.companyId, co.owner.uid));
    const today = businessToday('Europe/Madrid', 0);
    const docs = (await col(co.companyId, 'documents').get()).docs.map((d) => d.data());
    const soon = docs.filter((d) => d.expiresOn && d.expiresOn >= today && d.expiresOn <= addDays(today, 14));
    expect(soon.length).toBeGreaterThanOrEqual(1);
    expect(soon[0].expiryStage).toBe(14);
    const [exists] = await storageBucket().file(docs[0].storagePath).exists();
    expect(exists).toBe(true);
    const expiring = await api('documents')
      .get('/documents/expiring')
      .query({ companyId: co.companyId, withinDays: 14 })
      .set(bearer(co.manager));
    expect(expiring.body.data.length).toBeGreaterThanOrEqual(2);
  });
});
