import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

/**
 * Layering (docs/ADDING_A_MODULE.md): core/ below everything; http/ and ai/ on core; modules on
 * all three. A module reaches another only through its index.ts: importing another module's
 * files (repo, service, schemas, router ...) is an error, from inside src/modules and outside.
 */
const MODULES = readdirSync(`${import.meta.dirname}/src/modules`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });
/** From a file `depth` folders below src/modules/<m>/: `../<other>/<file>` (depth 0), `../../<other>/<file>` (depth 1) ... */
const intoModule = (m, depth) => ({
  regex: `^(\\.\\./){${depth + 1}}(?!${m}/)[a-z][a-z0-9-]*/(?!module$).+$`,
  message: "Import another module only through its index.ts (e.g. '../roles'), never its repo, service or schemas.",
});
const below = (layers, why) => ({ regex: `^(\\.\\./)+(${layers.join('|')})(/|$)`, message: why });

export default tseslint.config(
  { ignores: ['lib/**', 'node_modules/**', 'coverage/**', 'web/dist/**', 'reports/**', '.stryker-tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.js'],
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
  ...MODULES.flatMap((m) => [
    restrict([`src/modules/${m}/*.ts`], [intoModule(m, 0)]),
    restrict([`src/modules/${m}/*/*.ts`], [intoModule(m, 1)]),
  ]),
  restrict(
    ['src/{http,ai,local,openapi}/**/*.ts', 'src/*.ts'],
    [
      {
        regex: '(^|/)modules/[a-z][a-z0-9-]*/(?!module$).+$',
        message: 'Import a module only through its index.ts (or the registry).',
      },
    ],
  ),
  restrict(
    ['src/core/**/*.ts'],
    [
      below(
        ['http', 'ai', 'modules', 'local', 'openapi'],
        'core/ is the bottom layer: it imports no HTTP, AI or module code.',
      ),
    ],
  ),
  restrict(
    ['src/ai/**/*.ts'],
    [below(['http', 'modules', 'local', 'openapi'], 'The AI layer depends on core only, never on http or modules.')],
  ),
  restrict(
    ['src/http/**/*.ts'],
    [below(['modules', 'local', 'openapi'], 'http/ is Express on core: it never imports modules.')],
  ),
  // Formatting is Prettier's (the root .prettierrc.json): turn off the few core rules that disagree with it.
  prettier,
);
