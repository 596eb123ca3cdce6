import type { Connector } from './types';
import { lazyFile } from '../../core/lazy';

const squareFile = lazyFile<typeof import('./vendors/square')>(() => require('./vendors/square'));
const toastFile = lazyFile<typeof import('./vendors/toast')>(() => require('./vendors/toast'));
const cloverFile = lazyFile<typeof import('./vendors/clover')>(() => require('./vendors/clover'));
const lightspeedFile = lazyFile<typeof import('./vendors/lightspeed')>(() => require('./vendors/lightspeed'));
const revelFile = lazyFile<typeof import('./vendors/revel')>(() => require('./vendors/revel'));
const spotonFile = lazyFile<typeof import('./vendors/spoton')>(() => require('./vendors/spoton'));

/**
 * The vendor connectors by catalogue slug, loaded on first use (a module's cold start pays only
 * for the vendors it calls). Sources without an API (csv, payroll file exports, reservation
 * partners who push to us) have none.
 */
const LOADERS: Record<string, () => Connector> = {
  square: () => squareFile().square,
  square_api_key: () => squareFile().squareApiKey,
  toast: () => toastFile().toast,
  clover: () => cloverFile().clover,
  lightspeed: () => lightspeedFile().lightspeed,
  revel: () => revelFile().revel,
  spoton: () => spotonFile().spoton,
};

export function connectorFor(slug: string): Connector | undefined {
  return Object.prototype.hasOwnProperty.call(LOADERS, slug) ? LOADERS[slug]() : undefined;
}

export { VendorError } from './types';
export { posSale } from './sale';
export type {
  Connector,
  DataStream,
  OAuthApp,
  OAuthConnector,
  OAuthGrant,
  PosDeletion,
  PosEmployee,
  PosPunch,
  PosSale,
  SessionToken,
  SessionTokenStore,
  StreamAuth,
  StreamConnector,
  StreamCursor,
  StreamRecords,
  StreamWindow,
  VendorAccount,
  VendorFailure,
} from './types';
