import { createHash, randomBytes } from 'node:crypto';
import { runExclusive } from '../../../core/exclusive';
import { requireCompany } from '../../../core/firestore';
import { getCompanyRules } from '../../companies';
import { getRun, requestSync, type SyncRun, type SyncStream } from '../../integration-engine';
import { salesCurrency } from '../../sales';
import { posSyncErrors } from '../errors';
import {
  CSV_FIELDS,
  mapRow,
  mappingProblems,
  saleContentKey,
  suggestMapping,
  toRecord,
  type CsvKind,
  type CsvMapping,
  type CsvRecord,
  type RowContext,
  type RowError,
} from './fields';
import { CsvFileError, readRows } from './reader';
import { MAX_FILE_BYTES, PREVIEW_ROWS } from './schemas';
import * as store from './store';

/**
 * CSV import, for a POS without an API: a manager creates an import of one kind of file (roster,
 * punches or sales), uploads it in parts, previews its first rows through the column mapping,
 * and starts it. The POS sync engine then runs it as a sync run of the company's `csv`
 * connection (see openImport): every row is validated first, streaming through the file, and
 * nothing is written unless every row is valid; then the rows are written through the same sinks as
 * a vendor's pages, so a row imported again (the same file re-uploaded, or files that overlap)
 * changes nothing.
 */

const WRITE_PAGE = 500;
export const CSV_CONNECTION = 'csv';

const importLock = (companyId: string, importId: string) => `csvImport:${companyId}:${importId}`;

export type ImportState = 'uploading' | 'queued' | 'running' | 'imported' | 'failed' | 'cancelled';

export interface ImportView extends Omit<store.CsvImport, 'parts'> {
  state: ImportState;
  parts: { part: number; bytes: number; sha256: string }[];
  run: SyncRun | null;
}

function stateOf(run: SyncRun | null): ImportState {
  if (!run) return 'uploading';
  return run.status === 'succeeded' ? 'imported' : run.status;
}

async function view(companyId: string, imp: store.CsvImport): Promise<ImportView> {
  const run = imp.runId ? await getRun({ companyId, runId: imp.runId }).catch(() => null) : null;
  const parts = Object.entries(imp.parts)
    .map(([part, p]) => ({ part: Number(part), bytes: p.bytes, sha256: p.sha256 }))
    .sort((a, b) => a.part - b.part);
  return { ...imp, parts, state: stateOf(run), run };
}

async function requireImport(companyId: string, importId: string): Promise<store.CsvImport> {
  const imp = await store.readImport(companyId, importId);
  if (!imp) throw posSyncErrors.CSV_IMPORT_NOT_FOUND(`The company has no CSV import ${importId}`);
  return imp;
}

export async function createImport({
  companyId,
  uid,
  kind,
  filename,
}: {
  companyId: string;
  uid: string;
  kind: CsvKind;
  filename: string;
}): Promise<ImportView> {
  await requireCompany(companyId);
  const now = Date.now();
  const imp: store.CsvImport = {
    id: store.newImportId(now, randomBytes(4).toString('hex')),
    kind,
    filename,
    createdAt: now,
    createdBy: uid,
    parts: {},
    bytes: 0,
    mapping: null,
    runId: null,
    startedAt: null,
    errors: [],
    errorCount: 0,
    fileError: null,
    rows: null,
    validatedBy: null,
    fileDeleted: false,
  };
  await runExclusive(importLock(companyId, imp.id), async () => ({
    result: null,
    write: (tx) => store.writeImport(tx, companyId, imp),
  }));
  return view(companyId, imp);
}

