import { createHash } from 'node:crypto';
import { addDays, businessToday } from '../../src/core/calendar';
import { db } from '../../src/core/firebase';
import { storageBucket } from '../../src/core/storage';
import { flagExpiringDocuments } from '../../src/modules/documents/service';
import { api } from '../helpers/api';
import { addMember, createCompany, snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, createUser, type TestUser } from '../helpers/users';

const documents = () => api('documents');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('not really an image but signed like one'),
]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const pdfNamed = (text: string) => Buffer.concat([PDF, Buffer.from(`% ${text}\n`)]);

let co: TestCompany;
let colleagueId: string;
beforeAll(async () => {
  co = await createCompany();
  const colleague = db().collection('companies').doc(co.companyId).collection('employees').doc();
  await colleague.set({ name: 'Carl', surname: 'Colleague', positions: [], archived: false, userId: null });
  colleagueId = colleague.id;
});

function upload(
  user: TestUser,
  query: Record<string, unknown>,
  bytes: Buffer,
  contentType = 'application/pdf',
  companyId = co.companyId,
) {
  return documents()
    .post('/documents')
    .query({ companyId, ...query })
    .set(bearer(user))
    .set('Content-Type', contentType)
    .send(bytes);
}

const filesOf = async (companyId: string) =>
  (await storageBucket().getFiles({ prefix: `companies/${companyId}/` }))[0].map((f) => f.name);

describe('uploading and downloading a document', () => {
  it("a manager uploads a PDF to an employee's record; the employee lists it and downloads exactly the bytes uploaded, which live in Cloud Storage", async () => {
    const bytes = pdfNamed('contract of Emma');
    const res = await upload(
      co.manager,
      {
        employeeId: co.employeeId,
        type: 'contract',
        title: 'Contract 2026',
        fileName: 'contract.pdf',
        sha256: sha(bytes),
      },
      bytes,
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      employeeId: co.employeeId,
      type: 'contract',
      title: 'Contract 2026',
      fileName: 'contract.pdf',
      contentType: 'application/pdf',
      size: bytes.length,
      sha256: sha(bytes),
      expiresOn: null,
      uploadedBy: co.manager.uid,
    });
    expect(res.body.data).not.toHaveProperty('storagePath');
    const id = res.body.data.id as string;

    const list = await documents().get('/documents').query({ companyId: co.companyId }).set(bearer(co.employee));
    expect(list.status).toBe(200);
    expect(list.body.data.map((d: { id: string }) => d.id)).toContain(id);

    const content = await documents()
      .get(`/documents/${id}/content`)
      .query({ companyId: co.companyId })
      .set(bearer(co.employee));
    expect(content.status).toBe(200);
    expect(Buffer.from(content.body.data.contentBase64, 'base64').equals(bytes)).toBe(true);
    const [stored] = await storageBucket()
      .file(`companies/${co.companyId}/employees/${co.employeeId}/documents/${id}`)
      .download();
    expect(stored.equals(bytes)).toBe(true);
  });

  it('uploading the same bytes again for the same employee and type answers the same document and creates nothing new', async () => {
    const bytes = pdfNamed('id card');
    const first = await upload(co.manager, { employeeId: co.employeeId, type: 'id' }, bytes);
    const again = await upload(co.manager, { employeeId: co.employeeId, type: 'id' }, bytes);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    const ids = (await db().collection(`companies/${co.companyId}/documents`).where('type', '==', 'id').get()).docs.map(
      (d) => d.id,
    );
    expect(ids).toEqual([first.body.data.id]);
  });

  it('the same upload sent twice at once stores one document and one file', async () => {
    const bytes = pdfNamed('twice at once');
    const [a, b] = await Promise.all([
      upload(co.manager, { employeeId: colleagueId, type: 'contract' }, bytes),
      upload(co.manager, { employeeId: colleagueId, type: 'contract' }, bytes),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.id).toBe(b.body.data.id);
    const stored = await db()
      .collection(`companies/${co.companyId}/documents`)
      .where('employeeId', '==', colleagueId)
      .where('type', '==', 'contract')
      .get();
    expect(stored.size).toBe(1);
    const files = await filesOf(co.companyId);
    expect(files.filter((f) => f.includes(`/employees/${colleagueId}/`) && f.endsWith(a.body.data.id))).toHaveLength(1);
  });

  it('an employee uploads their own certificate, with an expiry date', async () => {
    const res = await upload(
      co.employee,
      { employeeId: co.employeeId, type: 'food_handler', expiresOn: '2031-05-01' },
      PNG,
      'image/png',
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      type: 'food_handler',
      expiresOn: '2031-05-01',
      fileName: 'food_handler.png',
      uploadedBy: co.employee.uid,
    });
  });
});

