/**
 * The tip credit, as dated tables: pure, no I/O.
 *
 * Under the FLSA an employer may pay a tipped employee a cash wage below the minimum wage and count
 * the employee's tips for the rest (the "tip credit"), as long as cash wage + tips reach the
 * minimum wage for every hour of the workweek; where they do not, the employer owes the difference
 * (the make-up). Some states forbid the credit (the cash wage is the full state minimum wage);
 * others, and some counties and cities, set their own minimum and cash wage. Each row has its dates
 * (effectiveFrom inclusive, effectiveTo exclusive, business dates), so a change of the law is a new
 * row, never an edit of an old one; the rows are in tip-credit-table.ts. For a location the most
 * specific row in force applies: its city's, else its county's, else its state's, else the federal
 * one (a state absent from the table follows the federal row: its own higher minimum wage, if any,
 * is not modelled here; docs/TIPS.md says which are).
 *
 * Figures in cents per hour.
 */
import { sameName } from '../compliance';
import { TIP_CREDIT_TABLE, type TipCreditRow } from './tip-credit-table';

export type { TipCreditRow, TipCreditSource } from './tip-credit-table';
export { TIP_CREDIT_TABLE };

/**
 * Where the company works for law (the profile's `lawLocation`; null: none given). Names are
 * compared as the compliance packs compare them (without case, punctuation or a 'City'/'County'
 * word: "New York City" is "New York").
 */
export interface TipCreditLocation {
  state: string | null;
  county?: string | null;
  city?: string | null;
}

export type TipCreditLevel = 'city' | 'county' | 'state' | 'federal';
/** From the most specific level to the least. */
export const TIP_CREDIT_LEVELS: readonly TipCreditLevel[] = ['city', 'county', 'state', 'federal'];

export const levelOf = (r: TipCreditRow): TipCreditLevel =>
  r.city !== undefined ? 'city' : r.counties ? 'county' : r.jurisdiction === 'US' ? 'federal' : 'state';

/** Whether a row's area holds the location (dates aside). */
export function rowCovers(r: TipCreditRow, location: TipCreditLocation | null): boolean {
  if (r.jurisdiction === 'US') return true;
  if (!location || location.state !== r.jurisdiction) return false;
  const { city, county } = location;
  if (r.city !== undefined) return !!city && sameName(r.city, city);
  if (r.counties) return !!county && r.counties.some((c) => sameName(c, county));
  return true;
}

export const inForceOn = (r: TipCreditRow, date: string) =>
  r.effectiveFrom <= date && (r.effectiveTo === null || date < r.effectiveTo);

/**
 * The row in force on a business date at a location (the company profile's lawLocation): the most
 * specific one (city, county set, state, federal).
 */
export function tipCreditOn(location: TipCreditLocation | null, date: string): TipCreditRow {
  const live = TIP_CREDIT_TABLE.filter((r) => inForceOn(r, date) && rowCovers(r, location));
  for (const level of TIP_CREDIT_LEVELS) {
    const row = live.find((r) => levelOf(r) === level);
    if (row) return row;
  }
  throw new RangeError(`No federal tip-credit row on ${date}`);
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
