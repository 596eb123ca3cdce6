/**
 * Contract overrides of the calculator, ai-memory and onboarding operations (spread into OVERRIDES
 * of generate.ts). The onboarding messages call a model: the local Anthropic and OpenAI servers,
 * started on first use (closeLocalModels stops them), answer the turns a setup scripts, matched on
 * a marker in the owner's message.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { bearer } from '../helpers/users';
import { startProviders, type LocalProviders } from '../ai/support/providers';
import type { Fixture, Override, Prepared } from './generate';

let models: Promise<LocalProviders> | undefined;
const localModels = () => (models ??= startProviders());

export async function closeLocalModels(): Promise<void> {
  if (models) await (await models).close();
  models = undefined;
}

const address = () => `198.51.100.${randomBytes(1)[0]}`;

async function ok(what: string, req: PromiseLike<{ status: number; text: string; body: unknown }>) {
  const res = await req;
  if (res.status >= 300) throw new Error(`contract setup: ${what} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return (res.body as { data: Record<string, unknown> }).data;
}

/** A personal memory of the fixture's employee (the least privileged member who may edit and forget it). */
async function employeeMemory(f: Fixture): Promise<Prepared> {
  const memory = await ok(
    'POST /memories',
    api('aiMemory')
      .post('/memories')
      .query({ companyId: f.company.companyId })
      .set(bearer(f.company.employee))
      .send({ scope: 'member', text: `contract memory ${randomUUID()}` }),
  );
  return { memoryId: String(memory.id) };
}

/** An anonymous onboarding session and its token; the marker names the model turns scripted for it. */
async function onboardingSession(): Promise<Prepared> {
  const started = await ok(
    'POST /onboarding/sessions',
    api('onboarding').post('/onboarding/sessions').set('x-forwarded-for', address()).send(),
  );
  const session = started.session as { id: string };
  return { sessionId: session.id, token: String(started.sessionToken), marker: `contract-onboarding-${randomUUID()}` };
}

/** Model turns for the session's requests, on both providers (whichever the global configuration names). */
async function scriptTurns(marker: string, text: string, count: number) {
  const { anthropic, openai } = await localModels();
  anthropic.script(
    Array.from({ length: count }, () => ({ text, usage: { input_tokens: 10, output_tokens: 5 } })),
    { match: marker },
  );
  openai.script(
    Array.from({ length: count }, () => ({ text, usage: { prompt_tokens: 10, completion_tokens: 5 } })),
    { match: marker },
  );
}

const READY_ANSWERS = {
  restaurantName: 'Contract Bistro',
  restaurantType: 'bistro',
  country: 'US',
  timezone: 'America/New_York',
  openingHours: Object.fromEntries(
    ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((d) => [
      d,
      { open: '11:00', close: '22:00' },
    ]),
  ),
  roles: [{ name: 'Server', type: 'FOH', headcount: 3 }],
};

const sessionRequest = (p: Prepared) => ({
  path: { sessionId: p.sessionId },
  headers: { 'x-onboarding-token': p.token },
});

export const AI_TOOLS_OVERRIDES: Record<string, Override> = {
  'POST /calculator/expression': {
    why: 'the generic string is a name, which the calculator refuses (400 EXPRESSION_INVALID): an arithmetic expression',
    request: () => ({ body: { expression: '0.1 + 0.2' } }),
  },
  'POST /memories': {
    why: 'the first scope of the enum is `company`, which employees may not write (403): a personal memory',
    request: () => ({ body: { scope: 'member', text: `contract memory ${randomUUID()}` } }),
  },
  'PATCH /memories/{memoryId}': {
    why: 'edits an existing memory the caller may manage (otherwise 404): a personal memory of the employee',
    setup: employeeMemory,
    request: (_f, p) => ({ path: { memoryId: p.memoryId }, body: { text: 'contract memory, edited' } }),
  },
  'DELETE /memories/{memoryId}': {
    why: 'forgets an existing memory the caller may manage (otherwise 404): a personal memory of the employee',
    setup: employeeMemory,
    request: (_f, p) => ({ path: { memoryId: p.memoryId } }),
  },
  'GET /onboarding/sessions/{sessionId}': {
    why: 'reads an existing session with its token (otherwise 401 or 404): an anonymous session',
    setup: onboardingSession,
    request: (_f, p) => sessionRequest(p),
  },
  'POST /onboarding/sessions/{sessionId}/messages': {
    why: 'needs an existing session, its token and a model that answers: an anonymous session, its turns scripted on the local model servers',
    setup: async () => {
      const p = await onboardingSession();
      await scriptTurns(p.marker, JSON.stringify({ answers: { restaurantName: 'Contract Bistro' } }), 3);
      return p;
    },
    request: (_f, p) => ({ ...sessionRequest(p), body: { text: `We are Contract Bistro (${p.marker})` } }),
  },
  'POST /onboarding/sessions/{sessionId}/complete': {
    why: "completes a session whose answers are all in (otherwise 422) with a new owner's account, from a client address of its own (signups are limited per address)",
    setup: async () => {
      const p = await onboardingSession();
      await db().collection('onboardingSessions').doc(p.sessionId).update({ answers: READY_ANSWERS });
      await scriptTurns(p.marker, 'Welcome aboard!', 2);
      return p;
    },
    request: (_f, p) => {
      const base = sessionRequest(p);
      return {
        ...base,
        headers: { ...base.headers, 'x-forwarded-for': address() },
        body: {
          owner: {
            name: 'Contract',
            surname: 'Owner',
            email: `contract-${randomUUID().slice(0, 8)}@test.local`,
            password: 'contract-password',
          },
          message: `Create it (${p.marker})`,
        },
      };
    },
  },
};
