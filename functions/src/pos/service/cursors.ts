import { z } from 'zod';
import { storedCollection } from '../../core/stored';
import type { StreamCursor } from '../connectors';

/**
 * Where an incremental stream resumes: per (company, connection, stream) the last vendor-modified
 * time seen and the id that tie-breaks it, at companies/{id}/syncCursors/{connectionId~stream}.
 * Written only when a stream finished, so a failed run re-reads from the previous cursor (the
 * writes are keyed by vendor ids, so re-reading never duplicates).
 */
const storedCursor = z.object({
  /** The vendor's id of the last record seen (not the document's id). */
  id: z.string(),
  modifiedAt: z.number(),
  connectionId: z.string(),
  stream: z.string(),
  updatedAt: z.number(),
}) satisfies z.ZodType<StreamCursor>;
type StoredCursor = z.output<typeof storedCursor>;

// the stored `id` is the cursor's (a vendor id), so the document id is not read as `id`
const { ref, fromSnapshot } = storedCollection('syncCursors', storedCursor, { idField: 'documentId' });
const cursorRef = (companyId: string, connectionId: string, stream: string) =>
  ref(companyId, `${connectionId}~${stream}`);

export async function readCursor(
  companyId: string,
  connectionId: string,
  stream: string,
): Promise<StreamCursor | null> {
  const stored = fromSnapshot(await cursorRef(companyId, connectionId, stream).get());
  return stored ? { modifiedAt: stored.modifiedAt, id: stored.id } : null;
}

export async function writeCursor(
  companyId: string,
  connectionId: string,
  stream: string,
  cursor: StreamCursor,
): Promise<void> {
  const stored: StoredCursor = { ...cursor, connectionId, stream, updatedAt: Date.now() };
  await cursorRef(companyId, connectionId, stream).set(stored);
}

/** The later of two cursors: by modified time, then by id. */
export function laterCursor(a: StreamCursor | null, b: StreamCursor): StreamCursor {
  if (!a) return b;
  if (b.modifiedAt !== a.modifiedAt) return b.modifiedAt > a.modifiedAt ? b : a;
  return b.id > a.id ? b : a;
}
