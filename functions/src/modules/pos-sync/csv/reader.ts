import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { DELIMITERS } from './fields';

/**
 * Reads a CSV file (RFC 4180: quoted fields may hold the delimiter, quotes and line breaks; a UTF-8
 * byte order mark is skipped) as a stream of rows, with csv-parse: the file is never held whole,
 * whatever its size. The first row is the header.
 */

/** The file as a whole cannot be read: not text, not CSV (an unclosed quote ...), no header, a repeated header. */
export class CsvFileError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(message);
    this.name = 'CsvFileError';
  }
}

export interface CsvRow {
  /** The line the row ends on (the header is line 1). */
  line: number;
  cells: string[];
  /** Bytes of the file read so far. */
  bytes: number;
}

/** The delimiter of a header line: the candidate occurring most often outside quotes (a comma when none does). */
export function detectDelimiter(headerLine: string): (typeof DELIMITERS)[number] {
  const unquoted = headerLine.replace(/"[^"]*"/g, '');
  let best: (typeof DELIMITERS)[number] = ',';
  let most = 0;
  for (const d of DELIMITERS) {
    const n = unquoted.split(d).length - 1;
    if (n > most) [best, most] = [d, n];
  }
  return best;
}

/** The first line of the text that starts a file (up to its first line break, or all of it). */
const firstLineOf = (head: Buffer) =>
  head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n|\r/)[0] ?? '';

/**
 * The rows of a file given as consecutive byte chunks. `delimiter` absent: detected from the header
 * line (which must be in the first chunk). Throws CsvFileError for a file that is not CSV text; a
 * row with the wrong number of cells is still yielded (the caller reports it against its line).
 */
export async function* readRows(chunks: AsyncIterable<Buffer>, delimiter?: string): AsyncGenerator<CsvRow> {
  const source = chunks[Symbol.asyncIterator]();
  const first = await source.next();
  if (first.done || first.value.length === 0) throw new CsvFileError('The file is empty', null);
  if (first.value.subarray(0, 8192).includes(0))
    throw new CsvFileError('The file is not text (it holds NUL bytes): export it as CSV', null);
  const parser = parse({
    bom: true,
    delimiter: delimiter ?? detectDelimiter(firstLineOf(first.value)),
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
    max_record_size: 1_000_000,
    relax_quotes: false,
  });
  // one chunk read ahead at most: a file of any size is never in memory, nor read further than needed
  const input = Readable.from(
    (async function* () {
      yield first.value;
      for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
    })(),
    { highWaterMark: 1 },
  );
  input.on('error', (err) => parser.destroy(err));
  input.pipe(parser);
  let headerWidth = -1;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number; bytes: number };
    }>) {
      if (headerWidth < 0) headerWidth = requireHeader(record);
      yield { line: info.lines, cells: record, bytes: info.bytes };
    }
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines ?? null;
      throw new CsvFileError(
        `The file is not valid CSV${line ? ` at line ${line}` : ''}: ${err.message.replace(/^Invalid [^:]*:\s*/, '')}`,
        line,
      );
    }
    throw err;
  } finally {
    input.destroy();
  }
  if (headerWidth < 0) throw new CsvFileError('The file has no header line', null);
}

function requireHeader(cells: string[]): number {
  const names = cells.map((c) => c.trim());
  const repeated = names.find((n, i) => n && names.indexOf(n) !== i);
  if (repeated) throw new CsvFileError(`The header names the column "${repeated}" twice`, 1);
  if (names.every((n) => !n)) throw new CsvFileError('The header line is empty', 1);
  return names.length;
}
