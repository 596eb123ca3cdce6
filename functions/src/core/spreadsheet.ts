/**
 * The one guard of every cell a CSV or XLSX export writes. A spreadsheet evaluates a cell that
 * starts with `=`, `+`, `-` or `@` as a formula (and tab or CR may hide such a start), so a text
 * value someone typed (a name, an employee number, a company code, a batch id) could run as one when
 * the file is opened: OWASP "CSV Injection" recommends prefixing such cells with a single quote,
 * which spreadsheets show as text. A plain number (`-12.50`) is not a formula and stays as written,
 * so amounts and hours keep their sign. Guarding an already guarded cell changes nothing.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function guardCell(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}
