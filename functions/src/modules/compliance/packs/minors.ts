import { HOUR, type MinimumAge, type MinorRuleSet, type MinorWindow } from '../types';
import { cite } from './cite';

/**
 * The hours minors may work, as data: federal child-labor rules for 14- and 15-year-olds
 * (29 CFR 570.35) and the minimum age of 14, and the state rules of California (Labor Code 1391)
 * and New York (Labor Law 142, 143). Every law in force for the minor's age applies at once, each
 * judged on its own, so the strictest figure of each kind decides. Figures in minutes; times in
 * minutes from the local midnight of the shift's date.
 */

const ECFR_570 = 'https://www.ecfr.gov/current/title-29/subtitle-B/chapter-V/subchapter-A/part-570';
const CA_1391 = 'https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=LAB&sectionNum=1391.';
const NY_142 = 'https://www.nysenate.gov/legislation/laws/LAB/142';
const NY_143 = 'https://www.nysenate.gov/legislation/laws/LAB/143';
const NY_DOL = 'https://dol.ny.gov/hours-work-minors';

const window = (earliest: number, latest: number, extra: Partial<MinorWindow> = {}): MinorWindow => ({
  earliest,
  latest,
  latestBeforeNonSchoolDay: null,
  summer: null,
  ...extra,
});

/** 29 CFR 570.2(a), 570.119: 14 is the least age for work outside agriculture (restaurants included). */
export const FEDERAL_MINIMUM_AGE: MinimumAge[] = [
  {
    age: 14,
    effectiveFrom: '1938-10-24',
    effectiveTo: null,
    citation: cite('29 U.S.C. 203(l); 29 CFR 570.2(a), 570.119', `${ECFR_570}/subpart-A/section-570.2`, 'text'),
  },
];

/** 7 a.m. to 7 p.m., 9 p.m. from June 1 through Labor Day: 29 CFR 570.35(a)(6). */
const FEDERAL_WINDOW = window(7 * HOUR, 19 * HOUR, { summer: { from: '06-01', latest: 21 * HOUR } });

export const FEDERAL_MINORS: MinorRuleSet[] = [
  {
    id: 'us-federal-14-15',
    ages: { from: 14, to: 15 },
    // the hours standards as amended by the 2010 final rule (75 FR 28404: "including Fridays")
    effectiveFrom: '2010-07-19',
    effectiveTo: null,
    // 570.35(a)(3), (5): 18 hours in a school week, 3 hours on a school day
    schoolWeek: {
      schoolDay: 3 * HOUR,
      schoolDayBeforeSchoolDay: null,
      nonSchoolDay: 8 * HOUR,
      weekMinutes: 18 * HOUR,
      window: FEDERAL_WINDOW,
    },
    // 570.35(a)(2), (4): 40 hours in a week without school, 8 hours on a day without school
    otherWeek: { dayMinutes: 8 * HOUR, weekMinutes: 40 * HOUR, window: FEDERAL_WINDOW },
    daysPerWeek: null,
    outsideSchoolHours: true,
    citations: {
      hours: cite('29 CFR 570.35(a)(2)-(5)', `${ECFR_570}/subpart-C/section-570.35`, 'text'),
      window: cite('29 CFR 570.35(a)(6)', `${ECFR_570}/subpart-C/section-570.35`, 'text'),
      days: null,
      schoolHours: cite('29 CFR 570.35(a)(1), (b)', `${ECFR_570}/subpart-C/section-570.35`, 'text'),
    },
    notModelled: [
      'Work-experience and career exploration programs (29 CFR 570.36: up to 23 hours in a school week, some during school hours)',
      'Sports-attending services at professional sporting events (29 CFR 570.35(c))',
      "The school district's own calendar and hours: the company's school calendar stands in for them",
      'Occupations prohibited to minors (cooking, power-driven machines; 29 CFR 570.33-570.34, 570.50-570.68)',
    ],
  },
];

