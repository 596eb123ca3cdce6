import { HOUR, type Pack } from '../types';
import { cite, employeeRequested, halfOfCut, hours, tier } from './cite';

/**
 * California's local predictive-scheduling ordinances. Read with the `search` tool on 2026-12-03:
 * where the ordinance's own text was not reachable the figure rests on the agency's page
 * ('agency') or on law-firm summaries quoting it ('summary'); docs/COMPLIANCE.md lists which.
 */

const SF_OLSE = 'https://sf.gov/information/understanding-formula-retail-employee-rights-ordinance';
const SF_SUMMARY = 'https://baa-atlas.foundagent.net/guide/fair-workweek/san-francisco';

export const SAN_FRANCISCO: Pack<'sf'> = {
  id: 'sf',
  label: 'San Francisco',
  name: 'San Francisco Formula Retail Employee Rights Ordinances (Police Code Art. 33F, 33G)',
  place: { level: 'city', state: 'CA', cities: ['San Francisco'] },
  scheduling: [
    {
      effectiveFrom: '2015-07-03',
      effectiveTo: null,
      noticeDays: 14,
      noticeCitation: cite('Police Code 3300G.4(a) (two weeks)', SF_OLSE, 'agency'),
      // OLSE: "1 to 4 hours of pay ... depending on the amount of notice and the length of the shift"
      // for changes with less than seven days' notice; the split by tier rests on summaries.
      tiers: [
        tier(
          1,
          7,
          { added: hours(1), moved: hours(1), cut: hours(1) },
          cite('Police Code 3300G.4(b)(1)', SF_OLSE, 'agency'),
        ),
        tier(
          null,
          1,
          {
            added: hours(1),
            moved: hours(1),
            cut: { kind: 'byShiftLength', shortMinutes: 4 * HOUR, hours: 2, longHours: 4 },
          },
          cite(
            'Police Code 3300G.4(b)(2) (under 24 h: 2 hours for a shift of 4 hours or less, 4 hours for a longer one)',
            SF_SUMMARY,
            'summary',
          ),
        ),
      ],
      ignoreAddedUpToMinutes: 0,
      graceMinutes: null,
      rest: null,
      goodFaithEstimate: {
        what: 'expected minimum number of scheduled shifts per month, and their days and hours, at hire',
        citation: cite('Police Code 3300G.4(a)', SF_OLSE, 'agency'),
      },
      coverage: {
        threshold:
          'formula retail (restaurants included) with 40+ establishments worldwide and 20+ employees in San Francisco',
        citation: cite('Police Code 3300G.2', SF_OLSE, 'agency'),
      },
      exemptions: [
        employeeRequested(cite('Police Code 3300G.4(c)', SF_SUMMARY, 'summary')),
        {
          name: 'Operations that cannot begin or continue (acts of God, utility failure, threats) or a co-worker who did not report',
          modelled: false,
          citation: cite('Police Code 3300G.4(c)', SF_SUMMARY, 'summary'),
        },
      ],
    },
  ],
  notes: [],
};

const LA_CHAMBER = 'https://hrwatchdog.calchamber.com/2022/12/los-angeles-citys-new-fair-work-week-ordinance/';
const LA_FAQ = 'https://jdsupra.com/legalnews/updated-the-city-of-los-angeles-fair-6090829';

export const LOS_ANGELES_CITY: Pack<'la-city'> = {
  id: 'la-city',
  label: 'Los Angeles',
  name: 'Los Angeles Fair Work Week Ordinance (LAMC 185.00 et seq.)',
  place: { level: 'city', state: 'CA', cities: ['Los Angeles'] },
  scheduling: [
    {
      effectiveFrom: '2023-04-01',
      effectiveTo: null,
      noticeDays: 14,
      noticeCitation: cite('LAMC 185.02', LA_CHAMBER, 'summary'),
      tiers: [
        tier(
          null,
          14,
          { added: hours(1), moved: hours(1), cut: halfOfCut },
          cite('LAMC 185.03 (predictability pay)', LA_CHAMBER, 'summary'),
        ),
      ],
      ignoreAddedUpToMinutes: 15,
      graceMinutes: null,
      rest: {
        minMinutes: 10 * HOUR,
        pay: { multiplier: 1.5, over: 'wholeShift' },
        citation: cite('LAMC 185.04 (10 hours; time and one-half for each shift without them)', LA_CHAMBER, 'summary'),
      },
      goodFaithEstimate: {
        what: 'work schedule estimate before hire',
        citation: cite('LAMC 185.02(A)', LA_FAQ, 'summary'),
      },
      coverage: {
        threshold: 'retail businesses (NAICS 44-45) with 300+ employees globally',
        citation: cite('LAMC 185.01', LA_FAQ, 'summary'),
      },
      exemptions: [
        employeeRequested(cite('LAMC 185.03', LA_CHAMBER, 'summary')),
        {
          name: 'Added time of 15 minutes or less',
          modelled: 'added time owes the hour only above 15 minutes',
          citation: cite('LAMC 185.03 ("additional work time that exceeds 15 minutes")', LA_CHAMBER, 'summary'),
        },
      ],
    },
  ],
  notes: [],
};

