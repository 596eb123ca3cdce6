/**
 * The tip-credit rows (tip-credit.ts reads them): data only. A row is federal ('US'), a state's (its
 * two-letter code), a county set's (`counties`) or a city's (`city`) within its state; dates are
 * business dates, effectiveFrom inclusive, effectiveTo exclusive (null: until the law changes);
 * figures in cents per hour. A change of the law is a new row, never an edit of an old one (the
 * open row gets its effectiveTo). Where the next figure of an indexed minimum was not found, the
 * last one read stays in force (effectiveTo null) and its comment says so: it understates the minimum
 * by the index's raise until the new row is added, where falling to the level below (the state's,
 * the federal $7.25) would understate it by far more.
 */
export interface TipCreditSource {
  section: string;
  url: string;
  checked: string;
  basis: 'text' | 'agency' | 'summary';
}

export interface TipCreditRow {
  /** 'US' (federal) or a two-letter state code (a county or city row: its state's). */
  jurisdiction: string;
  /** A county row: the counties of its state it covers. */
  counties?: readonly string[];
  /** A city row: the city of its state it covers. */
  city?: string;
  effectiveFrom: string;
  effectiveTo: string | null;
  /** false: the state forbids a tip credit (no cash wage below the minimum). */
  creditAllowed: boolean;
  /** The minimum wage the make-up is measured against, cents per hour (null where no credit is allowed). */
  minimumWage: number | null;
  /** The least cash wage an employer taking the credit pays, cents per hour (null where no credit is allowed). */
  cashWage: number | null;
  source: TipCreditSource;
}

const CHECKED = '2026-12-03';
/** The New York, Texas, Illinois, Chicago, Massachusetts and New Jersey rows were read then. */
const CHECKED_2026_12_06 = '2026-12-06';

const DOL_TIPPED: TipCreditSource = {
  section: 'U.S. DOL Wage and Hour Division, Minimum Wages for Tipped Employees (state table)',
  url: 'https://www.dol.gov/agencies/whd/state/minimum-wage/tipped',
  checked: CHECKED,
  basis: 'summary',
};

/** The states that forbid a tip credit: the employer pays the full state minimum wage in cash. */
const NO_CREDIT: Record<string, TipCreditSource> = {
  CA: {
    section: 'Cal. Labor Code 351 (no gratuity credited against wages)',
    url: 'https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=LAB&sectionNum=351',
    checked: CHECKED,
    basis: 'summary',
  },
  WA: { ...DOL_TIPPED, section: 'RCW 49.46.020 (tips not counted toward the minimum wage); DOL tipped table' },
  OR: { ...DOL_TIPPED, section: 'ORS 653.035(3) (tips not counted toward the minimum wage); DOL tipped table' },
  MN: { ...DOL_TIPPED, section: 'Minn. Stat. 177.24 subd. 2 (no tip credit); DOL tipped table' },
  NV: { ...DOL_TIPPED, section: 'Nev. Const. art. 15, sec. 16 (tips not credited); DOL tipped table' },
  MT: { ...DOL_TIPPED, section: 'Mont. Code Ann. 39-3-404 (no tip credit); DOL tipped table' },
  AK: { ...DOL_TIPPED, section: 'AS 23.10.065 (tips not credited); DOL tipped table' },
};

const FLORIDA: TipCreditSource = {
  section:
    'Fla. Const. art. X, sec. 24(c): $1.00 more each September 30 to $15.00 on 2026-09-30; tip credit fixed at the 2003 FLSA credit ($3.02)',
  url: 'https://www.flsenate.gov/Laws/Constitution#A10S24',
  checked: CHECKED,
  basis: 'summary',
};

const credit = (
  where: Pick<TipCreditRow, 'jurisdiction' | 'counties' | 'city'>,
  effectiveFrom: string,
  effectiveTo: string | null,
  minimumWage: number,
  cashWage: number,
  source: TipCreditSource,
): TipCreditRow => ({ ...where, effectiveFrom, effectiveTo, creditAllowed: true, minimumWage, cashWage, source });

const read = (section: string, url: string, basis: TipCreditSource['basis']): TipCreditSource => ({
  section,
  url,
  checked: CHECKED_2026_12_06,
  basis,
});

/**
 * New York, food service workers in the hospitality industry (12 NYCRR Part 146): the basic minimum
 * of Labor Law 652 and 146-1.2, the cash wage of 146-1.3(b) (two thirds of the minimum, to the nickel).
 * New York City's five counties, Nassau, Suffolk and Westchester share one figure (a city row for
 * New York City given without its county, a county row for the eight counties); the rest of the
 * state another (the state row). Service employees other than food service workers (a higher cash
 * wage, a tip threshold) are not modelled.
 */
