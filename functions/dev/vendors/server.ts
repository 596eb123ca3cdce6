import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type Express } from 'express';
import { cloverRouter } from './clover';
import { lightspeedRouter } from './lightspeed';
import { revelRouter } from './revel';
import { spotonRouter } from './spoton';
import { squareRouter } from './square';
import { SimulatorState, type SimulatorStateOptions } from './state';
import { toastRouter } from './toast';

/**
 * The local POS vendor simulators: one Express app speaking each vendor's documented wire protocol
 * under /square, /toast, /clover, /lightspeed, /revel and /spoton, for the local stack and the
 * tests. Point the connectors at it with VENDOR_URL_<SLUG> (see `vendorUrlEnv`): every host of a
 * vendor (OAuth pages, token endpoint, API) collapses onto its prefix, with production's paths.
 *
 * OAuth consent is automatic (no browser): the authorize endpoints redirect at once with a code.
 * The accepted credentials and accounts are in ./accounts.ts; the test controls on `state`
 * (./state.ts): call counters, failNext, revoke, denyNextAuthorize, token lifetimes.
 */

export { SimulatorState } from './state';
export * from './accounts';

/** The catalogue slugs the simulators serve (square_api_key is the Square simulator). */
export const SIMULATED_SLUGS = [
  'square',
  'square_api_key',
  'toast',
  'clover',
  'lightspeed',
  'revel',
  'spoton',
] as const;
export type SimulatedSlug = (typeof SIMULATED_SLUGS)[number];

export interface VendorSimulator {
  app: Express;
  state: SimulatorState;
}

export function createVendorSimulator(
  options: { state?: SimulatorState } & SimulatorStateOptions = {},
): VendorSimulator {
  const state = options.state ?? new SimulatorState(options);
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use((req, _res, next) => {
    state.calls[req.path] = (state.calls[req.path] ?? 0) + 1;
    next();
  });
  app.use('/square', squareRouter(state));
  app.use('/toast', toastRouter(state));
  app.use('/clover', cloverRouter(state));
  app.use('/lightspeed', lightspeedRouter(state));
  app.use('/revel', revelRouter(state));
  app.use('/spoton', spotonRouter(state));
  app.use((_req, res) => {
    res.status(404).json({ message: 'Not Found' });
  });
  const onError: ErrorRequestHandler = (err: { status?: number; statusCode?: number }, _req, res, _next) => {
    // body-parser's errors (malformed JSON or form bodies) carry their 4xx status
    const status = err.status ?? err.statusCode ?? 500;
    res
      .status(status >= 400 && status < 600 ? status : 500)
      .json({ message: status < 500 ? 'Malformed request' : 'Internal Server Error' });
  };
  app.use(onError);
  return { app, state };
}

export interface RunningVendorSimulator {
  port: number;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** The base URL of each slug's simulator (urls.square === baseUrl + '/square'; square_api_key too). */
  urls: Record<SimulatedSlug, string>;
  state: SimulatorState;
  close(): Promise<void>;
}

/** Starts the simulators on 127.0.0.1:`port` (0: any free port). */
export async function startVendorSimulator(
  port: number,
  options: { state?: SimulatorState } & SimulatorStateOptions = {},
): Promise<RunningVendorSimulator> {
  const { app, state } = createVendorSimulator(options);
  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actual = (server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${actual}`;
  const urls = {
    square: `${baseUrl}/square`,
    square_api_key: `${baseUrl}/square`,
    toast: `${baseUrl}/toast`,
    clover: `${baseUrl}/clover`,
    lightspeed: `${baseUrl}/lightspeed`,
    revel: `${baseUrl}/revel`,
    spoton: `${baseUrl}/spoton`,
  } satisfies Record<SimulatedSlug, string>;
  return {
    port: actual,
    baseUrl,
    urls,
    state,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // keep-alive connections of fetch clients would hold close() open
        server.closeAllConnections();
      }),
  };
}

/** The VENDOR_URL_<SLUG> variables that point every connector at the simulators. */
export function vendorUrlEnv(urls: Record<SimulatedSlug, string>): Record<string, string> {
  return {
    ...Object.fromEntries(Object.entries(urls).map(([slug, url]) => [`VENDOR_URL_${slug.toUpperCase()}`, url])),
    // the Toast simulator enforces no historical spacing unless configured to (toastSim.historicalSpacingMs)
    TOAST_HISTORICAL_SPACING_MS: '0',
  };
}
