import { randomUUID } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import { db } from '../../src/core/firebase';
import '../helpers/users';

/**
 * Plain firebase-admin writes against the test tier's emulator, with Firestore's semantics
 * (https://firebase.google.com/docs/firestore/manage-data/add-data): a set replaces the document,
 * a set with merge or an update changes only the fields it names, and field transforms apply after
 * the write. A rule that depends on a set replacing (a re-import dropping a field) is tested only
 * if the emulator replaces too.
 */
describe('writes on the emulator', () => {
  const doc = () => db().collection('testWrites').doc(randomUUID());
  const read = async (ref: FirebaseFirestore.DocumentReference) => (await ref.get()).data();

  it('replaces the whole document on a set, in a batch, a transaction or alone', async () => {
    const ref = doc();
    await ref.set({ a: 1, b: 2, map: { x: 1, y: 2 } });
    await ref.set({ a: 3, map: { x: 4 } });
    expect(await read(ref)).toEqual({ a: 3, map: { x: 4 } });
    const batch = db().batch();
    batch.set(ref, { b: 5 });
    await batch.commit();
    expect(await read(ref)).toEqual({ b: 5 });
    await db().runTransaction(async (tx) => {
      await tx.get(ref);
      tx.set(ref, { c: 6 });
    });
    expect(await read(ref)).toEqual({ c: 6 });
  });

  it('changes only the named fields on a set with merge and on an update', async () => {
    const ref = doc();
    await ref.set({ a: 1, map: { x: 1, y: 2 } });
    await ref.set({ b: 2, map: { x: 3 } }, { merge: true });
    expect(await read(ref)).toEqual({ a: 1, b: 2, map: { x: 3, y: 2 } });
    await ref.update({ 'map.y': FieldValue.delete(), a: 4 });
    expect(await read(ref)).toEqual({ a: 4, b: 2, map: { x: 3 } });
    await ref.set({}, { merge: true });
    expect(await read(ref)).toEqual({ a: 4, b: 2, map: { x: 3 } });
  });

  it('applies field transforms after the write: increments add up under merge and start again after a replacing set', async () => {
    const ref = doc();
    await ref.set({ n: FieldValue.increment(2), keep: true }, { merge: true });
    await ref.set({ n: FieldValue.increment(3) }, { merge: true });
    expect(await read(ref)).toEqual({ n: 5, keep: true });
    await ref.set({ other: 1, n: FieldValue.increment(1) });
    expect(await read(ref)).toEqual({ other: 1, n: 1 });
  });
});
