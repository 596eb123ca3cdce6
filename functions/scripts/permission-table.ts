/**
 * docs/PERMISSIONS.md with its permission table regenerated from the routes
 * (src/openapi/permissions.ts), formatted by the Prettier command line as the repository is, so
 * `npm run openapi` and the check in test/unit/scripts/permission-table.test.ts agree byte for byte. (The
 * command line, not the API: Prettier 3's API loads its plugins with dynamic imports, which jest's
 * CommonJS runtime refuses.)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEPLOYED } from '../src/modules/registry';
import { PERMISSION_TABLE_PATH, withPermissionTable } from '../src/openapi/permissions';

export const PERMISSIONS_DOC_FILE = path.resolve(__dirname, '../..', PERMISSION_TABLE_PATH);
const PRETTIER = path.join(path.dirname(require.resolve('prettier/package.json')), 'bin/prettier.cjs');

export function permissionsDocText(): string {
  const current = fs.readFileSync(PERMISSIONS_DOC_FILE, 'utf8');
  return execFileSync(process.execPath, [PRETTIER, '--stdin-filepath', PERMISSIONS_DOC_FILE], {
    input: withPermissionTable(current, DEPLOYED),
    encoding: 'utf8',
  });
}
