import fc from 'fast-check';
import {
  FieldValue,
  Firestore,
  type DocumentData,
  type DocumentReference,
  type Transaction,
} from 'firebase-admin/firestore';
import { OverlayConflict, TxOverlay } from '../../../src/core/tx-overlay';

// references only (nothing connects): the overlay keys documents by their path
const firestore = new Firestore({ projectId: 'demo-overlay' });
const ref = (id: string) => firestore.doc(`docs/${id}`);

/** A transaction over a map of documents: counts its reads and records its writes. */
function fakeTx(store: Map<string, DocumentData>) {
  const reads: string[] = [];
  const writes: Array<[string, string]> = [];
  const snap = (r: DocumentReference) => {
    const data = store.get(r.path);
    return { id: r.id, ref: r, exists: data !== undefined, data: () => (data ? { ...data } : undefined) };
  };
  const tx = {
    get: async (r: DocumentReference) => {
      reads.push(r.path);
      return snap(r);
    },
    set: (r: DocumentReference, data: DocumentData) => {
      writes.push([r.path, 'set']);
      store.set(r.path, { ...data });
    },
    create: (r: DocumentReference, data: DocumentData) => {
      writes.push([r.path, 'create']);
      if (store.has(r.path)) throw new Error('exists');
      store.set(r.path, { ...data });
    },
    update: (r: DocumentReference, data: DocumentData) => {
      writes.push([r.path, 'update']);
      if (!store.has(r.path)) throw new Error('not found');
      store.set(r.path, { ...store.get(r.path), ...data });
    },
    delete: (r: DocumentReference) => {
      writes.push([r.path, 'delete']);
      store.delete(r.path);
    },
  };
  return { tx: tx as unknown as Transaction, reads, writes };
}

/** A change: reads a counter document and a second one, writes the counter + 1 and copies it to a target. */
interface Change {
  counter: string;
  target: string;
  how: 'set' | 'update' | 'delete';
}

async function apply(tx: Transaction, c: Change): Promise<(t: Transaction) => void> {
  const [counter, target] = await Promise.all([tx.get(ref(c.counter)), tx.get(ref(c.target))]);
  const n = (counter.exists ? (counter.data()!.n as number) : 0) + 1;
  const seen = target.exists ? (target.data()!.n as number) : -1;
  return (t) => {
    t.set(ref(c.counter), { n });
    if (c.how === 'delete') t.delete(ref(c.target));
    else if (c.how === 'update' && target.exists) t.update(ref(c.target), { copied: n, seen });
    else t.set(ref(c.target), { n: seen, copied: n });
  };
}

const ids = fc.constantFrom('a', 'b', 'c', 'd');
const change = fc.record({
  counter: ids,
  target: ids,
  how: fc.constantFrom('set', 'update', 'delete'),
}) as fc.Arbitrary<Change>;
const start = fc.dictionary(
  ids,
  fc.integer({ min: 0, max: 9 }).map((n) => ({ n })),
);

describe('a group commit on the transaction overlay', () => {
  it('leaves the documents as the changes committed one at a time would, reading and writing each document once', async () => {
    await fc.assert(
      fc.asyncProperty(start, fc.array(change, { minLength: 1, maxLength: 8 }), async (initial, changes) => {
        const toStore = () => new Map(Object.entries(initial).map(([id, d]) => [ref(id).path, { ...d }]));
        const alone = toStore();
        for (const c of changes) {
          const { tx } = fakeTx(alone);
          (await apply(tx, c))(tx);
        }
        const grouped = toStore();
        const { tx, reads, writes } = fakeTx(grouped);
        const overlay = new TxOverlay(tx);
        await Promise.all(changes.map((c) => apply(overlay.prefetch, c)));
        for (const c of changes) (await apply(overlay.view, c))(overlay.view);
        overlay.flush(tx);
        expect(Object.fromEntries(grouped)).toEqual(Object.fromEntries(alone));
        expect(new Set(reads).size).toBe(reads.length);
        expect(new Set(writes.map(([p]) => p)).size).toBe(writes.length);
      }),
    );
  });

  it('undoes the writes of a change that failed while writing', async () => {
    const store = new Map<string, DocumentData>([[ref('a').path, { n: 1 }]]);
    const { tx } = fakeTx(store);
    const overlay = new TxOverlay(tx);
    await overlay.view.get(ref('a'));
    overlay.view.set(ref('a'), { n: 2 });
    const mark = overlay.mark();
    overlay.view.set(ref('a'), { n: 3 });
    overlay.view.set(ref('b'), { n: 3 });
    overlay.undo(mark);
    expect((await overlay.view.get(ref('a'))).data()).toEqual({ n: 2 });
    expect(overlay.writeCount).toBe(1);
    overlay.flush(tx);
    expect(Object.fromEntries(store)).toEqual({ [ref('a').path]: { n: 2 } });
  });

  it('refuses a read it cannot answer (after a sentinel) and a query', async () => {
    const { tx } = fakeTx(new Map([[ref('a').path, { n: 1 }]]));
    const overlay = new TxOverlay(tx);
    overlay.view.set(ref('a'), { n: FieldValue.increment(1) });
    await expect(overlay.view.get(ref('a'))).rejects.toBeInstanceOf(OverlayConflict);
    expect(() => overlay.view.get(firestore.collection('docs').where('n', '>', 1))).toThrow(/query/);
  });

  it('fails the whole commit when a read of the transaction fails', async () => {
    const { tx } = fakeTx(new Map());
    const failing = { ...tx, get: () => Promise.reject(new Error('aborted')) } as unknown as Transaction;
    const overlay = new TxOverlay(failing);
    await Promise.all([overlay.prefetch.get(ref('a')).catch(() => undefined)]);
    expect(overlay.failure).toEqual(new Error('aborted'));
    await expect(overlay.view.get(ref('a'))).rejects.toThrow('aborted');
  });
});
