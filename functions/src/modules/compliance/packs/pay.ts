import type { Citation, PayRule, RestPremium } from '../types';
import { cite } from './cite';

/**
 * Pay rules by place (types.ts: PayRule): California's split-shift, reporting-time and rest-period
 * premiums and minimum wage, New York's spread-of-hours pay and minimum wage, and the rest-break
 * rules of Washington, Oregon and Colorado. Read on 2026-12-03 with the `search` tool; each
 * figure's basis says whether the law's own text, the agency or secondary summaries confirmed it.
 */

const WAGE_ORDER_5 = 'https://www.dir.ca.gov/iwc/IWCArticle5.pdf';
const CA_MIN_WAGE = 'https://www.dir.ca.gov/dlse/faq_minimumwage.htm';
const CA_226_7 = 'https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=LAB&sectionNum=226.7.';
const CA_SPLIT_FAQ = 'https://www.dir.ca.gov/dlse/faq_splitshift.htm';
const NY_146 = 'https://lmjcpas.com/blog/little-known-nys-employment-rule-affects-hospitality-industry';
const NY_MIN_WAGE = 'https://dol.ny.gov/minimum-wage-0';
const NY_146_1_5 =
  'https://d1tvxue8o4w0fl.cloudfront.net/regulation/new-york-codes-rules-and-regulations/title-12-department-of-labor/chapter-ii-division-of-labor-standards/subchapter-b-minimum-wage-orders/part-146-hospitality-industry/subpart-146-1-minimum-wage-rates/section-146-15-call-in-pay';
const WA_REST = 'https://app.leg.wa.gov/wac/default.aspx?cite=296-126-092';
const OR_REST = 'https://oregon.public.law/rules/oar_839-020-0050';
const CO_COMPS = 'https://regulations.justia.com/states/colorado/1100/1101-d-1/rule-7-ccr-1103-1/rule-7-ccr-1103-1-5/';

/**
 * A paid 10-minute rest-break rule in force from `effectiveFrom`: `from[n]` is the least minutes
 * worked in a day from which n + 1 rests are required (the step table), `premium` what a missed
 * one owes.
 */
const restRule = (
  from: readonly number[],
  premium: RestPremium,
  effectiveFrom: string,
  summary: string,
  citation: Citation,
): PayRule => ({
  rule: 'restBreak',
  minBreakMinutes: 10,
  required: from.map((atLeastMinutes, n) => ({ atLeastMinutes, breaks: n + 1 })),
  premium,
  effectiveFrom,
  effectiveTo: null,
  summary,
  citation,
});

const caMinimumWage = (effectiveFrom: string, effectiveTo: string | null, hourlyMinor: number): PayRule => ({
  rule: 'minimumWage',
  hourlyMinor,
  effectiveFrom,
  effectiveTo,
  summary: `California minimum wage $${(hourlyMinor / 100).toFixed(2)} an hour (the state's; local minimum wages are not modelled)`,
  citation: cite('Labor Code 1182.12; Department of Finance annual adjustment', CA_MIN_WAGE, 'summary'),
});

export const CALIFORNIA_PAY: readonly PayRule[] = [
  caMinimumWage('2024-01-01', '2025-01-01', 16_00),
  caMinimumWage('2025-01-01', '2026-01-01', 16_50),
  caMinimumWage('2026-01-01', null, 16_90),
  {
    rule: 'splitShift',
    // a bona fide meal period is not a split: an unpaid gap of more than an hour is (the Labor Commissioner's reading)
    minGapMinutes: 60,
    premiumHours: 1,
    effectiveFrom: '2001-01-01',
    effectiveTo: null,
    summary:
      'a workday with an unpaid gap of more than an hour owes one hour at the minimum wage, less what its wages paid above the minimum wage for the hours worked',
    citation: cite(
      'IWC Wage Order 5-2001 §2(Q), §4(C) (8 CCR 11050); Labor Commissioner split-shift FAQ',
      CA_SPLIT_FAQ,
      'summary',
    ),
  },
  {
    rule: 'reportingTime',
    fraction: 0.5,
    minHours: 2,
    maxHours: 4,
    effectiveFrom: '2001-01-01',
    effectiveTo: null,
    summary:
      'reporting for a scheduled shift and working less than half of it owes pay for half the scheduled time, at least 2 hours and at most 4, at the regular rate',
    citation: cite('IWC Wage Order 5-2001 §5(A) (8 CCR 11050)', WAGE_ORDER_5, 'summary'),
  },
  restRule(
    [210, 361, 601, 841],
    { kind: 'hoursPerDay', hours: 1 },
    '2001-01-01',
    'a net 10-minute paid rest per 4 hours or major fraction (from 3.5 hours worked; 2 past 6, 3 past 10); a workday missing one owes one hour at the regular rate',
    cite('IWC Wage Order 5-2001 §12; Labor Code 226.7(c); Brinker (2012) 53 Cal.4th 1004', CA_226_7, 'summary'),
  ),
];

