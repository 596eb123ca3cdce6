import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import nodePath from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

/**
 * Layering (docs/ADDING_A_MODULE.md), over every top-level folder of src/ and dev/:
 *  - core/ is the bottom layer; http/ and ai/ stand on core/ only;
 *  - modules reach each other only through a module's index.ts (its module.ts definition too);
 *    openapi/ and src/index.ts reach modules the same way (or through the kit and registry);
 *  - pos/ is the POS area (docs/INTEGRATIONS.md): its folders (connectors, the sync service and the
 *    POS modules) reach each other and the modules through their index.ts; pos/connectors stands on
 *    core/ only;
 *  - nothing under src/ imports dev/: the development code (simulators, demo loader, mailbox) is not deployed;
 *  - dev/ may import src/, but reaches modules through their index.ts, except a seeder
 *    (dev/demo/seeds/<module folder>.ts), which is the development side of its own module.
 */
const SRC = `${import.meta.dirname}/src`;
const DEV = `${import.meta.dirname}/dev`;
const foldersOf = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const MODULES = foldersOf(`${SRC}/modules`);
/** The folders of the POS area: the connectors, the sync service and the POS modules. */
const POS = foldersOf(`${SRC}/pos`);
const SEEDERS = readdirSync(`${DEV}/demo/seeds`)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .map((f) => f.slice(0, -'.ts'.length));
/** How many folders below src/ the deepest source file lies (src/index.ts: 0), so every depth gets its rules. */
const DEEPEST = Math.max(
  ...readdirSync(SRC, { recursive: true })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.split(/[\\/]/).length - 1),
);

const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });
/** The relative path from a file `depth` folders below src/ back to src/ (as a regex). */
const toSrc = (depth) => (depth === 0 ? '\\./' : `(\\.\\./){${depth}}`);
/** The files exactly `depth` folders below src/, inside `folder` (a top-level folder of src). */
const filesAt = (folder, depth) => [`src/${folder}/${'*/'.repeat(depth - 1)}*.ts`];

const noDev = (depth) => ({
  regex: `^(\\.\\./){${depth + 1}}dev(/|$)`,
  message: 'Production code never imports dev/ (simulators, demo loader, mailbox): it is not deployed.',
});
/** From a file `depth` folders below src/modules/<m>/: `../<other>/<file>` (depth 0), `../../<other>/<file>` (depth 1) ... */
const intoModule = (m, depth, entries = []) => ({
  regex: `^(\\.\\./){${depth + 1}}(?!${m}/)${entries.map((e) => `(?!${e}$)`).join('')}[a-z][a-z0-9-]*/(?!module$).+$`,
  message: "Import another module only through its index.ts (e.g. '../roles'), never its repo, service or schemas.",
});
const throughIndex = (depth) => ({
  regex: `^${toSrc(depth)}(modules|pos)/[a-z][a-z0-9-]*/(?!module$).+$`,
  message: 'Import a module (or a folder of the POS area) only through its index.ts (or the kit and registry).',
});
/** From a file `depth` folders below src/pos/connectors/: any other folder of the POS area. */
const connectorsAlone = (depth) => ({
  regex: `^(\\.\\./){${depth - 1}}(?!connectors(/|$))[a-z][a-z0-9-]*(/|$)`,
  message: 'The POS connectors stand on core only: the engine and the POS modules use them, not the reverse.',
});
/** `folders` of src/ a layer must not import, but for the `allowed` paths (relative to src/). */
const notInto = (depth, folders, allowed, why) => ({
  regex: `^${toSrc(depth)}${allowed.map((a) => `(?!${a}$)`).join('')}(${folders.join('|')})(/|$)`,
  message: why,
});

/**
 * What each top-level folder of src/ may not import. One import crosses a line today and is named here
 * rather than hidden: http/app.ts opens the per-request AI usage scope (ai/accumulator).
 */
