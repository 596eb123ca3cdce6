import { z } from 'zod';

/**
 * What a CSV file of a POS without an API holds: the fields of each kind of file, the column
 * mapping a company saves (which header holds which field, how dates and amounts are written) and
 * the mapping suggested from a file's headers. Pure: no storage, no clock. How a row becomes a POS
 * record is rows.ts; how its dates and amounts are read, values.ts.
 */

export const CSV_KINDS = ['roster', 'punches', 'sales'] as const;
export type CsvKind = (typeof CSV_KINDS)[number];

export interface FieldSpec {
  required: boolean;
  description: string;
  /** Header spellings recognised when suggesting a mapping (compared lowercased, letters and digits only). */
  aliases: string[];
}

const EMPLOYEE_REF =
  "The POS employee: the roster file's key (its id column, else its email, else its first and last name), compared case-insensitively";

export const CSV_FIELDS = {
  roster: {
    id: {
      required: false,
      description:
        'The POS employee id (employee number); without it the key is the email, else the first and last name',
      aliases: [
        'id',
        'employeeid',
        'employee',
        'empid',
        'employeenumber',
        'employeeno',
        'posid',
        'staffid',
        'staffno',
        'staffnumber',
        'badge',
      ],
    },
    firstName: { required: true, description: 'First name', aliases: ['firstname', 'first', 'givenname', 'forename'] },
    lastName: { required: true, description: 'Last name', aliases: ['lastname', 'last', 'surname', 'familyname'] },
    email: {
      required: false,
      description: 'Email address (auto-links the employee with the same email)',
      aliases: ['email', 'emailaddress', 'mail'],
    },
    phone: {
      required: false,
      description: 'Phone number (auto-links the employee with the same phone)',
      aliases: ['phone', 'phonenumber', 'mobile', 'cell', 'telephone'],
    },
    jobTitle: {
      required: false,
      description: 'Job title, matched to a role by name',
      aliases: ['jobtitle', 'job', 'role', 'position', 'title'],
    },
    active: {
      required: false,
      description: 'Active (yes/no, true/false, 1/0, active/inactive); default yes',
      aliases: ['active', 'status', 'enabled'],
    },
  },
  punches: {
    id: {
      required: false,
      description: 'The punch (time entry) id; without it a punch is keyed by its employee and clock-in',
      aliases: ['id', 'punchid', 'entryid', 'timeentryid', 'timecardid', 'shiftid'],
    },
    employeeId: {
      required: true,
      description: EMPLOYEE_REF,
      aliases: [
        'employeeid',
        'employee',
        'empid',
        'employeenumber',
        'employeeno',
        'staffid',
        'staffno',
        'staffnumber',
        'email',
        'name',
        'employeename',
      ],
    },
    clockIn: {
      required: true,
      description: 'Clock-in date and time (company time zone unless the value has an offset)',
      aliases: ['clockin', 'in', 'clockintime', 'start', 'starttime', 'timein'],
    },
    clockOut: {
      required: false,
      description: 'Clock-out date and time; empty while clocked in',
      aliases: ['clockout', 'out', 'clockouttime', 'end', 'endtime', 'timeout'],
    },
    breakMinutes: {
      required: false,
      description: 'Unpaid break minutes (placed in the middle of the punch)',
      aliases: [
        'breakminutes',
        'break',
        'breakmins',
        'unpaidbreak',
        'unpaidbreakminutes',
        'unpaidbreakmin',
        'breakmin',
      ],
    },
    jobTitle: {
      required: false,
      description: 'Job title, matched to a role by name',
      aliases: ['jobtitle', 'job', 'role', 'position'],
    },
  },
  sales: {
    id: {
      required: false,
      description:
        'Receipt / check / order number; without it a sale is keyed by its content (an identical row repeated in one file is two sales)',
      aliases: [
        'id',
        'receipt',
        'receiptid',
        'receiptnumber',
        'check',
        'checkid',
        'checknumber',
        'order',
        'orderid',
        'ordernumber',
        'ticket',
        'invoice',
        'transactionid',
      ],
    },
    closedAt: {
      required: true,
      description: 'Date and time the sale closed (company time zone unless the value has an offset)',
      aliases: ['closedat', 'closed', 'closedtime', 'date', 'datetime', 'time', 'timestamp', 'closedate'],
    },
    amount: {
      required: true,
      description: 'Net sales, tips excluded, in major units (12.50); negative for a refund',
      aliases: ['amount', 'netsales', 'net', 'netamount', 'subtotal', 'sales', 'total'],
    },
    tips: {
      required: false,
      description: 'Tips in major units (card and cash); default 0',
      aliases: ['tips', 'tip', 'tipamount'],
    },
    cashTips: {
      required: false,
      description: 'The part of tips paid in cash; default 0',
      aliases: ['cashtips', 'cashtip'],
    },
    gratuities: {
      required: false,
      description:
        "Voluntary gratuities the guest chose (the staff's tip), apart from tips and net sales, in major units; default 0",
      aliases: ['gratuities', 'gratuity', 'voluntarygratuity'],
    },
    serviceCharges: {
      required: false,
      description:
        "Automatic gratuities and mandatory service charges (the restaurant's receipt, not a tip), apart from net sales, in major units; default 0",
      aliases: ['servicecharges', 'servicecharge', 'autogratuity', 'autogratuities', 'automaticgratuity'],
    },
    employeeId: {
      required: false,
      description: EMPLOYEE_REF,
      aliases: [
        'employeeid',
        'employee',
        'server',
        'serverid',
        'empid',
        'employeeno',
        'staffid',
        'staffno',
        'staffnumber',
      ],
    },
    customers: {
      required: false,
      description: 'Guests (covers); default 0',
      aliases: ['customers', 'guests', 'covers', 'guestcount'],
    },
    currency: {
      required: false,
      description: "ISO 4217 code; default the company's currency",
      aliases: ['currency', 'currencycode'],
    },
    refundOf: {
      required: false,
      description: 'For a refund: the id of the refunded sale',
      aliases: ['refundof', 'originalreceipt', 'original', 'refundedreceipt'],
    },
  },
} as const satisfies Record<CsvKind, Record<string, FieldSpec>>;

