/** The integrations module's public API: the catalogue and the connection records (written by the integration engine and the POS sync). */
import { lazyFile, lazyFunction } from '../kit';

const repo = lazyFile<typeof import('./repo')>(() => require('./repo'));
const service = lazyFile<typeof import('./service')>(() => require('./service'));

export {
  CATALOGUE,
  accountFieldOf,
  catalogueEntry,
  credentialsSchema,
  type AuthKind,
  type CatalogueEntry,
  type Category,
} from './catalogue';
export { integrationErrors } from './errors';
export const connectionFromSnapshot = lazyFunction(repo, 'connectionFromSnapshot');
export const connectionRef = lazyFunction(repo, 'connectionRef');
export const listConnections = lazyFunction(repo, 'listConnections');
export const readConnection = lazyFunction(repo, 'readConnection');
export const scheduledBefore = lazyFunction(repo, 'scheduledBefore');
export const scheduledWhere = lazyFunction(repo, 'scheduledWhere');
export const writeConnection = lazyFunction(repo, 'writeConnection');
export type { ScheduledConnection } from './repo';
export { ACTIVE_STATES, connectionSchema, vendorAccountSchema, type Connection, type ConnectionState } from './schemas';
export const entryIn = lazyFunction(service, 'entryIn');