describe('bad uploads are refused and store nothing', () => {
  let fresh: TestCompany;
  beforeAll(async () => {
    fresh = await createCompany();
  });

  const cases: [string, () => ReturnType<typeof upload>, number, string][] = [
    [
      'a file over 10 MB',
      () =>
        upload(
          fresh.manager,
          { employeeId: fresh.employeeId, type: 'contract' },
          Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]),
          'application/pdf',
          fresh.companyId,
        ),
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      'a content type not on the allow-list',
      () =>
        upload(
          fresh.manager,
          { employeeId: fresh.employeeId, type: 'contract' },
          Buffer.from('MZ executable'),
          'application/x-msdownload',
          fresh.companyId,
        ),
      415,
      'FILE_TYPE_NOT_ALLOWED',
    ],
    [
      'bytes that are not the declared type',
      () =>
        upload(fresh.manager, { employeeId: fresh.employeeId, type: 'contract' }, PDF, 'image/png', fresh.companyId),
      422,
      'FILE_CONTENT_MISMATCH',
    ],
    [
      'bytes that do not match the checksum sent',
      () =>
        upload(
          fresh.manager,
          { employeeId: fresh.employeeId, type: 'contract', sha256: sha(pdfNamed('other')) },
          PDF,
          'application/pdf',
          fresh.companyId,
        ),
      422,
      'CHECKSUM_MISMATCH',
    ],
    [
      'no bytes',
      () =>
        upload(
          fresh.manager,
          { employeeId: fresh.employeeId, type: 'contract' },
          Buffer.alloc(0),
          'application/pdf',
          fresh.companyId,
        ),
      400,
      'FILE_EMPTY',
    ],
    [
      'an unknown document type',
      () =>
        upload(
          fresh.manager,
          { employeeId: fresh.employeeId, type: 'passport-ish' },
          PDF,
          'application/pdf',
          fresh.companyId,
        ),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an employee who does not exist',
      () => upload(fresh.manager, { employeeId: 'nobody', type: 'contract' }, PDF, 'application/pdf', fresh.companyId),
      422,
      'UNKNOWN_EMPLOYEE',
    ],
    [
      "an employee uploading to a colleague's record",
      () => upload(fresh.employee, { employeeId: 'someone-else', type: 'id' }, PDF, 'application/pdf', fresh.companyId),
      403,
      'NOT_YOUR_DOCUMENTS',
    ],
    [
      'an employee uploading a contract',
      () =>
        upload(
          fresh.employee,
          { employeeId: fresh.employeeId, type: 'contract' },
          PDF,
          'application/pdf',
          fresh.companyId,
        ),
      403,
      'DOCUMENT_TYPE_FORBIDDEN',
    ],
  ];
  it.each(cases)('%s', async (_what, send, status, code) => {
    const before = await snapshotCompany(fresh.companyId);
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, code });
    expect(await snapshotCompany(fresh.companyId)).toEqual(before);
    expect(await filesOf(fresh.companyId)).toEqual([]);
  });
});

