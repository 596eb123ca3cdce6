import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { builtinModules } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * The deployable bundle holds no development code. It is built the way deploy builds it (the
 * predeploy `npm run build`: `tsc -p tsconfig.build.json`), into a temporary folder, and the
 * emitted files are inspected, not only the configuration: no file from dev/, no seeder,
 * simulator, demo loader or mailbox, and no require that leaves the bundle (lib/ and package.json)
 * or names a package deploy does not install.
 */
const FUNCTIONS = path.resolve(__dirname, '../..');
const BUILD_TIMEOUT_MS = 240_000;

const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .map((f) => f.split(path.sep).join('/'));

/** The names a TypeScript folder exports (`export function x`, `export const x` ...). */
const exportedNames = (dir: string): Set<string> =>
  new Set(
    filesUnder(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        [
          ...fs
            .readFileSync(path.join(dir, f), 'utf8')
            .matchAll(/^export (?:async )?(?:function\*?|const|let|class) (\w+)/gm),
        ].map((m) => m[1]),
      ),
  );

const requiresOf = (source: string): string[] =>
  [...source.matchAll(/\brequire\((["'])([^"']+)\1\)/g)].map((m) => m[2]);

const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

const DEV_PATH = /(^|\/)(dev|local|demo|seeds)\/|(^|\/)seed\.js$|(^|\/)mailbox\.js$/;

let out: string;
let lib: string;
let emitted: string[];
let build: { ok: true } | { ok: false; output: string };

beforeAll(() => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'deployable-bundle-'));
  lib = path.join(out, 'lib');
  try {
    execFileSync(
      process.execPath,
      // --noEmitOnError: a build that fails deploys nothing (predeploy stops), and tsc would write a
      // file imported from outside src/ beside its source, into the working tree
      [
        require.resolve('typescript/bin/tsc'),
        ...['-p', 'tsconfig.build.json', '--outDir', lib, '--sourceMap', 'false', '--noEmitOnError'],
      ],
      { cwd: FUNCTIONS, stdio: 'pipe', timeout: BUILD_TIMEOUT_MS },
    );
    build = { ok: true };
  } catch (err) {
    const { stdout, stderr, message } = err as { stdout?: Buffer; stderr?: Buffer; message: string };
    build = { ok: false, output: `${stdout ?? ''}${stderr ?? ''}` || message };
  }
  emitted = filesUnder(out);
}, BUILD_TIMEOUT_MS);

afterAll(() => {
  if (out) fs.rmSync(out, { recursive: true, force: true });
});

describe('the deployable bundle (tsc -p tsconfig.build.json)', () => {
  it('builds', () => {
    expect(build.ok ? '' : build.output).toBe('');
    expect(emitted).toContain('lib/index.js');
  });

  it('holds nothing compiled from outside src/', () => {
    expect(emitted.filter((f) => !f.startsWith('lib/'))).toEqual([]);
  });

  it('holds no file of the development code (dev/, seeders, simulators, demo loader, mailbox) by path', () => {
    expect(emitted.filter((f) => DEV_PATH.test(f.slice('lib/'.length)))).toEqual([]);
  });

  it('defines nothing that only the development code defines', () => {
    const production = exportedNames(path.join(FUNCTIONS, 'src'));
    const devOnly = [...exportedNames(path.join(FUNCTIONS, 'dev'))].filter((name) => !production.has(name));
    expect(devOnly).toEqual(expect.arrayContaining(['seed', 'loadDemo', 'startMailbox', 'startVendorSimulator']));
    const found = emitted
      .filter((f) => f.endsWith('.js'))
      .flatMap((f) => {
        const source = fs.readFileSync(path.join(out, f), 'utf8');
        return devOnly
          .filter((name) => new RegExp(`\\bexports\\.${name} =`).test(source))
          .map((name) => `${f}: ${name}`);
      });
    expect(found).toEqual([]);
  });

  it('requires only files of the bundle, node built-ins and the packages deploy installs', () => {
    const { dependencies } = JSON.parse(fs.readFileSync(path.join(FUNCTIONS, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    // deploy uploads functions/ less firebase.json's ignore list: of what the code requires, lib/ and package.json
    const packageJson = path.join(out, 'package.json');
    const resolves = (target: string) =>
      target === packageJson ||
      [target, `${target}.js`, `${target}.json`, path.join(target, 'index.js')].some(
        (candidate) => candidate.startsWith(`${lib}${path.sep}`) && fs.existsSync(candidate),
      );
    const wrong = emitted
      .filter((f) => f.endsWith('.js'))
      .flatMap((f) =>
        requiresOf(fs.readFileSync(path.join(out, f), 'utf8'))
          .filter((specifier) =>
            specifier.startsWith('.')
              ? !resolves(path.resolve(path.dirname(path.join(out, f)), specifier))
              : !specifier.startsWith('node:') &&
                !builtinModules.includes(specifier) &&
                !(packageOf(specifier) in dependencies),
          )
          .map((specifier) => `${f}: require('${specifier}')`),
      );
    expect(wrong).toEqual([]);
  });
});

describe('firebase.json', () => {
  it('leaves dev/ (and the sources, tests and scripts) out of the uploaded functions folder', () => {
    const config = JSON.parse(fs.readFileSync(path.join(FUNCTIONS, '../firebase.json'), 'utf8')) as {
      functions: { source: string; ignore: string[] }[];
    };
    const functions = config.functions.find((f) => f.source === 'functions');
    expect(functions?.ignore).toEqual(expect.arrayContaining(['dev', 'src', 'test', 'bench', 'scripts']));
  });
});
