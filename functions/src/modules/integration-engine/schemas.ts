import { z } from 'zod';
import { companyIdQuery, documentId, isoDate, nextCursor } from '../../http/fields';
import { pageCursor } from '../../http/cursor';
import { CATALOGUE, connectionSchema } from '../integrations';

/** How long an OAuth state (the consent page's round trip) stays valid. */
export const STATE_TTL_MS = 10 * 60_000;
/** Consecutive failed runs after which the company gets an alert. */
export const ALERT_AFTER_FAILURES = 3;

const SLUGS = CATALOGUE.map((e) => e.slug) as [string, ...string[]];

export const SYNC_STREAMS = ['roster', 'punches', 'sales', 'tips'] as const;
export type SyncStream = (typeof SYNC_STREAMS)[number];

export const connectBody = z.strictObject({
  slug: z.enum(SLUGS).describe('The catalogue entry to connect'),
  credentials: z
    .record(z.string(), z.string())
    .optional()
    .describe(
      'api_key and client_credentials entries: exactly the credentialFields of the catalogue entry (validated as it says); absent for the other kinds',
    ),
});

export const connectResponse = z
  .object({
    connection: connectionSchema
      .nullable()
      .describe('The connection, when the request connected it (api_key, client_credentials, file, partner_key)'),
    authorization: z
      .object({ url: z.string(), expiresAt: z.number() })
      .nullable()
      .describe(
        'oauth2 entries: the vendor consent page to send the owner to; its state is signed, single use and expires in 10 minutes',
      ),
    partnerKey: z
      .string()
      .nullable()
      .describe('partner_key entries: the key to give the partner, shown only in this answer (stored as a hash)'),
  })
  .meta({ id: 'ConnectResult' });

export const connectionIdParam = z.object({
  connectionId: documentId.describe('Connection id: `{slug}` or `{slug}~{account id}`'),
});

export const oauthCallbackQuery = z
  .object({
    state: z.string().max(4096).optional(),
    code: z.string().max(4096).optional(),
    error: z.string().max(512).optional(),
    error_description: z.string().max(2048).optional(),
  })
  .catchall(z.string().max(4096))
  .describe('As the vendor redirected (Clover adds merchant_id, employee_id, client_id)');

export const oauthCompleteBody = z.strictObject({
  callback: oauthCallbackQuery.describe(
    'Every query parameter the vendor redirected back with, as it is (Clover adds merchant_id, employee_id, client_id)',
  ),
});

export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

const streamCounts = z.object({
  read: z
    .int()
    .describe(
      'Records read from the vendor (a record on two pages, or re-read in the overlap window, counts each time)',
    ),
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  failed: z
    .int()
    .describe(
      'Records refused by the product (e.g. a punch the vendor sent ending before it starts); GET /runs/{runId}/issues lists each',
    ),
  held: z
    .int()
    .describe(
      'Records of POS employees not linked to an employee yet (pos-sync). Punches: kept apart, not in attendance (nor in created) until the link. Sales: imported all the same (counted in created, updated or unchanged too), attributed when linked',
    ),
});
export type StreamCounts = z.infer<typeof streamCounts>;

const streamProgress = z.object({
  chunksDone: z.int(),
  chunksTotal: z.int(),
  doneUntil: z
    .number()
    .nullable()
    .describe('Backfill: the end (epoch ms) of the last finished chunk; a resumed run starts there'),
});

