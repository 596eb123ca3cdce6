import type { ErrorCatalog } from '../core/errors';
import type { DefinedModule } from '../modules/kit';
import { buildOpenApiDocument, type ServerEntry } from './document';
import type { ThrownCodes } from './responses';

/**
 * The reviewed snapshot of the API description (docs/openapi.json, written by `npm run openapi`).
 * It is built without a request and without reading the environment: its servers are the one
 * address of the demo project deployed and of the local stack, so the snapshot changes only when
 * the API does.
 */
export const REVIEW_SERVERS: ServerEntry[] = [
  { url: 'https://demo-workforce.web.app/api', description: 'Deployed: the Firebase Hosting site of the project' },
  { url: 'http://127.0.0.1:5002/api', description: 'The local stack (npm start): the Hosting emulator' },
];

/** Where `npm run openapi` writes the snapshot, relative to the repository root. */
export const REVIEW_DOCUMENT_PATH = 'docs/openapi.json';

/** The document with the fixed servers above. */
export function buildReviewDocument(
  modules: readonly DefinedModule[],
  errors: ErrorCatalog,
  thrownCodes?: ThrownCodes,
) {
  return buildOpenApiDocument(modules, { servers: REVIEW_SERVERS, errors, thrownCodes });
}

/** Object keys sorted at every level (arrays keep their order), so that only content changes show in a diff. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
    return sorted;
  }
  return value;
}

/** Pretty-printed JSON with sorted keys and a trailing newline: the text of the snapshot file. */
export function stableJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

/** The exact text docs/openapi.json must hold. */
export function reviewDocumentText(
  modules: readonly DefinedModule[],
  errors: ErrorCatalog,
  thrownCodes?: ThrownCodes,
): string {
  return stableJson(buildReviewDocument(modules, errors, thrownCodes));
}