const LA_COUNTY_JL =
  'https://www.mondaq.com/unitedstates/employee-rights-labour-relations/1615472/reminder-los-angeles-county-fair-workweek-ordinance-takes-effect-in-july';
const LA_COUNTY_PASSED =
  'https://executivehrconsulting.com/our-blog/los-angeles-county-passes-retail-fair-workweek-ordinance-for-unincorporated-areas';

export const LOS_ANGELES_COUNTY: Pack<'la-county'> = {
  id: 'la-county',
  label: 'Los Angeles County (unincorporated)',
  name: 'Los Angeles County Fair Workweek Ordinance (County Code 8.203 et seq.), unincorporated areas',
  place: { level: 'county', state: 'CA', county: 'Los Angeles', unincorporatedOnly: true },
  scheduling: [
    {
      effectiveFrom: '2025-07-01',
      effectiveTo: null,
      noticeDays: 14,
      noticeCitation: cite('County Code 8.203 (advance notice)', LA_COUNTY_JL, 'summary'),
      tiers: [
        tier(
          null,
          14,
          { added: hours(1), moved: hours(1), cut: halfOfCut },
          cite('County Code 8.203 (predictability pay)', LA_COUNTY_JL, 'summary'),
        ),
      ],
      ignoreAddedUpToMinutes: 15,
      graceMinutes: null,
      rest: {
        minMinutes: 10 * HOUR,
        pay: { multiplier: 1.5, over: 'wholeShift' },
        citation: cite(
          'County Code 8.203 (work shift intervals: time and a half for the second shift)',
          LA_COUNTY_JL,
          'summary',
        ),
      },
      goodFaithEstimate: {
        what: 'written work schedule estimate before hire',
        citation: cite('County Code 8.203', LA_COUNTY_JL, 'summary'),
      },
      coverage: {
        threshold:
          'retail employers (NAICS 44-45 or mainly retail sales) with 300+ employees globally, in unincorporated areas',
        citation: cite('County Code 8.203 (definitions)', LA_COUNTY_PASSED, 'summary'),
      },
      exemptions: [
        employeeRequested(cite('County Code 8.203', LA_COUNTY_JL, 'summary')),
        {
          name: 'Added time of 15 minutes or less',
          modelled: 'added time owes the hour only above 15 minutes',
          citation: cite(
            'County Code 8.203 ("additional work time exceeding fifteen (15) minutes")',
            LA_COUNTY_JL,
            'summary',
          ),
        },
      ],
    },
  ],
  notes: [],
};

const EMERYVILLE_CODE = 'https://codepublishing.com/CA/Emeryville/html/Emeryville05/Emeryville0539.html';
const EMERYVILLE_CITY = 'https://www.emeryville.org/Services/Business/Labor-Standards/Fair-Workweek-Ordinance';
const EMERYVILLE_SUMMARY = 'https://alivelyhood.blogspot.com/2017/11/emeryvilles-fair-workweek-ordinance.html';