describe('who sees which documents', () => {
  let colleagueDocId: string;
  beforeAll(async () => {
    colleagueDocId = (await upload(co.manager, { employeeId: colleagueId, type: 'id' }, pdfNamed('colleague id'))).body
      .data.id;
  });

  it("an employee never sees a colleague's document: not in their list, 404 by id and for its content, 403 when asking for the colleague's list", async () => {
    const list = await documents().get('/documents').query({ companyId: co.companyId }).set(bearer(co.employee));
    expect(list.body.data.every((d: { employeeId: string }) => d.employeeId === co.employeeId)).toBe(true);
    for (const path of [`/documents/${colleagueDocId}`, `/documents/${colleagueDocId}/content`]) {
      const res = await documents().get(path).query({ companyId: co.companyId }).set(bearer(co.employee));
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('DOCUMENT_NOT_FOUND');
    }
    const theirs = await documents()
      .get('/documents')
      .query({ companyId: co.companyId, employeeId: colleagueId })
      .set(bearer(co.employee));
    expect(theirs.status).toBe(403);
    expect(theirs.body.code).toBe('NOT_YOUR_DOCUMENTS');
  });

  it('an employee whose record is linked to their account (not named by the membership) sees their own documents', async () => {
    const linked = await createUser({ label: 'linked' });
    const record = db().collection(`companies/${co.companyId}/employees`).doc();
    await record.set({ name: 'Lina', surname: 'Linked', positions: [], archived: false, userId: linked.uid });
    await addMember(co.companyId, linked, 'employee', null);
    const uploaded = await upload(co.manager, { employeeId: record.id, type: 'id' }, pdfNamed('linked id'));
    const list = await documents().get('/documents').query({ companyId: co.companyId }).set(bearer(linked));
    expect(list.body.data.map((d: { id: string }) => d.id)).toEqual([uploaded.body.data.id]);
    const own = await upload(linked, { employeeId: record.id, type: 'certification' }, pdfNamed('linked cert'));
    expect(own.status).toBe(201);
  });

  it("a member of another company cannot read this company's documents", async () => {
    const other = await createCompany();
    const res = await documents()
      .get(`/documents/${colleagueDocId}`)
      .query({ companyId: co.companyId })
      .set(bearer(other.owner));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('NOT_A_MEMBER');
    const own = await documents()
      .get(`/documents/${colleagueDocId}`)
      .query({ companyId: other.companyId })
      .set(bearer(other.owner));
    expect(own.status).toBe(404);
  });

  it('pay documents are hidden from managers when the company hides financial info from managers; owners and the employee still see them', async () => {
    const hidden = await createCompany();
    const policy = await api('companies')
      .patch(`/companies/${hidden.companyId}/policies`)
      .set(bearer(hidden.owner))
      .send({ hideFinancialInfoFromManagers: true });
    expect(policy.status).toBe(200);
    const pay = await upload(
      hidden.owner,
      { employeeId: hidden.employeeId, type: 'pay', title: 'Payslip' },
      pdfNamed('payslip'),
      'application/pdf',
      hidden.companyId,
    );
    expect(pay.status).toBe(201);
    const q = { companyId: hidden.companyId };

    const managerList = await documents().get('/documents').query(q).set(bearer(hidden.manager));
    expect(managerList.body.data.map((d: { id: string }) => d.id)).not.toContain(pay.body.data.id);
    expect((await documents().get(`/documents/${pay.body.data.id}`).query(q).set(bearer(hidden.manager))).status).toBe(
      404,
    );
    const managerUpload = await upload(
      hidden.manager,
      { employeeId: hidden.employeeId, type: 'pay' },
      pdfNamed('another payslip'),
      'application/pdf',
      hidden.companyId,
    );
    expect(managerUpload.status).toBe(403);
    expect(managerUpload.body.code).toBe('DOCUMENT_TYPE_FORBIDDEN');

    expect((await documents().get(`/documents/${pay.body.data.id}`).query(q).set(bearer(hidden.owner))).status).toBe(
      200,
    );
    expect(
      (await documents().get(`/documents/${pay.body.data.id}/content`).query(q).set(bearer(hidden.employee))).status,
    ).toBe(200);
  });
});

