import { defineRoute, PUBLIC, type RouteCredential, type RouteDef } from '../../http/route';
import {
  completeBody,
  completeResult,
  messageBody,
  messageResult,
  sessionIdParam,
  sessionSchema,
  startResult,
} from './schemas';
import { lazyFile } from '../kit';

/** The service (model calls, the rate limiter and the auth module's signup) is loaded by the first request that uses it, not with the routes. */
const service = lazyFile<typeof import('./service')>(() => require('./service'));

const CREDENTIALS =
  'Reached with the session token (`X-Onboarding-Token`) of an anonymous session, or the Firebase ID token (`Authorization: Bearer`) of the user who started a signed-in one: none is 401 ONBOARDING_CREDENTIALS_REQUIRED, a wrong one (or an unknown id) 404 ONBOARDING_SESSION_NOT_FOUND, an expired session 410.';

const SESSION_TOKEN: RouteCredential = {
  scheme: 'onboardingSessionToken',
  header: 'X-Onboarding-Token',
  description: 'The `sessionToken` an anonymous onboarding session was started with (shown once)',
};
/** An anonymous session's token, or the ID token of the user who started a signed-in one. */
const SESSION_CREDENTIALS = [SESSION_TOKEN, 'firebaseIdToken'] as const;

export const routes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/onboarding/sessions',
    answersSecret: true,
    summary: 'Start an onboarding session (anonymous or signed-in)',
    status: 201,
    description:
      'No company is needed. With a Firebase ID token the session belongs to that user; without one it is anonymous and the answer carries its `sessionToken`, shown once (only its hash is stored). The session expires after 7 days without a message. At most 20 sessions per client address and hour (429 RATE_LIMITED).',
    access: PUBLIC,
    credentials: ['anonymous', 'firebaseIdToken'],
    response: startResult,
    handler: ({ req }) => service().startSession({ req }),
  }),
  defineRoute({
    method: 'get',
    path: '/onboarding/sessions/:sessionId',
    summary: 'Resume a session: answers so far, next question, transcript',
    description: CREDENTIALS,
    access: PUBLIC,
    credentials: SESSION_CREDENTIALS,
    params: sessionIdParam,
    response: sessionSchema,
    handler: ({ params, req }) => service().getSession({ sessionId: params.sessionId, req }),
  }),
  defineRoute({
    method: 'post',
    path: '/onboarding/sessions/:sessionId/messages',
    completion: 'steps',
    summary: "Send the owner's message; the assistant extracts answers and asks the next question",
    description: `The message goes to the model (flow \`onboarding.extract\`, billed to the onboarding bucket) which proposes answers as JSON; each proposed answer is validated (name, type, ISO country, IANA time zone, opening hours per weekday, roles with head-count) and only valid ones are kept. The next question follows from what is still missing. A provider error (429, 502, 503 AI_PROVIDER_NOT_CONFIGURED) changes nothing. Limits, each checked atomically before the model call: 60 messages per session (422 ONBOARDING_TOO_MANY_MESSAGES; parallel messages count too), 120 messages per client address and hour over all its sessions and 2,000 messages per hour over every session (429 RATE_LIMITED with Retry-After), and the onboarding bucket's AI budget (429 AI_BUDGET_EXCEEDED). ${CREDENTIALS}`,
    access: PUBLIC,
    credentials: SESSION_CREDENTIALS,
    params: sessionIdParam,
    body: messageBody,
    response: messageResult,
    handler: ({ params, body, req }) =>
      service().postMessage({
        sessionId: params.sessionId,
        req,
        text: body.text,
        clientMessageId: body.clientMessageId,
      }),
  }),
  defineRoute({
    method: 'post',
    path: '/onboarding/sessions/:sessionId/complete',
    completion: 'steps',
    summary: 'Create the company from the answers',
    description: `Needs every answer (422 ONBOARDING_INCOMPLETE lists the missing ones). An anonymous session creates the owner's account and company through the signup (owner email and password required; 409 EMAIL_TAKEN, 429 as the signup); a signed-in one creates a company owned by its user. The company gets its profile (name, type as industry, time zone, country, currency), settings, one role per answered role (with a sub-role \`general\`) and a schedule template from the opening hours (two slots a day when open over 10 hours; people per slot from the head-count). Later AI calls of the request (the welcome, flow \`onboarding.welcome\`) are billed to the new company. Idempotent: a completed session answers the same result. ${CREDENTIALS}`,
    access: PUBLIC,
    credentials: SESSION_CREDENTIALS,
    params: sessionIdParam,
    body: completeBody,
    response: completeResult,
    handler: ({ params, body, req, log }) =>
      service().completeSession({ sessionId: params.sessionId, req, input: body, log }),
  }),
];
