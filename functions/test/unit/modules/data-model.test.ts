/**
 * The data model page names exactly the Firestore collections the registry declares: a module
 * that gains a collection must add it to the table, and a collection dropped from the code must
 * leave it. Company collections are the table under "Under `companies/{id}/`", root ones the table
 * under "At the root".
 */
import fs from 'node:fs';
import path from 'node:path';
import { ownedCollections } from '../../../src/modules/registry';

const DATA_MODEL = path.resolve(__dirname, '../../../../docs/DATA_MODEL.md');

/** The lines of docs/DATA_MODEL.md after its title. */
function dataModelSection(markdown: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === '# The data model');
  if (start < 0) throw new Error('docs/DATA_MODEL.md has no "# The data model" title');
  return lines.slice(start + 1);
}

/** The first column of every body row of the table that follows the line containing `heading`. */
function tableAfter(section: string[], heading: string): string[] {
  const at = section.findIndex((line) => line.includes(heading));
  if (at < 0) throw new Error(`the data model section has no line with "${heading}"`);
  const rows: string[] = [];
  let inTable = false;
  for (const line of section.slice(at + 1)) {
    if (line.startsWith('|')) {
      inTable = true;
      rows.push(line);
    } else if (inTable) break;
  }
  return rows
    .slice(2) // the header and the delimiter row
    .map((row) => row.split('|')[1].trim().replace(/`/g, ''));
}

describe('the data model page', () => {
  const section = dataModelSection(fs.readFileSync(DATA_MODEL, 'utf8'));
  const declared = ownedCollections();
  const tables = {
    company: tableAfter(section, 'Under `companies/{id}/`'),
    root: tableAfter(section, 'At the root'),
  };

  it.each(['company', 'root'] as const)('lists every %s collection the registry declares, and only those', (where) => {
    const listed = tables[where];
    const missing = declared[where].filter((name) => !listed.includes(name));
    const undeclared = listed.filter((name) => !declared[where].includes(name));
    expect({ missing, undeclared }).toEqual({ missing: [], undeclared: [] });
  });

  it('lists each collection once', () => {
    const all = [...tables.company, ...tables.root];
    expect(all.filter((name, i) => all.indexOf(name) !== i)).toEqual([]);
  });
});
