import { connectorFor, VendorError, type StreamConnector } from '../../src/connectors';

/** The data streams of a connector (throws when it has none). */
export function streamsOf(slug: string): StreamConnector {
  const s = connectorFor(slug)?.streams;
  if (!s) throw new Error(`${slug} has no streams`);
  return s;
}

/** Every page a stream yields, in order. */
export async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[][]> {
  const out: T[][] = [];
  for await (const page of pages) out.push(page);
  return out;
}

/** The VendorError a call fails with (anything else, or success, fails the test). */
export async function failureOf(call: Promise<unknown>): Promise<VendorError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof VendorError) return err;
    throw err;
  }
  throw new Error('expected a VendorError');
}

/** Records sorted by vendor id, to compare with a ground truth regardless of page order. */
export const byId = <T extends { vendorId: string }>(xs: T[]) => [...xs].sort((a, b) => (a.vendorId < b.vendorId ? -1 : 1));
