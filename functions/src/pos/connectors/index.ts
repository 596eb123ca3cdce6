import type { Connector } from './types';

/**
 * The vendor connectors by catalogue slug, loaded on first use (a module's cold start pays only
 * for the vendors it calls). Sources without an API (csv, payroll file exports, reservation
 * partners who push to us) have none.
 */
const LOADERS: Record<string, () => Connector> = {
  square: () => (require('./vendors/square') as typeof import('./vendors/square')).square,
  square_api_key: () => (require('./vendors/square') as typeof import('./vendors/square')).squareApiKey,
  toast: () => (require('./vendors/toast') as typeof import('./vendors/toast')).toast,
  clover: () => (require('./vendors/clover') as typeof import('./vendors/clover')).clover,
  lightspeed: () => (require('./vendors/lightspeed') as typeof import('./vendors/lightspeed')).lightspeed,
  revel: () => (require('./vendors/revel') as typeof import('./vendors/revel')).revel,
  spoton: () => (require('./vendors/spoton') as typeof import('./vendors/spoton')).spoton,
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
