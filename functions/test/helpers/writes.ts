import { db } from '../../src/core/firebase';

/**
 * A write this process's Firestore client sent: in a commit (a set, update, delete, batch or
 * transaction) or a batch write, whether or not it landed. `text` is the write as sent (its fields
 * included), for telling whose document it is.
 */
export interface SentWrite {
  path: string;
  text: string;
}

export interface WriteRecorder {
  /** What was sent since the recorder started, in order. */
  readonly writes: readonly SentWrite[];
  /** The paths of those writes, each once, sorted. */
  paths(): string[];
  stop(): void;
}

interface Write {
  update?: { name?: string };
  delete?: string;
  transform?: { document?: string };
}

type Request = (method: string, body: { writes?: Write[] }, ...rest: unknown[]) => unknown;

const recorders = new Set<(write: SentWrite) => void>();
let hooked: object | undefined;

/** Taps the client's unary calls once: every write of the app goes through `commit` or `batchWrite`. */
function hook(): void {
  const client = db() as unknown as { request: Request };
  if (hooked === client) return;
  const request = client.request.bind(client);
  client.request = (method, body, ...rest) => {
    if ((method === 'commit' || method === 'batchWrite') && recorders.size)
      for (const write of body.writes ?? []) {
        const name = write.update?.name ?? write.delete ?? write.transform?.document ?? '';
        const sent = { path: name.split('/documents/')[1] ?? name, text: JSON.stringify(write) };
        for (const record of recorders) record(sent);
      }
    return request(method, body, ...rest);
  };
  hooked = client;
}

/**
 * Records every write this process sends from now on. "A request wrote nothing" is then a fact
 * about the requests themselves, read at the client, instead of a comparison of database snapshots
 * that costs as much as everything the run has stored so far.
 */
export function recordWrites(): WriteRecorder {
  hook();
  const writes: SentWrite[] = [];
  const record = (write: SentWrite) => writes.push(write);
  recorders.add(record);
  return {
    writes,
    paths: () => pathsOf(writes),
    stop: () => recorders.delete(record),
  };
}

/** The paths of `writes`, each once, sorted. */
export const pathsOf = (writes: readonly SentWrite[]): string[] => [...new Set(writes.map((w) => w.path))].sort();

/** Runs `work` and answers what it returned and the writes sent while it ran. */
export async function writesDuring<T>(work: () => Promise<T>): Promise<{ result: T; writes: SentWrite[] }> {
  const recorder = recordWrites();
  try {
    const result = await work();
    return { result, writes: [...recorder.writes] };
  } finally {
    recorder.stop();
  }
}