describe('deleting a document', () => {
  it('deletes the file and the metadata; afterwards the document is gone', async () => {
    const created = await upload(
      co.manager,
      { employeeId: co.employeeId, type: 'other', expiresOn: '2030-01-01' },
      pdfNamed('to delete'),
    );
    const id = created.body.data.id as string;
    const path = `companies/${co.companyId}/employees/${co.employeeId}/documents/${id}`;
    expect((await storageBucket().file(path).exists())[0]).toBe(true);

    const employeeTry = await documents()
      .delete(`/documents/${id}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.employee));
    expect(employeeTry.status).toBe(403);

    const res = await documents().delete(`/documents/${id}`).query({ companyId: co.companyId }).set(bearer(co.manager));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id, deleted: true });
    expect((await storageBucket().file(path).exists())[0]).toBe(false);
    expect((await db().doc(`companies/${co.companyId}/documents/${id}`).get()).exists).toBe(false);
    expect((await db().collection('documentExpiries').doc(`${co.companyId}_${id}`).get()).exists).toBe(false);
    expect(
      (await documents().get(`/documents/${id}/content`).query({ companyId: co.companyId }).set(bearer(co.manager)))
        .status,
    ).toBe(404);
  });
});

describe('expiring certifications', () => {
  it('the daily job flags documents 30, 14, 7 and 0 days before expiry, once per stage, and managers list them most urgent first', async () => {
    const exp = await createCompany();
    const now = Date.now();
    const today = businessToday('Europe/Madrid', 0, now);
    const plan: [string, number | null][] = [
      ['in20', 20],
      ['in10', 10],
      ['in5', 5],
      ['today', 0],
      ['expired', -2],
      ['in60', 60],
      ['none', null],
    ];
    const ids: Record<string, string> = {};
    for (const [label, days] of plan) {
      const query: Record<string, unknown> = { employeeId: exp.employeeId, type: 'certification', title: label };
      if (days !== null) query.expiresOn = addDays(today, days);
      const res = await upload(exp.manager, query, pdfNamed(label), 'application/pdf', exp.companyId);
      expect(res.status).toBe(201);
      ids[label] = res.body.data.id;
    }

    await flagExpiringDocuments(now);
    const stageOf = async (label: string) =>
      (await db().doc(`companies/${exp.companyId}/documents/${ids[label]}`).get()).get('expiryStage');
    expect(await Promise.all(plan.map(([label]) => stageOf(label)))).toEqual([30, 14, 7, 0, 0, null, null]);

    const flagsBefore = (await db().doc(`companies/${exp.companyId}/documents/${ids.in10}`).get()).get('expiryFlags');
    await flagExpiringDocuments(now + 1000);
    expect((await db().doc(`companies/${exp.companyId}/documents/${ids.in10}`).get()).get('expiryFlags')).toEqual(
      flagsBefore,
    );
    // flagged 0: out of the job's index
    expect((await db().collection('documentExpiries').doc(`${exp.companyId}_${ids.expired}`).get()).exists).toBe(false);

    const listed = await documents()
      .get('/documents/expiring')
      .query({ companyId: exp.companyId })
      .set(bearer(exp.manager));
    expect(listed.status).toBe(200);
    expect(
      listed.body.data.map((d: { title: string; daysLeft: number; expiryStage: number }) => [
        d.title,
        d.daysLeft,
        d.expiryStage,
      ]),
    ).toEqual([
      ['expired', -2, 0],
      ['today', 0, 0],
      ['in5', 5, 7],
      ['in10', 10, 14],
      ['in20', 20, 30],
    ]);
    const employeeTry = await documents()
      .get('/documents/expiring')
      .query({ companyId: exp.companyId })
      .set(bearer(exp.employee));
    expect(employeeTry.status).toBe(403);

    // a renewed certificate: a new expiry date clears its flags
    const renewed = await documents()
      .patch(`/documents/${ids.in5}`)
      .query({ companyId: exp.companyId })
      .set(bearer(exp.manager))
      .send({ expiresOn: addDays(today, 365) });
    expect(renewed.status).toBe(200);
    expect(renewed.body.data).toMatchObject({ expiresOn: addDays(today, 365), expiryStage: null, expiryFlags: {} });
  });
});
