import type { LinkedRecord } from '../organizations';
import { present, type PayrollExportRow } from './export-format';
import type { ExportLayout } from './export-headers';
import { PLACE_PREMIUM_KINDS } from './place-premiums';

/**
 * The rows of an employer's file over its locations: pure, no I/O.
 *
 * A person with linked records (docs/ORGANIZATIONS.md) has a row at each location they were paid
 * at; the employer pays one employee. ADP's paydata and Paychex's SPI take several lines under one
 * File # / Worker ID, so those layouts keep a row per location; Gusto's CSV upload has one line per
 * employee (matched by name or Gusto id), so its rows of one person are added into one
 * (`mergedRow`); the generic layout keeps a row per location and names the location.
 */

/** A row of the file and the person it pays: the same key for every linked record of one person. */
export interface PersonRow {
  row: PayrollExportRow;
  person: string;
}

/** The key of a person: their records at every location (this one and the linked ones), sorted. */
export const personKeyOf = (companyId: string, employeeId: string, linked: readonly LinkedRecord[]) =>
  [`${companyId}/${employeeId}`, ...linked.map((l) => `${l.companyId}/${l.employeeId}`)].sort().join(' ');

/** A person whose records carry different employee numbers: the provider would see two employees. */
export interface NumberConflict {
  rows: { companyId: string; employeeId: string; employeeNumber: string }[];
}

const byPerson = (rows: readonly PersonRow[]) => {
  const out = new Map<string, PayrollExportRow[]>();
  for (const { row, person } of rows) out.set(person, [...(out.get(person) ?? []), row]);
  return out;
};

/** The people of the file whose rows name more than one employee number (an empty one left aside). */
export function numberConflicts(rows: readonly PersonRow[]): NumberConflict[] {
  return [...byPerson(rows).values()]
    .filter(
      (own) => new Set(own.filter((r) => present(r.employeeNumber)).map((r) => r.employeeNumber!.trim())).size > 1,
    )
    .map((own) => ({
      rows: own
        .filter((r) => present(r.employeeNumber))
        .map((r) => ({
          companyId: r.location?.companyId ?? '',
          employeeId: r.employeeId,
          employeeNumber: r.employeeNumber!.trim(),
        })),
    }));
}

const minutesOf = (r: PayrollExportRow) => r.regularMinutes + r.overtimeMinutes + r.doubleTimeMinutes;

/**
 * One person's rows added into one line: every amount and minute summed, leave and workweeks kept
 * line by line, the rates (Gusto's one `baseRate` included) and the name those of the row with
 * the most minutes (the first on a tie). Gusto prices the hours at its one stored rate, and the
 * correction column pays what the reports paid beyond that price (gustoCorrection), so the line
 * pays the sum of the reports. Rows of one person salaried at one location and hourly at another
 * are not added (one line cannot be both): they stay a line each.
 */
export function mergedRow(rows: readonly PayrollExportRow[]): PayrollExportRow {
  const main = rows.reduce((a, b) => (minutesOf(b) > minutesOf(a) ? b : a));
  const sum = (f: (r: PayrollExportRow) => number | undefined) => rows.reduce((s, r) => s + (f(r) ?? 0), 0);
  return {
    ...main,
    employeeNumber: rows.map((r) => r.employeeNumber).find(present) ?? null,
    regularMinutes: sum((r) => r.regularMinutes),
    overtimeMinutes: sum((r) => r.overtimeMinutes),
    doubleTimeMinutes: sum((r) => r.doubleTimeMinutes),
    regularPay: sum((r) => r.regularPay),
    overtimePay: sum((r) => r.overtimePay),
    doubleTimePay: sum((r) => r.doubleTimePay),
    tips: sum((r) => r.tips),
    cashTips: sum((r) => r.cashTips),
    poolShares: sum((r) => r.poolShares),
    makeUp: sum((r) => r.makeUp),
    schedulePremiums: sum((r) => r.schedulePremiums),
    mealPremiums: sum((r) => r.mealPremiums),
    placePremiums: Object.fromEntries(PLACE_PREMIUM_KINDS.map((k) => [k, sum((r) => r.placePremiums?.[k])])),
    adjustments: sum((r) => r.adjustments),
    payElements: sum((r) => r.payElements),
    leave: rows.flatMap((r) => r.leave ?? []),
    weeks: rows.flatMap((r) => r.weeks ?? []),
    totalPay: sum((r) => r.totalPay),
  };
}

/** The file's rows for the layout: Gusto's one line per person (per pay type), the others' a row per location. */
export function mergedPersonRows(layout: ExportLayout, rows: readonly PersonRow[]): PayrollExportRow[] {
  if (layout !== 'gusto') return rows.map((r) => r.row);
  return [...byPerson(rows).values()].flatMap((own) =>
    [true, false].flatMap((salaried) => {
      const kind = own.filter((r) => r.salaried === salaried);
      return kind.length ? [mergedRow(kind)] : [];
    }),
  );
}