const LAYERS = {
  core: {
    forbidden: ['http', 'ai', 'pos', 'openapi', 'modules'],
    why: 'core/ is the bottom layer: it imports no HTTP, AI, POS or module code.',
  },
  http: {
    forbidden: ['ai', 'pos', 'openapi', 'modules'],
    allowed: ['ai/accumulator'],
    why: 'http/ is Express on core: it never imports modules or the POS area.',
  },
  ai: {
    forbidden: ['http', 'pos', 'openapi', 'modules'],
    why: 'The AI layer depends on core only, never on http or modules.',
  },
  openapi: {
    forbidden: ['ai', 'pos'],
    modulesThroughIndex: true,
    why: 'The API description is built from the module kit and http/ only.',
  },
};
const depths = (from) => Array.from({ length: DEEPEST - from + 1 }, (_, i) => from + i);
/** Packages a layer must not import: core/ is transport-free, so Express belongs to http/. */
const PACKAGES = {
  core: [{ regex: '^express(/|$)', message: 'core/ is transport-free: Express types and code belong in http/.' }],
};
const layerRules = Object.entries(LAYERS).flatMap(([folder, { forbidden, allowed = [], modulesThroughIndex, why }]) =>
  depths(1).map((depth) =>
    restrict(filesAt(folder, depth), [
      noDev(depth),
      notInto(depth, forbidden, allowed, why),
      ...(modulesThroughIndex ? [throughIndex(depth)] : []),
      ...(PACKAGES[folder] ?? []),
    ]),
  ),
);
const moduleRules = MODULES.flatMap((m) =>
  depths(2).map((depth) => restrict(filesAt(`modules/${m}`, depth - 1), [noDev(depth), intoModule(m, depth - 2)])),
);
/** Entry points of the POS area besides its folders' index.ts: the vendor webhooks (signatures, events) the sync service verifies. */
const POS_ENTRIES = ['connectors/webhooks'];
const posRules = POS.flatMap((p) =>
  depths(2).map((depth) =>
    restrict(filesAt(`pos/${p}`, depth - 1), [
      noDev(depth),
      intoModule(p, depth - 2, POS_ENTRIES),
      throughIndex(depth),
      p === 'connectors'
        ? notInto(depth, ['http', 'ai', 'openapi', 'modules'], [], connectorsAlone(depth).message)
        : notInto(depth, ['ai', 'openapi'], [], 'The POS area uses core, http and the modules, not the AI layer.'),
      ...(p === 'connectors' ? [connectorsAlone(depth)] : []),
    ]),
  ),
);
/** src/index.ts and the kit, registry and module list beside the modules. */
const topRules = [restrict(['src/*.ts'], [noDev(0), throughIndex(0)]), restrict(['src/modules/*.ts'], [noDev(1)])];
/** From dev/ (any depth): `.../src/modules/<m>/<file>`, but for the seeder of module `own`. */
const devIntoModule = (own) => ({
  regex: `(^|/)src/modules/${own ? `(?!${own}/)` : ''}[a-z][a-z0-9-]*/(?!module$).+$`,
  message:
    "dev/ reaches a module through its index.ts; only a module's own seeder (dev/demo/seeds/<module>.ts) imports its files.",
});
const devRules = [
  restrict(['dev/**/*.ts'], [devIntoModule()]),
  ...SEEDERS.map((m) => restrict([`dev/demo/seeds/${m}.ts`], [devIntoModule(m)])),
];

/**
 * The direction of the layers (scripts/layers.cjs, the one table): every form an import takes,
 * `import`, `export ... from`, `import()` and `require()`, from any file under src/.
 */
const { layerViolation, resolveFrom } = createRequire(import.meta.url)('./scripts/layers.cjs');
const FUNCTIONS = import.meta.dirname;
const layersPlugin = {
  rules: {
    direction: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const from = nodePath.relative(FUNCTIONS, context.filename).split(nodePath.sep).join('/');
        const check = (node, source) => {
          if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
          const to = resolveFrom(FUNCTIONS, from, source.value);
          const why = to && layerViolation(from, to);
          if (why) context.report({ node, message: why });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source),
          ExportNamedDeclaration: (node) => check(node, node.source),
          ExportAllDeclaration: (node) => check(node, node.source),
          ImportExpression: (node) => check(node, node.source),
          TSImportType: (node) => check(node, node.argument?.literal ?? node.argument),
          CallExpression: (node) => {
            if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node, node.arguments[0]);
          },
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['lib/**', 'node_modules/**', 'coverage/**', 'web/dist/**', 'reports/**', '.stryker-tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        fetch: 'readonly',
        AbortSignal: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      // Modules and firebase-admin are required lazily on purpose: a cold start loads only what it uses.
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...layerRules,
  { files: ['src/**/*.ts'], plugins: { layers: layersPlugin }, rules: { 'layers/direction': 'error' } },
  ...moduleRules,
  ...posRules,
  ...topRules,
  ...devRules,
  // Formatting is Prettier's (the root .prettierrc.json): turn off the few core rules that disagree with it.
  prettier,
);
