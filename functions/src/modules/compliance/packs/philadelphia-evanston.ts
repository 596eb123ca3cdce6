import { HOUR, type Pack, type SchedulingVersion } from '../types';
import { cite, employeeRequested, halfOfCut, hours, tier } from './cite';

/** Philadelphia and Evanston. Read with the `search` tool on 2026-12-03 (bases as in california.ts). */

const PHILA_VIOLATIONS =
  'https://www.phila.gov/services/working-jobs/worker-protections/wage-protections/report-a-fair-workweek-violation/';
const PHILA_2020 = 'https://www.phila.gov/2020-04-21-fair-workweek-during-the-covid-19-pandemic/';
const PHILA_2021 =
  'https://www.phila.gov/2021-03-01-philadelphia-department-of-labor-announces-90-day-notice-for-fair-workweek-predictability-pay/';
const PHILA_RIGHTS = 'https://www.phillyworkersrights.org/fair-workweek/';

const philadelphia = (effectiveFrom: string, effectiveTo: string | null, noticeDays: number): SchedulingVersion => ({
  effectiveFrom,
  effectiveTo,
  noticeDays,
  // The agency wrote of a 10-day notice in April 2020 and of 14 days from 2021; the switch on 2021-01-01 is 9-4602(3)'s.
  noticeCitation: cite('Phila. Code 9-4602(3)', noticeDays === 10 ? PHILA_2020 : PHILA_2021, 'agency'),
  tiers: [
    tier(
      null,
      noticeDays,
      { added: hours(1), moved: hours(1), cut: halfOfCut },
      cite('Phila. Code 9-4603(3) (predictability pay)', PHILA_RIGHTS, 'summary'),
    ),
  ],
  ignoreAddedUpToMinutes: 0,
  graceMinutes: null,
  rest: {
    minMinutes: 9 * HOUR,
    pay: { amountMinor: 40_00 },
    citation: cite('Phila. Code 9-4604 (nine hours of rest, or consent and $40)', PHILA_VIOLATIONS, 'agency'),
  },
  goodFaithEstimate: {
    what: 'average weekly hours over a typical 90 days, on-call expectations, and the days and times of work',
    citation: cite('Phila. Code 9-4602(1)', PHILA_RIGHTS, 'summary'),
  },
  coverage: {
    threshold:
      'retail, hospitality or food services with 250+ employees and 30+ locations worldwide (chains and franchises aggregated)',
    citation: cite('Phila. Code 9-4601', PHILA_VIOLATIONS, 'agency'),
  },
  exemptions: [
    employeeRequested(cite('Phila. Code 9-4603(4)', PHILA_RIGHTS, 'summary')),
    {
      name: 'Predictability pay not enforced from 2020-04-01 to 2021-05-31 (COVID-19); the law still owed it',
      modelled: false,
      citation: cite('Office of Worker Protections notice, 2021-03-01', PHILA_2021, 'agency'),
    },
  ],
});

export const PHILADELPHIA: Pack<'philadelphia'> = {
  id: 'philadelphia',
  label: 'Philadelphia',
  name: 'Philadelphia Fair Workweek Employment Standards (Phila. Code 9-4600)',
  place: { level: 'city', state: 'PA', cities: ['Philadelphia'] },
  scheduling: [philadelphia('2020-04-01', '2021-01-01', 10), philadelphia('2021-01-01', null, 14)],
  notes: [],
};

const EVANSTON_CITY =
  'https://cityofevanston.org/departments/city_managers_office/economic_development/fair_workweek.php';
const EVANSTON_TEXT =
  'https://doccenter.cityofevanston.org/WebLink/DocView.aspx?dbid=0&id=134025&repo=Other-City-Departments';
const EVANSTON_PAY =
  'https://workforcebulletin.com/small-city-big-ideas-predictive-scheduling-comes-to-evanston-il-with-new-pay-mandates';
const EVANSTON_REST = 'https://evanstonnow.com/mayor-seeks-fair-workweek-ordinance/';

export const EVANSTON: Pack<'evanston'> = {
  id: 'evanston',
  label: 'Evanston',
  name: 'Evanston Fair Workweek Ordinance (City Code 3-34, Ordinance 24-O-23)',
  place: { level: 'city', state: 'IL', cities: ['Evanston'] },
  scheduling: [
    {
      // first set for 2023-09-01; the Council moved it to 2024-01-01 before it applied
      effectiveFrom: '2024-01-01',
      effectiveTo: null,
      noticeDays: 14,
      noticeCitation: cite('City Code 3-34-3', EVANSTON_CITY, 'agency'),
      tiers: [
        tier(
          1,
          14,
          { added: hours(1), moved: hours(1), cut: hours(1) },
          cite('City Code 3-34-4 (one hour per modified shift, cancellations included)', EVANSTON_PAY, 'summary'),
        ),
        // under 24 hours the summary is cut short; Chicago's structure (the model of 24-O-23) is assumed
        tier(
          null,
          1,
          { added: hours(1), moved: hours(1), cut: halfOfCut },
          cite('City Code 3-34-4 (under 24 h)', EVANSTON_TEXT, 'summary'),
        ),
      ],
      ignoreAddedUpToMinutes: 0,
      graceMinutes: null,
      rest: {
        minMinutes: 11 * HOUR,
        pay: { multiplier: 1.5, over: 'withinRest' },
        citation: cite('City Code 3-34-6 (11 hours; time and a half)', EVANSTON_REST, 'summary'),
      },
      goodFaithEstimate: {
        what: 'projected days and hours for the first 90 days of employment',
        citation: cite('City Code 3-34-3', EVANSTON_PAY, 'summary'),
      },
      coverage: {
        threshold: 'food service and restaurants with 30+ locations and 200+ employees globally',
        citation: cite('City Code 3-34-2', EVANSTON_CITY, 'agency'),
      },
      exemptions: [
        employeeRequested(cite('City Code 3-34-4', EVANSTON_CITY, 'agency')),
        {
          name: 'Restaurants with three or fewer locations in the city under one owner and a sole franchise',
          modelled: 'a coverage question: the company attests coverage',
          citation: cite(
            'City Code 3-34-2',
            'https://natlawreview.com/article/evanston-illinois-extends-schedule-protection-rights-to-hourly-workers',
            'summary',
          ),
        },
      ],
    },
  ],
  notes: [],
};