/** New York City's five counties, Long Island and Westchester: the higher minimum wage. */
const NY_DOWNSTATE = ['New York', 'Kings', 'Queens', 'Bronx', 'Richmond', 'Nassau', 'Suffolk', 'Westchester'];

const nyMinimumWage = (
  effectiveFrom: string,
  effectiveTo: string | null,
  downstate: number,
  upstate: number,
): PayRule[] => [
  {
    rule: 'minimumWage',
    hourlyMinor: downstate,
    counties: NY_DOWNSTATE,
    cities: ['New York'],
    effectiveFrom,
    effectiveTo,
    summary: `New York City, Long Island and Westchester basic minimum hourly rate $${(downstate / 100).toFixed(2)}`,
    citation: cite('Labor Law 652; 12 NYCRR 146-1.2', NY_MIN_WAGE, 'agency'),
  },
  {
    rule: 'minimumWage',
    hourlyMinor: upstate,
    effectiveFrom,
    effectiveTo,
    summary: `New York (rest of the state) basic minimum hourly rate $${(upstate / 100).toFixed(2)}`,
    citation: cite('Labor Law 652; 12 NYCRR 146-1.2', NY_MIN_WAGE, 'agency'),
  },
];

export const NEW_YORK_PAY: readonly PayRule[] = [
  ...nyMinimumWage('2024-01-01', '2025-01-01', 16_00, 15_00),
  ...nyMinimumWage('2025-01-01', '2026-01-01', 16_50, 15_50),
  ...nyMinimumWage('2026-01-01', null, 17_00, 16_00),
  {
    rule: 'spreadOfHours',
    overMinutes: 600,
    premiumHours: 1,
    effectiveFrom: '2011-01-01',
    effectiveTo: null,
    summary:
      'a workday whose first start to last end exceeds 10 hours owes one hour at the basic minimum hourly rate, in restaurants whatever the regular rate',
    citation: cite('12 NYCRR 146-1.6(a), (d)', NY_146, 'summary'),
  },
  {
    rule: 'callIn',
    // (a)(1)-(3): at least 3 hours for one shift, 6 for two shifts totalling 6 hours or less, 8 for three totalling 8 or less
    minimumHours: [3, 6, 8],
    // the text as amended by the State Register of 2016-12-28, in force 2016-12-31; the earlier text is not modelled
    effectiveFrom: '2016-12-31',
    effectiveTo: null,
    summary:
      'reporting for duty on a day owes pay for at least 3 hours for one shift, 6 for two, 8 for three: the balance not worked at the basic minimum hourly rate (not time worked; the regularly scheduled shift, when shorter, is not modelled)',
    citation: cite('12 NYCRR 146-1.5(a), (b)', NY_146_1_5, 'text', '2026-12-04'),
  },
];

export const WASHINGTON_PAY: readonly PayRule[] = [
  restRule(
    // "for each four hours of working time" and "no employee shall be required to work more than three hours without a rest period"
    [181, 361, 541, 721],
    { kind: 'minutesPerMissed', minutes: 10 },
    '1976-01-01',
    'a paid 10-minute rest per 4 hours worked, none more than 3 hours apart; a missed rest is paid as 10 more minutes at the regular rate',
    cite('WAC 296-126-092(4); Wingert v. Yellow Freight (2002) 146 Wn.2d 841', WA_REST, 'summary'),
  ),
];

export const OREGON_PAY: readonly PayRule[] = [
  restRule(
    [120, 360, 601, 840],
    // Oregon names no premium: a rest not taken was worked and paid; the violation is the state's to penalise
    null,
    '2011-01-01',
    'a paid 10-minute rest per 4-hour segment (Appendix A); no premium is owed for a missed one',
    cite('OAR 839-020-0050(6), Appendix A', OR_REST, 'summary'),
  ),
];

export const COLORADO_PAY: readonly PayRule[] = [
  restRule(
    [121, 361, 601, 841, 1081],
    // "if an employee is not authorized and permitted a required rest period, then extra work has been performed": 10 minutes more pay
    { kind: 'minutesPerMissed', minutes: 10 },
    '2020-03-16',
    'a compensated 10-minute rest per 4 hours or major fraction (over 2 hours: 1; over 6: 2 ...); a rest not authorised and permitted is 10 more minutes of pay',
    cite(
      'COMPS Order Rule 5.2 (7 CCR 1103-1; the table read in Order #38 text, carried into #39); Rule 5.2.4 (the 10 minutes owed, from summaries such as blr.com)',
      CO_COMPS,
      'text',
    ),
  ),
];
