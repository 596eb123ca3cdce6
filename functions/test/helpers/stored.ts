import { StoredDocumentInvalid, type StoredSnapshot } from '../../src/core/stored';
import { logsOf } from './logs';

/** A made-up snapshot of the document at `path` (its id the path's last segment), as a decoder reads it. */
export const storedSnapshot = (
  path: string,
  data: Record<string, unknown> | undefined,
): StoredSnapshot & { readonly exists: boolean } => ({
  id: path.split('/').pop() ?? '',
  ref: { path },
  exists: data !== undefined,
  data: () => data,
});

/** The message of the StoredDocumentInvalid `decode` throws (its log line captured, not printed). */
export async function refusal(decode: () => unknown): Promise<string> {
  const { result } = await logsOf(async () => {
    try {
      decode();
    } catch (err) {
      return err;
    }
    throw new Error('expected the decoder to refuse the document');
  });
  if (!(result instanceof StoredDocumentInvalid)) throw result;
  return result.message;
}
