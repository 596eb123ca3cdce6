import { randomUUID } from 'node:crypto';
import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { withGlobalLock } from '../helpers/global-lock';
import { bearer, createUser, signIn, type TestUser } from '../helpers/users';
import { startProviders, type LocalProviders } from '../ai/support/providers';

let providers: LocalProviders;
let admin: TestUser;
beforeAll(async () => {
  [providers, admin] = await Promise.all([startProviders(), createUser({ admin: true, label: 'admin' })]);
});
afterAll(async () => {
  await providers.close();
});

const onboarding = () => api('onboarding');
/** Every test comes from its own client address (the public routes are rate limited per address). */
const address = () => ({
  'X-Forwarded-For': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
});

interface Usage {
  input_tokens: number;
  output_tokens: number;
}

const HOURS = {
  Monday: null,
  Tuesday: { open: '12:00', close: '23:00' },
  Wednesday: { open: '12:00', close: '23:00' },
  Thursday: { open: '12:00', close: '23:00' },
  Friday: { open: '12:00', close: '23:30' },
  Saturday: { open: '12:00', close: '23:30' },
  Sunday: { open: '11:00', close: '16:00' },
};
const ROLES = [
  { name: 'Server', type: 'FOH', headcount: 6 },
  { name: 'Line Cook', type: 'BOH', headcount: 3 },
];

async function start(user?: TestUser) {
  const req = onboarding().post('/onboarding/sessions').set(address());
  const res = await (user ? req.set(bearer(user)) : req).send({});
  expect(res.status).toBe(201);
  return res.body.data as { session: { id: string }; sessionToken: string | null; reply: string };
}

const send = (id: string, token: string, text: string, extra: object = {}) =>
  onboarding()
    .post(`/onboarding/sessions/${id}/messages`)
    .set('X-Onboarding-Token', token)
    .send({ text, ...extra });

/** A session with every answer in (four scripted model turns). */
async function readySession() {
  const { session, sessionToken } = await start();
  const token = sessionToken!;
  for (const answers of [
    { restaurantName: 'Casa Pepe', restaurantType: 'tapas bar' },
    { country: 'ES', timezone: 'Europe/Madrid', currency: 'EUR' },
    { openingHours: HOURS },
    { roles: ROLES },
  ]) {
    script({ answers, usage: { input_tokens: 10, output_tokens: 5 } });
    expect((await send(session.id, token, 'an answer')).status).toBe(200);
  }
  return { id: session.id, token };
}

async function usageRows(path: string) {
  const res = await api('ai').get(path).query({ limit: 5000 }).set(bearer(admin));
  expect(res.status).toBe(200);
  return res.body.data.rows as Array<Record<string, unknown>>;
}

/** The model's next turns, in order: each answers one request of the provider layer. */
const script = (...turns: Array<{ answers?: unknown; text?: string; usage: Usage }>) =>
  providers.anthropic.script(
    turns.map((t) => ({ text: t.text ?? JSON.stringify({ answers: t.answers }), usage: t.usage })),
  );

afterEach(() => {
  // every scripted turn was consumed by the calls the test expected, and no more were made
  expect(providers.anthropic.pending()).toBe(0);
  providers.anthropic.reset();
});

