import { aiErrors } from '../ai/errors';
import { composeCatalogs, coreErrors, type ErrorCatalog } from '../core/errors';
import { IDEMPOTENCY_COLLECTION } from '../http/idempotency';
import type { DefinedModule } from './kit';
import { REGISTERED } from './modules';
import posSyncService from '../pos/service/definition';

/**
 * Every module of the API (src/modules/modules.ts lists them, one line each) and what is derived
 * from them: the functions (src/index.ts), the error map, the demo seeders, the test snapshots.
 */
export const MODULES: readonly DefinedModule[] = REGISTERED;

/** Services beside the modules, in the module kit's shape (the POS sync service): deployed, described and snapshotted like modules. */
export const SERVICES: readonly DefinedModule[] = [posSyncService];

/** Everything deployed: one HTTPS function per module and service, plus their jobs and queues. */
export const DEPLOYED: readonly DefinedModule[] = [...MODULES, ...SERVICES];

export function moduleNamed(name: string): DefinedModule {
  const found = DEPLOYED.find((m) => m.name === name);
  if (!found) throw new Error(`no module ${name}`);
  return found;
}

/** Root collections of the HTTP layer itself: the answers kept for idempotency keys. */
const HTTP_LAYER = { root: [IDEMPOTENCY_COLLECTION] };

/** The Firestore collections the modules (and the HTTP layer) own: under `companies/{id}/` and at the root (tests snapshot them). */
export function ownedCollections(): { company: string[]; root: string[] } {
  const of = (where: 'company' | 'root') => [...new Set(DEPLOYED.flatMap((m) => m.collections?.[where] ?? []))];
  return { company: of('company'), root: [...of('root'), ...HTTP_LAYER.root] };
}

/** The one code-to-status map: core, AI layer and every module's own codes. */
export const errorCatalog = (): ErrorCatalog =>
  composeCatalogs([coreErrors.catalog, aiErrors.catalog, ...DEPLOYED.map((m) => m.errors ?? {})]);
