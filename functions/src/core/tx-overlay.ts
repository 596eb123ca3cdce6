import type {
  DocumentData,
  DocumentReference,
  DocumentSnapshot,
  SetOptions,
  Transaction,
} from 'firebase-admin/firestore';
import { firestoreNs } from './firebase';

/**
 * Several changes made one after another inside one Firestore transaction, each seeing the writes
 * of those before it (a group commit): `view` is what a change's work is handed as its
 * transaction. Its document reads go to the real transaction once per document (the documents are
 * then locked until the commit, as a read of the transaction locks them) and then answer from the
 * documents as the earlier changes left them; its writes are kept here, and `flush` writes each
 * document once into the real transaction at the end, so every read of the commit comes before its
 * first write, as Firestore wants.
 *
 * What it does not follow: a query read through the view (refused: it could not see the earlier
 * changes' writes) and a document read after a write it cannot replay here (a sentinel such as
 * `FieldValue.increment`, a merge, a field path): that read throws `OverlayConflict`, and the
 * change belongs in the next commit.
 */

/** A read the overlay cannot answer as the earlier changes left the document: take the change into the next commit. */
export class OverlayConflict extends Error {
  override name = 'OverlayConflict';
}

type Write =
  | { kind: 'set'; data: DocumentData; options?: SetOptions }
  | { kind: 'update'; data: DocumentData }
  | { kind: 'delete' }
  | { kind: 'create'; data: DocumentData };

interface Doc {
  ref: DocumentReference;
  /** The document as the changes so far left it (undefined: absent); null until read or fully written. */
  state: { data: DocumentData | undefined } | null;
  /** The read snapshot, while no write touched the document. */
  snapshot: DocumentSnapshot | null;
  writes: Write[];
  /** A write whose result is not known here (a sentinel, a merge, a field path, an update of an unread document). */
  opaque: boolean;
}

const hasSentinel = (data: DocumentData): boolean =>
  Object.values(data).some(
    (v) =>
      v instanceof firestoreNs().FieldValue ||
      (v !== null && typeof v === 'object' && !Array.isArray(v) && hasSentinel(v)),
  );

/** A snapshot of a document as the overlay holds it (what the stored-document decoders read). */
function snapshotOf(ref: DocumentReference, data: DocumentData | undefined): DocumentSnapshot {
  const copy = data === undefined ? undefined : { ...data };
  return {
    id: ref.id,
    ref,
    exists: copy !== undefined,
    data: () => (copy === undefined ? undefined : { ...copy }),
    get: (field: string) => copy?.[field],
  } as unknown as DocumentSnapshot;
}

export class TxOverlay {
  private readonly docs = new Map<string, Doc>();
  /** Paths in the order of their first write (flushed so). */
  private readonly written: string[] = [];
  /** The reads of the real transaction, once per document. */
  private readonly reads = new Map<string, Promise<DocumentSnapshot>>();
  /** A read of the real transaction that failed: the whole attempt fails with it (the client retries it). */
  failure: unknown = null;

  constructor(private readonly tx: Transaction) {}

  private entry(ref: DocumentReference): Doc {
    let doc = this.docs.get(ref.path);
    if (!doc) {
      doc = { ref, state: null, snapshot: null, writes: [], opaque: false };
      this.docs.set(ref.path, doc);
    }
    return doc;
  }

  /** The number of documents the commit writes so far. */
  get writeCount(): number {
    return this.written.length;
  }

  /** A document as the changes so far left it: read from the transaction the first time. */
  async get(ref: DocumentReference): Promise<DocumentSnapshot> {
    const doc = this.entry(ref);
    if (doc.opaque)
      throw new OverlayConflict(`${ref.path} was written in a way the commit's later changes cannot read`);
    if (doc.state) return doc.snapshot ?? snapshotOf(ref, doc.state.data);
    const snap = await this.read(ref);
    // a write of an earlier change may have landed while this read was out
    if (doc.state) return this.get(ref);
    doc.state = { data: snap.exists ? snap.data() : undefined };
    doc.snapshot = snap;
    return snap;
  }