describe('onboarding end to end', () => {
  it('collects the answers over scripted model turns, creates the company, and splits the usage between the onboarding bucket and the new company', () =>
    withGlobalLock(async () => {
      expect(
        (
          await api('ai')
            .patch('/ai-config/global')
            .set(bearer(admin))
            .send({ provider: 'anthropic', model: 'claude-sonnet-4-6' })
        ).status,
      ).toBe(200);

      const started = await start();
      expect(started.sessionToken).toEqual(expect.any(String));
      expect(started.session).toMatchObject({
        status: 'collecting',
        anonymous: true,
        nextQuestion: { field: 'restaurantName' },
        companyId: null,
      });
      const { id } = started.session;
      const token = started.sessionToken!;
      const stored = (await db().collection('onboardingSessions').doc(id).get()).data()!;
      expect(JSON.stringify(stored)).not.toContain(token);

      const extractRequests: string[] = [];
      const turn = async (text: string, answers: unknown, usage: Usage) => {
        script({ answers, usage });
        const res = await send(id, token, text);
        expect(res.status).toBe(200);
        extractRequests.push(res.headers['x-request-id']);
        return res.body.data;
      };

      let data = await turn(
        'Hi! We are Casa Pepe, a small tapas bar.',
        { restaurantName: 'Casa Pepe', restaurantType: 'tapas bar' },
        { input_tokens: 1000, output_tokens: 200 },
      );
      expect(data.accepted).toEqual(['restaurantName', 'restaurantType']);
      expect(data.session.nextQuestion.field).toBe('country');
      expect(data.reply).toBe(data.session.nextQuestion.text);

      // the model gets the country code wrong: the valid answers are kept, the wrong one asked again
      data = await turn(
        'We are in Madrid, Spain, and we charge in euros.',
        { country: 'Spain', timezone: 'Europe/Madrid', currency: 'EUR' },
        { input_tokens: 1100, output_tokens: 150 },
      );
      expect(data.accepted).toEqual(['timezone', 'currency']);
      expect(data.ignored).toEqual(['country']);
      expect(data.session.nextQuestion.field).toBe('country');
      // what the app sent the model: the answers so far in the instructions, the owner's words last
      const sent = providers.anthropic.requests.at(-1)!.body as {
        system: Array<{ text: string }>;
        messages: Array<{ role: string; content: string }>;
      };
      expect(sent.system[0].text).toContain('"restaurantName":"Casa Pepe"');
      expect(sent.messages.at(-1)).toEqual({
        role: 'user',
        content: 'We are in Madrid, Spain, and we charge in euros.',
      });
      expect(sent.messages[0]).toEqual({ role: 'user', content: 'Hi! We are Casa Pepe, a small tapas bar.' });

      data = await turn(
        'Spain (ES). Closed Mondays; Tuesday to Thursday 12 to 23, Friday and Saturday until 23:30, Sunday 11 to 16.',
        { country: 'ES', openingHours: HOURS },
        { input_tokens: 1200, output_tokens: 300 },
      );
      expect(data.session.nextQuestion.field).toBe('roles');

      // resumable: the session is read back with its token
      const resumed = await onboarding().get(`/onboarding/sessions/${id}`).set('X-Onboarding-Token', token);
      expect(resumed.status).toBe(200);
      expect(resumed.body.data).toMatchObject({
        status: 'collecting',
        missing: ['roles'],
        answers: { restaurantName: 'Casa Pepe', country: 'ES', openingHours: HOURS },
      });
      expect(resumed.body.data.transcript.at(-1)).toEqual({ role: 'assistant', text: data.reply });

      data = await turn(
        'Six servers and three line cooks.',
        { roles: ROLES },
        { input_tokens: 1300, output_tokens: 250 },
      );
      expect(data.session).toMatchObject({ status: 'ready', missing: [], nextQuestion: null });

      const email = `owner-${randomUUID().slice(0, 8)}@test.local`;
      script({ text: 'Welcome to the team, Casa Pepe!', usage: { input_tokens: 2000, output_tokens: 100 } });
      const done = await onboarding()
        .post(`/onboarding/sessions/${id}/complete`)
        .set(address())
        .set('X-Onboarding-Token', token)
        .send({
          owner: { name: 'Pepe', surname: 'García', email, password: 'a-good-password' },
          message: 'Looks right, create it.',
        });
      expect(done.status).toBe(200);
      const { companyId, uid } = done.body.data;
      expect(done.body.data.reply).toBe('Welcome to the team, Casa Pepe!');
      expect(done.body.data.session).toMatchObject({ status: 'completed', companyId });
      // the password reached neither the model nor the session
      expect(JSON.stringify(providers.anthropic.requests.map((r) => r.body))).not.toContain('a-good-password');
      expect(JSON.stringify((await db().collection('onboardingSessions').doc(id).get()).data())).not.toContain(
        'a-good-password',
      );

      // the company, as its new owner sees it through the product's routes
      const owner = { uid, email, token: await signIn(email, 'a-good-password') };
      const profile = await api('companies').get(`/companies/${companyId}`).set(bearer(owner));
      expect(profile.status).toBe(200);
      expect(profile.body.data).toMatchObject({
        name: 'Casa Pepe',
        timezone: 'Europe/Madrid',
        industry: 'tapas bar',
        createdByOnboarding: true,
        onboardingCompleted: true,
      });
      const settings = await api('companies').get(`/companies/${companyId}/settings`).set(bearer(owner));
      expect(settings.body.data.enableShiftSplitting).toBe(true);
      const roles = await api('roles').get('/roles').query({ companyId }).set(bearer(owner));
      expect(roles.body.data.map((r: { id: string; name: string; type: string }) => [r.id, r.name, r.type])).toEqual([
        ['role-server', 'Server', 'FOH'],
        ['role-line-cook', 'Line Cook', 'BOH'],
      ]);
      const template = await api('schedule').get(`/companies/${companyId}/schedule-template`).set(bearer(owner));
      expect(Object.keys(template.body.data.daysStructure).sort()).toEqual([
        'Friday',
        'Saturday',
        'Sunday',
        'Thursday',
        'Tuesday',
        'Wednesday',
      ]);
      // 5 long days x 2 slots + Sunday's 1 = 11 slots a week; 6 servers x 5 shifts / 11 = 2 per slot
      expect(template.body.data.daysStructure.Tuesday.shifts['role-server']).toEqual([
        { start: 720, end: 1050, key: 'lunch', general: { required: 2, hold: 0 } },
        { start: 1050, end: 1380, key: 'dinner', general: { required: 2, hold: 0 } },
      ]);

      // usage: the four extraction calls in the onboarding bucket, the welcome in the company's
      const onboardingRows = (await usageRows('/ai-usage/onboarding')).filter(
        (r) => extractRequests.includes(String(r.requestId)) || r.requestId === done.headers['x-request-id'],
      );
      expect(onboardingRows).toHaveLength(4);
      for (const row of onboardingRows)
        expect(row).toMatchObject({
          flow: 'onboarding.extract',
          provider: 'anthropic',
          model: 'claude-sonnet-4-6',
          calls: 1,
          priced: true,
        });
      expect(onboardingRows.map((r) => [r.inputTokens, r.outputTokens]).sort()).toEqual([
        [1000, 200],
        [1100, 150],
        [1200, 300],
        [1300, 250],
      ]);
      // $3 / $15 per million tokens: 1000 in + 200 out = 0.003 + 0.003 USD
      expect(onboardingRows.find((r) => r.inputTokens === 1000)!.costNanoUsd).toBe(6_000_000);

      const companyRows = await usageRows(`/companies/${companyId}/ai-usage`);
      expect(companyRows).toHaveLength(1);
      // 2000 in + 100 out = 0.006 + 0.0015 USD
      expect(companyRows[0]).toMatchObject({
        flow: 'onboarding.welcome',
        inputTokens: 2000,
        outputTokens: 100,
        calls: 1,
        requestId: done.headers['x-request-id'],
        costNanoUsd: 7_500_000,
      });

      // completing again answers the same company and calls no model
      const before = providers.anthropic.requests.length;
      const again = await onboarding()
        .post(`/onboarding/sessions/${id}/complete`)
        .set('X-Onboarding-Token', token)
        .send({ owner: { name: 'Pepe', surname: 'García', email, password: 'a-good-password' } });
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ companyId, uid, reply: 'Welcome to the team, Casa Pepe!' });
      expect(providers.anthropic.requests.length).toBe(before);
      expect(await usageRows(`/companies/${companyId}/ai-usage`)).toHaveLength(1);

      // and the session takes no more messages
      const late = await send(id, token, 'Actually we are called Casa Juan.');
      expect(late.status).toBe(409);
      expect(late.body.code).toBe('ONBOARDING_COMPLETED');
    }));

  it('a signed-in owner completes into a company of their own account', async () => {
    const user = await createUser({ label: 'founder' });
    const { session } = await start(user);
    expect(session).toMatchObject({ anonymous: false });
    script(
      {
        answers: {
          restaurantName: 'Bar Luz',
          restaurantType: 'cocktail bar',
          country: 'PT',
          timezone: 'Europe/Lisbon',
        },
        usage: { input_tokens: 5, output_tokens: 5 },
      },
      {
        answers: { openingHours: HOURS, roles: [{ name: 'Bartender', type: 'FOH', headcount: 2 }] },
        usage: { input_tokens: 5, output_tokens: 5 },
      },
      { text: 'Welcome, Luz!', usage: { input_tokens: 5, output_tokens: 5 } },
    );
    for (const text of ['Bar Luz, a cocktail bar in Lisbon.', 'Open like the others; two bartenders.']) {
      const res = await onboarding()
        .post(`/onboarding/sessions/${session.id}/messages`)
        .set(bearer(user))
        .send({ text });
      expect(res.status).toBe(200);
    }
    const done = await onboarding()
      .post(`/onboarding/sessions/${session.id}/complete`)
      .set(bearer(user))
      .send({ owner: { name: 'Luz', surname: 'Silva' } });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ uid: user.uid, reply: 'Welcome, Luz!' });
    const membership = (
      await db().collection('memberships').doc(`${done.body.data.companyId}_${user.uid}`).get()
    ).data();
    expect(membership).toMatchObject({ role: 'owner', employeeId: done.body.data.employeeId });
  });

  it('keeps the company when the welcome call fails, answering the built-in welcome', async () => {
    const { id, token } = await readySession();
    providers.anthropic.script([{ failures: [{ status: 500 }, { status: 500 }, { status: 500 }] }]);
    const done = await onboarding()
      .post(`/onboarding/sessions/${id}/complete`)
      .set(address())
      .set('X-Onboarding-Token', token)
      .send({
        owner: {
          name: 'A',
          surname: 'B',
          email: `w-${randomUUID().slice(0, 8)}@test.local`,
          password: 'a-good-password',
        },
      });
    expect(done.status).toBe(200);
    expect(done.body.data.reply).toContain('Casa Pepe');
    expect((await db().collection('companies').doc(done.body.data.companyId).get()).exists).toBe(true);
  });
});

