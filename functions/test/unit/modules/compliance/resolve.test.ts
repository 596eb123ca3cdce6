import { SCHEDULING_LAWS } from '../../../../src/modules/companies/schemas';
import { SCHEDULING_PACK_IDS, SCHEDULING_PACKS } from '../../../../src/modules/compliance/packs';
import { PACKS } from '../../../../src/modules/compliance/packs';
import { packsFor, schedulingJurisdiction, schedulingVersionOn } from '../../../../src/modules/compliance/resolve';
import type { Pack } from '../../../../src/modules/compliance/types';

/** Which packs cover a location, layered, and which predictive-scheduling law the schedule applies. */
const where = (state: string, county: string | null, city: string | null) => ({ state, county, city });
const ids = (location: ReturnType<typeof where>, date = '2026-12-03') => packsFor(location, date).map((r) => r.pack.id);

describe('the packs covering a location', () => {
  it('layers federal, state, county and city, each with why', () => {
    expect(ids(where('CA', 'San Francisco', 'San Francisco'))).toEqual(['us-federal', 'us-ca', 'sf']);
    expect(ids(where('OR', 'Multnomah', 'Portland'))).toEqual(['us-federal', 'oregon']);
    expect(ids(where('NY', 'New York', 'New York City'))).toEqual(['us-federal', 'us-ny', 'nyc']);
    expect(ids(where('NY', null, 'new york'))).toEqual(['us-federal', 'us-ny', 'nyc']);
    expect(packsFor(where('IL', 'Cook', 'Evanston'), '2026-12-03')[1]).toMatchObject({
      why: 'the company is in Evanston, IL',
    });
  });

  it('gives Los Angeles County only to its unincorporated areas, and the city its own', () => {
    expect(ids(where('CA', 'Los Angeles', null))).toEqual(['us-federal', 'us-ca', 'la-county']);
    expect(ids(where('CA', 'Los Angeles County', 'Los Angeles'))).toEqual(['us-federal', 'us-ca', 'la-city']);
    expect(ids(where('CA', 'Los Angeles', 'Pasadena'))).toEqual(['us-federal', 'us-ca']);
  });

  it('does not mistake a city of the same name in another state', () => {
    expect(ids(where('TX', null, 'Berkeley'))).toEqual(['us-federal']);
  });
});

describe('the predictive-scheduling law the schedule applies', () => {
  const sf = where('CA', 'San Francisco', 'San Francisco');
  it('is the setting when it names one, whatever the location', () => {
    expect(schedulingJurisdiction({ location: sf, coverage: [], override: 'nyc' })).toEqual({
      jurisdiction: 'nyc',
      because: 'setting',
    });
  });

  it('is the most local covering law whose coverage the company attests', () => {
    expect(schedulingJurisdiction({ location: sf, coverage: ['sf'], override: 'none' })).toEqual({
      jurisdiction: 'sf',
      because: 'location',
    });
    expect(schedulingJurisdiction({ location: sf, coverage: [], override: 'none' })).toEqual({
      jurisdiction: 'none',
      because: 'notAttested',
    });
    expect(
      schedulingJurisdiction({ location: where('TX', null, 'Austin'), coverage: ['sf'], override: undefined }),
    ).toEqual({ jurisdiction: 'none', because: 'noLaw' });
    expect(schedulingJurisdiction({ location: null, coverage: ['sf'], override: 'none' })).toEqual({
      jurisdiction: 'none',
      because: 'noLocation',
    });
  });
});

describe('the packs as data', () => {
  it('name the same predictive-scheduling laws as the company settings accept', () => {
    expect([...SCHEDULING_LAWS].sort()).toEqual([...SCHEDULING_PACK_IDS].sort());
  });

  it('give every version ordered, non-overlapping dates and every tier a citation', () => {
    for (const pack of PACKS as Pack[]) {
      pack.scheduling.forEach((v, i) => {
        const next = pack.scheduling[i + 1];
        if (next) expect(v.effectiveTo).toBe(next.effectiveFrom);
        else expect(v.effectiveTo).toBeNull();
        for (const t of v.tiers) {
          expect(t.citation.section).not.toBe('');
          expect(t.citation.url).toMatch(/^https?:\/\//);
          expect(t.underMinutes).toBeLessThanOrEqual(v.noticeDays * 24 * 60);
        }
        expect(v.coverage.threshold).not.toBe('');
      });
    }
  });

  it('start Los Angeles County on 2025-07-01 and Evanston on 2024-01-01', () => {
    expect(schedulingVersionOn(SCHEDULING_PACKS['la-county'], '2025-06-30')).toBeNull();
    expect(schedulingVersionOn(SCHEDULING_PACKS['la-county'], '2025-07-01')).not.toBeNull();
    expect(schedulingVersionOn(SCHEDULING_PACKS.evanston, '2023-12-31')).toBeNull();
    expect(schedulingVersionOn(SCHEDULING_PACKS.evanston, '2024-01-01')?.noticeDays).toBe(14);
  });

  it('date the notice periods that changed: Philadelphia 10 then 14 days, Chicago 10 then 14, Oregon 7 then 14', () => {
    expect(schedulingVersionOn(SCHEDULING_PACKS.philadelphia, '2020-12-31')?.noticeDays).toBe(10);
    expect(schedulingVersionOn(SCHEDULING_PACKS.philadelphia, '2021-01-01')?.noticeDays).toBe(14);
    expect(schedulingVersionOn(SCHEDULING_PACKS.chicago, '2022-06-30')?.noticeDays).toBe(10);
    expect(schedulingVersionOn(SCHEDULING_PACKS.oregon, '2020-06-30')?.noticeDays).toBe(7);
  });
});
