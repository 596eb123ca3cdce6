import { db } from '../../src/core/firebase';
import type { Mailbox } from '../../dev/mailbox';
import { api } from '../helpers/api';
import { createCompany, snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { fromAddress, newAddress, newEmail, useMailbox } from '../auth/support';

const applicants = () => api('applicants');
let co: TestCompany;
let roleId: string;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await useMailbox();
  co = await createCompany();
  const role = await api('roles')
    .post('/roles')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send({ name: 'Server', subRoles: { floor: { name: 'Floor', priority: 1 } } });
  roleId = role.body.data.id;
});
afterAll(() => mailbox.close());

const QUESTIONS = [
  { prompt: 'Are you 18 or older?', kind: 'yes_no', required: true },
  { prompt: 'Tell us about your experience', kind: 'text' },
];

async function createPosting(overrides: Record<string, unknown> = {}, company = co) {
  const res = await applicants()
    .post('/postings')
    .query({ companyId: company.companyId })
    .set(bearer(company.manager))
    .send({
      title: 'Weekend server',
      roleId,
      subRoleId: 'floor',
      employmentType: 'parttime',
      wage: { min: 1500, max: 1800 },
      description: 'Fri-Sun',
      questions: QUESTIONS,
      ...overrides,
    });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; publicId: string };
}

const applicant = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada',
  surname: 'Lovelace',
  email: newEmail('ada'),
  phone: '+1 555 0100',
  answers: { q1: true, q2: 'Two years at a bistro' },
  availability: { Friday: { allDay: true }, Saturday: { shift1: { start: 600, end: 1320 } } },
  ...overrides,
});
const apply = (publicId: string, body: unknown, address = newAddress()) =>
  applicants()
    .post(`/apply/${publicId}`)
    .set(fromAddress(address))
    .send(body as object);