/** Stores part `part` of the file (replacing an earlier upload of that part) while the import has not been started. */
export async function uploadPart({
  companyId,
  importId,
  part,
  data,
}: {
  companyId: string;
  importId: string;
  part: number;
  data: Buffer;
}): Promise<ImportView> {
  if (data.length === 0)
    throw posSyncErrors.CSV_PART_EMPTY(`Part ${part} is empty: send the bytes of the file as the body`);
  const sha256 = createHash('sha256').update(data).digest('hex');
  const imp = await runExclusive(importLock(companyId, importId), async (tx) => {
    const current = await store.readImport(companyId, importId, tx);
    if (!current) throw posSyncErrors.CSV_IMPORT_NOT_FOUND(`The company has no CSV import ${importId}`);
    if (current.runId)
      throw posSyncErrors.CSV_IMPORT_STARTED(
        `Import ${importId} was started: its file can no longer change (create a new import)`,
      );
    requireFile(current);
    const previous = current.parts[part];
    const bytes = current.bytes - (previous?.bytes ?? 0) + data.length;
    if (bytes > MAX_FILE_BYTES)
      throw posSyncErrors.CSV_FILE_TOO_LARGE(
        `The file would be ${bytes} bytes with this part; at most ${MAX_FILE_BYTES} (50 MB)`,
      );
    const next: store.CsvImport = {
      ...current,
      bytes,
      parts: {
        ...current.parts,
        [part]: { bytes: data.length, chunks: Math.ceil(data.length / store.CHUNK_BYTES), sha256 },
      },
    };
    return {
      result: next,
      write: (w) => {
        store.writePart(w, companyId, importId, part, data, previous?.chunks ?? 0);
        store.writeImport(w, companyId, next);
      },
    };
  });
  return view(companyId, imp);
}

export async function getImport({ companyId, importId }: { companyId: string; importId: string }): Promise<ImportView> {
  return view(companyId, await requireImport(companyId, importId));
}

export async function listImports({ companyId, limit, cursor }: { companyId: string; limit: number; cursor?: string }) {
  await requireCompany(companyId);
  const page = await store.pageImports(companyId, { after: cursor, limit: limit + 1 });
  const items = await Promise.all(page.slice(0, limit).map((imp) => view(companyId, imp)));
  return { items, nextCursor: page.length > limit ? items[items.length - 1].id : null };
}

// ------------------------------------------------------------------ mappings

export async function getMapping({ companyId, kind }: { companyId: string; kind: CsvKind }) {
  await requireCompany(companyId);
  return { kind, mapping: await store.readMapping(companyId, kind), fields: fieldsOf(kind) };
}

export function fieldsOf(kind: CsvKind) {
  return Object.entries(CSV_FIELDS[kind]).map(([name, spec]) => ({
    name,
    required: spec.required,
    description: spec.description,
  }));
}

export async function putMapping({
  companyId,
  kind,
  uid,
  mapping,
}: {
  companyId: string;
  kind: CsvKind;
  uid: string;
  mapping: CsvMapping;
}) {
  await requireCompany(companyId);
  const problems = mappingProblems(kind, mapping);
  if (problems.length)
    throw posSyncErrors.CSV_MAPPING_INVALID(
      `The mapping does not fit a ${kind} file`,
      problems.map((message) => ({ message })),
    );
  const saved: store.StoredMapping = { ...mapping, kind, updatedAt: Date.now(), updatedBy: uid };
  await store.saveMapping(companyId, saved);
  return { kind, mapping: saved, fields: fieldsOf(kind) };
}

// ------------------------------------------------------------------ reading the file

interface FileContext {
  companyId: string;
  imp: store.CsvImport;
  mapping: CsvMapping;
  row: RowContext;
}

async function fileContext(companyId: string, imp: store.CsvImport, mapping: CsvMapping): Promise<FileContext> {
  const [rules, currency] = await Promise.all([getCompanyRules({ companyId }), salesCurrency(companyId)]);
  return {
    companyId,
    imp,
    mapping,
    row: { timezone: rules.profile.timezone, currency: mapping.currency ?? currency ?? 'USD', mapping },
  };
}

type ReadRow = { line: number; values: Record<string, string> } & ({ record: CsvRecord } | { errors: RowError[] });

/**
 * The file's rows through the mapping: each a POS record or its problems. Sales without an id are
 * keyed by their content and its occurrence so far (memory: one counter per distinct content key).
 */
