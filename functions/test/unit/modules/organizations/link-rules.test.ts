import fc from 'fast-check';
import { mergedLink, type LinkedRecord } from '../../../../src/modules/organizations/link-rules';

const record = fc.record({
  companyId: fc.constantFrom('a', 'b', 'c', 'd'),
  employeeId: fc.constantFrom('1', '2', '3'),
});
const key = (r: LinkedRecord) => `${r.companyId}_${r.employeeId}`;

describe('merging employee links', () => {
  it('a new link of records of distinct locations holds them all, with no id yet', () => {
    expect(
      mergedLink(
        [
          { companyId: 'b', employeeId: '2' },
          { companyId: 'a', employeeId: '1' },
        ],
        [],
      ),
    ).toEqual({
      linkId: null,
      records: [
        { companyId: 'a', employeeId: '1' },
        { companyId: 'b', employeeId: '2' },
      ],
    });
  });

  it('a record already linked brings its link: the union, under the first link id', () => {
    const found = [
      {
        linkId: 'L2',
        records: [
          { companyId: 'a', employeeId: '1' },
          { companyId: 'c', employeeId: '3' },
        ],
      },
    ];
    expect(
      mergedLink(
        [
          { companyId: 'a', employeeId: '1' },
          { companyId: 'b', employeeId: '2' },
        ],
        found,
      ),
    ).toEqual({
      linkId: 'L2',
      records: [
        { companyId: 'a', employeeId: '1' },
        { companyId: 'b', employeeId: '2' },
        { companyId: 'c', employeeId: '3' },
      ],
    });
  });

  it('names the location that would hold two records of the person', () => {
    const merged = mergedLink(
      [
        { companyId: 'a', employeeId: '1' },
        { companyId: 'a', employeeId: '2' },
      ],
      [],
    );
    expect(merged.problem).toBe('A person has one record per location: a would have 1, 2');
  });

  it('holds every record asked and found, each once, and is refused exactly when a location appears twice', () => {
    fc.assert(
      fc.property(
        fc.array(record, { minLength: 1, maxLength: 6 }),
        fc.array(fc.array(record, { minLength: 1, maxLength: 3 }), { maxLength: 2 }),
        (records, links) => {
          const found = links.map((rs, i) => ({ linkId: `L${i}`, records: rs }));
          const merged = mergedLink(records, found);
          const everything = new Set([...records, ...links.flat()].map(key));
          expect(new Set(merged.records.map(key))).toEqual(everything);
          expect(merged.records.length).toBe(everything.size);
          const companies = merged.records.map((r) => r.companyId);
          expect(merged.problem !== undefined).toBe(new Set(companies).size !== companies.length);
          expect(merged.linkId).toBe(found.length ? 'L0' : null);
        },
      ),
    );
  });
});
