import { z } from 'zod';
import { AppError } from '../../core/errors';
import { documentIdProblem } from '../../core/firestore';
import { periodBounds } from '../../core/calendar';
import { logger } from '../../core/logger';
import {
  connectorFor,
  VendorError,
  type DataStream,
  type StreamAuth,
  type StreamConnector,
  type StreamCursor,
  type StreamRecords,
  type StreamWindow,
} from '../connectors';
import { getCompanyRules } from '../../modules/companies';
import { catalogueEntry, listConnections, type Connection } from '../../modules/integrations';
import {
  accessTokenFor,
  claimRun,
  finishRun,
  readSecrets,
  recordRunIssues,
  RunTakenOver,
  saveProgress,
  sessionTokenStore,
  type RunOutcome,
  type StreamCounts,
  type SyncRun,
} from '../../modules/integration-engine';
import {
  applyQueuedDeletions,
  openImport,
  storedPunchesOf,
  takeIssues,
  type ImportFileOf,
  writePunches,
  writeRoster,
  writeSales,
  type SinkCounts,
  type SinkTarget,
} from '../../modules/pos-sync';
import { laterCursor, readCursor, writeCursor } from './cursors';
import { joinedPages, writePagesInOrder, type PagedItem } from './pipeline';
import { retryPolicy } from './retry';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Tuning of the engine, read from the environment so tests and the benchmark can shorten it. */
export const engineOptions = () => ({
  /** An incremental read starts this long before the cursor, to catch records updated late (clock skew, slow vendor indexing). */
  overlapMs: Number(process.env.POS_SYNC_OVERLAP_MS ?? 10 * MINUTE),
  /** The first incremental read of a stream (no cursor yet) reaches this far back; older data is a backfill. */
  initialLookbackMs: Number(process.env.POS_SYNC_INITIAL_DAYS ?? 30) * DAY,
  /** Backfill chunk for a vendor without a window limit: progress is recorded per chunk. */
  defaultChunkMs: 7 * DAY,
  /** A running run's progress (and lease) is saved at least this often. */
  saveEveryMs: Number(process.env.POS_SYNC_SAVE_EVERY_MS ?? 10_000),
});

/** The data streams a run reads, in order (the tips stream is read with the sales). */
export function readStreamsOf(streams: readonly string[]): DataStream[] {
  const out: DataStream[] = [];
  if (streams.includes('roster')) out.push('roster');
  if (streams.includes('punches')) out.push('punches');
  if (streams.includes('sales') || streams.includes('tips')) out.push('sales');
  return out;
}

/** [from, to) split into consecutive chunks of at most `size` ms. */
export function chunksOf(from: number, to: number, size: number): { from: number; to: number }[] {
  const chunks: { from: number; to: number }[] = [];
  for (let start = from; start < to; start += size) chunks.push({ from: start, to: Math.min(to, start + size) });
  return chunks;
}

const taskPayload = z.strictObject({
  companyId: z.string().refine((v) => !documentIdProblem(v)),
  runId: z.string().refine((v) => !documentIdProblem(v)),
});

/** Thrown to make Cloud Tasks deliver the task again later (another delivery holds the run's lease). */
export class RunBusy extends Error {}

/**
 * The sync queue's task handler. A payload that can never be valid is logged and dropped (a retry
 * would not help); a delivery of a finished or cancelled run changes nothing; a delivery while
 * another one runs the same run throws, so Cloud Tasks delivers it again after backoff (and, should
 * the other instance have died, its lease will have expired and this one resumes the run).
 */
export async function runSyncTask(payload: unknown): Promise<void> {
  const parsed = taskPayload.safeParse(payload);
  if (!parsed.success) {
    logger.error('sync task with an invalid payload dropped', {
      issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    });
    return;
  }
  const { companyId, runId } = parsed.data;
  const claim = await claimRun(companyId, runId);
  if (claim.kind === 'drop') {
    logger.info('sync task dropped', { companyId, runId, reason: claim.reason });
    return;
  }
  if (claim.kind === 'busy')
    throw new RunBusy(
      `run ${runId} is running in another delivery (lease for ${Math.ceil(claim.retryAfterMs / 1000)} s more)`,
    );
  await executeRun(companyId, claim.run, claim.connection, claim.attempt);
}

