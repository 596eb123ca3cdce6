import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import { db } from '../../../core/firebase';
import { companyCollection } from '../../../core/firestore';
import type { CsvKind, CsvMapping } from './fields';
import type { RowError } from './rows';

/**
 * Where CSV imports live: the mapping a company saved per kind of file
 * (`companies/{c}/csvMappings/{kind}`), each import (`companies/{c}/csvImports/{id}`) and its
 * uploaded bytes, in chunks of at most CHUNK_BYTES (`csvImports/{id}/chunks/{part}-{n}`, a
 * document each: Firestore runs here and deployed alike, and the file is read back one chunk at a
 * time). The chunks are deleted once the file is imported.
 */

export const CHUNK_BYTES = 900 * 1024;

export interface StoredMapping extends CsvMapping {
  kind: CsvKind;
  updatedAt: number;
  updatedBy: string;
}

export interface UploadedPart {
  bytes: number;
  chunks: number;
  sha256: string;
}

export interface CsvImport {
  id: string;
  kind: CsvKind;
  filename: string;
  createdAt: number;
  createdBy: string;
  /** By part number (1, 2 ...). */
  parts: Record<string, UploadedPart>;
  bytes: number;
  /** Set when the import is started: the mapping it ran with and its sync run. */
  mapping: CsvMapping | null;
  runId: string | null;
  startedAt: number | null;
  /** The rows' problems of the last validation (the first MAX_STORED_ERRORS) and how many there were. */
  errors: RowError[];
  errorCount: number;
  /** The file's problem when it could not be read at all (not CSV, no header ...). */
  fileError: string | null;
  /** Data rows of the last validation. */
  rows: number | null;
  /** The run whose validation found no problem (its redelivery resumes writing). */
  validatedBy: string | null;
  /** The chunks were deleted after a successful import. */
  fileDeleted: boolean;
}

export const MAX_STORED_ERRORS = 1000;

function importFromDoc(id: string, d: DocumentData): CsvImport {
  return {
    id,
    kind: d.kind,
    filename: String(d.filename ?? ''),
    createdAt: Number(d.createdAt),
    createdBy: String(d.createdBy ?? ''),
    parts: d.parts ?? {},
    bytes: Number(d.bytes ?? 0),
    mapping: d.mapping ?? null,
    runId: d.runId ?? null,
    startedAt: d.startedAt ?? null,
    errors: d.errors ?? [],
    errorCount: Number(d.errorCount ?? 0),
    fileError: d.fileError ?? null,
    rows: d.rows ?? null,
    validatedBy: d.validatedBy ?? null,
    fileDeleted: d.fileDeleted === true,
  };
}

export const {
  collection: importsCollection,
  ref: importRef,
  fromSnapshot: importFromSnapshot,
} = companyCollection('csvImports', importFromDoc);

const NEWEST_FIRST_BASE = 9_999_999_999_999;
/** An id whose lexical order is newest first, unique by its random tail. */
export const newImportId = (createdAt: number, random: string) =>
  `${String(NEWEST_FIRST_BASE - createdAt).padStart(13, '0')}-${random}`;

/**
 * Root index of the imports whose file is still stored (`csvFiles/{companyId}~{importId}`), for the
 * cleanup job (the Node emulator has no collection-group queries): written with the import, removed
 * once its file is deleted.
 */
export const FILES_INDEX = 'csvFiles';
const fileIndexRef = (companyId: string, importId: string) =>
  db().collection(FILES_INDEX).doc(`${companyId}~${importId}`);

/** Forgets an index entry whose import is gone. */
export const deleteFileIndex = (tx: Transaction, companyId: string, importId: string) =>
  void tx.delete(fileIndexRef(companyId, importId));

export function writeImport(tx: Transaction, companyId: string, imp: CsvImport): void {
  const { id, ...data } = imp;
  tx.set(importRef(companyId, id), { ...data, sortKey: id });
  if (imp.fileDeleted) tx.delete(fileIndexRef(companyId, id));
  else tx.set(fileIndexRef(companyId, id), { companyId, importId: id, createdAt: imp.createdAt });
}

/** Imports whose file is still stored and that were created before `before` (oldest first, at most `limit`). */
export async function storedFilesBefore(
  before: number,
  limit: number,
): Promise<{ companyId: string; importId: string }[]> {
  const snap = await db()
    .collection(FILES_INDEX)
    .where('createdAt', '<', before)
    .orderBy('createdAt')
    .limit(limit)
    .get();
  return snap.docs.map((d) => ({ companyId: String(d.get('companyId')), importId: String(d.get('importId')) }));
}

