/**
 * The contract tier: the API description as clients and reviewers see it. Needs no emulator.
 * - docs/openapi.json (the reviewed snapshot) is exactly what the code describes;
 * - the document passes Redocly's `recommended` lint ruleset (redocly.yaml) without an error or a warning;
 * - its named components, the statuses and codes of every operation, its uploads;
 * - the types openapi-typescript generates from it compile with a typed openapi-fetch client, reject
 *   a wrong call, and that client works against a real module app.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { createModuleApp } from '../../../src/http/app';
import { DEPLOYED, MODULES, errorCatalog } from '../../../src/modules/registry';
import { REVIEW_DOCUMENT_PATH, REVIEW_SERVERS, reviewDocumentText, stableJson } from '../../../src/openapi/review';
import { ROUTE_TABLE_FILE, routeTableOf } from '../../../src/modules/route-table';

const run = promisify(execFile);
const FUNCTIONS_DIR = path.resolve(__dirname, '../../..');
const SNAPSHOT = path.resolve(FUNCTIONS_DIR, '..', REVIEW_DOCUMENT_PATH);
const CLIENT_DIR = path.join(__dirname, 'typed-client');
const CLIENT_FILE = path.join(CLIENT_DIR, 'client.ts');
const REDOCLY_CONFIG = path.resolve(FUNCTIONS_DIR, '..', 'redocly.yaml');

let tmp: string;
let documentText: string;
let lint: {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
};
let typesFile: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-contract-'));
  documentText = reviewDocumentText(DEPLOYED, errorCatalog());
  const documentFile = path.join(tmp, 'openapi.json');
  fs.writeFileSync(documentFile, documentText);
  typesFile = path.join(tmp, 'openapi.d.ts');
  const cli = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');
  const [lintRun] = await Promise.all([
    // the repository's redocly.yaml (the recommended ruleset); no telemetry, no update check
    run(
      process.execPath,
      [cli, 'lint', documentFile, '--format=json', `--config=${REDOCLY_CONFIG}`, '--max-problems=1000'],
      {
        cwd: tmp,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((err: { stdout?: string; stderr?: string }) => {
      // the CLI exits with 1 when it finds errors; its JSON report is still on stdout
      if (err.stdout?.trim().startsWith('{')) return { stdout: err.stdout, stderr: err.stderr ?? '' };
      throw err;
    }),
    run(process.execPath, [path.join(__dirname, 'openapi-types.mjs'), documentFile, typesFile], { cwd: FUNCTIONS_DIR }),
  ]);
  lint = JSON.parse(lintRun.stdout);
}, 90_000);

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('docs/openapi.json, the reviewed snapshot of the API description', () => {
  it('is exactly the document the code builds', () => {
    const committed = fs.existsSync(SNAPSHOT) ? fs.readFileSync(SNAPSHOT, 'utf8') : '';
    if (committed === documentText) return;
    const want = documentText.split('\n');
    const have = committed.split('\n');
    let line = 0;
    while (line < want.length && want[line] === have[line]) line++;
    const around = (lines: string[]) => lines.slice(Math.max(0, line - 3), line + 4).join('\n');
    throw new Error(
      `${REVIEW_DOCUMENT_PATH} is not the document the code describes: run \`npm --prefix functions run openapi\` ` +
        `(npm run openapi in functions/), review the diff (git diff ${REVIEW_DOCUMENT_PATH}) and commit it.\n` +
        `First difference at line ${line + 1}.\ncommitted:\n${around(have)}\n\ngenerated:\n${around(want)}`,
    );
  });

  it('comes with the route table the modules read for their ROUTE_NOT_FOUND hint, as the registry serves it', () => {
    const committed = fs.readFileSync(path.join(FUNCTIONS_DIR, ROUTE_TABLE_FILE), 'utf8');
    expect(committed).toBe(stableJson(routeTableOf(DEPLOYED)));
  });

  it("passes `redocly lint` with the repository's redocly.yaml (the recommended ruleset): no error, no warning", () => {
    const describe = (severity: string) =>
      lint.problems
        .filter((p) => p.severity === severity)
        .map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    console.log(
      `redocly lint (recommended): ${lint.totals.errors} errors, ${lint.totals.warnings} warnings${
        lint.totals.warnings ? `\n  ${describe('warn').join('\n  ')}` : ''
      }`,
    );
    expect(describe('error')).toEqual([]);
    expect(describe('warn')).toEqual([]);
    expect(lint.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});

describe('a typed client (openapi-typescript types, openapi-fetch)', () => {
  /** Wrong calls that the generated types must refuse (each a virtual file beside the client). */
  const WRONG_CALLS: Record<string, string> = {
    'wrong-query-type.ts': `void api.GET('/roles', { params: { query: { companyId: 42 } } });`,
    'missing-required-query.ts': `void api.GET('/shifts', { params: { query: { companyId: 'c1', startDate: '2026-01-05' } } });`,
    'wrong-body-type.ts': `void api.PATCH('/companies/{id}', { params: { path: { id: 'c1' } }, body: { weekStartingDay: 'monday' } });`,
    'unknown-path.ts': `void api.GET('/role', { params: { query: { companyId: 'c1' } } });`,
  };

  function compile() {
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      noUnusedLocals: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      esModuleInterop: true,
      lib: ['lib.es2022.d.ts'],
      types: ['node'],
    };
    const virtual = new Map(
      Object.entries(WRONG_CALLS).map(([name, call]) => [
        path.join(CLIENT_DIR, name),
        `import { moduleClient } from './client';\nconst api = moduleClient('http://127.0.0.1');\n${call}\n`,
      ]),
    );
    const host = ts.createCompilerHost(options, true);
    host.getCurrentDirectory = () => FUNCTIONS_DIR;
    const { fileExists, readFile, getSourceFile } = host;
    host.fileExists = (file) => virtual.has(file) || fileExists.call(host, file);
    host.readFile = (file) => virtual.get(file) ?? readFile.call(host, file);
    host.getSourceFile = (file, language, ...rest) =>
      virtual.has(file)
        ? ts.createSourceFile(file, virtual.get(file)!, language, true)
        : getSourceFile.call(host, file, language, ...rest);
    // `./openapi` of the client is the generated file in the temporary directory
    host.resolveModuleNames = (names, containingFile) =>
      names.map((name) =>
        name === './openapi' && path.dirname(containingFile) === CLIENT_DIR
          ? { resolvedFileName: typesFile, extension: ts.Extension.Dts, isExternalLibraryImport: false }
          : ts.resolveModuleName(name, containingFile, options, host).resolvedModule,
      );
    const program = ts.createProgram([typesFile, CLIENT_FILE, ...virtual.keys()], options, host);
    const diagnosticsOf = (file: string) => {
      const source = program.getSourceFile(file);
      if (!source) throw new Error(`${file} is not in the program`);
      return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    };
    const text = (list: readonly ts.Diagnostic[]) =>
      list.map((d) => {
        const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
        return `${d.file ? path.basename(d.file.fileName) : ''}${where ? `:${where.line + 1}:${where.character + 1}` : ''} TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      });
    return { program, diagnosticsOf, text };
  }

  let compiled: ReturnType<typeof compile>;
  beforeAll(() => {
    compiled = compile();
  });

  it('the generated types and the client compile (strict) without a diagnostic', () => {
    const { program, diagnosticsOf, text } = compiled;
    expect(fs.readFileSync(typesFile, 'utf8')).toContain('export interface paths');
    expect(text([...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()])).toEqual([]);
    expect(text(diagnosticsOf(typesFile))).toEqual([]);
    expect(text(diagnosticsOf(CLIENT_FILE))).toEqual([]);
  });

  it('types nothing `unknown` but the values of free-form maps', () => {
    const code = fs
      .readFileSync(typesFile, 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(\*|\/\*\*)/.test(line));
    const loose = code.filter((line) => /\bunknown\b/.test(line) && !/^\s*\[\w+: string\]: unknown;$/.test(line));
    expect(loose).toEqual([]);
  });

  it.each(Object.keys(WRONG_CALLS))('a wrong call is a compile error: %s', (name) => {
    const { diagnosticsOf, text } = compiled;
    const found = text(diagnosticsOf(path.join(CLIENT_DIR, name)));
    expect(found.length).toBeGreaterThan(0);
    if (name === 'wrong-query-type.ts') expect(found.join('\n')).toMatch(/'number' is not assignable to type 'string'/);
  });

  it('calls a real module at run time: GET /openapi of the docs module answers the reviewed document', async () => {
    // required at run time, not imported: tsc -p tsconfig.json must not follow it to the generated types
    const client = require(CLIENT_FILE) as {
      moduleClient: (baseUrl: string) => unknown;
      openApiDocument: (docs: unknown) => Promise<Record<string, unknown>>;
    };
    const docs = MODULES.find((m) => m.name === 'docs');
    if (!docs) throw new Error('no docs module in the registry');
    const server = createModuleApp(docs).listen(0, '127.0.0.1');
    await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
    try {
      const { port } = server.address() as AddressInfo;
      const document = await client.openApiDocument(client.moduleClient(`http://127.0.0.1:${port}`));
      // served with the one address of this environment; otherwise the same document as the snapshot
      expect(document.servers).toEqual([
        { url: expect.stringMatching(/^https:\/\/[a-z0-9-]+\.web\.app\/api$/), description: expect.any(String) },
      ]);
      expect(stableJson({ ...document, servers: REVIEW_SERVERS })).toBe(documentText);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