interface RunContext {
  companyId: string;
  run: SyncRun;
  attempt: number;
  target: SinkTarget;
  /** The vendor's data streams; null for a CSV import run. */
  connector: StreamConnector | null;
  auth: StreamAuth;
  savedAt: number;
}

async function executeRun(companyId: string, run: SyncRun, connection: Connection, attempt: number): Promise<void> {
  const log = logger.child({ companyId, connectionId: run.connectionId, runId: run.id, attempt });
  let outcome: RunOutcome = { status: 'succeeded' };
  const ctx: RunContext = {
    companyId,
    run,
    attempt,
    savedAt: Date.now(),
    target: { companyId, connectionId: connection.id, slug: connection.slug, runId: run.id },
    connector: connectorFor(connection.slug)?.streams ?? null,
    auth: { accountId: connection.account?.id ?? '' },
  };
  try {
    if (run.importId) {
      await importFile(ctx, run.importId);
    } else {
      ctx.auth = await streamAuthOf(companyId, connection, (err, n) =>
        log.warn('vendor request retried', { failure: err.failure, status: err.status, retry: n }),
      );
      ctx.auth.storedPunches = storedPunchesFor(ctx.target);
      const window = run.window ? await backfillBounds(companyId, run.window) : null;
      for (const stream of readStreamsOf(run.streams)) {
        if (window && stream !== 'roster') await backfillStream(ctx, stream, window);
        else await incrementalStream(ctx, stream);
        if (stream !== 'roster') await deletionsOf(ctx, stream);
      }
    }
  } catch (err) {
    if (err instanceof RunTakenOver) {
      log.warn('run taken over by a later delivery; this one stops');
      return;
    }
    outcome = outcomeOf(err);
    if (outcome.status === 'failed' && outcome.code === 'SYNC_FAILED') log.error('sync run failed', { error: err });
    else log.warn('sync run failed', { outcome });
  }
  try {
    await finishRun(companyId, ctx.run, attempt, outcome);
  } catch (err) {
    if (!(err instanceof RunTakenOver)) throw err;
    log.warn('run taken over by a later delivery before it finished');
  }
}

async function streamAuthOf(
  companyId: string,
  connection: Connection,
  onRetry: Parameters<typeof retryPolicy>[1],
): Promise<StreamAuth> {
  const entry = catalogueEntry(connection.slug)!;
  const accountId = connection.account?.id ?? '';
  const retry = retryPolicy(undefined, onRetry);
  if (entry.authKind === 'oauth2')
    return { accountId, accessToken: await accessTokenFor(companyId, connection.id), retry };
  const credentials = await readSecrets<Record<string, string>>(companyId, connection.id);
  if (!credentials) throw new VendorError(connection.slug, 'rejected', 'no stored credentials');
  return { accountId, credentials, retry, sessions: sessionTokenStore(connection.slug, credentials) };
}

/**
 * What the sync holds of the connection's punches over a clock-in range, handed to the punches
 * stream: a connector whose vendor leaves no trace of a deleted record (Clover, Lightspeed) compares
 * it with a window it read whole and answers the missing ones as deleted. The other connections of
 * the same source in the company are named so their punches are never taken for this one's.
 */
function storedPunchesFor(target: SinkTarget): NonNullable<StreamAuth['storedPunches']> {
  // read on the first call only: most connectors never make one
  let siblings: Promise<string[]> | null = null;
  return async (from, to) => {
    siblings ??= listConnections(target.companyId).then((all) =>
      all.filter((c) => c.slug === target.slug && c.id !== target.connectionId).map((c) => c.id),
    );
    return storedPunchesOf(target, await siblings, from, to);
  };
}

