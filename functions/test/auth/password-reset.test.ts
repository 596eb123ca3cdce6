import { createHash } from 'node:crypto';
import { auth, db } from '../../src/core/firebase';
import { EVERYONE, RATE_LIMIT_COLLECTION } from '../../src/core/rate-limit';
import { LIMITS } from '../../src/modules/auth/limits';
import type { Mailbox } from '../../dev/mailbox';
import { PASSWORD_RESET_QUEUE } from '../../src/modules/auth/queues';
import { signIn } from '../helpers/users';
import {
  authApi,
  deliveries,
  fromAddress,
  newAddress,
  newEmail,
  runDelivered,
  signUp,
  PASSWORD,
  useMailbox,
} from './support';

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await useMailbox();
});
afterAll(() => mailbox.close());

const resetTasksFor = (email: string) => deliveries(PASSWORD_RESET_QUEUE, (data) => data.email === email);

/** What a client can observe of an answer: status, body and headers but the per-request ones. */
const observable = (res: { status: number; body: unknown; headers: Record<string, string> }) => {
  const { date: _d, 'x-request-id': _r, etag: _e, ...headers } = res.headers;
  return { status: res.status, body: res.body, headers };
};

describe('POST /auth/password-reset', () => {
  it('answers an existing and an unknown email identically (no account enumeration)', async () => {
    const owner = await signUp();
    const unknown = newEmail('nobody');
    const known = await authApi().post('/password-reset').set(fromAddress()).send({ email: owner.email });
    const notKnown = await authApi().post('/password-reset').set(fromAddress()).send({ email: unknown });
    expect(known.status).toBe(202);
    expect(observable(known)).toEqual(observable(notKnown));
    expect(known.body.data.accepted).toBe(true);
    // both handed to the queue the same way; only the task, later, knows which exists
    expect(await resetTasksFor(owner.email)).toHaveLength(1);
    expect(await resetTasksFor(unknown)).toHaveLength(1);
  });

  it('emails a Firebase reset link; following it sets a new password that signs in, and the old one stops working', async () => {
    const owner = await signUp();
    await authApi().post('/password-reset').set(fromAddress()).send({ email: owner.email.toUpperCase() });
    const [task] = await resetTasksFor(owner.email);
    expect(await runDelivered(PASSWORD_RESET_QUEUE, task)).toBe('sent');

    const mail = await mailbox.waitFor(owner.email, (m) => m.subject === 'Reset your password');
    const link = new URL(mail.links[0]);
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    expect(link.searchParams.get('oobCode')).toEqual(expect.any(String));
    // the link opens Firebase's action page (locally the Auth emulator's), where the new password is set
    link.searchParams.set('newPassword', 'a-brand-new-secret');
    const page = await fetch(link);
    expect(page.status).toBe(200);
    // the link is single-use
    expect((await fetch(link)).status).toBe(400);
    await expect(signIn(owner.email, 'a-brand-new-secret')).resolves.toEqual(expect.any(String));
    await expect(signIn(owner.email, PASSWORD)).rejects.toThrow(/INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS/);
  });

  it('sends nothing for an unknown email or a disabled account', async () => {
    const unknown = newEmail('nobody');
    const disabled = await signUp();
    await auth().updateUser(disabled.uid, { disabled: true });
    for (const email of [unknown, disabled.email]) {
      await authApi().post('/password-reset').set(fromAddress()).send({ email });
      const [task] = await resetTasksFor(email);
      expect(await runDelivered(PASSWORD_RESET_QUEUE, task)).toBe('no account');
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(mailbox.messages(unknown)).toEqual([]);
    expect(mailbox.messages(disabled.email)).toEqual([]);
  });

  it('drops a malformed task payload instead of retrying it forever', async () => {
    const definition = (await import('../../src/modules/registry'))
      .moduleNamed('auth')
      .queues!.find((q) => q.name === PASSWORD_RESET_QUEUE)!;
    await expect(definition.run()({ email: 42 })).resolves.toBe('dropped');
  });

  it('queues one email per address and minute, however many requests', async () => {
    const owner = await signUp();
    for (let i = 0; i < 3; i++)
      expect((await authApi().post('/password-reset').set(fromAddress()).send({ email: owner.email })).status).toBe(
        202,
      );
    await new Promise((r) => setTimeout(r, 500));
    expect(await resetTasksFor(owner.email)).toHaveLength(1);
  });

  it('limits requests per address (5 an hour), 429 with Retry-After', async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++)
      expect(
        (await authApi().post('/password-reset').set(fromAddress(address)).send({ email: newEmail() })).status,
      ).toBe(202);
    const limited = await authApi().post('/password-reset').set(fromAddress(address)).send({ email: newEmail() });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('never locks an owner out of their own reset: requests made for their email elsewhere are answered alike and only cap the emails their inbox receives', async () => {
    const victim = await signUp();
    for (let i = 0; i < 8; i++) {
      const flood = await authApi().post('/password-reset').set(fromAddress()).send({ email: victim.email });
      expect(flood.status).toBe(202);
    }
    const own = await authApi().post('/password-reset').set(fromAddress()).send({ email: victim.email });
    expect([own.status, own.body.data?.accepted]).toEqual([202, true]);
    // the inbox already holds this hour's link (one task per email and minute, at most 5 an hour)
    const tasks = await resetTasksFor(victim.email);
    expect(tasks.length).toBeGreaterThanOrEqual(1);
    expect(tasks.length).toBeLessThanOrEqual(5);
  });

  it('caps the route for every caller together (a global cap), 429 from any address', async () => {
    const everyone = db()
      .collection(RATE_LIMIT_COLLECTION)
      .doc(createHash('sha256').update(`${LIMITS.resetGlobal.name}:${EVERYONE}`).digest('hex'));
    const saved = (await everyone.get()).data();
    await everyone.set({
      points: LIMITS.resetGlobal.points,
      expire: Date.now() + 60_000,
      prefix: LIMITS.resetGlobal.name,
    });
    try {
      const email = newEmail();
      const res = await authApi().post('/password-reset').set(fromAddress()).send({ email });
      expect([res.status, res.body.code]).toEqual([429, 'RATE_LIMITED']);
      expect(await deliveries(PASSWORD_RESET_QUEUE, (d) => d.email === email, 0)).toEqual([]);
    } finally {
      await (saved ? everyone.set(saved) : everyone.delete());
    }
  });

  describe('the client address behind proxies', () => {
    const hops = (n: string) => {
      const saved = process.env.TRUSTED_PROXY_HOPS;
      process.env.TRUSTED_PROXY_HOPS = n;
      return () =>
        saved === undefined ? delete process.env.TRUSTED_PROXY_HOPS : (process.env.TRUSTED_PROXY_HOPS = saved);
    };

    it('behind Firebase Hosting (2 hops), clients sharing the Hosting edge get buckets of their own', async () => {
      const restore = hops('2');
      try {
        const edge = newAddress();
        const first = newAddress();
        for (let i = 0; i < 5; i++) {
          const res = await authApi()
            .post('/password-reset')
            .set({ 'X-Forwarded-For': `10.0.0.${i}, ${first}, ${edge}` })
            .send({ email: newEmail() });
          expect(res.status).toBe(202);
        }
        const again = await authApi()
          .post('/password-reset')
          .set({ 'X-Forwarded-For': `${first}, ${edge}` })
          .send({ email: newEmail() });
        expect(again.status).toBe(429);
        const other = await authApi()
          .post('/password-reset')
          .set({ 'X-Forwarded-For': `${newAddress()}, ${edge}` })
          .send({ email: newEmail() });
        expect(other.status).toBe(202);
      } finally {
        restore();
      }
    });

    it('with no trusted proxy (the local stack), ignores an X-Forwarded-For the client made up', async () => {
      const restore = hops('0');
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 6; i++) {
          const res = await authApi().post('/password-reset').set(fromAddress()).send({ email: newEmail() });
          statuses.push(res.status);
        }
        // six made-up addresses, one socket: they share its bucket of 5
        expect(statuses).toContain(429);
      } finally {
        restore();
      }
    });
  });

  it('refuses a malformed email with 400 and queues nothing', async () => {
    const res = await authApi().post('/password-reset').set(fromAddress()).send({ email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(await deliveries(PASSWORD_RESET_QUEUE, (d) => d.email === 'not-an-email', 0)).toEqual([]);
  });
});
