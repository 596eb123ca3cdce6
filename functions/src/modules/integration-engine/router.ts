import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import { reservationRoutes } from '../reservations';
import { companyIdQuery } from '../../http/fields';
import { connectionSchema } from '../integrations';
import {
  connectBody,
  connectionIdParam,
  connectResponse,
  MAX_BACKFILL_DAYS,
  oauthCompleteBody,
  runIdParam,
  runSchema,
  runIssuesPage,
  runIssuesQuery,
  runsPage,
  runsQuery,
  alertsResponse,
  syncBody,
  STATE_TTL_MS,
  ALERT_AFTER_FAILURES,
} from './schemas';
import { lazyFile } from '../kit';

/** The use cases, loaded with the first request that uses them (a cold start loads only the routes). */
const connect = lazyFile<typeof import('./connect')>(() => require('./connect'));
const connections = lazyFile<typeof import('./connections')>(() => require('./connections'));
const oauth = lazyFile<typeof import('./oauth')>(() => require('./oauth'));

export { extend } from './oauth-page';
const runs = lazyFile<typeof import('./runs')>(() => require('./runs'));
const runIssues = lazyFile<typeof import('./run-issues')>(() => require('./run-issues'));

const owner = companyInQuery('owner');
const manager = companyInQuery('manager');

const CONNECT = `Connects a catalogue entry for the company, by its auth kind:
- **api_key / client_credentials**: \`credentials\` carries exactly the entry's credentialFields (validated as the catalogue says; 400 otherwise). Before anything is stored, one cheap authenticated call is made to the vendor: its 401/403 is 422 INTEGRATION_CREDENTIALS_REJECTED, an account id it does not know 422 INTEGRATION_ACCOUNT_NOT_FOUND, its 429 is 429 VENDOR_RATE_LIMITED, no useful answer 502 VENDOR_UNAVAILABLE; in every one of those cases nothing is stored. The connection id is \`{slug}~{account id}\`: one connection per vendor account (location), several per company.
- **oauth2**: answers \`authorization.url\`, the vendor's consent page, with a \`state\` that is signed, single use and expires in ${STATE_TTL_MS / 60_000} minutes. The vendor redirects the owner to the redirect URI (GET /oauth/callback, a page); the owner's app then finishes with POST /oauth/complete.
- **file** (csv, payroll exports): connects with no credentials.
- **partner_key** (reservation partners): answers \`partnerKey\`, shown only in this answer, which the partner sends on POST /partners/{slug}/reservations; it is stored as a SHA-256 hash. Connecting again issues a new key and revokes the old one.

Credentials are encrypted at rest (AES-256-GCM, the key id kept beside each ciphertext for rotation) and never returned or logged. Connecting an entry that is already connected replaces its credentials (a reconnect after \`reauth_required\`); sync bookkeeping is kept. Two concurrent connects of the same connection commit one after the other.

Owners only.`;

