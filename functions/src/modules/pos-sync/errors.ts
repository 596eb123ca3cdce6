import { defineErrors } from '../../core/errors';

export const posSyncErrors = defineErrors({
  POS_EMPLOYEE_NOT_FOUND: {
    status: 404,
    meaning: 'No POS employee with that id in the company (the roster sync has not seen it)',
  },
  EMPLOYEE_ALREADY_LINKED: {
    status: 409,
    meaning: 'The employee is already linked to another POS employee of the same connection: unlink that one first',
  },
  POS_EMPLOYEE_ALREADY_LINKED: {
    status: 409,
    meaning: 'The POS employee is already linked to an employee: unlink it before creating a new employee from it',
  },
  CSV_IMPORT_NOT_FOUND: { status: 404, meaning: 'No CSV import with that id in the company' },
  CSV_PART_EMPTY: { status: 400, meaning: 'An uploaded part of a CSV file has no bytes' },
  CSV_FILE_TOO_LARGE: {
    status: 413,
    meaning: 'The CSV file would be larger than 50 MB (uploaded in parts of at most 3 MB)',
  },
  CSV_FILE_MISSING: {
    status: 422,
    meaning:
      'The CSV import has no file, a part of it is missing (parts are numbered from 1 with no gap), or its file was deleted (once imported, or after 7 days unimported)',
  },
  CSV_FILE_INVALID: {
    status: 422,
    meaning: 'The file cannot be read as CSV (not text, an unclosed quote, no header, a repeated column name)',
  },
  CSV_MAPPING_INVALID: {
    status: 422,
    meaning: "The column mapping does not fit the kind of file or the file's columns (details list each problem)",
  },
  CSV_IMPORT_STARTED: {
    status: 409,
    meaning:
      'The CSV import was started (queued, running or imported): its file and start are closed; create a new import',
  },
  CSV_INVALID: {
    status: 422,
    meaning: "A CSV import run found problems in the file's rows (listed on the import); nothing was written",
  },
  TIPS_HIDDEN: { status: 403, meaning: 'The company policy hideTipsFromManagers is on: tips are for owners' },
});
