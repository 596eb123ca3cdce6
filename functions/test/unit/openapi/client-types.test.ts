import { execFileSync } from 'node:child_process';
import path from 'node:path';

const GENERATE = path.resolve(__dirname, '../../../../clients/typescript/scripts/generate.mjs');

describe('the typed client package (clients/typescript)', () => {
  it('holds the types generated from the committed API description (regenerate: npm --prefix clients/typescript run generate)', () => {
    // exits 1, saying what to run, when src/generated/openapi.ts is not what docs/openapi.json gives
    expect(() =>
      execFileSync(process.execPath, [GENERATE, '--check'], { encoding: 'utf8', stdio: 'pipe' }),
    ).not.toThrow();
  });
});