export const runSchema = z
  .object({
    id: z.string(),
    connectionId: z.string(),
    slug: z.string(),
    trigger: z
      .enum(['manual', 'schedule', 'webhook', 'import'])
      .describe('import: a CSV import (pos-sync /csv-imports) started by a manager'),
    requestedBy: z.string().nullable(),
    status: z.enum(RUN_STATUSES),
    streams: z.array(z.enum(SYNC_STREAMS)),
    window: z
      .object({ from: isoDate, to: isoDate })
      .nullable()
      .describe('Backfill window (business dates); null: incremental since the last success'),
    counts: z
      .record(z.string(), streamCounts)
      .describe(
        'Per stream (roster, punches, sales; tips come with sales): records read, created, updated, unchanged, failed and held',
      ),
    summary: z
      .string()
      .optional()
      .describe(
        'The counts in words: what was imported, what waits for a POS employee to be linked to an employee, what was refused',
      ),
    progress: z
      .record(z.string(), streamProgress)
      .describe('Per stream: backfill chunks done of total (an incremental read is one chunk)'),
    createdAt: z.number(),
    startedAt: z.number().nullable(),
    finishedAt: z.number().nullable(),
    durationMs: z.number().nullable(),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    deliveries: z
      .int()
      .describe('How many times the task queue delivered this run (a redelivery after a crash resumes it)'),
    leaseExpiresAt: z
      .number()
      .nullable()
      .describe('While queued or running: when the run is considered abandoned (renewed as it progresses)'),
    followUp: z
      .boolean()
      .describe('A webhook arrived while it ran: one more incremental run is queued when it finishes'),
    resumedFrom: z
      .string()
      .nullable()
      .describe('A backfill that continues the finished chunks of this earlier failed run (same window)'),
    importId: z
      .string()
      .nullable()
      .describe(
        "A CSV import run: the import (pos-sync GET /csv-imports/{importId}) whose file it reads; its progress counts the file's chunks of about 1 MB, validated, then written",
      ),
    created: z
      .boolean()
      .optional()
      .describe(
        'false when the hourly job or a webhook found a run of the connection already queued or running, and answered it',
      ),
  })
  .meta({ id: 'SyncRun' });
export type SyncRun = z.infer<typeof runSchema>;

export const MAX_BACKFILL_DAYS = 366;

export const syncBody = z
  .strictObject({
    streams: z.array(z.enum(SYNC_STREAMS)).min(1).optional().describe('Default: every stream the integration offers'),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((b) => (b.from === undefined) === (b.to === undefined), { message: 'from and to go together', path: ['to'] })
  .refine((b) => !b.from || !b.to || b.from <= b.to, { message: 'from must not be after to', path: ['to'] })
  .default({});

/** Where a page of sync runs ended: the last run's id (their order, newest first). */
export const runsCursor = pageCursor('sync-runs', documentId);

export const runsQuery = companyIdQuery.extend({
  connectionId: documentId.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: runsCursor.query,
});

export const runsPage = z.object({ runs: z.array(runSchema), nextCursor }).meta({ id: 'SyncRunPage' });

export const runIdParam = z.object({ runId: documentId });

export const alertsResponse = z
  .object({
    alerts: z.array(
      z.object({
        connectionId: z.string(),
        slug: z.string(),
        consecutiveFailures: z.int(),
        state: z.string().describe('The connection state: error, or reauth_required'),
        error: z.object({ code: z.string(), message: z.string() }),
        runId: z.string().describe('The last failed run'),
        since: z.number().describe('When the alert was raised'),
        updatedAt: z.number(),
      }),
    ),
  })
  .meta({ id: 'SyncAlerts' });

/** The task payload the queue delivers. */
export const runTask = z.strictObject({ companyId: documentId, runId: documentId });

export const RUN_ISSUE_KINDS = ['refused', 'held'] as const;

/** A record a run refused or held, and how to resolve it. */
export const runIssueSchema = z
  .object({
    stream: z.string().describe('The stream of the record: roster, punches or sales'),
    vendorId: z.string().describe("The vendor's id of the record (timecard, time entry, order, check ...)"),
    kind: z
      .enum(RUN_ISSUE_KINDS)
      .describe('refused: not written; held: kept apart until its POS employee is linked to an employee'),
    code: z
      .string()
      .describe('Why, as a stable code (PERIOD_LOCKED, POS_EMPLOYEE_NOT_LINKED, INVALID_PUNCH_TIMES ...)'),
    reason: z.string().describe('Why, in words'),
    at: z.number().describe('When the run recorded it, epoch ms'),
    resolve: z.string().describe('How a manager resolves it, in words'),
  })
  .meta({ id: 'SyncRunIssue' });
export type RunIssue = Omit<z.infer<typeof runIssueSchema>, 'resolve'>;

export const runIssuesQuery = companyIdQuery.extend({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().max(600).optional().describe('The nextCursor of the previous page'),
});

export const runIssuesPage = z
  .object({ issues: z.array(runIssueSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'SyncRunIssuePage' });
export type RunIssuesPage = z.infer<typeof runIssuesPage>;