const NY_DOWNSTATE = ['New York', 'Kings', 'Queens', 'Bronx', 'Richmond', 'Nassau', 'Suffolk', 'Westchester'];
const NY_SECTION =
  'NY Labor Law 652 and 12 NYCRR 146-1.2 (basic minimum); 12 NYCRR 146-1.3(b) (food service worker cash wage and tip credit)';
const NY_TIPPED = 'https://dol.ny.gov/minimum-wage-tipped-workers';
const NEW_YORK: [string, string | null, number, number, number, number, TipCreditSource][] = [
  // the DOL page: $16.00 = $10.65 + $5.35 downstate, $15.00 = $10.00 + $5.00 elsewhere, 2024-01-01 through 2024-12-31
  ['2024-01-01', '2025-01-01', 16_00, 10_65, 15_00, 10_00, read(NY_SECTION, NY_TIPPED, 'agency')],
  // $16.50 = $11.00 + $5.50 downstate, $15.50 = $10.35 + $5.15 elsewhere (a law firm's summary; rbtcpas.com agrees)
  [
    '2025-01-01',
    '2026-01-01',
    16_50,
    11_00,
    15_50,
    10_35,
    read(NY_SECTION, 'https://kesslermatura.com/blog/2025/01/2025_ny_minimum_wage_increases/', 'summary'),
  ],
  // $17.00 = $11.35 + $5.65 downstate, $16.00 = $10.70 + $5.30 elsewhere (a law firm's summary). From 2027 the
  // minimum follows the Northeast CPI-W (Labor Law 652, published by October 1): no 2027 figure was found, so
  // these rows stay in force until it is added (see the module comment).
  [
    '2026-01-01',
    null,
    17_00,
    11_35,
    16_00,
    10_70,
    read(NY_SECTION, 'https://hortonpllc.com/2019-new-york-minimum-wage', 'summary'),
  ],
];

/**
 * Chicago (Minimum Wage Ordinance, MCC ch. 6-105): the city minimum of 6-105-020(b), adjusted each
 * July 1 by the CPI (at most 2.5 %), and the gratuities allowance as the One Fair Wage ordinance
 * (Coun. J. 10-6-23) amended it: at most 32 % of the minimum from 2024-07-01, 24 % from 2025-07-01,
 * 16 % from 2026-07-01, 8 % from 2027-07-01, none from 2028-07-01 (the ordinance text). The dollar
 * figures are the city's announcements as press summaries give them. On 2026-03-18 the City Council
 * voted to freeze the tipped wage at about three quarters of the minimum (NBC Chicago, 2026-03-18,
 * read as a preview only), so the 76 % step of 2025-07-01 stays; the July 2026 CPI adjustment of the
 * city minimum was not found, so the 2025-07-01 row stays in force until it is added.
 */
const CHICAGO = read(
  'Chicago Minimum Wage Ordinance, MCC 6-105-020(b) (city minimum, CPI each July 1, at most 2.5 %); MCC ch. 6-105 gratuities allowance as amended by the One Fair Wage ordinance (Coun. J. 10-6-23, p. 3924): 32 % from 2024-07-01, 24 % from 2025-07-01',
  'https://codelibrary.amlegal.com/codes/chicago/latest/chicago_il/0-0-0-2639835',
  'summary',
);

/** Illinois (820 ILCS 105/4): the allowance for gratuities is at most 40 % of the minimum, so the cash wage is 60 %. */
const ILLINOIS = read(
  '820 ILCS 105/4(a)(1) ($14.00 from 2024-01-01, $15.00 from 2025-01-01); 105/4(c) (gratuities allowance at most 40 %: cash wage 60 % of the minimum)',
  'https://labor.illinois.gov/laws-rules/fls/minimum-wage-law',
  'summary',
);

/** New Jersey: the tip credit is fixed at $9.87 from 2024 (N.J.A.C. 12:56-3.5, the text); the minimum follows the CPI. */
const NJ_TIP_CREDIT = 9_87;
const NEW_JERSEY = read(
  'N.J.S.A. 34:11-56a4 (minimum wage, adjusted each January 1 by the CPI); N.J.A.C. 12:56-3.5 (tip credit at most $9.87 from 2024-01-01; cash wage = minimum - credit)',
  'https://casetext.com/regulation/new-jersey-administrative-code/title-12-labor-and-workforce-development/chapter-56-wage-and-hour/subchapter-3-minimum-wage-rates/section-1256-35-tipped-employees',
  'summary',
);