export const EMERYVILLE: Pack<'emeryville'> = {
  id: 'emeryville',
  label: 'Emeryville',
  name: 'Emeryville Fair Workweek Employment Standards (EMC 5-39)',
  place: { level: 'city', state: 'CA', cities: ['Emeryville'] },
  scheduling: [
    {
      effectiveFrom: '2017-07-01',
      effectiveTo: null,
      noticeDays: 14,
      noticeCitation: cite('EMC 5-39.03', EMERYVILLE_CODE, 'text'),
      tiers: [
        tier(
          1,
          14,
          { added: hours(1), moved: hours(1), cut: hours(1) },
          cite('EMC 5-39.04(c)(1)', EMERYVILLE_SUMMARY, 'summary'),
        ),
        tier(
          null,
          1,
          { added: hours(1), moved: hours(1), cut: hours(4) },
          cite('EMC 5-39.04(c)(2) (under 24 h: four hours for hours cut)', EMERYVILLE_SUMMARY, 'summary'),
        ),
      ],
      ignoreAddedUpToMinutes: 0,
      graceMinutes: null,
      rest: {
        minMinutes: 11 * HOUR,
        pay: { multiplier: 1.5, over: 'withinRest' },
        citation: cite('EMC 5-39.06 (right to rest: 11 hours, 1.5x when worked)', EMERYVILLE_SUMMARY, 'summary'),
      },
      goodFaithEstimate: {
        what: 'expected work schedule, in writing, before the first day',
        citation: cite('EMC 5-39.03(a)', EMERYVILLE_CODE, 'text'),
      },
      coverage: {
        threshold: 'fast food firms with 56+ employees globally and 20+ in Emeryville (retail: 56+ globally)',
        citation: cite('EMC 5-39.02', EMERYVILLE_CITY, 'agency'),
      },
      exemptions: [
        employeeRequested(cite('EMC 5-39.04(d)', EMERYVILLE_CODE, 'text')),
        {
          name: 'Operations that cannot begin or continue (EMC 5-39.04(d)(1), (d)(3))',
          modelled: false,
          citation: cite('EMC 5-39.04(d)', 'https://www.ci.emeryville.ca.us/1136/Fair-Workweek-Ordinance', 'agency'),
        },
      ],
    },
  ],
  notes: [],
};

const BERKELEY_FAQ = 'https://hrwatchdog.calchamber.com/2024/01/berkeley-issues-fair-workweek-guidance';
const BERKELEY_COUNCIL =
  'https://kateharrison.city/news/the-fair-work-week-ordinance-goes-into-effect-balancing-lives-not-just-shifts/';
const BERKELEY_SUMMARY = 'https://kellergrover.com/?p=4587';

export const BERKELEY: Pack<'berkeley'> = {
  id: 'berkeley',
  label: 'Berkeley',
  name: 'Berkeley Fair Workweek Employment Standards (BMC 13.102)',
  place: { level: 'city', state: 'CA', cities: ['Berkeley'] },
  scheduling: [
    {
      effectiveFrom: '2024-01-12',
      effectiveTo: null,
      noticeDays: 14,
      noticeCitation: cite('BMC 13.102.040', BERKELEY_SUMMARY, 'summary'),
      // "1-4 hours of predictability pay ... less than two weeks or 24 hours before a given shift"
      tiers: [
        tier(
          1,
          14,
          { added: hours(1), moved: hours(1), cut: hours(1) },
          cite('BMC 13.102.050', BERKELEY_SUMMARY, 'summary'),
        ),
        tier(
          null,
          1,
          { added: hours(1), moved: hours(1), cut: hours(4) },
          cite('BMC 13.102.050 (under 24 h: four hours for hours cut)', BERKELEY_COUNCIL, 'summary'),
        ),
      ],
      ignoreAddedUpToMinutes: 0,
      graceMinutes: null,
      rest: {
        minMinutes: 11 * HOUR,
        pay: { multiplier: 1.5, over: 'withinRest' },
        citation: cite(
          "BMC 13.102.070 (clopening: less than 11 hours after the previous day's shift)",
          BERKELEY_COUNCIL,
          'summary',
        ),
      },
      goodFaithEstimate: {
        what: 'written estimate of the work schedule, at hire and to current employees',
        citation: cite('BMC 13.102.040', BERKELEY_FAQ, 'summary'),
      },
      coverage: {
        threshold: 'restaurants with 100+ employees globally and 10+ in Berkeley (franchise networks aggregated)',
        citation: cite('BMC 13.102.030', BERKELEY_FAQ, 'summary'),
      },
      exemptions: [
        employeeRequested(cite('BMC 13.102.050', BERKELEY_SUMMARY, 'summary')),
        {
          name: 'Employees paid a salary of at least twice the Berkeley minimum wage for 40 hours',
          modelled: false,
          citation: cite('BMC 13.102.020 (FAQ)', BERKELEY_FAQ, 'summary'),
        },
      ],
    },
  ],
  notes: [],
};
