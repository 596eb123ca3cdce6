import fc from 'fast-check';
import {
  TIP_CREDIT_LEVELS,
  TIP_CREDIT_TABLE,
  inForceOn,
  levelOf,
  makeUpOwed,
  rowCovers,
  tipCreditOn,
  type TipCreditLocation,
  type TipCreditRow,
} from '../../../../src/modules/tip-pools/tip-credit';

const DAY = '2026-12-03';
const at = (state: string, county: string | null = null, city: string | null = null): TipCreditLocation => ({
  state,
  county,
  city,
});
const NYC = at('NY', 'Kings', 'New York City');
const NASSAU = at('NY', 'Nassau', 'Hempstead');
const BUFFALO = at('NY', 'Erie', 'Buffalo');
const CHICAGO = at('IL', 'Cook', 'Chicago');
const SPRINGFIELD = at('IL', 'Sangamon', 'Springfield');

/** [minimum, cash wage] in cents of the row in force. */
const figures = (where: TipCreditLocation | null, date: string) => {
  const r = tipCreditOn(where, date);
  return [r.minimumWage, r.cashWage];
};

describe('the tip credit tables', () => {
  it('has the federal $2.13 cash wage against $7.25, and the states own rows by date', () => {
    expect(tipCreditOn(null, DAY)).toMatchObject({ jurisdiction: 'US', cashWage: 213, minimumWage: 725 });
    expect(tipCreditOn(at('CA'), DAY)).toMatchObject({ creditAllowed: false });
    expect(tipCreditOn(at('FL'), '2026-09-29')).toMatchObject({ minimumWage: 1400, cashWage: 1098 });
    expect(tipCreditOn(at('FL'), '2026-09-30')).toMatchObject({ minimumWage: 1500, cashWage: 1198 });
    expect(tipCreditOn(at('PA'), DAY)).toMatchObject({ cashWage: 283 });
  });

  it('sends a state absent from the table, and a location of none, to the federal row', () => {
    expect(tipCreditOn(at('GA', 'Fulton', 'Atlanta'), DAY)).toMatchObject({ jurisdiction: 'US', minimumWage: 725 });
    expect(tipCreditOn({ state: null }, DAY).jurisdiction).toBe('US');
    // a county or city name of another state's row does not reach it
    expect(tipCreditOn(at('NJ', null, 'Chicago'), DAY).city).toBeUndefined();
    // a bare state code is that state with no county or city
    expect(tipCreditOn({ state: 'NY' }, '2026-06-15')).toBe(tipCreditOn(BUFFALO, '2026-06-15'));
  });

  describe('New York, food service workers', () => {
    it.each([
      ['2024-06-15', [1600, 1065], [1500, 1000]],
      ['2025-06-15', [1650, 1100], [1550, 1035]],
      ['2026-06-15', [1700, 1135], [1600, 1070]],
    ])('on %s: New York City and Nassau one figure, Buffalo (the rest of the state) another', (date, down, rest) => {
      expect(figures(NYC, date)).toEqual(down);
      expect(figures(NASSAU, date)).toEqual(down);
      expect(figures(BUFFALO, date)).toEqual(rest);
      expect(tipCreditOn(NYC, date).city).toBe('New York');
      expect(tipCreditOn(NASSAU, date).counties).toContain('Nassau');
      const upstate = tipCreditOn(BUFFALO, date);
      expect([upstate.jurisdiction, levelOf(upstate)]).toEqual(['NY', 'state']);
    });

    it('changes each January 1, the old figure the day before', () => {
      expect(figures(NYC, '2023-12-31')).toEqual([725, 213]);
      expect(figures(NYC, '2024-01-01')).toEqual([1600, 1065]);
      expect(figures(NYC, '2024-12-31')).toEqual([1600, 1065]);
      expect(figures(NYC, '2025-01-01')).toEqual([1650, 1100]);
      expect(figures(BUFFALO, '2025-12-31')).toEqual([1550, 1035]);
      expect(figures(BUFFALO, '2026-01-01')).toEqual([1600, 1070]);
      // no 2027 figure was found: the 2026 row stays in force, never the federal row below it
      expect(figures(NYC, '2026-12-31')).toEqual([1700, 1135]);
      expect(figures(NYC, '2027-01-01')).toEqual([1700, 1135]);
    });

    it('finds New York City by its name alone or by one of its counties, names compared as the packs compare them', () => {
      for (const where of [
        at('NY', null, 'New York City'),
        at('NY', null, 'new york'),
        at('NY', 'Richmond County', null),
        at('NY', 'Bronx', 'The Bronx'),
        at('NY', 'Westchester', 'Yonkers'),
        at('NY', 'suffolk county', 'Islip'),
      ])
        expect(figures(where, '2026-06-15')).toEqual([1700, 1135]);
      expect(figures(at('NY', 'Albany', 'Albany'), '2026-06-15')).toEqual([1600, 1070]);
      // the city row wins over the county set and the state (the same figure as the county set here)
      expect(levelOf(tipCreditOn(NYC, '2026-06-15'))).toBe('city');
    });
  });

  it('Texas: the federal figures by reference (Tex. Lab. Code 62.051, 62.052)', () => {
    expect(tipCreditOn(at('TX', 'Harris', 'Houston'), '2026-06-15')).toMatchObject({
      jurisdiction: 'TX',
      minimumWage: 725,
      cashWage: 213,
    });
    expect(tipCreditOn(at('TX'), '2009-07-24').jurisdiction).toBe('TX');
    // before the $7.25 federal minimum there is no row at all
    expect(() => tipCreditOn(at('TX'), '2009-07-23')).toThrow(RangeError);
  });

  it('Illinois: 60 % of the minimum, $15.00 from 2025-01-01', () => {
    expect(figures(SPRINGFIELD, '2023-12-31')).toEqual([725, 213]);
    expect(figures(SPRINGFIELD, '2024-06-15')).toEqual([1400, 840]);
    expect(figures(SPRINGFIELD, '2024-12-31')).toEqual([1400, 840]);
    expect(figures(SPRINGFIELD, '2025-01-01')).toEqual([1500, 900]);
    expect(figures(SPRINGFIELD, DAY)).toEqual([1500, 900]);
  });

  it('Chicago: its own row each July 1 from 2024, Springfield the state row', () => {
    expect(figures(CHICAGO, '2024-06-30')).toEqual([1400, 840]);
    expect(figures(CHICAGO, '2024-07-01')).toEqual([1620, 1102]);
    expect(figures(CHICAGO, '2025-01-15')).toEqual([1620, 1102]);
    expect(figures(CHICAGO, '2025-06-30')).toEqual([1620, 1102]);
    expect(figures(CHICAGO, '2025-07-01')).toEqual([1660, 1262]);
    expect(figures(SPRINGFIELD, '2025-07-01')).toEqual([1500, 900]);
    expect(figures(at('IL', null, 'chicago'), '2025-08-01')).toEqual([1660, 1262]);
    // Cook County outside the city is not Chicago
    expect(figures(at('IL', 'Cook', 'Evanston'), '2025-08-01')).toEqual([1500, 900]);
    // the tipped wage frozen at the 76 % step; the July 2026 CPI minimum was not found: the 2025 row stays
    expect(figures(CHICAGO, '2026-06-30')).toEqual([1660, 1262]);
    expect(figures(CHICAGO, '2026-07-01')).toEqual([1660, 1262]);
    expect(levelOf(tipCreditOn(CHICAGO, '2026-07-01'))).toBe('city');
  });

  it('Massachusetts: $15.00 with a $6.75 service rate from 2023-01-01', () => {
    expect(figures(at('MA', 'Suffolk', 'Boston'), '2022-12-31')).toEqual([725, 213]);
    expect(figures(at('MA', 'Suffolk', 'Boston'), '2023-01-01')).toEqual([1500, 675]);
    expect(figures(at('MA'), '2026-06-15')).toEqual([1500, 675]);
  });

  it('New Jersey: the minimum less the $9.87 credit, each January 1', () => {
    const newark = at('NJ', 'Essex', 'Newark');
    expect(figures(newark, '2023-12-31')).toEqual([725, 213]);
    expect(figures(newark, '2024-01-01')).toEqual([1513, 526]);
    expect(figures(newark, '2024-06-15')).toEqual([1513, 526]);
    expect(figures(newark, '2024-12-31')).toEqual([1513, 526]);
    expect(figures(newark, '2025-01-01')).toEqual([1549, 562]);
    expect(figures(newark, '2025-06-15')).toEqual([1549, 562]);
    expect(figures(newark, '2025-12-31')).toEqual([1549, 562]);
    expect(figures(newark, '2026-01-01')).toEqual([1592, 605]);
    expect(figures(newark, '2026-06-15')).toEqual([1592, 605]);
    expect(figures(newark, '2027-01-01')).toEqual([1592, 605]);
  });

  it('names a section, a url, the date it was read and how for every row', () => {
    for (const r of TIP_CREDIT_TABLE) {
      expect(r.source.section.length).toBeGreaterThan(10);
      expect(r.source.url).toMatch(/^https:\/\//);
      expect(r.source.checked).toMatch(/^2026-12-0[36]$/);
      expect(['text', 'agency', 'summary']).toContain(r.source.basis);
    }
    const added = TIP_CREDIT_TABLE.filter((r) => ['NY', 'TX', 'IL', 'MA', 'NJ'].includes(r.jurisdiction));
    expect(added.every((r) => r.source.checked === '2026-12-06')).toBe(true);
  });

  describe('properties', () => {
    /** A location reaching each row of the table, and the cases above. */
    const locations: TipCreditLocation[] = [
      NYC,
      NASSAU,
      BUFFALO,
      CHICAGO,
      SPRINGFIELD,
      at('GA'),
      ...TIP_CREDIT_TABLE.flatMap((r) =>
        r.jurisdiction === 'US'
          ? []
          : r.city !== undefined
            ? [at(r.jurisdiction, null, r.city)]
            : r.counties
              ? r.counties.map((c) => at(r.jurisdiction, c, null))
              : [at(r.jurisdiction)],
      ),
    ];
    const edges = TIP_CREDIT_TABLE.flatMap((r) => [r.effectiveFrom, r.effectiveTo]).filter(
      (d): d is string => !!d && d >= '2009-07-24',
    );
    const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const date = fc.oneof(
      fc
        .date({ min: new Date('2009-07-24T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      fc.constantFrom(...edges, ...edges.map(dayBefore).filter((d) => d >= '2009-07-24')),
    );

    it('holds at most one row of each level in force for a location on a date, and the answer is the most specific', () => {
      fc.assert(
        fc.property(fc.constantFrom(...locations), date, (where, day) => {
          const live = TIP_CREDIT_TABLE.filter((r) => inForceOn(r, day) && rowCovers(r, where));
          for (const level of TIP_CREDIT_LEVELS)
            expect(live.filter((r) => levelOf(r) === level).length).toBeLessThan(2);
          const answer = tipCreditOn(where, day);
          expect(live).toContain(answer);
          // the order the law gives, written out here rather than read from the module
          const rank = (r: TipCreditRow) => ['city', 'county', 'state', 'federal'].indexOf(levelOf(r));
          expect(live.every((r) => rank(answer) <= rank(r))).toBe(true);
        }),
        { numRuns: 500 },
      );
    });

    it('never overlaps two rows of one area, nor pays a cash wage above the minimum', () => {
      const areaOf = (r: TipCreditRow) => `${r.jurisdiction}|${r.city ?? ''}|${(r.counties ?? []).join(',')}`;
      for (const a of TIP_CREDIT_TABLE)
        for (const b of TIP_CREDIT_TABLE)
          if (a !== b && areaOf(a) === areaOf(b))
            expect(
              a.effectiveFrom < (b.effectiveTo ?? '9999-12-31') && b.effectiveFrom < (a.effectiveTo ?? '9999-12-31'),
            ).toBe(false);
      for (const r of TIP_CREDIT_TABLE) {
        expect(r.effectiveTo === null || r.effectiveFrom < r.effectiveTo).toBe(true);
        if (r.creditAllowed) expect(r.cashWage!).toBeLessThanOrEqual(r.minimumWage!);
        else expect([r.cashWage, r.minimumWage]).toEqual([null, null]);
      }
      fc.assert(
        fc.property(fc.constantFrom(...locations), date, (where, day) => {
          const r = tipCreditOn(where, day);
          if (r.creditAllowed) expect(r.cashWage!).toBeLessThanOrEqual(r.minimumWage!);
        }),
      );
    });
  });
});

describe('the make-up', () => {
  it('owes make-up when cash wage + tips fall short of the minimum for the hours, and none otherwise', () => {
    const federal = tipCreditOn(null, DAY);
    // 30 h at $2.13 = $63.90 cash, $100.00 tips: minimum $217.50, make-up $53.60
    expect(makeUpOwed({ minutes: 1800, cashWages: 6390, tips: 10000 }, federal)).toBe(5360);
    // with $200.00 tips: $263.90 >= $217.50
    expect(makeUpOwed({ minutes: 1800, cashWages: 6390, tips: 20000 }, federal)).toBe(0);
    expect(makeUpOwed({ minutes: 1800, cashWages: 6390, tips: 0 }, tipCreditOn(at('CA'), DAY))).toBe(0);
  });

  it('measures against the local minimum: New York City in 2026', () => {
    // 30 h at $11.35 = $340.50 cash, $100.00 tips: minimum 30 x $17.00 = $510.00, make-up $69.50
    expect(makeUpOwed({ minutes: 1800, cashWages: 34050, tips: 10000 }, tipCreditOn(NYC, '2026-06-15'))).toBe(6950);
    // the same week in Buffalo: 30 x $16.00 = $480.00 against $10.70 x 30 = $321.00 + $100.00: $59.00
    expect(makeUpOwed({ minutes: 1800, cashWages: 32100, tips: 10000 }, tipCreditOn(BUFFALO, '2026-06-15'))).toBe(5900);
  });
});