export const CALIFORNIA_MINORS: MinorRuleSet[] = [
  {
    id: 'us-ca-14-15',
    ages: { from: 14, to: 15 },
    effectiveFrom: '2000-01-01',
    effectiveTo: null,
    // 1391(a)(2): while school is in session, 3 hours on a schoolday and 18 hours a week
    schoolWeek: {
      schoolDay: 3 * HOUR,
      schoolDayBeforeSchoolDay: null,
      nonSchoolDay: 8 * HOUR,
      weekMinutes: 18 * HOUR,
      window: window(7 * HOUR, 19 * HOUR, { summer: { from: '06-01', latest: 21 * HOUR } }),
    },
    // 1391(a)(1): 8 hours a day, 40 a week, 7 a.m. to 7 p.m. (9 p.m. June 1 through Labor Day)
    otherWeek: {
      dayMinutes: 8 * HOUR,
      weekMinutes: 40 * HOUR,
      window: window(7 * HOUR, 19 * HOUR, { summer: { from: '06-01', latest: 21 * HOUR } }),
    },
    daysPerWeek: null,
    outsideSchoolHours: true,
    citations: {
      hours: cite('Labor Code 1391(a)(1), (a)(2)', CA_1391, 'text'),
      window: cite('Labor Code 1391(a)(1)', CA_1391, 'text'),
      days: null,
      schoolHours: cite('Labor Code 1391(a)(2)', CA_1391, 'text'),
    },
    notModelled: [
      'School-supervised work experience and career exploration programs (1391(a)(2): 23 hours)',
      "A schoolday is one the minor must attend for 240 minutes or more (1391(b)): the company's school calendar marks them",
    ],
  },
  {
    id: 'us-ca-16-17',
    ages: { from: 16, to: 17 },
    effectiveFrom: '2000-01-01',
    effectiveTo: null,
    // 1391(a)(4): while school is in session, 4 hours on a schoolday
    schoolWeek: {
      schoolDay: 4 * HOUR,
      schoolDayBeforeSchoolDay: null,
      nonSchoolDay: 8 * HOUR,
      weekMinutes: 48 * HOUR,
      window: window(5 * HOUR, 22 * HOUR, { latestBeforeNonSchoolDay: 24 * HOUR + 30 }),
    },
    // 1391(a)(3): 8 hours a day, 48 a week, 5 a.m. to 10 p.m., 12:30 a.m. on an evening before a nonschoolday
    otherWeek: {
      dayMinutes: 8 * HOUR,
      weekMinutes: 48 * HOUR,
      window: window(5 * HOUR, 22 * HOUR, { latestBeforeNonSchoolDay: 24 * HOUR + 30 }),
    },
    daysPerWeek: null,
    outsideSchoolHours: false,
    citations: {
      hours: cite('Labor Code 1391(a)(3), (a)(4)', CA_1391, 'text'),
      window: cite('Labor Code 1391(a)(3)', CA_1391, 'text'),
      days: null,
      schoolHours: null,
    },
    notModelled: [
      'Personal attendants, work experience and cooperative education students, and minors with a permit under Education Code 49112(c) (1391(a)(4)(A), (B))',
      'Work experience students until 12:30 a.m. on any day (Labor Code 1391.1)',
      'Minors who completed high school work as adults (Labor Code 1391.2)',
    ],
  },
];

export const NEW_YORK_MINORS: MinorRuleSet[] = [
  {
    id: 'us-ny-14-15',
    ages: { from: 14, to: 15 },
    effectiveFrom: '2000-01-01',
    effectiveTo: null,
    // 142(1): 3 hours on a school day, 8 on a day without school, 18 a week, 6 days, 7 a.m. to 7 p.m.
    schoolWeek: {
      schoolDay: 3 * HOUR,
      schoolDayBeforeSchoolDay: null,
      nonSchoolDay: 8 * HOUR,
      weekMinutes: 18 * HOUR,
      window: window(7 * HOUR, 19 * HOUR),
    },
    // 142(2): 8 hours a day, 40 a week, 6 days, 7 a.m. to 7 p.m. (9 p.m. June 21 to Labor Day)
    otherWeek: {
      dayMinutes: 8 * HOUR,
      weekMinutes: 40 * HOUR,
      window: window(7 * HOUR, 19 * HOUR, { summer: { from: '06-21', latest: 21 * HOUR } }),
    },
    daysPerWeek: 6,
    outsideSchoolHours: true,
    citations: {
      hours: cite('N.Y. Labor Law 142(1)(a)-(c), (2)(a), (2)(c)', NY_142, 'text'),
      window: cite('N.Y. Labor Law 142(1)(e), (2)(d)', NY_142, 'text'),
      days: cite('N.Y. Labor Law 142(1)(d), (2)(b)', NY_142, 'text'),
      schoolHours: cite(
        'N.Y. DOL, Hours of Work for Minors ("minors of any age may not work during school hours")',
        NY_DOL,
        'agency',
      ),
    },
    notModelled: [
      'Supervised work study programs (142(3): 23 hours a week)',
      'Camp counselors in June, July and August (142(2)(d)(ii))',
      'A week without school is one in which school is closed the whole week: a company week holding any school day is a school week here',
    ],
  },
  {
    id: 'us-ny-16-17',
    ages: { from: 16, to: 17 },
    effectiveFrom: '2000-01-01',
    effectiveTo: null,
    // 143(1): 4 hours on a day preceding a school day (not Sunday or a holiday), 8 on Friday,
    // Saturday, Sunday or a holiday, 28 a week, 6 days, 6 a.m. to 10 p.m.
    schoolWeek: {
      schoolDay: 8 * HOUR,
      schoolDayBeforeSchoolDay: 4 * HOUR,
      nonSchoolDay: 8 * HOUR,
      weekMinutes: 28 * HOUR,
      window: window(6 * HOUR, 22 * HOUR),
    },
    // 143(2): 8 hours a day, 48 a week, 6 days, 6 a.m. to midnight
    otherWeek: { dayMinutes: 8 * HOUR, weekMinutes: 48 * HOUR, window: window(6 * HOUR, 24 * HOUR) },
    daysPerWeek: 6,
    outsideSchoolHours: true,
    citations: {
      hours: cite('N.Y. Labor Law 143(1)(a)-(c), (2)', NY_143, 'text'),
      window: cite('N.Y. Labor Law 143(1)(e)-(g), (2)', NY_143, 'text'),
      days: cite('N.Y. Labor Law 143(1)(d), (2)', NY_143, 'text'),
      schoolHours: cite(
        'N.Y. DOL, Hours of Work for Minors ("minors of any age may not work during school hours")',
        NY_DOL,
        'agency',
      ),
    },
    notModelled: [
      "Work until midnight with the parent's written consent (and, before a school day, the school's certificate of satisfactory standing) (143(1)(e), (f)): the schedule keeps 10 p.m.",
      'Cooperative work experience programs (143(1)(a)(ii): 6 hours)',
      'Minors not enrolled in a daytime school',
    ],
  },
];