export type CsvField<K extends CsvKind> = keyof (typeof CSV_FIELDS)[K] & string;

export const DATE_FORMATS = ['iso', 'mdy', 'dmy'] as const;
export const DECIMAL_SEPARATORS = ['.', ','] as const;
export const DELIMITERS = [',', ';', '\t', '|'] as const;

const header = z.string().min(1).max(200);

export const mappingSchema = z.strictObject({
  columns: z
    .record(z.string(), header)
    .describe('Field name -> the header of the column holding it (see the fields of the kind)'),
  dateFormat: z
    .enum(DATE_FORMATS)
    .default('iso')
    .describe(
      'iso: 2026-11-21 18:30[:00][offset]; mdy: 11/21/2026 6:30 PM or 18:30; dmy: 21/11/2026 18:30 (also 21.11.2026)',
    ),
  decimalSeparator: z.enum(DECIMAL_SEPARATORS).default('.').describe('Of amounts: "." (1,234.50) or "," (1.234,50)'),
  delimiter: z.enum(DELIMITERS).optional().describe('Column separator; default: detected from the header line'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code like USD')
    .optional()
    .describe("Of amounts without a currency column; default: the currency of the company's sales, else USD"),
});
export type CsvMapping = z.output<typeof mappingSchema>;

/** The problems of a mapping for a kind: unknown fields, required fields not mapped, one header for two fields. */
export function mappingProblems(kind: CsvKind, mapping: CsvMapping, headers?: readonly string[]): string[] {
  const fields = CSV_FIELDS[kind] as Record<string, FieldSpec>;
  const problems: string[] = [];
  for (const field of Object.keys(mapping.columns))
    if (!(field in fields)) problems.push(`${field} is not a field of a ${kind} file`);
  for (const [field, spec] of Object.entries(fields))
    if (spec.required && !mapping.columns[field]) problems.push(`${field} is required and not mapped`);
  const seen = new Map<string, string>();
  for (const [field, column] of Object.entries(mapping.columns)) {
    if (seen.has(column)) problems.push(`${field} and ${seen.get(column)} are both mapped to the column "${column}"`);
    seen.set(column, field);
    if (headers && !headers.includes(column))
      problems.push(`${field} is mapped to "${column}", which is not a column of the file`);
  }
  return problems;
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The mapping a file's headers suggest: each field to the first unused header matching one of its
 * aliases, in alias order; the date format and decimal separator from the first rows' values
 * (`samples`, cells in header order) when they tell.
 */
export function suggestMapping(
  kind: CsvKind,
  headers: readonly string[],
  samples: readonly (readonly string[])[] = [],
): CsvMapping {
  const byNorm = new Map<string, string>();
  for (const h of headers) if (!byNorm.has(norm(h))) byNorm.set(norm(h), h);
  const used = new Set<string>();
  const columns: Record<string, string> = {};
  // required fields choose first, so an optional field never takes the only column a required one has
  const entries = Object.entries(CSV_FIELDS[kind] as Record<string, FieldSpec>).sort(
    ([, a], [, b]) => Number(b.required) - Number(a.required),
  );
  for (const [field, spec] of entries) {
    const column = spec.aliases.map((a) => byNorm.get(a)).find((h) => h !== undefined && !used.has(h));
    if (column) {
      columns[field] = column;
      used.add(column);
    }
  }
  const valuesOf = (fields: readonly string[]) =>
    fields
      .filter((f) => columns[f])
      .flatMap((f) => samples.map((row) => (row[headers.indexOf(columns[f])] ?? '').trim()).filter(Boolean));
  return {
    columns,
    dateFormat: dateFormatOf(valuesOf(DATE_FIELDS)),
    decimalSeparator: decimalSeparatorOf(valuesOf(AMOUNT_FIELDS)),
  };
}

const DATE_FIELDS = ['clockIn', 'clockOut', 'closedAt'];
const AMOUNT_FIELDS = ['amount', 'tips', 'cashTips', 'gratuities', 'serviceCharges'];

/** iso unless the values are day/month/year (a first number over 12) or month/day/year (a second one over 12, or AM/PM). */
function dateFormatOf(values: readonly string[]): CsvMapping['dateFormat'] {
  const parts = values.map((v) => /^(\d{1,2})[/.-](\d{1,2})[/.-]\d{2,4}/.exec(v)).filter((m) => m !== null);
  if (parts.length === 0) return 'iso';
  if (parts.some((m) => Number(m[1]) > 12)) return 'dmy';
  if (parts.some((m) => Number(m[2]) > 12) || values.some((v) => /[AP]\.?M\.?$/i.test(v))) return 'mdy';
  return values.some((v) => /^\d{1,2}\.\d{1,2}\./.test(v)) ? 'dmy' : 'mdy';
}

/** "," when amounts end in a comma and one or two digits and none in a point and one or two digits. */
function decimalSeparatorOf(values: readonly string[]): CsvMapping['decimalSeparator'] {
  return values.some((v) => /,\d{1,2}\)?$/.test(v)) && !values.some((v) => /\.\d{1,2}\)?$/.test(v)) ? ',' : '.';
}
