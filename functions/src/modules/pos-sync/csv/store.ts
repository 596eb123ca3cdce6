import type { Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../../core/firebase';
import { storedCollection, storedDecoder } from '../../../core/stored';
import { mappingSchema, type CsvKind } from './fields';
import { importSchema, kindSchema } from './schemas';

/**
 * Where CSV imports live: the mapping a company saved per kind of file
 * (`companies/{c}/csvMappings/{kind}`), each import (`companies/{c}/csvImports/{id}`) and its
 * uploaded bytes, in chunks of at most CHUNK_BYTES (`csvImports/{id}/chunks/{part}-{n}`, a
 * document each: Firestore runs here and deployed alike, and the file is read back one chunk at a
 * time). The chunks are deleted once the file is imported.
 */

export const CHUNK_BYTES = 900 * 1024;

/**
 * A mapping as stored: the headers' lengths and the currency's format are the API's input rules, so
 * a stored mapping keeps what its writer stored (fields it no longer knows are dropped, not refused).
 */
const storedMappingFields = z.object({
  ...mappingSchema.shape,
  columns: z.record(z.string(), z.string()).default({}),
  currency: z.string().optional(),
});

/** The saved mapping of a kind of file (the document id is the kind). */
const storedMapping = z
  .object({
    ...storedMappingFields.shape,
    id: kindSchema,
    updatedAt: z.number().default(0),
    updatedBy: z.string().default(''),
  })
  .transform(({ id, ...mapping }) => ({ kind: id, ...mapping }));
export type StoredMapping = z.output<typeof storedMapping>;

const uploadedPart = z.object({ bytes: z.int(), chunks: z.int(), sha256: z.string() });
export type UploadedPart = z.output<typeof uploadedPart>;

/**
 * An import as stored: the answer's fields but its state and run (read from its sync run), its
 * parts by part number (1, 2 ...) with their chunk counts, and the mapping it was started with
 * (null until started). `errors` holds the rows' problems of the last validation (the first
 * MAX_STORED_ERRORS), `validatedBy` the run whose validation found none (its redelivery resumes
 * writing), `fileDeleted` that the chunks were deleted after a successful import. Older documents
 * may lack the fields written later: defaults here.
 */
const storedImport = importSchema.pick({ id: true, kind: true, createdAt: true }).extend({
  filename: z.string().default(''),
  createdBy: z.string().default(''),
  parts: z.record(z.string(), uploadedPart).default({}),
  bytes: z.int().default(0),
  mapping: storedMappingFields.nullable().default(null),
  runId: importSchema.shape.runId.default(null),
  startedAt: importSchema.shape.startedAt.default(null),
  errors: importSchema.shape.errors.default([]),
  errorCount: importSchema.shape.errorCount.default(0),
  fileError: importSchema.shape.fileError.default(null),
  rows: importSchema.shape.rows.default(null),
  validatedBy: importSchema.shape.validatedBy.default(null),
  fileDeleted: importSchema.shape.fileDeleted.default(false),
});
export type CsvImport = z.output<typeof storedImport>;

export const MAX_STORED_ERRORS = 1000;

export const {
  collection: importsCollection,
  ref: importRef,
  fromDoc: importFromDoc,
  fromSnapshot: importFromSnapshot,
} = storedCollection('csvImports', storedImport);

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
const fileIndexEntry = storedDecoder(FILES_INDEX, z.object({ companyId: z.string(), importId: z.string() }));
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
  return snap.docs.map(fileIndexEntry);
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
  return snap.docs.map(importFromDoc);
}

const chunkId = (part: number, n: number) => `${String(part).padStart(4, '0')}-${String(n).padStart(3, '0')}`;
const chunkOf = storedDecoder('csvImports/chunks', z.object({ data: z.instanceof(Uint8Array) }));
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
    const data = snap.exists ? chunkOf(snap).data : undefined;
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

export const {
  collection: mappingsCollection,
  ref: mappingRef,
  fromSnapshot: mappingFromSnapshot,
} = storedCollection('csvMappings', storedMapping);

export async function readMapping(companyId: string, kind: CsvKind): Promise<StoredMapping | null> {
  return mappingFromSnapshot(await mappingRef(companyId, kind).get());
}

export async function saveMapping(companyId: string, mapping: StoredMapping): Promise<void> {
  const { kind, ...data } = mapping;
  await mappingRef(companyId, kind).set(data);
}
