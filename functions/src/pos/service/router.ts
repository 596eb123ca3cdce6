import { z } from 'zod';
import {
  ADMIN,
  companyInPathOrService,
  defineRoute,
  PUBLIC,
  type RouteCredential,
  type RouteDef,
} from '../../http/route';
import { documentId, isoDate } from '../../http/fields';
import { MAX_BACKFILL_DAYS, runSchema, SYNC_STREAMS } from '../../modules/integration-engine';
import { health } from './health';
import { syncVendor } from './sync';
import { WEBHOOK_TOLERANCE_MS } from '../connectors/webhooks';
import { receiveWebhook } from './webhooks';
import { openVerificationWindow, readVerificationWindow, VERIFICATION_WINDOW_MS } from './clover-verification';

const vendorParam = documentId.describe('The POS source (catalogue slug): square, square_api_key, toast, ...');

const syncBody = z
  .strictObject({
    connectionId: documentId
      .optional()
      .describe('One connection (`{slug}~{account}`); default: every active connection of the vendor'),
    streams: z
      .array(z.enum(SYNC_STREAMS))
      .min(1)
      .optional()
      .describe('Default: every stream the integration offers (roster, punches, sales, tips)'),
    from: isoDate.optional().describe('Backfill window start (business date); with `to`'),
    to: isoDate.optional().describe('Backfill window end (business date, inclusive)'),
  })
  .refine((b) => (b.from === undefined) === (b.to === undefined), { message: 'from and to go together', path: ['to'] })
  .refine((b) => !b.from || !b.to || b.from <= b.to, { message: 'from must not be after to', path: ['to'] })
  .default({});

const checkSchema = z.object({ ok: z.boolean(), ms: z.number(), error: z.string().optional() });

const verificationWindow = z.object({
  windowId: z.string(),
  openedBy: z.string().describe('The operator who opened it'),
  openedAt: z.int(),
  closesAt: z.int(),
  verificationCode: z.string().nullable().describe("Clover's code, once it arrived in the window"),
  receivedAt: z.int().nullable(),
});

/** Each vendor signs its webhooks in its own header (the route's description says how). */
const WEBHOOK_SIGNATURES: RouteCredential[] = [
  { scheme: 'squareWebhookSignature', header: 'x-square-hmacsha256-signature', description: "Square's signature" },
  { scheme: 'toastWebhookSignature', header: 'Toast-Signature', description: "Toast's signature" },
  { scheme: 'cloverWebhookAuth', header: 'X-Clover-Auth', description: "Clover's app auth code" },
];