/** The token of the confirmation link the applicant at `email` received last (or after `seen` links). */
async function confirmationToken(email: string, seen = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const links = mailbox
      .messages(email)
      .flatMap((m) => m.links)
      .filter((l) => l.includes('#token='));
    if (links.length > seen) return new URL(links[links.length - 1]).hash.slice('#token='.length);
    if (Date.now() > deadline) throw new Error(`no confirmation link for ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const confirm = (token: string, address = newAddress()) =>
  applicants().post('/apply-confirmations').set(fromAddress(address)).send({ token });
/** Applies and confirms through the emailed link, as the applicant does: the confirmation's answer. */
async function applied(publicId: string, body: { email: string } & Record<string, unknown>) {
  const seen = mailbox.messages(body.email.toLowerCase()).length;
  const res = await apply(publicId, body);
  expect(res.status).toBe(202);
  const token = await confirmationToken(body.email.toLowerCase(), seen);
  return confirm(token);
}
const applicationsOf = async (companyId: string) =>
  (await db().collection(`companies/${companyId}/applications`).get()).docs;

describe('job postings and the public apply link', () => {
  it('a manager creates a posting; anyone sees it through its public link without an account, with the company name and role but no internal ids', async () => {
    const posting = await createPosting();
    expect(posting).toMatchObject({
      status: 'open',
      questions: [
        { id: 'q1', kind: 'yes_no', required: true },
        { id: 'q2', kind: 'text', required: false },
      ],
    });
    const page = await applicants().get(`/apply/${posting.publicId}`);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({
      companyName: 'Test Bistro',
      title: 'Weekend server',
      roleName: 'Server',
      wage: { min: 1500, max: 1800, period: 'hour' },
    });
    expect(JSON.stringify(page.body)).not.toContain(co.companyId);
    expect(JSON.stringify(page.body)).not.toContain(posting.id);
  });

  it('employees cannot see or manage hiring', async () => {
    const create = await applicants()
      .post('/postings')
      .query({ companyId: co.companyId })
      .set(bearer(co.employee))
      .send({});
    expect(create.status).toBe(403);
    const list = await applicants().get('/applications').query({ companyId: co.companyId }).set(bearer(co.employee));
    expect(list.status).toBe(403);
  });

  it('a posting for a role the company does not have is refused', async () => {
    const res = await applicants()
      .post('/postings')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ title: 'Ghost', roleId: 'no-such-role', subRoleId: 'x', employmentType: 'casual', wage: { min: 100 } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('UNKNOWN_ROLE');
  });
});

describe('applying', () => {
  it('an application counts once confirmed through the emailed link; applying again answers alike (no earlier receipt) and keeps the first one', async () => {
    const posting = await createPosting();
    const body = applicant();
    const first = await apply(posting.publicId, body);
    expect(first.status).toBe(202);
    expect(first.body.data).toEqual({ accepted: true, message: expect.any(String) });
    const mine = async () => (await applicationsOf(co.companyId)).filter((d) => d.get('postingId') === posting.id);
    expect(await mine()).toHaveLength(0);
    const token = await confirmationToken(body.email);
    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({ applicationId: expect.any(String), receivedAt: expect.any(Number) });
    expect((await confirm(token)).body.data).toEqual(confirmed.body.data);

    const again = await apply(posting.publicId, {
      ...body,
      email: body.email.toUpperCase(),
      answers: { q1: true, q2: 'changed my mind' },
    });
    expect([again.status, again.body]).toEqual([first.status, first.body]);
    expect((await confirm(await confirmationToken(body.email, 1))).body.data).toEqual(confirmed.body.data);
    const stored = await mine();
    expect(stored).toHaveLength(1);
    expect(stored[0].data()).toMatchObject({
      stage: 'new',
      email: body.email,
      answers: [
        { questionId: 'q1', answer: true },
        { questionId: 'q2', answer: 'Two years at a bistro' },
      ],
    });
  });

  it("cannot be squatted: an application made with someone else's address counts for nothing, and theirs counts once they confirm", async () => {
    const posting = await createPosting();
    const victim = applicant({ name: 'Grace', surname: 'Hopper' });
    const squat = await apply(posting.publicId, { ...victim, name: 'Mallory', message: 'not me' });
    expect(squat.status).toBe(202);
    const list = () =>
      applicants().get('/applications').query({ companyId: co.companyId, postingId: posting.id }).set(bearer(co.owner));
    expect((await list()).body.data.applications).toEqual([]);
    const own = await apply(posting.publicId, victim);
    expect(own.body).toEqual(squat.body);
    const receipt = await confirm(await confirmationToken(victim.email, 1));
    expect(receipt.status).toBe(200);
    expect((await list()).body.data.applications).toEqual([
      expect.objectContaining({ id: receipt.body.data.applicationId, name: 'Grace', surname: 'Hopper' }),
    ]);
  });

  it('the same application confirmed twice at once is stored once', async () => {
    const posting = await createPosting();
    const body = applicant();
    await apply(posting.publicId, body);
    const token = await confirmationToken(body.email);
    const [a, b] = await Promise.all([confirm(token), confirm(token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.applicationId).toBe(b.body.data.applicationId);
    expect((await applicationsOf(co.companyId)).filter((d) => d.get('postingId') === posting.id)).toHaveLength(1);
  });

  it('refuses an unknown confirmation token (404), storing nothing', async () => {
    const before = await snapshotCompany(co.companyId);
    const res = await confirm('apc_not-a-token-we-issued');
    expect([res.status, res.body.code]).toEqual([404, 'CONFIRMATION_NOT_FOUND']);
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('answers that do not fit the questions, malformed input, a closed posting and an unknown link are refused, storing nothing', async () => {
    const posting = await createPosting();
    const closed = await createPosting({ status: 'closed' });
    const before = await snapshotCompany(co.companyId);
    const bad = await apply(posting.publicId, applicant({ answers: { q1: 'yes', q9: true } }));
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('INVALID_ANSWERS');
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'body.answers.q1',
      'body.answers.q9',
    ]);
    const missing = await apply(posting.publicId, applicant({ answers: { q2: 'hi' } }));
    expect(missing.body).toMatchObject({
      success: false,
      code: 'INVALID_ANSWERS',
      details: [{ path: 'body.answers.q1', message: 'required' }],
    });
    const malformed = await apply(posting.publicId, applicant({ email: 'not-an-email', extra: 1 }));
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('VALIDATION_FAILED');
    const gone = await apply(closed.publicId, applicant());
    expect(gone.status).toBe(410);
    expect(gone.body.code).toBe('POSTING_CLOSED');
    const unknown = await apply('jp_nothing_here_at_all', applicant());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, error: 'Job posting not found', code: 'POSTING_NOT_FOUND' });
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('spam from one address is rate limited per posting: the sixth application in an hour gets 429 with Retry-After and is not stored', async () => {
    const posting = await createPosting();
    const address = newAddress();
    for (let i = 0; i < 5; i++) expect((await apply(posting.publicId, applicant(), address)).status).toBe(202);
    const spam = await apply(posting.publicId, applicant(), address);
    expect(spam.status).toBe(429);
    expect(spam.body.code).toBe('RATE_LIMITED');
    expect(Number(spam.headers['retry-after'])).toBeGreaterThan(0);
    // none counts before it is confirmed
    expect((await applicationsOf(co.companyId)).filter((d) => d.get('postingId') === posting.id)).toHaveLength(0);
    // another address is not affected
    expect((await apply(posting.publicId, applicant())).status).toBe(202);
  });
});

describe('the pipeline', () => {
  let posting: { id: string; publicId: string };
  beforeAll(async () => {
    posting = await createPosting();
  });
  const newApplication = async () => (await applied(posting.publicId, applicant())).body.data.applicationId as string;
  const move = (id: string, body: Record<string, unknown>, user = co.manager) =>
    applicants().post(`/applications/${id}/move`).query({ companyId: co.companyId }).set(bearer(user)).send(body);

  it('managers move an application through the stages with notes; every move is in its history', async () => {
    const id = await newApplication();
    expect((await move(id, { from: 'new', to: 'screening' })).status).toBe(200);
    const note = await applicants()
      .post(`/applications/${id}/notes`)
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ text: 'Great references' });
    expect(note.status).toBe(201);
    const res = await move(id, { from: 'screening', to: 'interview', reason: 'phone screen passed' }, co.owner);
    expect(res.status).toBe(200);
    expect(res.body.data.history.map((h: { from: string | null; to: string }) => [h.from, h.to])).toEqual([
      [null, 'new'],
      ['new', 'screening'],
      ['screening', 'interview'],
    ]);
    expect(res.body.data.history[2]).toMatchObject({ by: co.owner.uid, reason: 'phone screen passed' });
    expect(res.body.data.notes).toEqual([expect.objectContaining({ text: 'Great references', by: co.owner.uid })]);
    // a retried move changes nothing
    const retried = await move(id, { from: 'screening', to: 'interview' });
    expect(retried.status).toBe(200);
    expect(retried.body.data.history).toHaveLength(3);
  });

  it('two managers moving one application at once: one move wins, the other gets 409 STAGE_CHANGED, and the history has one move', async () => {
    const id = await newApplication();
    const [a, b] = await Promise.all([
      move(id, { from: 'new', to: 'interview' }),
      move(id, { from: 'new', to: 'rejected' }, co.owner),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.code).toBe('STAGE_CHANGED');
    const stored = (await db().doc(`companies/${co.companyId}/applications/${id}`).get()).data()!;
    expect(stored.history).toHaveLength(2);
    expect(stored.stage).toBe((a.status === 200 ? a : b).body.data.stage);
  });

  it('closed applications do not move, and hired is reached only by hiring', async () => {
    const id = await newApplication();
    expect((await move(id, { from: 'new', to: 'hired' })).body.code).toBe('USE_HIRE');
    expect((await move(id, { from: 'new', to: 'withdrawn' })).status).toBe(200);
    const res = await move(id, { from: 'withdrawn', to: 'screening' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('APPLICATION_CLOSED');
  });

  it('managers list applications newest first, filtered by stage, posting and date, page by page', async () => {
    const other = await createPosting();
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push((await applied(other.publicId, applicant())).body.data.applicationId as string);
    await move(ids[0], { from: 'new', to: 'screening' });
    const q = { companyId: co.companyId, postingId: other.id };
    const screening = await applicants()
      .get('/applications')
      .query({ ...q, stage: 'screening' })
      .set(bearer(co.manager));
    expect(screening.body.data.applications.map((a: { id: string }) => a.id)).toEqual([ids[0]]);
    const first = await applicants()
      .get('/applications')
      .query({ ...q, limit: 2 })
      .set(bearer(co.manager));
    expect(first.body.data.applications.map((a: { id: string }) => a.id)).toEqual([ids[2], ids[1]]);
    const second = await applicants()
      .get('/applications')
      .query({ ...q, limit: 2, cursor: first.body.data.nextCursor })
      .set(bearer(co.manager));
    expect(second.body.data).toEqual({ applications: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
    const future = await applicants()
      .get('/applications')
      .query({ ...q, from: '2099-01-01' })
      .set(bearer(co.manager));
    expect(future.body.data.applications).toEqual([]);
  });
});

describe('hiring', () => {
  it("hire creates the employee from the application with the posting's role, and emails the applicant the auth invitation; hiring again creates no second employee", async () => {
    const posting = await createPosting();
    const body = applicant({ name: 'Grace', surname: 'Hopper' });
    const { applicationId } = (await applied(posting.publicId, body)).body.data;
    const res = await applicants()
      .post(`/applications/${applicationId}/hire`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({});
    expect(res.status).toBe(200);
    const { employeeId, application } = res.body.data;
    expect(application).toMatchObject({ stage: 'hired', employeeId, invitation: { status: 'sent' } });
    const employee = (await db().doc(`companies/${co.companyId}/employees/${employeeId}`).get()).data()!;
    expect(employee).toMatchObject({
      name: 'Grace',
      surname: 'Hopper',
      email: body.email,
      positions: [{ categoryId: roleId, subcategoryId: 'floor' }],
      employeeType: 'parttime',
      availabilities: body.availability,
    });
    const invitationMail = await mailbox.waitFor(body.email, (m) => m.text.includes('token=inv_'));
    expect(invitationMail.text).toContain('token=inv_');
    const invitation = (await db().collection('invitations').doc(application.invitation.invitationId).get()).data()!;
    expect(invitation).toMatchObject({ companyId: co.companyId, email: body.email, role: 'employee', employeeId });

    const again = await applicants()
      .post(`/applications/${applicationId}/hire`)
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({});
    expect(again.status).toBe(200);
    expect(again.body.data.employeeId).toBe(employeeId);
    const sameEmail = await db()
      .collection(`companies/${co.companyId}/employees`)
      .where('email', '==', body.email)
      .get();
    expect(sameEmail.size).toBe(1);
    // one invitation (besides the confirmation of the application)
    expect(mailbox.messages(body.email).filter((m) => m.text.includes('token=inv_'))).toHaveLength(1);
  });

  it('two managers hiring one applicant at once create one employee', async () => {
    const posting = await createPosting();
    const body = applicant();
    const { applicationId } = (await applied(posting.publicId, body)).body.data;
    const hire = (u = co.manager) =>
      applicants()
        .post(`/applications/${applicationId}/hire`)
        .query({ companyId: co.companyId })
        .set(bearer(u))
        .send({ invite: false });
    const [a, b] = await Promise.all([hire(), hire(co.owner)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.employeeId).toBe(b.body.data.employeeId);
    expect(
      (await db().collection(`companies/${co.companyId}/employees`).where('email', '==', body.email).get()).size,
    ).toBe(1);
  });

  it('a rejected applicant cannot be hired', async () => {
    const posting = await createPosting();
    const { applicationId } = (await applied(posting.publicId, applicant())).body.data;
    await applicants()
      .post(`/applications/${applicationId}/move`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ from: 'new', to: 'rejected' });
    const res = await applicants()
      .post(`/applications/${applicationId}/hire`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({});
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('APPLICATION_CLOSED');
  });
});

describe('hiring permissions', () => {
  it('the owner decides whether managers manage postings and whether they see hiring at all; owners always do', async () => {
    const own = await createCompany();
    const role = await api('roles')
      .post('/roles')
      .query({ companyId: own.companyId })
      .set(bearer(own.owner))
      .send({ name: 'Host', subRoles: { door: { name: 'Door', priority: 1 } } });
    const q = { companyId: own.companyId };
    const body = {
      title: 'Host',
      roleId: role.body.data.id,
      subRoleId: 'door',
      employmentType: 'casual',
      wage: { min: 1400 },
    };
    expect((await applicants().get('/hiring-permissions').query(q).set(bearer(own.manager))).body.data).toEqual({
      managersSeeHiring: true,
      managersManagePostings: true,
    });
    expect(
      (
        await applicants()
          .patch('/hiring-permissions')
          .query(q)
          .set(bearer(own.manager))
          .send({ managersManagePostings: false })
      ).status,
    ).toBe(403);

    expect(
      (
        await applicants()
          .patch('/hiring-permissions')
          .query(q)
          .set(bearer(own.owner))
          .send({ managersManagePostings: false })
      ).status,
    ).toBe(200);
    const refused = await applicants().post('/postings').query(q).set(bearer(own.manager)).send(body);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('HIRING_NOT_PERMITTED');
    const posting = await applicants().post('/postings').query(q).set(bearer(own.owner)).send(body);
    expect(posting.status).toBe(201);
    expect((await applicants().get('/applications').query(q).set(bearer(own.manager))).status).toBe(200);

    await applicants().patch('/hiring-permissions').query(q).set(bearer(own.owner)).send({ managersSeeHiring: false });
    const hidden = await applicants().get('/applications').query(q).set(bearer(own.manager));
    expect(hidden.status).toBe(403);
    expect(hidden.body.code).toBe('HIRING_NOT_PERMITTED');
    expect((await applicants().get(`/postings/${posting.body.data.id}`).query(q).set(bearer(own.manager))).status).toBe(
      403,
    );
    expect((await applicants().get('/applications').query(q).set(bearer(own.owner))).status).toBe(200);
  });
});

describe("another company's applicants", () => {
  it('a manager of another company sees none of them', async () => {
    const posting = await createPosting();
    const { applicationId } = (await applied(posting.publicId, applicant())).body.data;
    const other = await createCompany();
    const asMember = await applicants()
      .get(`/applications/${applicationId}`)
      .query({ companyId: co.companyId })
      .set(bearer(other.manager));
    expect(asMember.status).toBe(403);
    expect(asMember.body.code).toBe('NOT_A_MEMBER');
    const viaOwnCompany = await applicants()
      .get(`/applications/${applicationId}`)
      .query({ companyId: other.companyId })
      .set(bearer(other.manager));
    expect(viaOwnCompany.status).toBe(404);
    expect(viaOwnCompany.body.code).toBe('APPLICATION_NOT_FOUND');
    const list = await applicants()
      .get('/applications')
      .query({ companyId: other.companyId })
      .set(bearer(other.manager));
    expect(list.body.data.applications).toEqual([]);
  });
});