async function* recordsOf(ctx: FileContext, onChunk?: (done: number) => void): AsyncGenerator<ReadRow> {
  let headers: Map<string, number> | null = null;
  const contentKeyed = ctx.imp.kind === 'sales' && !ctx.mapping.columns.id;
  const seen = new Map<string, number>();
  for await (const { line, cells } of readRows(
    store.fileChunks(ctx.companyId, ctx.imp, onChunk),
    ctx.mapping.delimiter,
  )) {
    if (!headers) {
      const names = cells.map((c) => c.trim());
      headers = new Map(names.map((n, i) => [n, i]));
      const problems = mappingProblems(ctx.imp.kind, ctx.mapping, names);
      if (problems.length)
        throw new CsvFileError(`The mapping does not fit the file's columns: ${problems.join('; ')}`, 1);
      continue;
    }
    if (cells.length !== headers.size) {
      yield {
        line,
        values: {},
        errors: [
          {
            line,
            field: null,
            code: 'COLUMN_COUNT',
            message: `The row has ${cells.length} cells; the header has ${headers.size}`,
          },
        ],
      };
      continue;
    }
    const row = mapRow(ctx.mapping, headers, cells);
    let occurrence = 0;
    if (contentKeyed) {
      const key = saleContentKey(row);
      occurrence = seen.get(key) ?? 0;
      seen.set(key, occurrence + 1);
    }
    const result = toRecord(ctx.imp.kind, row, line, ctx.row, occurrence);
    yield { line, values: row, ...result };
  }
}

/** The file's header and its first `rows` data rows (cells as read). */
async function headOf(
  companyId: string,
  imp: store.CsvImport,
  delimiter?: string,
  rows = 0,
): Promise<{ headers: string[]; samples: string[][] }> {
  const lines = readRows(store.fileChunks(companyId, imp), delimiter);
  const out: string[][] = [];
  try {
    for await (const { cells } of lines) {
      out.push(cells);
      if (out.length > rows) break;
    }
  } finally {
    await lines.return(undefined);
  }
  return { headers: (out[0] ?? []).map((c) => c.trim()), samples: out.slice(1) };
}

/** The file's bytes are deleted once imported, and after FILE_RETENTION_MS when it was not. */
function requireFile(imp: store.CsvImport): void {
  if (imp.fileDeleted)
    throw posSyncErrors.CSV_FILE_MISSING(
      `The file of import ${imp.id} was deleted (once imported, or after 7 days when it was not): upload it again as a new import`,
    );
}

function requireUploaded(imp: store.CsvImport): void {
  const parts = Object.keys(imp.parts)
    .map(Number)
    .sort((a, b) => a - b);
  if (parts.length === 0)
    throw posSyncErrors.CSV_FILE_MISSING(
      `Import ${imp.id} has no file yet: upload it with PUT /csv-imports/${imp.id}/parts/1`,
    );
  const gap = parts.findIndex((p, i) => p !== i + 1);
  if (gap >= 0)
    throw posSyncErrors.CSV_FILE_MISSING(
      `Part ${gap + 1} of import ${imp.id} is missing (parts ${parts.join(', ')} were uploaded)`,
    );
}

/** The mapping in force for a kind: the one given, else the company's saved one, else the one the headers suggest. */
async function mappingFor(companyId: string, imp: store.CsvImport, given?: CsvMapping) {
  if (given) return { mapping: given, source: 'given' as const };
  const saved = await store.readMapping(companyId, imp.kind);
  if (saved) {
    const { kind: _k, updatedAt: _u, updatedBy: _b, ...mapping } = saved;
    return { mapping, source: 'saved' as const };
  }
  const { headers, samples } = await headOf(companyId, imp, undefined, PREVIEW_ROWS);
  return { mapping: suggestMapping(imp.kind, headers, samples), source: 'suggested' as const };
}

/** A file that is not CSV as the API's 422 CSV_FILE_INVALID; anything else as it is. */
const fileProblem = (err: unknown): never => {
  if (err instanceof CsvFileError)
    throw posSyncErrors.CSV_FILE_INVALID(
      err.message,
      err.line ? [{ message: err.message, line: err.line }] : undefined,
    );
  throw err;
};

