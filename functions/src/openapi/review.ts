import type { ErrorCatalog } from '../core/errors';
import type { DefinedModule } from '../modules/kit';
import { buildOpenApiDocument } from './document';
import type { ThrownCodes } from './responses';

/**
 * The reviewed snapshot of the API description (docs/openapi.json, written by `npm run openapi`).
 * It is built without a request and without reading the environment: the base addresses are the
 * deployed form for the demo project, so the snapshot changes only when the API does.
 */
export const REVIEW_ROOT_URL = 'https://us-central1-demo-workforce.cloudfunctions.net';

/** Where `npm run openapi` writes the snapshot, relative to the repository root. */
export const REVIEW_DOCUMENT_PATH = 'docs/openapi.json';

/** The document with fixed base addresses `${REVIEW_ROOT_URL}/<module>`. */
export function buildReviewDocument(
  modules: readonly DefinedModule[],
  errors: ErrorCatalog,
  thrownCodes?: ThrownCodes,
) {
  return buildOpenApiDocument(modules, {
    baseUrl: (name) => `${REVIEW_ROOT_URL}/${name}`,
    rootUrl: REVIEW_ROOT_URL,
    errors,
    thrownCodes,
  });
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