export const TIP_CREDIT_TABLE: readonly TipCreditRow[] = [
  {
    jurisdiction: 'US',
    effectiveFrom: '2009-07-24',
    effectiveTo: null,
    creditAllowed: true,
    minimumWage: 7_25,
    cashWage: 2_13,
    source: {
      section: '29 U.S.C. 206(a)(1)(C) ($7.25 from 2009-07-24); 29 U.S.C. 203(m)(2)(A)(i) (cash wage at least $2.13)',
      url: 'https://www.dol.gov/agencies/whd/fact-sheets/15-tipped-employees-flsa',
      checked: CHECKED,
      basis: 'agency',
    },
  },
  ...Object.entries(NO_CREDIT).map(([state, source]): TipCreditRow => ({
    jurisdiction: state,
    effectiveFrom: '2000-01-01',
    effectiveTo: null,
    creditAllowed: false,
    minimumWage: null,
    cashWage: null,
    source,
  })),
  credit({ jurisdiction: 'PA' }, '2009-07-24', null, 7_25, 2_83, {
    ...DOL_TIPPED,
    section: '43 P.S. 333.103(d) (tipped cash wage $2.83); DOL tipped table',
  }),
  ...(
    [
      ['2024-09-30', '2025-09-30', 13_00],
      ['2025-09-30', '2026-09-30', 14_00],
      ['2026-09-30', null, 15_00],
    ] as const
  ).map(([from, to, min]) => credit({ jurisdiction: 'FL' }, from, to, min, min - 3_02, FLORIDA)),
  ...NEW_YORK.flatMap(([from, to, downMin, downCash, restMin, restCash, source]) => [
    credit({ jurisdiction: 'NY', city: 'New York' }, from, to, downMin, downCash, source),
    credit({ jurisdiction: 'NY', counties: NY_DOWNSTATE }, from, to, downMin, downCash, source),
    credit({ jurisdiction: 'NY' }, from, to, restMin, restCash, source),
  ]),
  // the federal figures by reference: 62.051 pays the FLSA minimum, 62.052(a) a tipped employee as 29 U.S.C. 203(m) does
  credit(
    { jurisdiction: 'TX' },
    '2009-07-24',
    null,
    7_25,
    2_13,
    read(
      'Tex. Lab. Code 62.051 (the federal minimum wage, 29 U.S.C. 206); 62.052(a) (a tipped employee paid as 29 U.S.C. 203(m) describes)',
      'https://statutes.capitol.texas.gov/Docs/LA/htm/LA.62.htm',
      'text',
    ),
  ),
  // $14.00 x 60 % = $8.40; $15.00 x 60 % = $9.00 (no later step is scheduled)
  credit({ jurisdiction: 'IL' }, '2024-01-01', '2025-01-01', 14_00, 8_40, ILLINOIS),
  credit({ jurisdiction: 'IL' }, '2025-01-01', null, 15_00, 9_00, ILLINOIS),
  // $16.20 and $11.02 (68 %); $16.60 and $12.62 (76 %)
  credit({ jurisdiction: 'IL', city: 'Chicago' }, '2024-07-01', '2025-07-01', 16_20, 11_02, CHICAGO),
  credit({ jurisdiction: 'IL', city: 'Chicago' }, '2025-07-01', null, 16_60, 12_62, CHICAGO),
  // the last step of St. 2018, c. 121; no later one is scheduled
  credit(
    { jurisdiction: 'MA' },
    '2023-01-01',
    null,
    15_00,
    6_75,
    read(
      'M.G.L. c. 151 sec. 1 ($15.00 from 2023-01-01) and sec. 7 (service rate $6.75 for employees receiving more than $20 a month in tips)',
      'https://malegislature.gov/Laws/GeneralLaws/PartI/TitleXXI/Chapter151/Section7',
      'summary',
    ),
  ),
  // $15.13 - $9.87 = $5.26; $15.49 - $9.87 = $5.62; $15.92 - $9.87 = $6.05 (NJDOL's figure of 2025-10-01). The 2027
  // CPI figure was not found: the 2026 row stays in force. Small and seasonal employers' lower minimum is not modelled.
  ...(
    [
      ['2024-01-01', '2025-01-01', 15_13],
      ['2025-01-01', '2026-01-01', 15_49],
      ['2026-01-01', null, 15_92],
    ] as const
  ).map(([from, to, min]) => credit({ jurisdiction: 'NJ' }, from, to, min, min - NJ_TIP_CREDIT, NEW_JERSEY)),
];
