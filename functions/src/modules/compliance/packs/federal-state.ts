import type { Pack } from '../types';
import { cite } from './cite';
import { CALIFORNIA_PAY, COLORADO_PAY, NEW_YORK_PAY, WASHINGTON_PAY } from './pay';
import { CALIFORNIA_MINORS, FEDERAL_MINIMUM_AGE, FEDERAL_MINORS, NEW_YORK_MINORS } from './minors';

/**
 * The federal and state layers. Their pay rules are applied by payroll (its overtime rule set and
 * meal periods, where their figures and citations live); they are listed here so that GET
 * /compliance/rules shows every layer that applies. Oregon's predictive scheduling is a state pack
 * (existing.ts).
 */

const ECFR_778 =
  'https://www.ecfr.gov/current/title-29/subtitle-B/chapter-V/subchapter-B/part-778/subpart-C/section-778.115';
const CA_512 = 'https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=LAB&sectionNum=512.';

export const FEDERAL: Pack<'us-federal'> = {
  id: 'us-federal',
  label: 'United States (federal)',
  name: 'Fair Labor Standards Act',
  place: { level: 'federal' },
  scheduling: [],
  notes: [
    {
      rule: 'overtime',
      summary: 'hours past 40 in a workweek at 1.5x the regular rate (payroll overtime rule set `flsa`)',
      appliedBy: 'payroll',
      effectiveFrom: '1938-10-24',
      effectiveTo: null,
      citation: cite('29 U.S.C. 207(a)(1); 29 CFR 778.115', ECFR_778, 'text', '2026-12-02'),
    },
  ],
  minors: FEDERAL_MINORS,
  minimumAge: FEDERAL_MINIMUM_AGE,
};

/** A state's pack without predictive scheduling (Oregon's has it: existing.ts): its pay rules, minors' hours and notes. */
const statePack = <Id extends string>(
  id: Id,
  state: string,
  label: string,
  name: string,
  rules: Pick<Pack, 'pay' | 'minors'> & { notes?: Pack['notes'] },
): Pack<Id> => ({
  id,
  label,
  name,
  place: { level: 'state', state },
  scheduling: [],
  notes: rules.notes ?? [],
  ...(rules.pay ? { pay: rules.pay } : {}),
  ...(rules.minors ? { minors: rules.minors } : {}),
});

export const CALIFORNIA = statePack('us-ca', 'CA', 'California', 'California Labor Code and IWC wage orders', {
  pay: CALIFORNIA_PAY,
  minors: CALIFORNIA_MINORS,
  notes: [
    {
      rule: 'overtime',
      summary:
        'daily overtime past 8 hours, double time past 12, seventh-day rules (payroll overtime rule set `california`)',
      appliedBy: 'payroll',
      effectiveFrom: '2000-01-01',
      effectiveTo: null,
      citation: cite('Labor Code 510', CA_512, 'text', '2026-12-02'),
    },
    {
      rule: 'mealPeriod',
      summary:
        'a 30-minute meal period past 5 hours and a second past 10; one hour of pay for each workday one is missed',
      appliedBy: 'payroll',
      effectiveFrom: '2000-01-01',
      effectiveTo: null,
      citation: cite('Labor Code 512(a), 226.7(c)', CA_512, 'text', '2026-12-02'),
    },
  ],
});

/** New York State: its minors' hours (Labor Law 142, 143) and pay rules (pay.ts); New York City's fair workweek is a city pack (existing.ts). */
export const NEW_YORK = statePack(
  'us-ny',
  'NY',
  'New York State',
  'New York Labor Law and the Hospitality Industry Wage Order (12 NYCRR 146)',
  { minors: NEW_YORK_MINORS, pay: NEW_YORK_PAY },
);

export const WASHINGTON = statePack('us-wa', 'WA', 'Washington', 'Washington Minimum Wage Act rules (WAC 296-126)', {
  pay: WASHINGTON_PAY,
});

export const COLORADO = statePack(
  'us-co',
  'CO',
  'Colorado',
  'Colorado Overtime and Minimum Pay Standards (COMPS) Order',
  { pay: COLORADO_PAY },
);
