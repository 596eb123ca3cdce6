import type { DocumentData, DocumentSnapshot } from 'firebase-admin/firestore';
import { z } from 'zod';
import { companyDoc } from './firestore';
import { logger } from './logger';

/**
 * Stored documents decoded by their entity's zod schema: the module states the stored shape once
 * (usually its response schema, with `.extend` for what is stored differently) and every read goes
 * through the decoder derived from it. A document that does not match is not passed on: the
 * decoder logs the collection, the document and each failing field with zod's message (never the
 * values), and throws StoredDocumentInvalid, which names the same without values: the HTTP layer
 * answers it as any unexpected error, a 500 INTERNAL that details nothing (the log line does).
 */

const isTimestamp = (value: unknown): value is { toMillis(): number } =>
  typeof (value as { toMillis?: unknown } | null)?.toMillis === 'function';

/** An instant stored as a Firestore Timestamp (serverTimestamp()) or as epoch ms, read as epoch ms. */
export const storedMillis = z.preprocess((value) => (isTimestamp(value) ? value.toMillis() : value), z.number());

/** The company a document under companies/{id}/ belongs to (a document written without its companyId field has it from its path). */
const companyOf = (path: string): string | undefined => /^companies\/([^/]+)\//.exec(path)?.[1];

/** What a decoder reads: a document snapshot (a query's rows and `get()`'s answers alike). */
export interface StoredSnapshot {
  readonly id: string;
  readonly ref: { readonly path: string };
  data(): DocumentData | undefined;
}

const fieldOf = (issue: z.core.$ZodIssue): string =>
  issue.path.length ? issue.path.map(String).join('.') : '(document)';

/** A stored document that does not match its schema: not the caller's fault, so never detailed in an answer. */
export class StoredDocumentInvalid extends Error {
  override name = 'StoredDocumentInvalid';
}

/** The error of a document that does not match its schema, logged where it is made. */
function invalidDocument(collection: string, path: string, error: z.ZodError): StoredDocumentInvalid {
  const fields = error.issues.map((issue) => ({ field: fieldOf(issue), message: issue.message }));
  logger.error('stored document does not match its schema', { collection, document: path, fields });
  return new StoredDocumentInvalid(
    `Stored ${collection} document ${path} does not match its schema: ${fields
      .map((f) => `${f.field}: ${f.message}`)
      .join('; ')}`,
  );
}

export interface StoredOptions {
  /**
   * The field the schema reads the document id as (default `id`, which wins over a stored `id`):
   * another name for a stored shape whose own `id` field is not the document's.
   */
  readonly idField?: string;
}

/**
 * The decoder of one collection's documents: the schema's output, or the logged StoredDocumentInvalid.
 * The schema reads the document id as `id` (a schema without that field drops it), or as `idField`.
 * Given as a function, the schema is built on the first decode (for files every request loads).
 */
export function storedDecoder<S extends z.ZodType>(
  collection: string,
  schema: S | (() => S),
  { idField = 'id' }: StoredOptions = {},
): (snap: StoredSnapshot) => z.output<S> {
  let built: S | undefined = typeof schema === 'function' ? undefined : schema;
  return (snap) => {
    built ??= (schema as () => S)();
    const data = snap.data();
    const parsed = built.safeParse(data ? { companyId: companyOf(snap.ref.path), ...data, [idField]: snap.id } : data);
    if (!parsed.success) throw invalidDocument(collection, snap.ref.path, parsed.error);
    return parsed.data;
  };
}

/**
 * A collection of a company's documents (`companies/{companyId}/<name>/{id}`) decoded by `schema`:
 * its refs, and snapshots read anywhere (a query's rows with `fromDoc`, a `get()` that may find
 * nothing with `fromSnapshot`) turned into the schema's output.
 */
export function storedCollection<S extends z.ZodType>(name: string, schema: S, options: StoredOptions = {}) {
  const collection = (companyId: string) => companyDoc(companyId).collection(name);
  const fromDoc = storedDecoder(name, schema, options);
  return {
    collection,
    ref: (companyId: string, id: string) => collection(companyId).doc(id),
    fromDoc,
    fromSnapshot: (snap: DocumentSnapshot): z.output<S> | null => (snap.exists ? fromDoc(snap) : null),
  };
}
