import { WriteBatch } from 'firebase-admin/firestore';
import { auth, db } from '../../src/core/firebase';
import type { Mailbox } from '../../dev/mailbox';
import { api } from '../helpers/api';
import { logsOf } from '../helpers/logs';
import { authApi, bearerOf, fromAddress, newAddress, newEmail, signUp, signupInput, useMailbox } from './support';

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await useMailbox();
});
afterAll(() => mailbox.close());

const accountOf = (email: string) =>
  auth()
    .getUserByEmail(email)
    .catch(() => null);
const companiesCreatedBy = async (email: string) =>
  (await db().collection('companies').where('email', '==', email).get()).docs;

describe('POST /auth/signup', () => {
  it('creates the account, the company with default settings and policies, the owner membership and employee record; the token works on company routes', async () => {
    const owner = await signUp({ name: 'Sam', surname: 'Rivera' });
    expect(owner).toMatchObject({
      uid: expect.any(String),
      companyId: expect.any(String),
      employeeId: expect.any(String),
    });

    const company = await api('companies').get(`/companies/${owner.companyId}`).set(bearerOf(owner.token));
    expect(company.status).toBe(200);
    expect(company.body.data).toMatchObject({
      id: owner.companyId,
      name: 'Olive Tree Bistro',
      timezone: 'America/New_York',
      weekStartingDay: 1,
      country: 'US',
      currency: 'USD',
    });
    const settings = await api('companies').get(`/companies/${owner.companyId}/settings`).set(bearerOf(owner.token));
    expect(settings.body.data).toMatchObject({
      conflictsDetectionEnabled: true,
      generationPriority: 'longer-shifts',
      maxHoursPerWeek: 40,
    });
    const stored = (await db().collection('companies').doc(owner.companyId).get()).data()!;
    expect(stored).toMatchObject({ country: 'US', currency: 'USD', createdBy: owner.uid });

    const me = await api('employees')
      .get('/employees/me')
      .query({ companyId: owner.companyId })
      .set(bearerOf(owner.token));
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      id: owner.employeeId,
      name: 'Sam',
      surname: 'Rivera',
      userId: owner.uid,
      email: owner.email,
    });

    const profile = await authApi().get('/me').set(bearerOf(owner.token));
    expect(profile.body.data).toMatchObject({
      uid: owner.uid,
      email: owner.email,
      name: 'Sam',
      surname: 'Rivera',
      admin: false,
      memberships: [
        {
          companyId: owner.companyId,
          companyName: 'Olive Tree Bistro',
          role: 'owner',
          employeeId: owner.employeeId,
          organizationRole: null,
        },
      ],
    });
    // the owner manages the new company: a role of their own
    const role = await api('roles')
      .post('/roles')
      .query({ companyId: owner.companyId })
      .set(bearerOf(owner.token))
      .send({ name: 'Server', type: 'FOH' });
    expect(role.status).toBe(201);
  });

  it('answers an email that already has an account with 409 EMAIL_TAKEN and writes nothing', async () => {
    const first = await signUp();
    const again = await authApi()
      .post('/signup')
      .set(fromAddress())
      .send(signupInput({ email: first.email, company: { name: 'Second Place', timezone: 'UTC', country: 'GB' } }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      success: false,
      code: 'EMAIL_TAKEN',
      error: 'An account already exists for this email',
    });
    expect((await companiesCreatedBy(first.email)).map((d) => d.id)).toEqual([first.companyId]);
  });

  it('treats the email without regard to case', async () => {
    const first = await signUp();
    const again = await authApi()
      .post('/signup')
      .set(fromAddress())
      .send(signupInput({ email: first.email.toUpperCase() }));
    expect(again.body.code).toBe('EMAIL_TAKEN');
  });

  it('refuses bad input with every problem listed, creating no account', async () => {
    const email = newEmail();
    const res = await authApi()
      .post('/signup')
      .set(fromAddress())
      .send({
        name: '',
        surname: 'X',
        email,
        password: 'short',
        company: { name: 'Y', timezone: 'Mars/Olympus', country: 'XX', currency: 'EURO' },
      });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'body.company.country',
      'body.company.currency',
      'body.company.timezone',
      'body.name',
      'body.password',
    ]);
    expect(await accountOf(email)).toBeNull();
  });

  it.each([
    ['EU', 'Europe/London', 'body.company.country', 'is not an assigned ISO 3166-1 country code'],
    ['XA', 'Europe/London', 'body.company.country', 'is not an assigned ISO 3166-1 country code'],
    ['US', '+05:00', 'body.company.timezone', 'is an offset, not a time zone: use an IANA name, e.g. Europe/Madrid'],
    [
      'US',
      'america/chicago',
      'body.company.timezone',
      'must be written America/Chicago (time-zone names are case-sensitive)',
    ],
  ])(
    'refuses country %s with time zone %s (400, %s), creating no account',
    async (country, timezone, path, message) => {
      const input = signupInput();
      const res = await authApi()
        .post('/signup')
        .set(fromAddress())
        .send({ ...input, company: { ...input.company, country, timezone } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path, message }] });
      expect(await accountOf(input.email)).toBeNull();
    },
  );

  it('deletes the new account again when writing the company fails midway: no account, no company, no membership', async () => {
    const input = signupInput();
    const commit = jest
      .spyOn(WriteBatch.prototype, 'commit')
      .mockRejectedValueOnce(Object.assign(new Error('14 UNAVAILABLE: Firestore unreachable'), { code: 14 }));
    try {
      const { result: res, lines } = await logsOf(() => authApi().post('/signup').set(fromAddress()).send(input));
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, code: 'SIGNUP_FAILED' });
      expect(JSON.stringify(res.body)).not.toContain('UNAVAILABLE');
      expect(
        lines.some((l) => String(l.message).includes('signup: writing the company failed; deleting the new account')),
      ).toBe(true);
      expect(JSON.stringify(lines)).not.toContain(input.password);
    } finally {
      commit.mockRestore();
    }
    expect(await accountOf(input.email)).toBeNull();
    expect(await companiesCreatedBy(input.email)).toEqual([]);
    // the same signup then succeeds
    const retried = await authApi().post('/signup').set(fromAddress()).send(input);
    expect(retried.status).toBe(201);
    const memberships = await db().collection('memberships').where('uid', '==', retried.body.data.uid).get();
    expect(memberships.docs.map((d) => d.get('companyId'))).toEqual([retried.body.data.companyId]);
  });
});