describe('onboarding sessions: access, limits and failures', () => {
  it('reaches an anonymous session only with its token, and a signed-in one only as its user', async () => {
    const anonymous = await start();
    const path = `/onboarding/sessions/${anonymous.session.id}`;
    expect((await onboarding().get(path)).status).toBe(401);
    const wrong = await onboarding().get(path).set('X-Onboarding-Token', 'not-the-token');
    expect(wrong.status).toBe(404);
    expect(wrong.body.code).toBe('ONBOARDING_SESSION_NOT_FOUND');
    expect(
      (
        await onboarding()
          .get('/onboarding/sessions/no-such-session')
          .set('X-Onboarding-Token', anonymous.sessionToken!)
      ).status,
    ).toBe(404);

    const [user, stranger] = await Promise.all([createUser({ label: 'founder' }), createUser({ label: 'stranger' })]);
    const signedIn = await start(user);
    expect(signedIn.sessionToken).toBeNull();
    expect((await onboarding().get(`/onboarding/sessions/${signedIn.session.id}`).set(bearer(user))).status).toBe(200);
    expect((await onboarding().get(`/onboarding/sessions/${signedIn.session.id}`).set(bearer(stranger))).status).toBe(
      404,
    );
    expect(
      (await onboarding().get(`/onboarding/sessions/${signedIn.session.id}`).set('Authorization', 'Bearer forged'))
        .status,
    ).toBe(401);
  });

  it('answers 410 for an expired session and changes nothing', async () => {
    const { session, sessionToken } = await start();
    await db()
      .collection('onboardingSessions')
      .doc(session.id)
      .update({ expiresAt: Date.now() - 1000 });
    const before = providers.anthropic.requests.length;
    const res = await send(session.id, sessionToken!, 'We are Late Bar.');
    expect(res.status).toBe(410);
    expect(res.body.code).toBe('ONBOARDING_SESSION_EXPIRED');
    expect(providers.anthropic.requests.length).toBe(before);
  });

  it('refuses to complete before every answer is in (422, listing what is missing) and creates nothing', async () => {
    const { session, sessionToken } = await start();
    script({ answers: { restaurantName: 'Half Done' }, usage: { input_tokens: 1, output_tokens: 1 } });
    await send(session.id, sessionToken!, 'We are Half Done.');
    const res = await onboarding()
      .post(`/onboarding/sessions/${session.id}/complete`)
      .set('X-Onboarding-Token', sessionToken!)
      .send({
        owner: {
          name: 'A',
          surname: 'B',
          email: `x-${randomUUID().slice(0, 6)}@test.local`,
          password: 'a-good-password',
        },
      });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('ONBOARDING_INCOMPLETE');
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual([
      'answers.restaurantType',
      'answers.country',
      'answers.timezone',
      'answers.openingHours',
      'answers.roles',
    ]);
    const { companyIdOf } = await import('../../src/modules/onboarding/service');
    expect((await db().collection('companies').doc(companyIdOf(session.id)).get()).exists).toBe(false);
  });

  it('an anonymous completion without email and password is a 400 and creates nothing', async () => {
    const { id, token } = await readySession();
    const res = await onboarding()
      .post(`/onboarding/sessions/${id}/complete`)
      .set('X-Onboarding-Token', token)
      .send({ owner: { name: 'A', surname: 'B' } });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['body.owner.email', 'body.owner.password']);
    const { companyIdOf } = await import('../../src/modules/onboarding/service');
    expect((await db().collection('companies').doc(companyIdOf(id)).get()).exists).toBe(false);
  });

  it('an email that already has an account is 409 EMAIL_TAKEN, and the session can complete with another', async () => {
    const { id, token } = await readySession();
    const taken = await createUser({ label: 'taken' });
    const complete = (email: string) =>
      onboarding()
        .post(`/onboarding/sessions/${id}/complete`)
        .set(address())
        .set('X-Onboarding-Token', token)
        .send({ owner: { name: 'A', surname: 'B', email, password: 'a-good-password' } });
    const refused = await complete(taken.email);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('EMAIL_TAKEN');
    const { companyIdOf } = await import('../../src/modules/onboarding/service');
    expect((await db().collection('companies').doc(companyIdOf(id)).get()).exists).toBe(false);
    providers.anthropic.script([{ text: 'Welcome!', usage: { input_tokens: 1, output_tokens: 1 } }]);
    const done = await complete(`fresh-${randomUUID().slice(0, 8)}@test.local`);
    expect(done.status).toBe(200);
    expect(done.body.data.companyId).toBe(companyIdOf(id));
  });

  it('answers a retried message (same clientMessageId) without a second model call', async () => {
    const { session, sessionToken } = await start();
    script({ answers: { restaurantName: 'Once' }, usage: { input_tokens: 3, output_tokens: 3 } });
    const text = 'We are called Once.';
    const first = await send(session.id, sessionToken!, text, { clientMessageId: 'm-1' });
    const calls = providers.anthropic.requests.length;
    const retry = await send(session.id, sessionToken!, text, { clientMessageId: 'm-1' });
    expect(retry.status).toBe(200);
    expect(retry.body.data).toMatchObject({ reply: first.body.data.reply, accepted: ['restaurantName'] });
    expect(retry.body.data.session.messageCount).toBe(1);
    expect(providers.anthropic.requests.length).toBe(calls);
  });

  it('keeps the session unchanged when the model answers prose instead of JSON', async () => {
    const { session, sessionToken } = await start();
    script({ text: 'I am not sure what you mean.', usage: { input_tokens: 3, output_tokens: 3 } });
    const res = await send(session.id, sessionToken!, 'Hello?');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      accepted: [],
      ignored: [],
      session: { answers: {}, nextQuestion: { field: 'restaurantName' } },
    });
  });

  it('ignores proposed keys an object inherits (constructor, toString), keeping the message and the known answers', async () => {
    const { session, sessionToken } = await start();
    script({
      text: '{"answers": {"constructor": "x", "toString": "y", "__proto__": {"country": "ES"}, "restaurantName": "Casa Pepe"}}',
      usage: { input_tokens: 3, output_tokens: 3 },
    });
    const res = await send(session.id, sessionToken!, 'We are Casa Pepe.');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      accepted: ['restaurantName'],
      ignored: [],
      session: { answers: { restaurantName: 'Casa Pepe' }, messageCount: 1 },
    });
    const after = await onboarding().get(`/onboarding/sessions/${session.id}`).set('X-Onboarding-Token', sessionToken!);
    expect(after.body.data.transcript).toContainEqual({ role: 'owner', text: 'We are Casa Pepe.' });
  });

  it.each([
    [{ country: 'EU', timezone: 'Europe/Madrid' }, ['country']],
    [{ country: 'XA', timezone: '+05:00' }, ['country', 'timezone']],
    [{ country: 'ES', timezone: 'europe/madrid' }, ['timezone']],
  ])("refuses the model's unassigned country or non-canonical time zone %j: asked again", async (answers, ignored) => {
    const { session, sessionToken } = await start();
    script({ answers: { restaurantName: 'Casa Pepe', ...answers }, usage: { input_tokens: 3, output_tokens: 3 } });
    const res = await send(session.id, sessionToken!, 'Casa Pepe, in Madrid.');
    expect(res.status).toBe(200);
    expect(res.body.data.ignored).toEqual(ignored);
    for (const field of ignored) expect(res.body.data.session.answers[field]).toBeUndefined();
  });

  it('answers 503 AI_PROVIDER_NOT_CONFIGURED without a provider key, and the session is unchanged', async () => {
    const { session, sessionToken } = await start();
    const saved = process.env.ANTHROPIC_API_KEY;
    delete process.env.ANTHROPIC_API_KEY;
    try {
      const res = await send(session.id, sessionToken!, 'We are Nope.');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, code: 'AI_PROVIDER_NOT_CONFIGURED' });
    } finally {
      process.env.ANTHROPIC_API_KEY = saved;
    }
    const after = await onboarding().get(`/onboarding/sessions/${session.id}`).set('X-Onboarding-Token', sessionToken!);
    expect(after.body.data).toMatchObject({ messageCount: 0, answers: {} });
  });

  it('answers 429 when the provider keeps rate limiting, with nothing kept', async () => {
    const { session, sessionToken } = await start();
    providers.anthropic.script([
      {
        failures: [
          { status: 429, retryAfter: '0' },
          { status: 429, retryAfter: '0' },
          { status: 429, retryAfter: '0' },
        ],
      },
    ]);
    const res = await send(session.id, sessionToken!, 'We are Busy.');
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('UPSTREAM_RATE_LIMITED');
    const after = await onboarding().get(`/onboarding/sessions/${session.id}`).set('X-Onboarding-Token', sessionToken!);
    expect(after.body.data.answers).toEqual({});
  });

  it.each([
    ['an empty message', { text: '  ' }],
    ['a message of 2,001 characters', { text: 'x'.repeat(2001) }],
    ['an unknown field', { text: 'hi', answers: { restaurantName: 'Sneaky' } }],
  ])('refuses %s with 400', async (_label, body) => {
    const { session, sessionToken } = await start();
    const res = await onboarding()
      .post(`/onboarding/sessions/${session.id}/messages`)
      .set('X-Onboarding-Token', sessionToken!)
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('onboarding message limits under concurrency', () => {
  const fromAddress = (ip: string) => ({ 'X-Forwarded-For': ip });
  const sendFrom = (ip: string, id: string, token: string) =>
    onboarding()
      .post(`/onboarding/sessions/${id}/messages`)
      .set('X-Onboarding-Token', token)
      .set(fromAddress(ip))
      .send({ text: 'hello' });

  it('admits 60 of 75 parallel messages of one session; the others get 422 and never reach the model', async () => {
    providers.anthropic.reset();
    const { session, sessionToken } = await start();
    providers.anthropic.script(
      Array.from({ length: 75 }, () => ({ text: 'Noted.', usage: { input_tokens: 3, output_tokens: 3 } })),
    );
    const calls = providers.anthropic.requests.length;
    const responses = await Promise.all(
      Array.from({ length: 75 }, () => sendFrom('192.0.2.75', session.id, sessionToken!)),
    );
    providers.anthropic.reset();
    const statuses = responses.map((r) => (r.status === 200 ? 200 : `${r.status} ${r.body.code}`));
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s !== 200)).toEqual(Array(15).fill('422 ONBOARDING_TOO_MANY_MESSAGES'));
    expect(providers.anthropic.requests.length - calls).toBe(60);
    const after = await onboarding().get(`/onboarding/sessions/${session.id}`).set('X-Onboarding-Token', sessionToken!);
    expect(after.body.data.messageCount).toBe(60);
  });

  it("refuses an address's messages past 120 an hour over all its sessions with 429 RATE_LIMITED, before any model call", async () => {
    providers.anthropic.reset();
    const sessions = await Promise.all([start(), start(), start()]);
    const ip = '192.0.2.120';
    const calls = providers.anthropic.requests.length;
    // 50 + 50 + 30 parallel messages from one address; the model is not scripted, so admitted ones fail upstream (502)
    const responses = await Promise.all(
      [50, 50, 30].flatMap((n, i) =>
        Array.from({ length: n }, () => sendFrom(ip, sessions[i].session.id, sessions[i].sessionToken!)),
      ),
    );
    const limited = responses.filter((r) => r.status === 429);
    expect(limited).toHaveLength(10);
    expect(limited[0].body.code).toBe('RATE_LIMITED');
    expect(Number(limited[0].headers['retry-after'])).toBeGreaterThan(0);
    expect(providers.anthropic.requests.length - calls).toBe(120);
    // a failed model call gives its session slot back
    const after = await onboarding()
      .get(`/onboarding/sessions/${sessions[0].session.id}`)
      .set('X-Onboarding-Token', sessions[0].sessionToken!);
    expect(after.body.data.messageCount).toBe(0);
  }, 90_000); // 130 requests at once: 17 s on a loaded 2-core machine
});
