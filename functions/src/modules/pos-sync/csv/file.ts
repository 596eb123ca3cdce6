import { getCompanyRules } from '../../companies';
import { salesCurrency } from '../../sales';
import { posSyncErrors } from '../errors';
import { mappingProblems, suggestMapping, type CsvMapping } from './fields';
import { CsvFileError, readRows } from './reader';
import { mapRow, saleContentKey, toRecord, type CsvRecord, type RowContext, type RowError } from './rows';
import { PREVIEW_ROWS } from './schemas';
import * as store from './store';

/**
 * An import and its file: the checks that it is there, the mapping in force, and its rows read
 * through the mapping (each a POS record or its problems).
 */

export async function requireImport(companyId: string, importId: string): Promise<store.CsvImport> {
  const imp = await store.readImport(companyId, importId);
  if (!imp) throw posSyncErrors.CSV_IMPORT_NOT_FOUND(`The company has no CSV import ${importId}`);
  return imp;
}

export interface FileContext {
  companyId: string;
  imp: store.CsvImport;
  mapping: CsvMapping;
  row: RowContext;
}

export async function fileContext(companyId: string, imp: store.CsvImport, mapping: CsvMapping): Promise<FileContext> {
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
export async function* recordsOf(ctx: FileContext, onChunk?: (done: number) => void): AsyncGenerator<ReadRow> {
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
export async function headOf(
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
export function requireFile(imp: store.CsvImport): void {
  if (imp.fileDeleted)
    throw posSyncErrors.CSV_FILE_MISSING(
      `The file of import ${imp.id} was deleted (once imported, or after 7 days when it was not): upload it again as a new import`,
    );
}

export function requireUploaded(imp: store.CsvImport): void {
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
export async function mappingFor(companyId: string, imp: store.CsvImport, given?: CsvMapping) {
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
export const fileProblem = (err: unknown): never => {
  if (err instanceof CsvFileError)
    throw posSyncErrors.CSV_FILE_INVALID(
      err.message,
      err.line ? [{ message: err.message, line: err.line }] : undefined,
    );
  throw err;
};