describe('signup abuse limits', () => {
  it('allows 5 signups an hour from one address, then 429 RATE_LIMITED with Retry-After, creating nothing', async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      const res = await authApi().post('/signup').set(fromAddress(address)).send(signupInput());
      expect(res.status).toBe(201);
    }
    const input = signupInput();
    const sixth = await authApi().post('/signup').set(fromAddress(address)).send(input);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await accountOf(input.email)).toBeNull();
    // another address is not limited
    expect((await authApi().post('/signup').set(fromAddress()).send(signupInput())).status).toBe(201);
  });

  it('limits one email to 5 attempts an hour whatever the address', async () => {
    const email = newEmail();
    const first = await authApi().post('/signup').set(fromAddress()).send(signupInput({ email }));
    expect(first.status).toBe(201);
    for (let i = 0; i < 4; i++)
      expect((await authApi().post('/signup').set(fromAddress()).send(signupInput({ email }))).body.code).toBe(
        'EMAIL_TAKEN',
      );
    const sixth = await authApi().post('/signup').set(fromAddress()).send(signupInput({ email }));
    expect(sixth.status).toBe(429);
    expect(sixth.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('counts the address the front end appended (the last X-Forwarded-For entry), not one the client made up', async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      const res = await authApi()
        .post('/signup')
        .set({ 'X-Forwarded-For': `10.0.0.${i}, ${address}` })
        .send(signupInput());
      expect(res.status).toBe(201);
    }
    const spoofed = await authApi()
      .post('/signup')
      .set({ 'X-Forwarded-For': `10.9.9.9, ${address}` })
      .send(signupInput());
    expect(spoofed.status).toBe(429);
  });
});
