import fs from 'node:fs';
import { PERMISSIONS_DOC_FILE, permissionsDocText } from '../../../scripts/permission-table';
import { DEPLOYED } from '../../../src/modules/registry';
import { PERMISSION_TABLE_PATH, permissionTable } from '../../../src/openapi/permissions';

describe('the permission table of docs/PERMISSIONS.md', () => {
  it('is the table the routes declare (run `npm run openapi` and commit docs/PERMISSIONS.md otherwise)', () => {
    const committed = fs.readFileSync(PERMISSIONS_DOC_FILE, 'utf8');
    if (committed !== permissionsDocText())
      throw new Error(`${PERMISSION_TABLE_PATH}: the permission table is stale: run \`npm run openapi\` and commit it`);
  });

  it('lists every operation once', () => {
    const operations = DEPLOYED.flatMap((m) => m.http().routes).length;
    const table = permissionTable(DEPLOYED);
    expect(table.split('\n').filter((line) => line.startsWith('| ') && line.includes('`')).length).toBe(operations);
    console.log(`permission table: ${operations} operations`);
  });

  it.each([
    ['PATCH /companies/{id}/policies', '**owner**'],
    ['PATCH /request-policy', '**owner**'],
    ['PATCH /payroll/settings', '**owner**'],
    ['POST /connections', '**owner**'],
  ])('makes %s owner-only', (operation, who) => {
    const line = permissionTable(DEPLOYED)
      .split('\n')
      .find((l) => l.includes(`\`${operation}\``));
    expect(line?.split('|')[3].trim()).toBe(who);
  });
});
