import {
  connectorFor,
  VendorError,
  type SessionToken,
  type SessionTokenStore,
  type StreamConnector,
} from '../../src/pos/connectors';
import { startVendorSimulator, vendorUrlEnv, type RunningVendorSimulator } from '../../dev/vendors/server';
import type { SimulatorStateOptions } from '../../dev/vendors/state';

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
export const byId = <T extends { vendorId: string }>(xs: T[]) =>
  [...xs].sort((a, b) => (a.vendorId < b.vendorId ? -1 : 1));

/**
 * The vendor simulators on a free port with every connector pointed at them; `close()` stops them
 * and puts the connectors' addresses back as they were.
 */
export async function pointedSimulator(options: SimulatorStateOptions = {}): Promise<RunningVendorSimulator> {
  const sim = await startVendorSimulator(0, options);
  const saved: Record<string, string | undefined> = {};
  for (const [name, url] of Object.entries(vendorUrlEnv(sim.urls))) {
    saved[name] = process.env[name];
    process.env[name] = url;
  }
  return {
    ...sim,
    close: async () => {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await sim.close();
    },
  };
}

/** A session token store in memory (the engine's is the vault): what a connector kept, and how often it saved one. */
export function memorySessions(): SessionTokenStore & { token: SessionToken | null; saves: number } {
  const store = {
    token: null as SessionToken | null,
    saves: 0,
    load: async () => store.token,
    save: async (token: SessionToken) => {
      store.token = token;
      store.saves++;
    },
    clear: async () => {
      store.token = null;
    },
  };
  return store;
}