export const routes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/connections',
    answersSecret: true,
    summary: 'Connect an integration',
    status: 201,
    description: CONNECT,
    access: owner,
    query: companyIdQuery,
    body: connectBody,
    response: connectResponse,
    handler: ({ query, body, caller }) =>
      connect().connect({
        companyId: query.companyId,
        uid: caller.uid,
        slug: body.slug,
        credentials: body.credentials,
      }),
  }),
  defineRoute({
    method: 'delete',
    path: '/connections/:connectionId',
    summary: 'Disconnect an integration',
    description:
      'The credentials are destroyed (the vault record and any partner key are deleted, not flagged), the state becomes `disconnected`, queued sync runs are cancelled, and synced data and run history stay. Where the vendor documents revocation (Square: RevokeToken), the grant is then ended at the vendor too, best effort (a vendor that fails to answer is logged; the connection is disconnected here all the same). Repeating it changes nothing. Owners only.',
    access: owner,
    params: connectionIdParam,
    query: companyIdQuery,
    response: connectionSchema,
    handler: ({ params, query, caller }) =>
      connections().disconnect({ companyId: query.companyId, connectionId: params.connectionId, uid: caller.uid }),
  }),
  defineRoute({
    method: 'post',
    path: '/oauth/complete',
    completion: 'steps',
    summary: 'Finish an oauth2 connect (the owner who started it)',
    description:
      "The vendor sends the owner back to the redirect URI (GET /oauth/callback, a page, or the web app's page) with `code` and `state`; the owner's app posts those parameters here (as `callback`) with the ID token of the owner who started the connect, for the company it was started in. Anyone else, a bare visit of the callback included, connects nothing: another user, or another company, is 403 OAUTH_NOT_STARTER and the state stays unused. The `state` must be one we signed, at most 10 minutes old and not used before: a forged or malformed state is 400 OAUTH_STATE_INVALID, an expired one 422 OAUTH_STATE_EXPIRED, a replayed one 422 OAUTH_STATE_USED. An `error` from the vendor (the owner declined) is 422 OAUTH_DENIED. The code is exchanged at the vendor's token endpoint (a refused code: 422 INTEGRATION_CREDENTIALS_REJECTED) and the tokens stored in the vault; access tokens are refreshed before they expire. Owners only.",
    access: owner,
    query: companyIdQuery,
    body: oauthCompleteBody,
    response: connectionSchema,
    handler: ({ member, body }) =>
      oauth().completeAuthorization(body.callback as Record<string, string | undefined>, {
        companyId: member.companyId,
        uid: member.uid,
      }),
  }),
  defineRoute({
    method: 'post',
    path: '/connections/:connectionId/sync',
    summary: 'Ask for a sync now (records a run and queues it)',
    status: 201,
    description: `Records a sync run (\`queued → running → succeeded | failed | cancelled\`) and hands it to the POS sync engine through a Cloud Tasks queue. Optional \`streams\` (default: every stream the integration offers) and a backfill window \`from\`/\`to\` (business dates, at most ${MAX_BACKFILL_DAYS} days). One run per connection at a time: while one is queued or running it is 409 SYNC_IN_PROGRESS, with the run's id in \`details[0].runId\` (a run that stopped making progress loses its lease and is replaced). A backfill over the same window as the connection's last, failed, run resumes after its finished chunks (\`resumedFrom\`). Only polled POS integrations sync (422 SYNC_NOT_SUPPORTED otherwise); a disconnected one is 422 CONNECTION_NOT_ACTIVE, one waiting for the owner to reconnect 422 CONNECTION_NEEDS_REAUTH. Managers and owners.`,
    access: manager,
    params: connectionIdParam,
    query: companyIdQuery,
    body: syncBody,
    response: runSchema,
    handler: ({ params, query, body, caller }) =>
      runs().requestSync({
        companyId: query.companyId,
        connectionId: params.connectionId,
        uid: caller.uid,
        trigger: 'manual',
        streams: body.streams,
        window: body.from && body.to ? { from: body.from, to: body.to } : undefined,
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/runs',
    summary: 'Sync runs, newest first',
    description:
      "The company's sync runs (optionally of one connection), newest first, `limit` per page (default 20, at most 100); pass `nextCursor` as `cursor` for the next page. Managers and owners.",
    access: manager,
    query: runsQuery,
    response: runsPage,
    handler: ({ query }) => runs().listRuns(query),
  }),
  defineRoute({
    method: 'get',
    path: '/alerts',
    summary: 'Integrations that keep failing to sync',
    description: `One alert per connection whose last ${ALERT_AFTER_FAILURES} or more syncs failed in a row, or whose credentials the vendor refused (state \`reauth_required\`): the failure count, the last error, the run, and since when. A successful sync clears the alert. Managers and owners.`,
    access: manager,
    query: companyIdQuery,
    response: alertsResponse,
    handler: ({ query }) => runs().listAlerts(query),
  }),
  defineRoute({
    method: 'get',
    path: '/runs/:runId',
    summary: 'One sync run',
    access: manager,
    params: runIdParam,
    query: companyIdQuery,
    response: runSchema,
    handler: ({ params, query }) => runs().getRun({ companyId: query.companyId, runId: params.runId }),
  }),
  defineRoute({
    method: 'get',
    path: '/runs/:runId/issues',
    summary: "A sync run's refused and held records",
    description:
      'Each record the run refused or held, one per stream and vendor record: its vendor id, the stream, a stable code, the reason in words and how to resolve it (link the POS employee; fix the record in the POS; nothing to reopen when a change to a closed pay period became a prior-period adjustment). In id order, `limit` per page (default 100, at most 500); pass `nextCursor` as `cursor` for the next page. Managers and owners.',
    access: manager,
    params: runIdParam,
    query: runIssuesQuery,
    response: runIssuesPage,
    handler: ({ params, query }) =>
      runIssues().listRunIssues({
        companyId: query.companyId,
        runId: params.runId,
        limit: query.limit,
        ...(query.cursor ? { cursor: query.cursor } : {}),
      }),
  }),
  defineRoute({
    method: 'post',
    path: '/runs/:runId/cancel',
    summary: 'Cancel a queued sync run',
    description:
      'A queued run becomes `cancelled` (its task, when delivered, does nothing). A running or finished run is 422 RUN_NOT_CANCELLABLE; cancelling a cancelled run answers it unchanged. Managers and owners.',
    access: manager,
    params: runIdParam,
    query: companyIdQuery,
    response: runSchema,
    handler: ({ params, query, caller }) =>
      runs().cancelRun({ companyId: query.companyId, runId: params.runId, uid: caller.uid }),
  }),
  // the reservation partners' routes, served by this function (their paths and operation ids are the engine's)
  ...reservationRoutes(),
];
