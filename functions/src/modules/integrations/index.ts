/** The integrations module's public API: the catalogue and the connection records (written by the integration engine and the POS sync). */
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
export {
  connectionFromSnapshot,
  connectionRef,
  listConnections,
  readConnection,
  scheduledBefore,
  scheduledWhere,
  writeConnection,
  type ScheduledConnection,
} from './repo';
export { ACTIVE_STATES, connectionSchema, vendorAccountSchema, type Connection, type ConnectionState } from './schemas';
export { entryIn } from './service';
