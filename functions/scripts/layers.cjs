/**
 * The layers of functions/src and the direction imports go (docs/ADDING_A_MODULE.md, "The layers"):
 * one table, read by eslint (functions/eslint.config.mjs: every import form, `require()` and
 * `import()` included) and by test/unit/import-graph.test.ts (the whole import graph: 0 upward imports).
 *
 *   entry       src/index.ts: the deployed functions
 *   registry    src/modules/modules.ts, registry.ts: every module and service, and what derives from them
 *   openapi     src/openapi/: the API description, built from the registry
 *   service     src/pos/service/: the POS sync service (it drives the POS modules)
 *   modules     src/modules/<module>/: the modules (another module only through its index.ts or module.ts)
 *   kit         src/modules/kit.ts, route-table.ts, personal-data.ts: how a module is defined and run
 *               (its HTTP app, each handler in its AI usage scope)
 *   connectors  src/pos/connectors/: vendor wire code
 *   http, ai    Express; the model-provider layer
 *   core        transport-free: errors, logger, config, calendar, Firestore helpers
 */
const fs = require('node:fs');
const path = require('node:path');

const MAY_IMPORT = {
  core: ['core'],
  http: ['core'],
  ai: ['core'],
  connectors: ['core'],
  kit: ['core', 'http', 'ai'],
  modules: ['core', 'http', 'ai', 'connectors', 'kit'],
  service: ['core', 'http', 'connectors', 'kit', 'modules'],
  openapi: ['core', 'http', 'kit', 'modules', 'registry'],
  registry: ['core', 'http', 'ai', 'kit', 'modules', 'service', 'openapi'],
  entry: ['kit', 'registry'],
};

/** Imports that cross a line today, named here rather than hidden. */
const CROSSINGS = new Set([]);

const KIT_FILES = new Set(['kit.ts', 'route-table.ts', 'route-table.json', 'personal-data.ts']);

/** The layer of a file, from its path relative to functions/ (with / separators); null outside src/. */
function layerOf(file) {
  const parts = file.split('/');
  if (parts[0] !== 'src') return null;
  if (parts.length === 2) return parts[1] === 'index.ts' ? 'entry' : null;
  const [, top, second] = parts;
  if (top === 'core' || top === 'http' || top === 'ai' || top === 'openapi') return top;
  if (top === 'pos') return second === 'connectors' ? 'connectors' : second === 'service' ? 'service' : null;
  if (top === 'modules') {
    if (parts.length > 3) return 'modules';
    return KIT_FILES.has(second) ? 'kit' : 'registry';
  }
  return null;
}

/**
 * Why an import from `from` to `to` (both relative to functions/) goes against the layers, or null.
 * Files of one layer may import each other (a module's own files; other modules through their
 * index.ts, which the module rules of eslint check).
 */
function layerViolation(from, to) {
  if (CROSSINGS.has(`${from} -> ${to}`)) return null;
  const a = layerOf(from);
  const b = layerOf(to);
  if (a === null || b === null || a === b) return null;
  if (MAY_IMPORT[a].includes(b)) return null;
  return `${a} (${from}) may not import ${b} (${to}): ${a} stands on ${MAY_IMPORT[a].join(', ')} only (docs/ADDING_A_MODULE.md, "The layers")`;
}

/** The file a relative specifier names from `from` (relative to functions/), or null for a package. */
function resolveFrom(functionsDir, from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(functionsDir, path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.json`, path.join(base, 'index.ts')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile())
      return path.relative(functionsDir, candidate).split(path.sep).join('/');
  return null;
}

module.exports = { MAY_IMPORT, layerOf, layerViolation, resolveFrom };
