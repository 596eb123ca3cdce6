import { HOUR, type Pack } from '../types';
import { cite, employeeRequested, fixed, halfOfCut, hours, tier } from './cite';
import { OREGON_PAY } from './pay';

/**
 * The four places the schedule enforced before rule packs (moved here unchanged in behaviour for
 * the dates they were tested on; the earlier notice periods of Oregon and Chicago are their
 * older versions). Read on 2026-11-25 and again on 2026-12-03 with the `search` tool.
 */
const NYC_RULES =
  'https://fisherphillips.com/en/news-insights/top-5-surprises-nyc-fast-food-employers-fair-workweek-law-rules.html';
const NYC_HOURS = 'https://www.managease.com/new-york-ny-new-fast-food-fair-workweek-laws/';
const NYC_CODE = 'https://codelibrary.amlegal.com/codes/newyorkcity/latest/NYCadmin/0-0-0-130811';

export const NYC: Pack<'nyc'> = {
  id: 'nyc',
  label: 'New York City (fast food)',
  name: 'NYC Fair Workweek Law, fast food employers (Admin. Code 20-1221 to 20-1231; 6 RCNY 7-6xx)',
  place: { level: 'city', state: 'NY', cities: ['New York', 'New York City'] },
  scheduling: [
    {
      effectiveFrom: '2017-11-26',
      effectiveTo: null,
      noticeDays: 14,
      noticeCitation: cite(
        'Admin. Code 20-1221; 14 days measured as 336 hours (final rules, 2022-06-23)',
        NYC_HOURS,
        'summary',
      ),
      // The dollar tiers rest on the figures, consistent with the $10-$75 range the summaries confirm.
      tiers: [
        tier(
          7,
          14,
          { added: fixed(10_00), moved: fixed(10_00), cut: fixed(20_00) },
          cite('Admin. Code 20-1222(a)(1)', NYC_CODE, 'summary'),
        ),
        tier(
          1,
          7,
          { added: fixed(15_00), moved: fixed(15_00), cut: fixed(45_00) },
          cite('Admin. Code 20-1222(a)(2)', NYC_CODE, 'summary'),
        ),
        tier(
          null,
          1,
          { added: fixed(15_00), moved: fixed(15_00), cut: fixed(75_00) },
          cite('Admin. Code 20-1222(a)(3)', NYC_CODE, 'summary'),
        ),
      ],
      ignoreAddedUpToMinutes: 0,
      graceMinutes: {
        minutes: 15,
        citation: cite(
          '6 RCNY 7-621 (de minimis: 15 minutes at the start and at the end of each shift, not aggregated; final rules 2022-06-23)',
          NYC_RULES,
          'summary',
        ),
      },
      rest: {
        minMinutes: 11 * HOUR,
        pay: { amountMinor: 100_00 },
        citation: cite('Admin. Code 20-1231 (clopening: written consent and $100)', NYC_CODE, 'summary'),
      },
      goodFaithEstimate: {
        what: 'hours per week, expected days, times and locations, before the first day of work',
        citation: cite(
          'Admin. Code 20-1221(a)',
          'https://www.dwt.com/blogs/employment-labor-and-benefits/2017/12/regulations-adopted-for-retail-and-fast-food-estab',
          'summary',
        ),
      },
      coverage: {
        threshold: 'fast food establishments of a chain with 30 or more establishments nationally',
        citation: cite('Admin. Code 20-1201 ("fast food employer")', NYC_CODE, 'summary'),
      },
      exemptions: [
        employeeRequested(cite('Admin. Code 20-1222(b)', NYC_CODE, 'summary')),
        {
          name: 'Hours cut or cancelled but paid as scheduled (recorded as paid and not worked)',
          modelled: false,
          citation: cite('6 RCNY 7-6xx premium pay exception (final rules 2022-06-23)', NYC_HOURS, 'summary'),
        },
      ],
    },
  ],
  notes: [],
};

const SEATTLE_OLS = 'http://www.seattle.gov/laborstandards/ordinances/secure-scheduling';

export const SEATTLE: Pack<'seattle'> = {
  id: 'seattle',
  label: 'Seattle',
  name: 'Seattle Secure Scheduling Ordinance (SMC 14.22)',
  place: { level: 'city', state: 'WA', cities: ['Seattle'] },
  scheduling: [
    {
      effectiveFrom: '2017-07-01',
      effectiveTo: null,
      noticeDays: 14,
      noticeCitation: cite('SMC 14.22.050', SEATTLE_OLS, 'agency'),
      tiers: [
        tier(
          null,
          14,
          { added: hours(1), moved: hours(1), cut: halfOfCut },
          cite('SMC 14.22.050.B-C (predictability pay)', SEATTLE_OLS, 'agency'),
        ),
      ],
      ignoreAddedUpToMinutes: 0,
      graceMinutes: null,
      rest: {
        minMinutes: 10 * HOUR,
        pay: { multiplier: 1.5, over: 'withinRest' },
        citation: cite(
          'SMC 14.22.035 (rest between closing and opening: 1.5x for the hours within 10)',
          'https://www.thinkhr.com/blog/washington-employment-law-update-september-2016/',
          'summary',
        ),
      },
      goodFaithEstimate: {
        what: 'median weekly hours and on-call expectations, at hire',
        citation: cite('SMC 14.22.020', SEATTLE_OLS, 'agency'),
      },
      coverage: {
        threshold: 'food service with 500+ employees worldwide; full-service restaurants also 40+ locations worldwide',
        citation: cite('SMC 14.22.010', SEATTLE_OLS, 'agency'),
      },
      exemptions: [employeeRequested(cite('SMC 14.22.050.D', SEATTLE_OLS, 'agency'))],
    },
  ],
  notes: [],
};

