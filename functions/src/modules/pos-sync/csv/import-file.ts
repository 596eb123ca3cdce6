import type { StreamRecords } from '../../../pos/connectors';
import { runExclusive } from '../../../core/exclusive';
import { posSyncErrors } from '../errors';
import type { CsvKind } from './fields';
import { fileContext, recordsOf, requireImport, type FileContext } from './file';
import { CsvFileError } from './reader';
import type { CsvRecord, RowError } from './rows';
import * as store from './store';
import { lockKeys } from '../../../core/locks';

/** The engine's side of a CSV import: validating every row of a started import's file, then its records in pages. */

const WRITE_PAGE = 500;

/** A started import's file of one kind, as the POS sync engine reads it (openImport): its pages carry that kind's records. */
export interface ImportFileOf<K extends CsvKind> {
  kind: K;
  /** Chunks of the file (about 1 MB each); a pass reads each once. */
  chunks: number;
  /** Already imported (a redelivered task of a finished run): nothing to do. */
  done: boolean;
  /** This run already validated the file (a delivery resuming it after the previous one died): writing resumes. */
  validated: boolean;
  /** Reads every row; records the problems on the import and throws 422 CSV_INVALID when there is any (nothing is written then). */
  validate(onChunk: (done: number) => Promise<void>): Promise<void>;
  /** The records, in pages, after a successful validation, from the data row `skip` on (rows a previous delivery wrote). */
  pages(onChunk: (done: number) => Promise<void>, skip: number): AsyncGenerator<StreamRecords[K][]>;
  /** Records the import as done and deletes its file. */
  finished(): Promise<void>;
}
export type ImportFile = { [K in CsvKind]: ImportFileOf<K> }[CsvKind];

/** The kind of file a record comes from, told by the fields only that kind has. */
const kindOf = (r: CsvRecord): CsvKind => ('closedAt' in r ? 'sales' : 'clockInAt' in r ? 'punches' : 'roster');
const isOfKind = <K extends CsvKind>(kind: K, r: CsvRecord): r is StreamRecords[K] => kindOf(r) === kind;

export async function openImport(companyId: string, importId: string, runId: string): Promise<ImportFile> {
  const imp = await requireImport(companyId, importId);
  if (!imp.mapping) throw posSyncErrors.CSV_IMPORT_NOT_FOUND(`Import ${importId} was never started`);
  const ctx = await fileContext(companyId, imp, imp.mapping);
  switch (imp.kind) {
    case 'roster':
      return fileOf('roster', ctx, runId);
    case 'punches':
      return fileOf('punches', ctx, runId);
    case 'sales':
      return fileOf('sales', ctx, runId);
  }
}

function fileOf<K extends CsvKind>(kind: K, ctx: FileContext, runId: string): ImportFileOf<K> {
  const { companyId, imp } = ctx;
  const importId = imp.id;
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
    runExclusive(lockKeys.csvImport(companyId, importId), async (tx) => {
      const current = await store.readImport(companyId, importId, tx);
      return {
        result: null,
        write: current ? (w) => store.writeImport(w, companyId, { ...current, ...patch }) : undefined,
      };
    });
  return {
    kind,
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
      let page: StreamRecords[K][] = [];
      let seen = 0;
      for await (const row of pass(onChunk)) {
        if ('record' in row && isOfKind(kind, row.record) && seen++ >= skip) page.push(row.record);
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