async function backfillBounds(companyId: string, window: { from: string; to: string }) {
  const rules = await getCompanyRules({ companyId });
  const { startMs, endMs } = periodBounds(
    { start: window.from, end: window.to },
    { timezone: rules.profile.timezone, dayChangeTime: rules.settings.dayChangeTime },
  );
  return { from: startMs, to: Math.min(endMs, Date.now()) };
}

type Page<S extends DataStream> = readonly StreamRecords[S][];

/** Where each stream's pages are written: the one map from stream to sink. */
const SINKS: { [S in DataStream]: (t: SinkTarget, page: Page<S>) => Promise<SinkCounts> } = {
  roster: writeRoster,
  punches: writePunches,
  sales: writeSales,
};

/** How each stream is read from a vendor: the whole roster or what changed since; punches and sales over a window. */
const READERS: {
  [S in DataStream]: (c: StreamConnector, auth: StreamAuth, window: StreamWindow) => AsyncIterable<StreamRecords[S][]>;
} = {
  roster: (c, auth, window) => c.roster(auth, 'modifiedSince' in window ? window.modifiedSince : undefined),
  punches: (c, auth, window) => c.punches(auth, window),
  sales: (c, auth, window) => c.sales(auth, window),
};

/** The whole roster: a roster read without a cursor asks for every team member. */
const WHOLE: StreamWindow = { from: 0, to: Number.MAX_SAFE_INTEGER };

function pagesOf<S extends DataStream>(
  ctx: RunContext,
  stream: S,
  window: StreamWindow,
): AsyncIterable<StreamRecords[S][]> {
  if (!ctx.connector) throw new Error(`${ctx.target.slug} has no data streams to read`);
  return READERS[stream](ctx.connector, ctx.auth, window);
}

async function writePage<S extends DataStream>(ctx: RunContext, stream: S, page: Page<S>): Promise<void> {
  await recordPage(ctx, stream, page.length, await SINKS[stream](ctx.target, page));
}

/** Counts a written page into the run, saving progress (and the lease) when it is time. */
async function recordPage(ctx: RunContext, stream: DataStream, read: number, counts: SinkCounts): Promise<void> {
  addCounts(ctx.run, stream, read, counts);
  await recordIssues(ctx);
  if (Date.now() - ctx.savedAt >= engineOptions().saveEveryMs) await save(ctx);
}

/**
 * Pages of a stream written at once: a sale is its own document and the day aggregates are moved
 * under the company's sales lock in any order, so a sales page is written while the previous one's
 * commits are in flight. Roster and punches go one page at a time (matching and overlap checks
 * read what earlier pages wrote).
 */
const WRITE_DEPTH: { [S in DataStream]: number } = { roster: 1, punches: 1, sales: 2 };

/**
 * Records handed to a stream's sink at once, at least (0: the vendor's pages as they come): the
 * sales sink cuts a page into commits of up to 500 writes, so a vendor page of 1,000 sales left a
 * commit of ~100 behind; joined pages leave one such commit per window instead of one per page.
 */
const JOINED_RECORDS: { [S in DataStream]: number } = { roster: 0, punches: 0, sales: 2_000 };

/**
 * The pages of one stream over consecutive windows, each window followed by its end (page null),
 * as one sequence: reading ahead crosses from one window into the next.
 */
async function* pagesOfWindows<S extends DataStream>(
  ctx: RunContext,
  stream: S,
  windows: readonly StreamWindow[],
): AsyncGenerator<PagedItem<Page<S>>> {
  for (const [window, range] of windows.entries()) {
    for await (const page of pagesOf(ctx, stream, range)) yield { window, page };
    yield { window, page: null };
  }
}

/**
 * Reads the pages of one stream over consecutive windows and hands each to its sink (which keeps
 * the newest version of a record delivered twice: on two pages, or modified while the sync ran),
 * counting what each page did, in page order; `windowDone(i)` runs once every page of window i is
 * written (writePagesInOrder). Answers the latest cursor seen.
 */
