import { addDays, businessToday } from '../../src/core/calendar';
import { db } from '../../src/core/firebase';
import { flagExpiringDocuments } from '../../src/modules/documents/service';
import type { Mailbox } from '../../dev/mailbox';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { authApi, fromAddress, newAddress, newEmail, PASSWORD, tokenInLink, useMailbox } from '../auth/support';
import { inboxAfterFanOut, outboxOf } from './helpers';

let co: TestCompany;
let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await useMailbox();
  co = await createCompany();
});
afterAll(() => mailbox.close());

/** The newest mail to `email` once `count` have arrived. */
async function newestMail(email: string, count = 1) {
  await mailbox.waitFor(email, () => mailbox.messages(email).length >= count);
  return mailbox.messages(email).at(-1)!;
}

describe('documents record their expiry stages with their events', () => {
  it('a document reaching its 14-day stage stages document.expiring once, for its employee; a rerun of the job adds none', async () => {
    const now = Date.now();
    const expiresOn = addDays(businessToday('Europe/Madrid', 0, now), 10);
    const pdf = Buffer.from(`%PDF-1.4\n% expiring ${now}\n%%EOF\n`, 'latin1');
    const uploaded = await api('documents')
      .post('/documents')
      .query({ companyId: co.companyId, employeeId: co.employeeId, type: 'certification', expiresOn })
      .set(bearer(co.manager))
      .set('Content-Type', 'application/pdf')
      .send(pdf);
    expect(uploaded.status).toBe(201);
    const documentId = uploaded.body.data.id;
    await flagExpiringDocuments(now);
    await flagExpiringDocuments(now + 1000);
    expect((await db().doc(`companies/${co.companyId}/documents/${documentId}`).get()).get('expiryStage')).toBe(14);
    const events = (await outboxOf(co.companyId, 'document.expiring')).filter((e) => e.data.documentId === documentId);
    expect(events.map((e) => [e.data, e.subjects])).toEqual([
      [
        { documentId, employeeId: co.employeeId, expiresOn },
        { documentIds: [documentId], employeeIds: [co.employeeId] },
      ],
    ]);
    expect(await inboxAfterFanOut(co.companyId, events as { id: string }[], co.employee)).toContain(
      'document.expiring',
    );
  });
});

describe('applicants record a confirmed application with its event', () => {
  it('confirming stages application.received once, for managers; the confirmation link used again adds none', async () => {
    const role = await api('roles')
      .post('/roles')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ name: 'Server', subRoles: { floor: { name: 'Floor', priority: 1 } } });
    const posting = await api('applicants')
      .post('/postings')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({
        title: 'Weekend server',
        roleId: role.body.data.id,
        subRoleId: 'floor',
        employmentType: 'parttime',
        wage: { min: 1500 },
      });
    expect(posting.status).toBe(201);
    const email = newEmail('ada');
    const applied = await api('applicants')
      .post(`/apply/${posting.body.data.publicId}`)
      .set(fromAddress(newAddress()))
      .send({ name: 'Ada', surname: 'Lovelace', email, phone: '+1 555 0100', answers: {}, availability: {} });
    expect(applied.status).toBe(202);
    const link = (await newestMail(email)).links.find((l) => l.includes('#token='))!;
    const confirm = () =>
      api('applicants')
        .post('/apply-confirmations')
        .set(fromAddress(newAddress()))
        .send({ token: new URL(link).hash.slice('#token='.length) });
    const first = await confirm();
    expect(first.status).toBe(200);
    expect((await confirm()).body.data).toEqual(first.body.data);
    const { applicationId } = first.body.data;
    const events = await outboxOf(co.companyId, 'application.received');
    expect(events.map((e) => [e.data, e.subjects])).toEqual([
      [
        { applicationId, jobId: posting.body.data.id },
        { applicationIds: [applicationId], postingIds: [posting.body.data.id] },
      ],
    ]);
    expect(await inboxAfterFanOut(co.companyId, events as { id: string }[], co.manager)).toContain(
      'application.received',
    );
    expect(await inboxAfterFanOut(co.companyId, [], co.employee)).not.toContain('application.received');
  });
});

describe('auth records an accepted invitation with its event', () => {
  it('accepting stages invitation.accepted once, for managers; accepting again adds none', async () => {
    const email = newEmail('maya');
    const invited = await authApi()
      .post('/invitations')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ email, role: 'manager' });
    expect(invited.status).toBe(201);
    const token = tokenInLink((await newestMail(email)).text);
    const accept = () =>
      authApi()
        .post('/invitations/accept')
        .set(fromAddress())
        .send({ token, name: 'Maya', surname: 'Lopez', password: PASSWORD });
    const accepted = await accept();
    expect(accepted.status).toBe(200);
    expect((await accept()).status).toBeGreaterThanOrEqual(400);
    const uid = accepted.body.data.uid;
    const events = await outboxOf(co.companyId, 'invitation.accepted');
    expect(events.map((e) => [e.data, e.subjects, e.actor.uid])).toEqual([
      [{ uid, role: 'manager', employeeId: null }, { invitationIds: [invited.body.data.id], uids: [uid] }, uid],
    ]);
    expect(await inboxAfterFanOut(co.companyId, events as { id: string }[], co.owner)).toContain('invitation.accepted');
    expect(await inboxAfterFanOut(co.companyId, [], co.employee)).not.toContain('invitation.accepted');
  });
});
