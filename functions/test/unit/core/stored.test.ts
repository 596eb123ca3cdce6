import { Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { StoredDocumentInvalid, storedDecoder, storedMillis, type StoredSnapshot } from '../../../src/core/stored';
import { logsOf } from '../../helpers/logs';

/** The stored shape of a made-up entity: its id the document's, a time stored as a Timestamp. */
const storedThing = z.object({
  id: z.string(),
  name: z.string(),
  count: z.number().default(0),
  tags: z.array(z.string()).default([]),
  createdAt: storedMillis.default(0),
});
const decode = storedDecoder('things', storedThing);

const snapshot = (id: string, data: Record<string, unknown> | undefined): StoredSnapshot => ({
  id,
  ref: { path: `companies/co-1/things/${id}` },
  data: () => data,
});

/** The error `work` throws and the lines logged while it ran. */
async function failureOf(
  work: () => unknown,
): Promise<{ error: StoredDocumentInvalid; lines: Record<string, unknown>[] }> {
  const { result, lines } = await logsOf(async () => {
    try {
      work();
    } catch (err) {
      return err;
    }
    throw new Error('expected the decoder to throw');
  });
  expect(result).toBeInstanceOf(StoredDocumentInvalid);
  return { error: result as StoredDocumentInvalid, lines };
}

describe('stored documents decoded by their schema', () => {
  it('decodes a valid document, its id from the document and defaults for absent fields', () => {
    expect(decode(snapshot('t1', { name: 'Grill', createdAt: 1_700_000_000_000 }))).toEqual({
      id: 't1',
      name: 'Grill',
      count: 0,
      tags: [],
      createdAt: 1_700_000_000_000,
    });
  });

  it('reads a Firestore Timestamp as epoch milliseconds', () => {
    const at = Timestamp.fromMillis(1_700_000_123_456);
    expect(decode(snapshot('t2', { name: 'Bar', createdAt: at })).createdAt).toBe(1_700_000_123_456);
    expect(storedMillis.parse(at)).toBe(1_700_000_123_456);
    expect(storedMillis.safeParse('2026-01-01').success).toBe(false);
  });

  it('the document id wins over a stored id field', () => {
    expect(decode(snapshot('t3', { id: 'other', name: 'Pass' })).id).toBe('t3');
  });

  it('keeps a stored id field when the document id is read as another field', () => {
    const cursor = z.object({ documentId: z.string(), id: z.string(), at: z.number() });
    const decodeCursor = storedDecoder('cursors', cursor, { idField: 'documentId' });
    expect(decodeCursor(snapshot('c1', { id: 'vendor-9', at: 5 }))).toEqual({
      documentId: 'c1',
      id: 'vendor-9',
      at: 5,
    });
    // a schema without the field drops the document id
    expect(
      storedDecoder('cursors', cursor.omit({ documentId: true }), { idField: 'documentId' })(
        snapshot('c2', { id: 'v', at: 1 }),
      ),
    ).toEqual({ id: 'v', at: 1 });
  });

  it('refuses a wrong-typed field with an error naming collection, document and field, logged without values', async () => {
    const { error, lines } = await failureOf(() =>
      decode(snapshot('t4', { name: 'secret-value-42', count: 'seven', tags: ['a', 9] })),
    );
    expect(error).toBeInstanceOf(StoredDocumentInvalid);
    expect(error.message).toContain('things');
    expect(error.message).toContain('companies/co-1/things/t4');
    expect(error.message).toMatch(/count: Invalid input: expected number, received string/);
    expect(error.message).toMatch(/tags\.1: Invalid input: expected string, received number/);
    expect(error.message).not.toContain('seven');

    // firebase-functions' logger writes an error line's message with the stack of the logging call
    const logged = lines.filter((l) => String(l.message).includes('stored document does not match its schema'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      severity: 'ERROR',
      collection: 'things',
      document: 'companies/co-1/things/t4',
      fields: [
        { field: 'count', message: expect.stringContaining('expected number') },
        { field: 'tags.1', message: expect.stringContaining('expected string') },
      ],
    });
    expect(JSON.stringify(logged[0].fields)).not.toMatch(/seven|secret-value-42/);
  });

  it('refuses a wrong-typed Timestamp field and a missing required field', async () => {
    const { error } = await failureOf(() => decode(snapshot('t5', { createdAt: 'yesterday' })));
    expect(error.message).toMatch(/name: Invalid input: expected string, received undefined/);
    expect(error.message).toMatch(/createdAt: Invalid input: expected number, received string/);
  });

  it('refuses a document with no data', async () => {
    const { error } = await failureOf(() => decode(snapshot('t6', undefined)));
    expect(error.message).toContain('companies/co-1/things/t6');
    expect(error.message).toContain('(document)');
  });
});