async function readPages<S extends DataStream>(
  ctx: RunContext,
  stream: S,
  windows: readonly StreamWindow[],
  windowDone: (window: number) => Promise<void> = async () => undefined,
): Promise<StreamCursor | null> {
  let latest: StreamCursor | null = null;
  await writePagesInOrder(joinedPages(pagesOfWindows(ctx, stream, windows), JOINED_RECORDS[stream]), {
    depth: WRITE_DEPTH[stream],
    idsOf: (page) => page.map((r) => r.vendorId),
    write: (page) => SINKS[stream](ctx.target, page),
    written: async (page, counts) => {
      for (const r of page) latest = laterCursor(latest, { modifiedAt: r.modifiedAt, id: r.vendorId });
      await recordPage(ctx, stream, page.length, counts);
    },
    windowDone,
  });
  return latest;
}

/**
 * The deletions a webhook announced for the connection by id alone (queued by the webhook
 * receiver: no read finds them again), applied after the stream's records and counted with them.
 */
async function deletionsOf(ctx: RunContext, stream: 'punches' | 'sales'): Promise<void> {
  const { read, counts } = await applyQueuedDeletions(ctx.target, stream);
  if (read === 0) return;
  addCounts(ctx.run, stream, read, counts);
  await recordIssues(ctx);
  await save(ctx);
}

/** What the pages refused or held, stored with the run (GET /runs/{runId}/issues): nothing only in a log. */
async function recordIssues(ctx: RunContext): Promise<void> {
  const issues = takeIssues(ctx.target);
  if (issues.length) await recordRunIssues(ctx.companyId, ctx.run, issues);
}

async function incrementalStream(ctx: RunContext, stream: DataStream): Promise<void> {
  const { overlapMs, initialLookbackMs } = engineOptions();
  const cursor = await readCursor(ctx.companyId, ctx.target.connectionId, stream);
  const since = cursor ? cursor.modifiedAt - overlapMs : stream === 'roster' ? null : Date.now() - initialLookbackMs;
  ctx.run.progress[stream] = { chunksDone: 0, chunksTotal: 1, doneUntil: null };
  const latest = await readPages(ctx, stream, [since === null ? WHOLE : { modifiedSince: since }]);
  if (latest) await writeCursor(ctx.companyId, ctx.target.connectionId, stream, laterCursor(cursor, latest));
  ctx.run.progress[stream] = { chunksDone: 1, chunksTotal: 1, doneUntil: null };
  await save(ctx);
}

/**
 * A backfill reads [from, to) in the chunks the vendor allows, saving progress after each chunk is
 * written; a run resumed after a crash (or a new backfill of the same window after a failed one)
 * starts after the last finished chunk. The incremental cursor is not moved by a backfill.
 */
async function backfillStream(
  ctx: RunContext,
  stream: Exclude<DataStream, 'roster'>,
  window: { from: number; to: number },
): Promise<void> {
  const size = ctx.connector?.maxWindowMs?.[stream] ?? engineOptions().defaultChunkMs;
  const chunks = chunksOf(window.from, window.to, size);
  const previous = ctx.run.progress[stream];
  const resumeAt = previous?.doneUntil ?? window.from;
  let done = chunks.filter((c) => c.to <= resumeAt).length;
  ctx.run.progress[stream] = { chunksDone: done, chunksTotal: chunks.length, doneUntil: previous?.doneUntil ?? null };
  const left = chunks.slice(done);
  await readPages(ctx, stream, left, async (i) => {
    done++;
    ctx.run.progress[stream] = { chunksDone: done, chunksTotal: chunks.length, doneUntil: left[i].to };
    await save(ctx);
  });
}

