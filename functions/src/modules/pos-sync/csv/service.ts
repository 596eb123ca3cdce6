import { createHash, randomBytes } from 'node:crypto';
import { runExclusive } from '../../../core/exclusive';
import { requireCompany } from '../../../core/firestore';
import { getRun, requestSync, type SyncRun, type SyncStream } from '../../integration-engine';
import { posSyncErrors } from '../errors';
import { CSV_FIELDS, mappingProblems, type CsvKind, type CsvMapping } from './fields';
import {
  fileContext,
  fileProblem,
  headOf,
  mappingFor,
  recordsOf,
  requireFile,
  requireImport,
  requireUploaded,
} from './file';
import type { RowError } from './rows';
import { csvImportsCursor, MAX_FILE_BYTES, PREVIEW_ROWS } from './schemas';
import * as store from './store';
import { lockKeys } from '../../../core/locks';

/**
 * CSV import, for a POS without an API: a manager creates an import of one kind of file (roster,
 * punches or sales), uploads it in parts, previews its first rows through the column mapping,
 * and starts it. The POS sync engine then runs it as a sync run of the company's `csv`
 * connection (see openImport, import-file.ts): every row is validated first, streaming through the file, and
 * nothing is written unless every row is valid; then the rows are written through the same sinks as
 * a vendor's pages, so a row imported again (the same file re-uploaded, or files that overlap)
 * changes nothing.
 */

export const CSV_CONNECTION = 'csv';

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
  await runExclusive(lockKeys.csvImport(companyId, imp.id), async () => ({
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
  const imp = await runExclusive(lockKeys.csvImport(companyId, importId), async (tx) => {
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
  return { items, nextCursor: page.length > limit ? csvImportsCursor.encode(items[items.length - 1].id) : null };
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
  await runExclusive(lockKeys.csvImport(companyId, importId), async () => ({
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
    await runExclusive(lockKeys.csvImport(companyId, importId), async (tx) => {
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
