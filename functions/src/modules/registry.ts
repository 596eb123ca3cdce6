import { aiErrors } from '../ai/errors';
import { composeCatalogs, coreErrors, type ErrorCatalog } from '../core/errors';
import type { DefinedModule } from './kit';
import { REGISTERED } from './modules';

/**
 * Every module of the API (src/modules/modules.ts lists them, one line each) and what is derived
 * from them: the functions (src/index.ts), the error map, the demo seeders, the test snapshots.
 */
export const MODULES: readonly DefinedModule[] = REGISTERED;

export function moduleNamed(name: string): DefinedModule {
  const found = MODULES.find((m) => m.name === name);
  if (!found) throw new Error(`no module ${name}`);
  return found;
}

/** The Firestore collections the modules own: under `companies/{id}/` and at the root (tests snapshot them). */
export function ownedCollections(): { company: string[]; root: string[] } {
  const of = (where: 'company' | 'root') => [...new Set(MODULES.flatMap((m) => m.collections?.[where] ?? []))];
  return { company: of('company'), root: of('root') };
}

/** The one code-to-status map: core, AI layer and every module's own codes. */
export const errorCatalog = (): ErrorCatalog => composeCatalogs([coreErrors.catalog, aiErrors.catalog, ...MODULES.map((m) => m.errors ?? {})]);
