/**
 * `node scripts/generate.mjs [--check]`: the types of src/generated/openapi.ts, generated with
 * openapi-typescript from the committed API description (docs/openapi.json at the repository root).
 * With --check, writes nothing and exits 1 when the committed file is not what the description gives
 * (the unit tier runs this check: functions/test/unit/openapi/client-types.test.ts).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const PACKAGE_DIR = path.resolve(here, '..');
const DOCUMENT = path.resolve(PACKAGE_DIR, '../../docs/openapi.json');
export const TYPES_FILE = path.join(PACKAGE_DIR, 'src/generated/openapi.ts');

/** openapi-typescript from this package's install, or (inside the repository) from functions/'s. */
async function openapiTypescript() {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('openapi-typescript', {
    paths: [PACKAGE_DIR, path.resolve(PACKAGE_DIR, '../../functions')],
  });
  return import(pathToFileURL(entry).href);
}

/** The TypeScript compiler openapi-typescript builds its syntax tree with (the same install). */
async function typescript() {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('typescript', { paths: [PACKAGE_DIR, path.resolve(PACKAGE_DIR, '../../functions')] });
  const module = await import(pathToFileURL(entry).href);
  return module.default ?? module;
}

export async function generatedTypes() {
  const module = await openapiTypescript();
  // resolved for require, the package is its CommonJS build: the functions are on its default export
  const openapiTS = module.default?.default ?? module.default;
  const astToString = module.astToString ?? module.default.astToString;
  const ts = await typescript();
  const blob = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));
  // binary bodies (document uploads, CSV parts) are sent as a Blob: openapi-typescript's documented transform
  const transform = (schema) => (schema.format === 'binary' ? blob : undefined);
  const ast = await openapiTS(JSON.parse(fs.readFileSync(DOCUMENT, 'utf8')), { transform });
  const header = '// Generated from docs/openapi.json by `npm run generate` (clients/typescript): do not edit.\n';
  return `${header}${astToString(ast)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = await generatedTypes();
  const committed = fs.existsSync(TYPES_FILE) ? fs.readFileSync(TYPES_FILE, 'utf8') : '';
  if (process.argv.includes('--check')) {
    if (committed !== text) {
      console.error(
        `${path.relative(process.cwd(), TYPES_FILE)} is not generated from docs/openapi.json: run \`npm --prefix clients/typescript run generate\` and commit it.`,
      );
      process.exit(1);
    }
    console.log('clients/typescript/src/generated/openapi.ts: in sync with docs/openapi.json');
  } else {
    fs.mkdirSync(path.dirname(TYPES_FILE), { recursive: true });
    fs.writeFileSync(TYPES_FILE, text);
    console.log(`clients/typescript/src/generated/openapi.ts: ${committed === text ? 'unchanged' : 'written'}`);
  }
}
