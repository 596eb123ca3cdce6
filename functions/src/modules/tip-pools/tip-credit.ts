/**
 * The tip credit, as dated tables: pure, no I/O.
 *
 * Under the FLSA an employer may pay a tipped employee a cash wage below the minimum wage and count
 * the employee's tips for the rest (the "tip credit"), as long as cash wage + tips reach the
 * minimum wage for every hour of the workweek; where they do not, the employer owes the difference
 * (the make-up). Some states forbid the credit (the cash wage is the full state minimum wage);
 * others set their own cash wage. Each row has its dates (effectiveFrom inclusive, effectiveTo
 * exclusive, business dates), so a change of the law is a new row, never an edit of an old one.
 * A state absent from the table follows the federal row (its own higher minimum wage, if any, is
 * not modelled here: say so in docs/TIPS.md).
 *
 * Figures in cents per hour.
 */

export interface TipCreditSource {
  section: string;
  url: string;
  checked: string;
  basis: 'text' | 'agency' | 'summary';
}

export interface TipCreditRow {
  /** 'US' (federal) or a two-letter state code. */
  jurisdiction: string;
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
  {
    jurisdiction: 'PA',
    effectiveFrom: '2009-07-24',
    effectiveTo: null,
    creditAllowed: true,
    minimumWage: 7_25,
    cashWage: 2_83,
    source: { ...DOL_TIPPED, section: '43 P.S. 333.103(d) (tipped cash wage $2.83); DOL tipped table' },
  },
  ...[
    ['2024-09-30', '2025-09-30', 13_00],
    ['2025-09-30', '2026-09-30', 14_00],
    ['2026-09-30', null, 15_00],
  ].map(([from, to, min]): TipCreditRow => ({
    jurisdiction: 'FL',
    effectiveFrom: from as string,
    effectiveTo: to as string | null,
    creditAllowed: true,
    minimumWage: min as number,
    cashWage: (min as number) - 3_02,
    source: FLORIDA,
  })),
];

/** The row in force on a business date for a state (null: no state given), the federal one where the state has none. */
export function tipCreditOn(state: string | null, date: string): TipCreditRow {
  const inForce = (r: TipCreditRow) => r.effectiveFrom <= date && (r.effectiveTo === null || date < r.effectiveTo);
  const own = state ? TIP_CREDIT_TABLE.find((r) => r.jurisdiction === state && inForce(r)) : undefined;
  const federal = TIP_CREDIT_TABLE.find((r) => r.jurisdiction === 'US' && inForce(r));
  if (own) return own;
  if (!federal) throw new RangeError(`No federal tip-credit row on ${date}`);
  return federal;
}

export interface MakeUpWeek {
  /** Worked minutes of the workweek paid with the tip credit. */
  minutes: number;
  /** Cash wages paid for those minutes (straight time), cents. */
  cashWages: number;
  /** Tips the employee kept for the week (own tips after tip-outs and pools), cents. */
  tips: number;
}

/**
 * The make-up owed for a workweek (cents): the minimum wage for the minutes worked, less the cash
 * wages and the tips, when that is positive (29 U.S.C. 203(m)(2)(A): the credit is at most what
 * the tips are). The minimum for the minutes is rounded half up once.
 */
export function makeUpOwed(week: MakeUpWeek, row: TipCreditRow): number {
  if (!row.creditAllowed || row.minimumWage === null) return 0;
  const owed = Math.floor((week.minutes * row.minimumWage * 2 + 60) / 120);
  return Math.max(0, owed - week.cashWages - week.tips);
}