  /** A document as it was before the commit (one read of the real transaction per document). */
  private read(ref: DocumentReference): Promise<DocumentSnapshot> {
    let reading = this.reads.get(ref.path);
    if (!reading) {
      reading = this.tx.get(ref);
      reading.catch((err: unknown) => {
        this.failure ??= err;
      });
      this.reads.set(ref.path, reading);
    }
    return reading;
  }

  /**
   * A transaction that only reads, the documents as they were before the commit: running every
   * change's work on it at once first reads all their documents in one round instead of one
   * change after another (the works are run again, in order, on `view`).
   */
  readonly prefetch: Transaction = {
    get: (ref: DocumentReference) => this.read(ref),
    getAll: (...refs: DocumentReference[]) => Promise.all(refs.map((r) => this.read(r))),
  } as unknown as Transaction;

  private record(ref: DocumentReference, write: Write): void {
    const doc = this.entry(ref);
    if (doc.writes.length === 0) this.written.push(ref.path);
    doc.writes.push(write);
    doc.snapshot = null;
    const data = 'data' in write ? write.data : undefined;
    if (
      doc.opaque ||
      (data && hasSentinel(data)) ||
      (write.kind === 'set' && write.options) ||
      (write.kind === 'update' && (!doc.state || Object.keys(write.data).some((k) => k.includes('.'))))
    ) {
      doc.opaque = true;
      doc.state = null;
      return;
    }
    if (write.kind === 'delete') doc.state = { data: undefined };
    else if (write.kind === 'update') doc.state = { data: { ...doc.state!.data, ...write.data } };
    else doc.state = { data: { ...write.data } };
  }

  /** Where the changes write: a transaction-like writer that records. */
  readonly writer = {
    set: (ref: DocumentReference, data: DocumentData, options?: SetOptions) => {
      this.record(ref, { kind: 'set', data, options });
      return this.writer;
    },
    create: (ref: DocumentReference, data: DocumentData) => {
      this.record(ref, { kind: 'create', data });
      return this.writer;
    },
    update: (ref: DocumentReference, data: DocumentData) => {
      this.record(ref, { kind: 'update', data });
      return this.writer;
    },
    delete: (ref: DocumentReference) => {
      this.record(ref, { kind: 'delete' });
      return this.writer;
    },
  };

  /** The transaction a change's work is handed: its reads and its writes go through the overlay. */
  readonly view: Transaction = {
    get: (target: unknown) => {
      if (!(target instanceof firestoreNs().DocumentReference))
        throw new Error('A query is not read inside a group commit');
      return this.get(target);
    },
    getAll: (...refs: DocumentReference[]) => Promise.all(refs.map((r) => this.get(r))),
    ...this.writer,
  } as unknown as Transaction;

  /** The state of changes written so far, to undo a change whose writing threw. */
  mark(): Map<string, Doc> {
    return new Map([...this.docs].map(([p, d]) => [p, { ...d, writes: [...d.writes] }]));
  }

  undo(mark: Map<string, Doc>): void {
    this.docs.clear();
    for (const [p, d] of mark) this.docs.set(p, d);
    this.written.splice(0, this.written.length, ...this.written.filter((p) => this.docs.get(p)?.writes.length));
  }

  /** A document as written by the changes (undefined when they did not write it, or wrote it opaquely). */
  writtenState(ref: DocumentReference): DocumentSnapshot | undefined {
    const doc = this.docs.get(ref.path);
    if (!doc || doc.writes.length === 0 || !doc.state) return undefined;
    return snapshotOf(ref, doc.state.data);
  }

  /** Writes every document the changes wrote into the real transaction: once each when its end state is known. */
  flush(tx: Transaction): void {
    for (const path of this.written) {
      const { ref, writes, state, opaque } = this.docs.get(path)!;
      if (writes.length === 1 || opaque || !state) {
        for (const w of writes) {
          if (w.kind === 'set') {
            if (w.options) tx.set(ref, w.data, w.options);
            else tx.set(ref, w.data);
          } else if (w.kind === 'create') tx.create(ref, w.data);
          else if (w.kind === 'update') tx.update(ref, w.data);
          else tx.delete(ref);
        }
      } else if (state.data === undefined) tx.delete(ref);
      else if (writes[0].kind === 'create') tx.create(ref, state.data);
      else tx.set(ref, state.data);
    }
  }
}