export const routes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/webhooks/clover/verification-windows',
    summary: "Open a window for Clover's webhook URL verification code (operators)",
    status: 201,
    description: `Before pressing "Send Verification Code" in Clover's developer dashboard, an operator opens a window of ${VERIFICATION_WINDOW_MS / 60_000} minutes: the first verification code POST /webhooks/clover receives in it is kept there (read it with GET .../{windowId} and enter it in the dashboard), never overwritten; outside a window the code is refused. Opening a window closes the previous one. Operators only (the admin claim): the webhook URL is our Clover app's, not one merchant's.`,
    access: ADMIN,
    response: verificationWindow,
    handler: ({ caller }) => openVerificationWindow({ uid: caller.uid }),
  }),
  defineRoute({
    method: 'get',
    path: '/webhooks/clover/verification-windows/:windowId',
    summary: 'A Clover verification window and its code (operators)',
    access: ADMIN,
    params: z.object({ windowId: documentId }),
    response: verificationWindow,
    handler: ({ params }) => readVerificationWindow(params.windowId),
  }),
  defineRoute({
    method: 'post',
    path: '/sync/:vendor/:companyId',
    summary: 'Trigger a sync of one POS vendor for one company',
    status: 201,
    description: `Queues one run per active connection of the vendor (or of \`connectionId\`) on the sync queue; the runs are the integration engine's (follow them with GET /integrationEngine/runs/{runId}). Without \`from\`/\`to\` a run is incremental: each stream resumes at its cursor (last vendor-modified time and id) minus a 10-minute overlap; with them it is a backfill of those business dates (at most ${MAX_BACKFILL_DAYS} days), read in the chunks the vendor allows with progress per chunk. One run per connection at a time: a connection already syncing is listed in \`inProgress\`, and when every targeted connection is, the answer is 409 SYNC_IN_PROGRESS with the runs in \`details\`. An unknown vendor is 404 POS_VENDOR_NOT_FOUND, a vendor the company has not connected 404 POS_NOT_CONNECTED. Managers and owners of the company, or our own jobs (service claim).`,
    access: companyInPathOrService('manager', 'companyId'),
    params: z.object({ vendor: vendorParam, companyId: documentId }),
    body: syncBody,
    response: z.object({
      runs: z.array(runSchema).describe('The runs queued'),
      inProgress: z
        .array(z.object({ connectionId: z.string(), runId: z.string() }))
        .describe('Connections skipped because a run of theirs is queued or running'),
    }),
    handler: ({ params, body, caller }) =>
      syncVendor({
        vendor: params.vendor,
        companyId: params.companyId,
        uid: caller.service ? null : caller.uid,
        connectionId: body.connectionId,
        streams: body.streams,
        window: body.from && body.to ? { from: body.from, to: body.to } : undefined,
      }),
  }),
  defineRoute({
    method: 'post',
    path: '/webhooks/:vendor',
    summary: 'Webhook receiver of a POS vendor',
    description: `Authenticated by the vendor's signature only (no ID token): Square's \`x-square-hmacsha256-signature\` (base64 HMAC-SHA256 of the notification URL and the raw body, with the subscription's signature key), Toast's \`Toast-Signature\` (base64 HMAC-SHA256 of the raw body and its timestamp, with the webhook secret), Clover's \`X-Clover-Auth\` (the app's auth code; a message may name several merchants, each one event). Clover's one-time URL verification (\`{verificationCode}\`, no header, so anyone can send it) is answered 200 and its code kept only in the verification window an operator opened (POST /webhooks/clover/verification-windows), the first code of the window; with no window open, or a window that has its code, it is 409 VERIFICATION_WINDOW_CLOSED and nothing is written. The body is read as the exact bytes the vendor signed (up to 2 MB). A forged or missing signature is 401 WEBHOOK_SIGNATURE_INVALID, a body not as documented 400 WEBHOOK_MALFORMED; nothing is written then. A signed event older than ${WEBHOOK_TOLERANCE_MS / 60_000} minutes or dated in the future is acknowledged with \`stale: true\` (refusing it would only make the vendor retry it, or pause the subscription), logged and counted (Firestore \`posWebhookCounts/{vendor}\`), and does nothing: the next poll reads its changes. A valid event is recorded and handed to a task queue, and answered at once (record, answer, then work: Toast wants a 2xx within 2 seconds, before any business logic, and pauses a subscription after 50 errors in 5 minutes); the task then asks for an incremental sync of the streams it concerns (team members, Clover employees: roster; timecards: punches; orders, payments, refunds: sales and tips) of every active connection of its account, on the same queue as the hourly job (a connection already syncing gets one follow-up run when it finishes), and records the deletions an event announces by id alone (Square \`labor.timecard.deleted\`) for the engine to apply. The same event delivered again is acknowledged with \`duplicate: true\` and does nothing; an account nobody connected, or an event type we do not sync, is acknowledged with no run. The answer names no company.`,
    access: PUBLIC,
    credentials: WEBHOOK_SIGNATURES,
    params: z.object({ vendor: vendorParam }),
    rawBody: true,
    uploadTypes: ['application/json'],
    bodyLimit: '2mb',
    response: z.object({
      accepted: z.literal(true),
      duplicate: z.boolean().describe('This event id was received before; nothing was done again'),
      stale: z.boolean().describe('The event is too old (or dated in the future) to apply; nothing was done'),
      queued: z
        .int()
        .describe(
          'Events recorded and handed to the webhook queue by this delivery: their sync runs are requested from there, after this answer',
        ),
    }),
    handler: async ({ params, req }) => {
      const result = await receiveWebhook({
        vendor: params.vendor,
        rawBody: (req as typeof req & { rawBody: Buffer }).rawBody,
        headers: req.headers,
      });
      return {
        accepted: true as const,
        duplicate: result.duplicate,
        stale: result.stale,
        queued: result.queued.length,
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/health',
    summary: 'Readiness: Firestore and the sync queue answer',
    description:
      '200 with the version and each check (ok, milliseconds) when Firestore answers a read and the sync task queue exists; 503 SERVICE_NOT_READY naming the failing checks otherwise. No authentication (for load balancers and uptime checks); it reveals no data.',
    access: PUBLIC,
    response: z.object({
      status: z.literal('ok'),
      version: z.string(),
      checks: z.object({ firestore: checkSchema, queue: checkSchema }),
    }),
    handler: () => health(),
  }),
];
