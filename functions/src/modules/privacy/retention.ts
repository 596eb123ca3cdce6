import { DateTime } from 'luxon';

/**
 * How long a company must keep the pay and time records of a person erased from it, per country.
 * Each period is counted from the erasure (every kept record is older than that), so a record is
 * never deleted before its own statutory period has run; it may be kept a little longer.
 */
export type RecordKind = 'pay' | 'time';

export interface RetentionPeriod {
  years: number;
  /** United Kingdom pay records: counted from the end of the tax year (5 April) the records relate to. */
  fromUkTaxYearEnd?: boolean;
  source: string;
}

export const RETENTION: Readonly<Record<string, Readonly<Record<RecordKind, RetentionPeriod>>>> = {
  GB: {
    pay: {
      years: 3,
      fromUkTaxYearEnd: true,
      source:
        'HMRC, PAYE for employers: keeping records — payroll records kept for 3 years from the end of the tax year they relate to (https://www.gov.uk/paye-for-employers/keeping-records)',
    },
    time: {
      years: 2,
      source:
        'Working Time Regulations 1998, regulation 9 — records of working time kept for 2 years from when they were made (https://www.legislation.gov.uk/uksi/1998/1833/regulation/9)',
    },
  },
  US: {
    pay: {
      years: 3,
      source:
        'FLSA, 29 CFR 516.5 — payroll records kept for at least 3 years (https://www.ecfr.gov/current/title-29/subtitle-B/chapter-V/subchapter-A/part-516/subpart-A/section-516.5)',
    },
    time: {
      years: 2,
      source:
        'FLSA, 29 CFR 516.6 — time cards and the records wage computations are based on kept for 2 years (https://www.ecfr.gov/current/title-29/subtitle-B/chapter-V/subchapter-A/part-516/subpart-A/section-516.6)',
    },
  },
  ES: {
    pay: {
      years: 4,
      source:
        'Ley 58/2003 General Tributaria, articles 66 and 70 — records supporting tax obligations kept for the 4-year limitation period (https://www.boe.es/buscar/act.php?id=BOE-A-2003-23186)',
    },
    time: {
      years: 4,
      source:
        'Estatuto de los Trabajadores, article 34.9 — the daily working-time register kept for 4 years (https://www.boe.es/buscar/act.php?id=BOE-A-2015-11430)',
    },
  },
};

/** The country a company's records follow: its profile's ISO code, else the one its time zone lies in (for the countries above). */
const ZONE_COUNTRY: Record<string, string> = { 'Europe/London': 'GB', 'Europe/Madrid': 'ES', 'Atlantic/Canary': 'ES' };

export function companyCountry(profile: { country?: unknown; timezone?: unknown }): string | null {
  if (typeof profile.country === 'string' && /^[A-Z]{2}$/.test(profile.country)) return profile.country;
  const zone = typeof profile.timezone === 'string' ? profile.timezone : '';
  if (ZONE_COUNTRY[zone]) return ZONE_COUNTRY[zone];
  // the United States' zones (America/New_York ... Pacific/Honolulu) as IANA names them
  if (/^(America\/(New_York|Chicago|Denver|Phoenix|Los_Angeles|Anchorage|Boise|Detroit)|Pacific\/Honolulu)$/.test(zone))
    return 'US';
  return null;
}

/** Until when records of a kind are kept after an erasure at `erasedAt`: null when no period is known for the country (kept). */
export function keepUntil(
  country: string | null,
  kind: RecordKind,
  erasedAt: number,
): { keepUntil: number | null; source: string | null } {
  const period = country ? RETENTION[country]?.[kind] : undefined;
  if (!period) return { keepUntil: null, source: null };
  let from = DateTime.fromMillis(erasedAt, { zone: period.fromUkTaxYearEnd ? 'Europe/London' : 'utc' });
  if (period.fromUkTaxYearEnd) {
    // a tax year runs from 6 April to 5 April: its end is the first 6 April after the erasure (start of day)
    const april6 = from.set({ month: 4, day: 6 }).startOf('day');
    from = april6 > from ? april6 : april6.plus({ years: 1 });
  }
  return { keepUntil: from.plus({ years: period.years }).toMillis(), source: period.source };
}
