/**
 * The README's data model names exactly the Firestore collections the registry declares: a module
 * that gains a collection must add it to the table, and a collection dropped from the code must
 * leave it. Company collections are the table under "Under `companies/{id}/`", root ones the table
 * under "At the root".
 */
import fs from 'node:fs';
import path from 'node:path';
import { ownedCollections } from '../../src/modules/registry';

const README = path.resolve(__dirname, '../../../README.md');

/** The lines of the README's "## The data model" section. */
function dataModelSection(markdown: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === '## The data model');
  if (start < 0) throw new Error('README.md has no "## The data model" section');
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end);
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

describe("the README's data model", () => {
  const section = dataModelSection(fs.readFileSync(README, 'utf8'));
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
