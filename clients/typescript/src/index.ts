/**
 * The typed client of the Workforce Operations API: one openapi-fetch client over the one base
 * address of the API (every module behind `/api` on the Firebase Hosting site), typed by the types
 * openapi-typescript generates from the committed API description (`src/generated/openapi.ts`).
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { Auth } from 'firebase/auth';
import { ApiError } from './errors';
import type { components, paths } from './generated/openapi';

export { ApiError, isApiError } from './errors';
export { collectPages, pages, type Paged } from './paging';
export { messagingStream, type MessagingEvent, type MessagingStreamOptions } from './stream';
export type { components, operations, paths } from './generated/openapi';

/** The error envelope every failed call answers. */
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

/** The one address of the API, deployed (`https://<project-id>.web.app/api`) and on the local stack. */
export const LOCAL_BASE_URL = 'http://127.0.0.1:5002/api';

/** Where the ID token of a call comes from; `null` sends the call without one (public operations). */
export type IdTokenSource = () => Promise<string | null | undefined>;

export interface WorkforceClientOptions {
  /** The one address of the API, e.g. `https://<project-id>.web.app/api` or LOCAL_BASE_URL. */
  baseUrl: string;
  /** The caller's Firebase ID token, asked for before every call (see firebaseIdToken). */
  idToken?: IdTokenSource;
  /** A fetch of your own (React Native, tests); default the global one. */
  fetch?: typeof globalThis.fetch;
}

export interface WorkforceClient extends Client<paths> {
  /**
   * A call outside the typed paths (a download read as bytes): the same base address and ID
   * token; an error answer is thrown as an ApiError.
   */
  fetchRaw(path: string, init?: RequestInit & { query?: Record<string, string> }): Promise<Response>;
}

/**
 * The ID token of the user signed in on a Firebase Auth instance, read before every call: the SDK
 * hands out its cached token and refreshes it when it is about to expire, so a long-lived client
 * never sends an expired one. No signed-in user: the call goes without a token.
 */
export function firebaseIdToken(auth: Pick<Auth, 'currentUser'>): IdTokenSource {
  return async () => (auth.currentUser ? auth.currentUser.getIdToken() : null);
}

function authorization(idToken: IdTokenSource | undefined): Middleware {
  return {
    async onRequest({ request }) {
      const token = idToken ? await idToken() : null;
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
}

export function createWorkforceClient(options: WorkforceClientOptions): WorkforceClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const client = createClient<paths>({ baseUrl, fetch: fetchImpl });
  client.use(authorization(options.idToken));
  const fetchRaw: WorkforceClient['fetchRaw'] = async (path, init = {}) => {
    const { query, ...rest } = init;
    const headers = new Headers(rest.headers);
    const token = options.idToken ? await options.idToken() : null;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const search = query ? `?${new URLSearchParams(query).toString()}` : '';
    const response = await fetchImpl(`${baseUrl}${path}${search}`, { ...rest, headers });
    if (!response.ok) throw await ApiError.fromResponse(response);
    return response;
  };
  return Object.assign(client, { fetchRaw });
}

/** What an openapi-fetch call resolves to. */
interface Answer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The payload of a successful answer: the `data` of the envelope `{success: true, data}`. */
export type PayloadOf<A> = A extends { data: { data: infer D } } ? D : never;

/**
 * The payload of a call, or its error envelope thrown as an ApiError with its code:
 * `const roles = await unwrap(api.GET('/roles', { params: { query: { companyId } } }))`.
 */
export async function unwrap<A extends Answer>(call: Promise<A>): Promise<PayloadOf<A>> {
  const answer = await call;
  if (answer.error !== undefined || !answer.response.ok) throw ApiError.fromAnswer(answer.response, answer.error);
  return (answer.data as { data: PayloadOf<A> }).data;
}
