import { randomBytes, randomUUID } from 'node:crypto';
import { startMailbox, type Mailbox } from '../../dev/mailbox';
import { moduleNamed } from '../../src/modules/registry';
import { api } from '../helpers/api';
import { signIn } from '../helpers/users';

export const authApi = () => api('auth');
export const PASSWORD = 'correct-horse-battery';

/** A real SMTP server in this test process; the module sends to it (SMTP_URL). */
export async function useMailbox(): Promise<Mailbox> {
  const mailbox = await startMailbox();
  process.env.SMTP_URL = mailbox.smtpUrl;
  return mailbox;
}

/** A client address of its own (the rate limits count per address), as Cloud Functions' front end forwards it. */
export const newAddress = () => `198.51.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
export const fromAddress = (address = newAddress()) => ({ 'X-Forwarded-For': address });

export const newEmail = (label = 'person') => `${label}-${randomUUID().slice(0, 8)}@example.test`;

export function signupInput(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Olivia',
    surname: 'Owner',
    email: newEmail('owner'),
    password: PASSWORD,
    company: { name: 'Olive Tree Bistro', timezone: 'America/New_York', country: 'US', currency: 'USD' },
    ...overrides,
  };
}

export interface SignedUp {
  uid: string;
  companyId: string;
  employeeId: string;
  email: string;
  token: string;
}

/** Signs up through the route and signs in (a real ID token from the Auth emulator). */
export async function signUp(overrides: Record<string, unknown> = {}): Promise<SignedUp> {
  const input = signupInput(overrides);
  const res = await authApi().post('/signup').set(fromAddress()).send(input);
  if (res.status !== 201) throw new Error(`signup: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...res.body.data, email: input.email, token: await signIn(input.email, input.password) };
}

export const bearerOf = (token: string) => ({ Authorization: `Bearer ${token}` });

interface Delivery {
  queue: string;
  body: { data: Record<string, unknown> };
}

/** The tasks the Cloud Tasks emulator delivered for `queue` whose payload matches. */
export async function deliveries(
  queue: string,
  match: (data: Record<string, unknown>) => boolean,
  expected = 1,
): Promise<Delivery[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const all = (await (await fetch(`${process.env.TASKS_SINK_URL}/deliveries`)).json()) as Delivery[];
    const mine = all.filter((d) => d.queue === queue && d.body?.data && match(d.body.data));
    if (mine.length >= expected || Date.now() > deadline) return mine;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Hands a delivered task's payload to the queue's real handler (as the task function does). */
export async function runDelivered(queue: string, delivery: Delivery): Promise<unknown> {
  const definition = moduleNamed('auth').queues!.find((q) => q.name === queue)!;
  return definition.run()(delivery.body.data);
}

/** The invitation token of an emailed link. */
export function tokenInLink(text: string): string {
  const match = /[?&]token=(inv_[A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no invitation link in: ${text}`);
  return match[1];
}
