import net from 'node:net';

/**
 * A TCP proxy between the Firestore client and the emulator that can cut the network in the middle
 * of a request: it reads the client's HTTP/2 frames (gRPC over cleartext HTTP/2: a 24-byte preface,
 * then frames of a 9-byte header, RFC 9113 section 4.1) and counts the RPCs (a HEADERS frame opening
 * a new stream). `cutAfter(n)` lets n more RPCs through; from the next one on, every connection is a
 * black hole in both directions (bytes are swallowed, nothing is refused: what a partition or a
 * stalled server looks like). `heal()` closes the cut connections; the client reconnects.
 */
export interface Partition {
  host: string;
  /** RPCs opened so far. */
  readonly rpcs: number;
  cutAfter(n: number): void;
  heal(): void;
  close(): Promise<void>;
}

const PREFACE_BYTES = 24;
const FRAME_HEADER_BYTES = 9;
const HEADERS = 0x1;

export async function startPartition(target: string): Promise<Partition> {
  const [targetHost, targetPort] = target.split(':');
  let rpcs = 0;
  let allowed = Infinity;
  const cut = () => rpcs >= allowed;
  const pairs = new Set<{ client: net.Socket; server: net.Socket; dark: boolean }>();

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(targetPort), targetHost);
    const pair = { client, server: upstream, dark: false };
    pairs.add(pair);
    const streams = new Set<number>();
    let pending = Buffer.alloc(0);
    let prefaceLeft = PREFACE_BYTES;
    // forwards whole frames until the cut; swallows everything after it
    client.on('data', (chunk: Buffer) => {
      if (pair.dark) return;
      pending = Buffer.concat([pending, chunk]);
      const out: Buffer[] = [];
      if (prefaceLeft > 0) {
        const take = Math.min(prefaceLeft, pending.length);
        out.push(pending.subarray(0, take));
        pending = pending.subarray(take);
        prefaceLeft -= take;
      }
      while (prefaceLeft === 0 && pending.length >= FRAME_HEADER_BYTES) {
        const size = FRAME_HEADER_BYTES + pending.readUIntBE(0, 3);
        if (pending.length < size) break;
        const stream = pending.readUInt32BE(5) & 0x7fffffff;
        if (pending[3] === HEADERS && !streams.has(stream)) {
          if (cut()) {
            pair.dark = true;
            break;
          }
          streams.add(stream);
          rpcs++;
        }
        out.push(pending.subarray(0, size));
        pending = pending.subarray(size);
      }
      if (out.length) upstream.write(Buffer.concat(out));
      if (pair.dark) for (const other of pairs) other.dark = true;
    });
    upstream.on('data', (chunk) => {
      if (!pair.dark) client.write(chunk);
    });
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    get rpcs() {
      return rpcs;
    },
    cutAfter(n) {
      allowed = rpcs + n;
    },
    heal() {
      allowed = Infinity;
      for (const pair of [...pairs]) {
        if (!pair.dark) continue;
        pairs.delete(pair);
        pair.client.destroy();
        pair.server.destroy();
      }
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.server.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
