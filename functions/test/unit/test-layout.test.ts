import fs from 'node:fs';
import path from 'node:path';

/**
 * The unit tier mirrors the source tree: a test of `src/<dir>/<file>.ts` is
 * `test/unit/<dir>/<file>.test.ts` (a test of several files sits beside the main one), and a test of
 * code outside src/ (scripts/, dev/, web/) mirrors that code's folder from functions/:
 * `test/unit/scripts/<file>.test.ts`. Every folder holding a file under test/unit must therefore
 * exist under functions/src/ or functions/. The root holds the tests of the whole tree (the
 * deployable bundle, this one). Helpers shared by several folders go to test/helpers/; a helper of
 * one folder's tests sits beside them.
 */
const FUNCTIONS = path.resolve(__dirname, '../..');
const UNIT = path.join(FUNCTIONS, 'test', 'unit');

/** The folders of functions/ besides src/ whose code has unit tests. */
const OTHER_ROOTS = ['scripts', 'dev', 'web'];

/** Folders under test/unit that mirror no source folder, each with its reason. */
const NOT_MIRRORS: Record<string, string> = {
  // openapi/review.test.ts generates openapi.ts next to this hand-written client and compiles both
  'openapi/typed-client': 'the typed client the API description test compiles',
};

/** Every file under test/unit, as a path relative to it with forward slashes. */
const unitFiles = (): string[] =>
  fs
    .readdirSync(UNIT, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => fs.statSync(path.join(UNIT, f)).isFile());

const isFolder = (dir: string): boolean => fs.existsSync(dir) && fs.statSync(dir).isDirectory();
const mirrors = (dir: string): boolean =>
  isFolder(path.join(FUNCTIONS, 'src', dir)) ||
  (OTHER_ROOTS.includes(dir.split('/')[0]) && isFolder(path.join(FUNCTIONS, dir)));

describe('the layout of the unit tier', () => {
  it('puts every test in a folder that mirrors one of src/ (or of functions/, for scripts/, dev/ and web/)', () => {
    const tests = unitFiles().filter((f) => f.endsWith('.test.ts'));
    expect(tests.length).toBeGreaterThan(50);
    const misplaced = tests.filter((f) => {
      const dir = path.posix.dirname(f);
      return dir !== '.' && !mirrors(dir);
    });
    expect(misplaced).toEqual([]);
  });

  it('keeps its helpers in mirrored folders too, but for the folders listed as exceptions', () => {
    const strays = unitFiles()
      .map((f) => path.posix.dirname(f))
      .filter((dir) => dir !== '.' && !mirrors(dir) && !(dir in NOT_MIRRORS));
    expect([...new Set(strays)]).toEqual([]);
  });

  it('lists as exceptions only folders that exist and mirror nothing', () => {
    for (const dir of Object.keys(NOT_MIRRORS))
      expect([dir, isFolder(path.join(UNIT, dir)), mirrors(dir)]).toEqual([dir, true, false]);
  });
});