export async function readImport(companyId: string, id: string, tx?: Transaction): Promise<CsvImport | null> {
  const ref = importRef(companyId, id);
  return importFromSnapshot(tx ? await tx.get(ref) : await ref.get());
}

/** A page of imports, newest first, after the id `after` (range filters: the Node emulator ignores query cursors). */
export async function pageImports(companyId: string, f: { after?: string; limit: number }): Promise<CsvImport[]> {
  let q = importsCollection(companyId).orderBy('sortKey');
  if (f.after) q = q.where('sortKey', '>', f.after);
  const snap = await q.limit(f.limit).get();
  return snap.docs.map((d) => importFromDoc(d.id, d.data()));
}

const chunkId = (part: number, n: number) => `${String(part).padStart(4, '0')}-${String(n).padStart(3, '0')}`;
const chunkRef = (companyId: string, importId: string, part: number, n: number) =>
  importRef(companyId, importId).collection('chunks').doc(chunkId(part, n));

/** Writes a part's chunks (and deletes the chunks of an earlier upload of the same part beyond them). */
export function writePart(
  tx: Transaction,
  companyId: string,
  importId: string,
  part: number,
  data: Buffer,
  previousChunks: number,
): number {
  const chunks = Math.ceil(data.length / CHUNK_BYTES);
  for (let n = 0; n < chunks; n++)
    tx.set(chunkRef(companyId, importId, part, n), { data: data.subarray(n * CHUNK_BYTES, (n + 1) * CHUNK_BYTES) });
  for (let n = chunks; n < previousChunks; n++) tx.delete(chunkRef(companyId, importId, part, n));
  return chunks;
}

/** The chunks of the file in order, as [part, n] pairs. */
export function chunkList(imp: CsvImport): [number, number][] {
  return Object.keys(imp.parts)
    .map(Number)
    .sort((a, b) => a - b)
    .flatMap((part) => Array.from({ length: imp.parts[part].chunks }, (_, n) => [part, n] as [number, number]));
}

/** The file's bytes, one chunk read at a time (`onChunk` is told how many were read). */
export async function* fileChunks(
  companyId: string,
  imp: CsvImport,
  onChunk?: (done: number) => void,
): AsyncGenerator<Buffer> {
  let done = 0;
  for (const [part, n] of chunkList(imp)) {
    const snap = await chunkRef(companyId, imp.id, part, n).get();
    const data = snap.get('data') as Buffer | Uint8Array | undefined;
    if (!data) throw new Error(`chunk ${chunkId(part, n)} of import ${imp.id} is missing`);
    onChunk?.(++done);
    yield Buffer.from(data);
  }
}

export async function deleteChunks(companyId: string, imp: CsvImport): Promise<void> {
  const refs = chunkList(imp).map(([part, n]) => chunkRef(companyId, imp.id, part, n));
  for (let i = 0; i < refs.length; i += 400) {
    const batch = db().batch();
    for (const ref of refs.slice(i, i + 400)) batch.delete(ref);
    await batch.commit();
  }
}

// ------------------------------------------------------------------ mappings

function mappingFromDoc(kind: string, d: DocumentData): StoredMapping {
  return {
    kind: kind as CsvKind,
    columns: d.columns ?? {},
    dateFormat: d.dateFormat ?? 'iso',
    decimalSeparator: d.decimalSeparator ?? '.',
    ...(d.delimiter ? { delimiter: d.delimiter } : {}),
    ...(d.currency ? { currency: d.currency } : {}),
    updatedAt: Number(d.updatedAt ?? 0),
    updatedBy: String(d.updatedBy ?? ''),
  };
}

export const {
  collection: mappingsCollection,
  ref: mappingRef,
  fromSnapshot: mappingFromSnapshot,
} = companyCollection('csvMappings', mappingFromDoc);

export async function readMapping(companyId: string, kind: CsvKind): Promise<StoredMapping | null> {
  return mappingFromSnapshot(await mappingRef(companyId, kind).get());
}

export async function saveMapping(companyId: string, mapping: StoredMapping): Promise<void> {
  const { kind, ...data } = mapping;
  await mappingRef(companyId, kind).set(data);
}