const OAR_REST = 'https://regulations.justia.com/states/oregon/chapter-839/division-26/section-839-026-0040/';
const OR_PAY = 'https://optimumhris.com/articles/oregons-new-predictive-scheduling-law/';
const OR_NOTICE = 'https://www.ceridian.com/blog/oregon-scheduling-retail-hospitality-foodservice';

const oregonVersion = (effectiveFrom: string, effectiveTo: string | null, noticeDays: number) => ({
  effectiveFrom,
  effectiveTo,
  noticeDays,
  noticeCitation: cite('ORS 653.428 (7 days to 2020-06-30, 14 days from 2020-07-01)', OR_NOTICE, 'summary'),
  tiers: [
    tier(
      null,
      noticeDays,
      { added: hours(1), moved: hours(1), cut: halfOfCut },
      cite('ORS 653.455 (one hour; half pay for hours not worked)', OR_PAY, 'summary'),
    ),
  ],
  ignoreAddedUpToMinutes: 30,
  graceMinutes: null,
  rest: {
    minMinutes: 10 * HOUR,
    pay: { multiplier: 1.5, over: 'withinRest' as const },
    citation: cite(
      'ORS 653.442; OAR 839-026-0040 (paid even with consent; not split shifts within one day)',
      OAR_REST,
      'text',
    ),
  },
  goodFaithEstimate: {
    what: 'median monthly hours and on-call expectations, at hire',
    citation: cite('ORS 653.428(1)', OR_PAY, 'summary'),
  },
  coverage: {
    threshold: 'retail, hospitality or food services with 500+ employees worldwide',
    citation: cite('ORS 653.422', OR_PAY, 'summary'),
  },
  exemptions: [
    employeeRequested(cite('ORS 653.455(2)', OR_PAY, 'summary')),
    {
      name: 'Split shifts entirely within one calendar day (no rest rule)',
      modelled: 'the rest applies only between shifts of consecutive business days',
      citation: cite('OAR 839-026-0040(5)', OAR_REST, 'text'),
    },
  ],
});

export const OREGON: Pack<'oregon'> = {
  id: 'oregon',
  label: 'Oregon',
  name: 'Oregon predictive scheduling (ORS 653.412-653.485, OAR 839-026)',
  place: { level: 'state', state: 'OR' },
  scheduling: [oregonVersion('2018-07-01', '2020-07-01', 7), oregonVersion('2020-07-01', null, 14)],
  notes: [],
  pay: OREGON_PAY,
};

const CHICAGO_BACP = 'https://chicago.gov/city/en/depts/bacp/supp_info/fairworkweek.html';
const CHICAGO_SUMMARY =
  'http://webiis05.mondaq.com/unitedstates/x/830600/employee+rights+labour+relations/Chicago+Passes+Expansive+Fair+Workweek+Law';

const chicagoVersion = (effectiveFrom: string, effectiveTo: string | null, noticeDays: number) => ({
  effectiveFrom,
  effectiveTo,
  noticeDays,
  noticeCitation: cite('MCC 6-110-030 (10 days from 2020-07-01, 14 days from 2022-07-01)', CHICAGO_SUMMARY, 'summary'),
  tiers: [
    tier(
      1,
      noticeDays,
      { added: hours(1), moved: hours(1), cut: hours(1) },
      cite('MCC 6-110-040(a)(1)', CHICAGO_BACP, 'agency'),
    ),
    tier(
      null,
      1,
      { added: hours(1), moved: hours(1), cut: halfOfCut },
      cite('MCC 6-110-040(a)(2) (under 24 h: half the rate for hours not worked)', CHICAGO_SUMMARY, 'summary'),
    ),
  ],
  ignoreAddedUpToMinutes: 0,
  graceMinutes: null,
  rest: {
    minMinutes: 10 * HOUR,
    pay: { multiplier: 1.25, over: 'withinRest' as const },
    citation: cite('MCC 6-110-050 (right to rest; 1.25x)', CHICAGO_SUMMARY, 'summary'),
  },
  goodFaithEstimate: {
    what: 'days and times of work for the first 90 days',
    citation: cite('MCC 6-110-020', CHICAGO_BACP, 'agency'),
  },
  coverage: {
    threshold:
      'restaurants with 250+ employees and 30+ locations globally (100+ employees in other covered industries)',
    citation: cite('MCC 6-110-010', CHICAGO_BACP, 'agency'),
  },
  exemptions: [employeeRequested(cite('MCC 6-110-040(b)', CHICAGO_SUMMARY, 'summary'))],
});

export const CHICAGO: Pack<'chicago'> = {
  id: 'chicago',
  label: 'Chicago',
  name: 'Chicago Fair Workweek Ordinance (MCC 6-110)',
  place: { level: 'city', state: 'IL', cities: ['Chicago'] },
  scheduling: [chicagoVersion('2020-07-01', '2022-07-01', 10), chicagoVersion('2022-07-01', null, 14)],
  notes: [],
};