/**
 * A CSV import run (pos-sync /csv-imports): the file is validated whole first (a row with a problem
 * fails the run and nothing is written), then its records go to the same sinks as a vendor's
 * pages. Progress counts the file's chunks, once validated and once written. A delivery resuming
 * the run after the previous one died skips the validation its run already passed and the rows
 * already written (the saved count of records read: saved only after their page was written); a
 * redelivery of a run that finished its import finds the file gone and does nothing more.
 */
async function importFile(ctx: RunContext, importId: string): Promise<void> {
  const file = await openImport(ctx.companyId, importId, ctx.run.id);
  if (file.done) return;
  switch (file.kind) {
    case 'roster':
      return importPages(ctx, file);
    case 'punches':
      return importPages(ctx, file);
    case 'sales':
      return importPages(ctx, file);
  }
}

async function importPages<S extends DataStream>(ctx: RunContext, file: ImportFileOf<S>): Promise<void> {
  const stream: S = file.kind;
  const progress = async (chunksDone: number) => {
    ctx.run.progress[stream] = { chunksDone, chunksTotal: 2 * file.chunks, doneUntil: null };
    if (Date.now() - ctx.savedAt >= engineOptions().saveEveryMs) await save(ctx);
  };
  if (!file.validated) {
    ctx.run.counts = {};
    await progress(0);
    await file.validate(progress);
  }
  await save(ctx);
  const written = ctx.run.counts[stream]?.read ?? 0;
  for await (const page of file.pages((done) => progress(file.chunks + done), written))
    await writePage(ctx, stream, page);
  await progress(2 * file.chunks);
  await save(ctx);
  await file.finished();
}

async function save(ctx: RunContext): Promise<void> {
  ctx.run = {
    ...(await saveProgress(ctx.companyId, ctx.run, ctx.attempt)),
    counts: ctx.run.counts,
    progress: ctx.run.progress,
  };
  ctx.savedAt = Date.now();
}

const ZERO: StreamCounts = { read: 0, created: 0, updated: 0, unchanged: 0, failed: 0, held: 0 };

function addCounts(run: SyncRun, stream: string, read: number, c: SinkCounts): void {
  const t = run.counts[stream] ?? { ...ZERO };
  run.counts[stream] = {
    read: t.read + read,
    created: t.created + c.created,
    updated: t.updated + c.updated,
    unchanged: t.unchanged + c.unchanged,
    failed: t.failed + c.failed,
    held: t.held + c.held,
  };
}

/** How a failed run is booked (the codes are listed in the service's API description). */
export function outcomeOf(err: unknown): RunOutcome {
  if (err instanceof VendorError) {
    switch (err.failure) {
      case 'rejected':
        return {
          status: 'failed',
          code: 'VENDOR_REJECTED',
          message: `${err.vendor} refused the stored credentials (${err.message}); the owner must connect it again`,
          reauth: true,
        };
      case 'not_found':
        return {
          status: 'failed',
          code: 'VENDOR_ACCOUNT_NOT_FOUND',
          message: `${err.vendor} no longer knows the connected account (${err.message})`,
        };
      case 'rate_limited':
        return {
          status: 'failed',
          code: 'VENDOR_RATE_LIMITED',
          message: `${err.vendor} kept rate limiting after the retries (${err.message}); the next run resumes`,
        };
      case 'unavailable':
        return {
          status: 'failed',
          code: 'VENDOR_UNAVAILABLE',
          message: `${err.vendor} did not answer after the retries (${err.message}); the next run resumes`,
        };
      case 'invalid':
        return {
          status: 'failed',
          code: 'VENDOR_MALFORMED_PAGE',
          message: `${err.vendor} answered a page that is not as documented (${err.message}); nothing of that page was written`,
        };
    }
  }
  if (err instanceof AppError && err.code === 'CONNECTION_NEEDS_REAUTH')
    return { status: 'failed', code: 'VENDOR_REJECTED', message: err.message, reauth: true };
  if (err instanceof AppError) return { status: 'failed', code: err.code, message: err.message };
  return { status: 'failed', code: 'SYNC_FAILED', message: 'The sync failed unexpectedly; it has been logged' };
}
