import { aiErrors } from '../ai/errors';
import { composeCatalogs, coreErrors, type ErrorCatalog } from '../core/errors';
import { IDEMPOTENCY_COLLECTION } from '../http/idempotency';
import { registerPlatform, type DefinedModule, type ViewPoliciesSource } from './kit';
import type { PersonalDataEntry } from './personal-data';
import { REGISTERED } from './modules';
import posSyncService from '../pos/service/definition';
import { lazyFile } from '../core/lazy';

const documentFile = lazyFile<typeof import('../openapi/document')>(() => require('../openapi/document'));

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

/** The HTTP layer's personal data: an answer kept for a retry (24 hours) may hold anyone's name or contact details. */
const HTTP_LAYER_PERSONAL_DATA: PersonalDataEntry[] = [
  {
    module: 'http',
    collection: IDEMPOTENCY_COLLECTION,
    scope: 'root',
    rule: { match: {}, erase: 'reduce', companyField: 'companyId', copiesIn: ['body'] },
  },
];

/** The Firestore collections the modules (and the HTTP layer) own: under `companies/{id}/` and at the root (tests snapshot them). */
export function ownedCollections(): { company: string[]; root: string[] } {
  const of = (where: 'company' | 'root') => [...new Set(DEPLOYED.flatMap((m) => m.collections?.[where] ?? []))];
  return { company: of('company'), root: [...of('root'), ...HTTP_LAYER.root] };
}

/** The registry of personal data: every owned collection whose module says it holds a person's data. */
export function personalDataEntries(): PersonalDataEntry[] {
  return [
    ...DEPLOYED.flatMap((m) =>
      (['company', 'root'] as const).flatMap((scope) =>
        (m.collections?.[scope] ?? []).flatMap((collection) => {
          const rule = m.personalData?.[collection];
          return rule && rule !== 'none' ? [{ module: m.name, collection, scope, rule }] : [];
        }),
      ),
    ),
    ...HTTP_LAYER_PERSONAL_DATA,
  ];
}

/** `module/collection` of each owned collection its module has not classified (holding personal data or `none`). */
export function collectionsWithoutPersonalDataEntry(): string[] {
  return DEPLOYED.flatMap((m) =>
    [...(m.collections?.company ?? []), ...(m.collections?.root ?? [])]
      .filter((c) => !m.personalData?.[c])
      .map((c) => `${m.name}/${c}`),
  );
}

/** The one code-to-status map: core, AI layer and every module's own codes. */
export const errorCatalog = (): ErrorCatalog =>
  composeCatalogs([coreErrors.catalog, aiErrors.catalog, ...DEPLOYED.map((m) => m.errors ?? {})]);

export type { PersonalDataEntry };

/** The view policies of every module's answers: provided by one module (companies). */
function viewPoliciesProvider(): ViewPoliciesSource {
  const providers = DEPLOYED.flatMap((m) => (m.provides?.viewPolicies ? [m.provides.viewPolicies] : []));
  if (providers.length !== 1) throw new Error(`${providers.length} modules provide viewPolicies; exactly one must`);
  return providers[0];
}

/** What organizations grant (at their locations, in themselves): provided by at most one module (organizations). */
function organizationProvider<K extends 'organizationAccess' | 'organizationRole'>(
  key: K,
): NonNullable<NonNullable<DefinedModule['provides']>[K]> {
  const providers = DEPLOYED.flatMap((m) => (m.provides?.[key] ? [m.provides[key]] : []));
  if (providers.length > 1) throw new Error(`${providers.length} modules provide ${key}; at most one may`);
  return (providers[0] ?? (async () => null)) as NonNullable<NonNullable<DefinedModule['provides']>[K]>;
}

// the modules reading the platform (docs, privacy) get it through the kit, never by importing this file
registerPlatform({
  deployed: DEPLOYED,
  errorCatalog,
  ownedCollections,
  personalDataEntries,
  viewPolicies: viewPoliciesProvider(),
  organizationAccess: organizationProvider('organizationAccess'),
  organizationRole: organizationProvider('organizationRole'),
  apiDocument: (servers) =>
    documentFile().buildOpenApiDocument(DEPLOYED, {
      servers,
      errors: errorCatalog(),
    }) as Record<string, unknown>,
});