/** The file's header and first rows through the mapping in force (saved, else suggested), each as its record or its problems. */
export async function previewImport({ companyId, importId }: { companyId: string; importId: string }) {
  const imp = await requireImport(companyId, importId);
  requireUploaded(imp);
  requireFile(imp);
  try {
    const { mapping, source } = await mappingFor(companyId, imp);
    const { headers } = await headOf(companyId, imp, mapping.delimiter);
    const problems = mappingProblems(imp.kind, mapping, headers);
    const rows: {
      line: number;
      values: Record<string, string>;
      record: Record<string, unknown> | null;
      errors: RowError[];
    }[] = [];
    if (!problems.length) {
      const all = recordsOf(await fileContext(companyId, imp, mapping));
      try {
        for await (const row of all) {
          rows.push({
            line: row.line,
            values: row.values,
            record: 'record' in row ? { ...row.record } : null,
            errors: 'errors' in row ? row.errors : [],
          });
          if (rows.length >= PREVIEW_ROWS) break;
        }
      } finally {
        await all.return(undefined);
      }
    }
    return {
      kind: imp.kind,
      headers,
      mapping,
      mappingSource: source,
      mappingProblems: problems,
      fields: fieldsOf(imp.kind),
      rows,
    };
  } catch (err) {
    return fileProblem(err);
  }
}

/**
 * Starts the import as a sync run of the company's csv connection, with the mapping given (saved
 * for the company's next files of the kind) or in force. An import whose run failed (invalid rows)
 * can be started again, e.g. with a corrected mapping.
 */
export async function startImport({
  companyId,
  importId,
  uid,
  mapping: given,
}: {
  companyId: string;
  importId: string;
  uid: string;
  mapping?: CsvMapping;
}): Promise<ImportView> {
  const imp = await requireImport(companyId, importId);
  requireUploaded(imp);
  const run = imp.runId ? await getRun({ companyId, runId: imp.runId }).catch(() => null) : null;
  if (run && (run.status === 'queued' || run.status === 'running'))
    throw posSyncErrors.CSV_IMPORT_STARTED(`Import ${importId} is already ${run.status} (run ${run.id})`);
  if (run?.status === 'succeeded')
    throw posSyncErrors.CSV_IMPORT_STARTED(
      `Import ${importId} was imported (run ${run.id}); upload the file again as a new import to re-import it (rows already imported do not change)`,
    );
  requireFile(imp);
  const { mapping } = await mappingFor(companyId, imp, given).catch(fileProblem);
  const { headers } = await headOf(companyId, imp, mapping.delimiter).catch(fileProblem);
  const problems = mappingProblems(imp.kind, mapping, headers);
  if (problems.length)
    throw posSyncErrors.CSV_MAPPING_INVALID(
      `The mapping does not fit the file's columns (${headers.join(', ')})`,
      problems.map((message) => ({ message })),
    );
  if (given) await store.saveMapping(companyId, { ...given, kind: imp.kind, updatedAt: Date.now(), updatedBy: uid });
  const streams: SyncStream[] = imp.kind === 'sales' ? ['sales', 'tips'] : [imp.kind];
  const started = await requestSync({
    companyId,
    connectionId: CSV_CONNECTION,
    uid,
    trigger: 'import',
    streams,
    importId,
  });
  const next: store.CsvImport = {
    ...imp,
    mapping,
    runId: started.id,
    startedAt: Date.now(),
    errors: [],
    errorCount: 0,
    fileError: null,
    rows: null,
    validatedBy: null,
  };
  await runExclusive(importLock(companyId, importId), async () => ({
    result: null,
    write: (tx) => store.writeImport(tx, companyId, next),
  }));
  return view(companyId, next);
}

// ------------------------------------------------------------------ cleanup

/** How long the file of an import that was not imported is kept (to fix a mapping and start again). */
export const FILE_RETENTION_MS = 7 * 24 * 3_600_000;

/**
 * The daily job: deletes the stored file of every import created more than FILE_RETENTION_MS ago
 * that is not queued or running (never started, failed or cancelled); the import itself stays, with
 * `fileDeleted`. Imported files are deleted when their run finishes.
 */
export async function deleteStaleFiles(now = Date.now()): Promise<{ deleted: number }> {
  let deleted = 0;
  for (const { companyId, importId } of await store.storedFilesBefore(now - FILE_RETENTION_MS, 500)) {
    const imp = await store.readImport(companyId, importId);
    const run = imp?.runId ? await getRun({ companyId, runId: imp.runId }).catch(() => null) : null;
    if (imp && run && (run.status === 'queued' || run.status === 'running')) continue;
    if (imp) await store.deleteChunks(companyId, imp);
    await runExclusive(importLock(companyId, importId), async (tx) => {
      const current = await store.readImport(companyId, importId, tx);
      return {
        result: null,
        write: (w) =>
          current
            ? store.writeImport(w, companyId, { ...current, fileDeleted: true })
            : store.deleteFileIndex(w, companyId, importId),
      };
    });
    deleted++;
  }
  return { deleted };
}

// ------------------------------------------------------------------ the engine's side

/** A started import's file, as the POS sync engine reads it (openImport). */
export interface ImportFile {
  kind: CsvKind;
  /** Chunks of the file (about 1 MB each); a pass reads each once. */
  chunks: number;
  /** Already imported (a redelivered task of a finished run): nothing to do. */
  done: boolean;
  /** This run already validated the file (a delivery resuming it after the previous one died): writing resumes. */
  validated: boolean;
  /** Reads every row; records the problems on the import and throws 422 CSV_INVALID when there is any (nothing is written then). */
  validate(onChunk: (done: number) => Promise<void>): Promise<void>;
  /** The records, in pages, after a successful validation, from the data row `skip` on (rows a previous delivery wrote). */
  pages(onChunk: (done: number) => Promise<void>, skip: number): AsyncGenerator<CsvRecord[]>;
  /** Records the import as done and deletes its file. */
  finished(): Promise<void>;
}

export async function openImport(companyId: string, importId: string, runId: string): Promise<ImportFile> {
  const imp = await requireImport(companyId, importId);
  if (!imp.mapping) throw posSyncErrors.CSV_IMPORT_NOT_FOUND(`Import ${importId} was never started`);
  const ctx = await fileContext(companyId, imp, imp.mapping);
  const chunks = store.chunkList(imp).length;
  /** One pass over the file's rows, telling `onChunk` how many chunks it has read (awaited between rows, not inside the chunk hand-over). */
  async function* pass(onChunk: (done: number) => Promise<void>) {
    let read = 0;
    let reported = 0;
    for await (const row of recordsOf(ctx, (done) => void (read = done))) {
      yield row;
      if (read !== reported) await onChunk((reported = read));
    }
  }
  const update = (patch: Partial<store.CsvImport>) =>
    runExclusive(importLock(companyId, importId), async (tx) => {
      const current = await store.readImport(companyId, importId, tx);
      return {
        result: null,
        write: current ? (w) => store.writeImport(w, companyId, { ...current, ...patch }) : undefined,
      };
    });
  return {
    kind: imp.kind,
    chunks,
    done: imp.fileDeleted,
    validated: imp.validatedBy === runId,
    async validate(onChunk) {
      const errors: RowError[] = [];
      let errorCount = 0;
      let rows = 0;
      try {
        for await (const row of pass(onChunk)) {
          rows++;
          if ('errors' in row) {
            errorCount += row.errors.length;
            for (const e of row.errors) if (errors.length < store.MAX_STORED_ERRORS) errors.push(e);
          }
        }
      } catch (err) {
        if (!(err instanceof CsvFileError)) throw err;
        await update({ fileError: err.message, errors, errorCount, rows });
        throw posSyncErrors.CSV_INVALID(`The file cannot be read: ${err.message}; nothing was written`);
      }
      await update({ errors, errorCount, rows, fileError: null, validatedBy: errorCount ? null : runId });
      if (errorCount)
        throw posSyncErrors.CSV_INVALID(
          `${errorCount} problem${errorCount === 1 ? '' : 's'} in the file's rows (the first at line ${errors[0]!.line}: ${errors[0]!.message}); nothing was written. See GET /csv-imports/${importId}.`,
        );
    },
    async *pages(onChunk, skip) {
      let page: CsvRecord[] = [];
      let seen = 0;
      for await (const row of pass(onChunk)) {
        if ('record' in row && seen++ >= skip) page.push(row.record);
        if (page.length >= WRITE_PAGE) {
          yield page;
          page = [];
        }
      }
      if (page.length) yield page;
    },
    async finished() {
      await store.deleteChunks(companyId, imp);
      await update({ fileDeleted: true });
    },
  };
}
