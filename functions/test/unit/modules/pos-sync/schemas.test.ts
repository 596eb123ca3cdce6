import {
  LINK_STATES,
  createEmployeeBody,
  linkBody,
  listQuery,
  posEmployeesCursor,
  posEmployeeIdParam,
  tipsQuery,
} from '../../../../src/modules/pos-sync/schemas';
import {
  createImportBody,
  csvImportsCursor,
  importIdParam,
  kindParam,
  listImportsQuery,
  partParams,
  startImportBody,
} from '../../../../src/modules/pos-sync/csv/schemas';
import { accepts, refuses } from '../../../helpers/accepts';

const companyId = 'harbor-vine';

describe('listing POS employees', () => {
  it('pages 50 by default', () => {
    expect(accepts(listQuery, { companyId })).toEqual({ companyId, limit: 50 });
  });

  it.each(['linked', 'unlinked'])('filters by the link state %s', (state) => {
    expect(accepts(listQuery, { companyId, state })).toEqual({ companyId, state, limit: 50 });
  });

  it('knows the link states linked and unlinked', () => {
    expect([...LINK_STATES].sort()).toEqual(['linked', 'unlinked']);
  });

  it('pages 1 to 200, of one connection, from a cursor of its own (the last id, up to 1,500 bytes)', () => {
    expect(accepts(listQuery, { companyId, limit: '1' }).limit).toBe(1);
    const q = {
      companyId,
      connectionId: 'toast~guid',
      limit: '200',
      cursor: posEmployeesCursor.encode('c'.repeat(1500)),
    };
    expect(accepts(listQuery, q)).toEqual({ ...q, cursor: 'c'.repeat(1500), limit: 200 });
    expect(accepts(listQuery, { companyId, cursor: posEmployeesCursor.encode('c') }).cursor).toBe('c');
  });

  it.each([
    [{ state: 'pending' }],
    [{ state: '' }],
    [{ limit: '0' }],
    [{ limit: '201' }],
    [{ limit: '1.5' }],
    [{ limit: 'all' }],
    [{ cursor: '' }],
    [{ cursor: 'c' }],
    [{ cursor: 'c'.repeat(1601) }],
    [{ connectionId: '' }],
    [{ connectionId: 'a/b' }],
    [{ companyId: undefined }],
  ])('refuses %j', (over) => {
    expect(refuses(listQuery, { companyId, ...over })).toBe(true);
  });
});

describe('a POS employee in the path', () => {
  it('is a document id such as connection~vendor id', () => {
    expect(accepts(posEmployeeIdParam, { posEmployeeId: 'toast~e-1' })).toEqual({ posEmployeeId: 'toast~e-1' });
    for (const posEmployeeId of ['', 'a/b', '..']) expect(refuses(posEmployeeIdParam, { posEmployeeId })).toBe(true);
  });
});

describe('linking a POS employee', () => {
  it('takes the employee id and nothing else', () => {
    expect(accepts(linkBody, { employeeId: 'emp-1' })).toEqual({ employeeId: 'emp-1' });
    for (const body of [
      {},
      { employeeId: '' },
      { employeeId: 'a/b' },
      { employeeId: 7 },
      { employeeId: 'emp-1', force: true },
    ])
      expect(refuses(linkBody, body)).toBe(true);
  });
});

describe('creating an employee from a POS employee', () => {
  it('takes everything from the POS when nothing is sent', () => {
    expect(accepts(createEmployeeBody, undefined)).toEqual({});
    expect(accepts(createEmployeeBody, {})).toEqual({});
  });

  it('takes a trimmed name, surname and phone and an email', () => {
    expect(
      accepts(createEmployeeBody, {
        name: ' Ana ',
        surname: ' Ruiz ',
        email: 'ana@example.test',
        phone: ' +1 555 0100 ',
      }),
    ).toEqual({
      name: 'Ana',
      surname: 'Ruiz',
      email: 'ana@example.test',
      phone: '+1 555 0100',
    });
  });

  it('accepts names of 1 to 100 characters and phones of 1 to 40', () => {
    expect(accepts(createEmployeeBody, { name: 'A', surname: 'R'.repeat(100), phone: '5' })).toEqual({
      name: 'A',
      surname: 'R'.repeat(100),
      phone: '5',
    });
    expect(accepts(createEmployeeBody, { name: ` ${'A'.repeat(100)} `, phone: ` ${'5'.repeat(40)} ` })).toEqual({
      name: 'A'.repeat(100),
      phone: '5'.repeat(40),
    });
  });

  it.each([
    [{ name: '' }],
    [{ name: '   ' }],
    [{ name: 'A'.repeat(101) }],
    [{ surname: '' }],
    [{ surname: ' ' }],
    [{ surname: 'R'.repeat(101) }],
    [{ phone: '' }],
    [{ phone: '  ' }],
    [{ phone: '5'.repeat(41) }],
    [{ email: 'ana' }],
    [{ email: '' }],
    [{ positions: ['cook'] }],
    [{ name: 42 }],
  ])('refuses %j', (body) => {
    expect(refuses(createEmployeeBody, body)).toBe(true);
  });
});

describe('reading tips', () => {
  const q = { companyId, startDate: '2026-03-01', endDate: '2026-03-31' };

  it('needs a company and a date range, optionally one employee', () => {
    expect(accepts(tipsQuery, q)).toEqual(q);
    expect(accepts(tipsQuery, { ...q, employeeId: 'emp-1' })).toEqual({ ...q, employeeId: 'emp-1' });
  });

  it.each([
    [{ startDate: undefined }],
    [{ endDate: undefined }],
    [{ startDate: '2026-02-29' }],
    [{ endDate: '31/03/2026' }],
    [{ employeeId: '' }],
    [{ companyId: undefined }],
  ])('refuses %j', (over) => {
    expect(refuses(tipsQuery, { ...q, ...over })).toBe(true);
  });
});

describe('CSV imports', () => {
  it.each(['roster', 'punches', 'sales'])('create an import of a %s file', (kind) => {
    expect(accepts(createImportBody, { kind, filename: 'file.csv' })).toEqual({ kind, filename: 'file.csv' });
    expect(accepts(kindParam, { kind })).toEqual({ kind });
  });

  it('take a file name of 1 to 255 characters', () => {
    expect(accepts(createImportBody, { kind: 'sales', filename: 'f' }).filename).toBe('f');
    expect(accepts(createImportBody, { kind: 'sales', filename: 'f'.repeat(255) }).filename).toBe('f'.repeat(255));
  });

  it.each([
    [{ kind: 'tips', filename: 'f.csv' }],
    [{ kind: '', filename: 'f.csv' }],
    [{ kind: 'sales', filename: '' }],
    [{ kind: 'sales', filename: 'f'.repeat(256) }],
    [{ filename: 'f.csv' }],
    [{ kind: 'sales' }],
    [{ kind: 'sales', filename: 'f.csv', size: 10 }],
  ])('refuse to create %j', (body) => {
    expect(refuses(createImportBody, body)).toBe(true);
  });

  it('refuse an unknown kind of file in the path', () => {
    expect(refuses(kindParam, { kind: 'employees' })).toBe(true);
    expect(refuses(kindParam, {})).toBe(true);
  });

  it('name an import by a document id', () => {
    expect(accepts(importIdParam, { importId: 'imp-1' })).toEqual({ importId: 'imp-1' });
    for (const importId of ['', 'a/b']) expect(refuses(importIdParam, { importId })).toBe(true);
  });

  it('upload parts numbered 1 to 100', () => {
    expect(accepts(partParams, { importId: 'imp-1', part: '1' })).toEqual({ importId: 'imp-1', part: 1 });
    expect(accepts(partParams, { importId: 'imp-1', part: '100' })).toEqual({ importId: 'imp-1', part: 100 });
    for (const part of ['0', '101', '1.5', 'first', '-1'])
      expect(refuses(partParams, { importId: 'imp-1', part })).toBe(true);
    expect(refuses(partParams, { part: '1' })).toBe(true);
  });

  it('start with the mapping in force when none is given', () => {
    expect(accepts(startImportBody, undefined)).toEqual({});
    expect(accepts(startImportBody, {})).toEqual({});
  });

  it('start with a given mapping, its date format and decimal separator defaulted', () => {
    const columns = { employeeId: 'Employee ID', clockIn: 'Clock In' };
    expect(accepts(startImportBody, { mapping: { columns } })).toEqual({
      mapping: { columns, dateFormat: 'iso', decimalSeparator: '.' },
    });
  });

  it('refuse a malformed mapping or unknown fields when starting', () => {
    for (const body of [
      { mapping: {} },
      { mapping: { columns: { a: '' } } },
      { mapping: { columns: {}, currency: 'usd' } },
      { columns: {} },
      { force: true },
    ])
      expect(refuses(startImportBody, body)).toBe(true);
  });

  it('list 20 imports a page by default, 1 to 100, from a cursor of their own (the last import id)', () => {
    expect(accepts(listImportsQuery, { companyId })).toEqual({ companyId, limit: 20 });
    expect(accepts(listImportsQuery, { companyId, limit: '1', cursor: csvImportsCursor.encode('c') })).toEqual({
      companyId,
      limit: 1,
      cursor: 'c',
    });
    expect(accepts(listImportsQuery, { companyId, limit: '100' })).toEqual({ companyId, limit: 100 });
    for (const over of [
      { limit: '0' },
      { limit: '101' },
      { limit: 'x' },
      { cursor: '' },
      { cursor: 'c' },
      { cursor: posEmployeesCursor.encode('c') },
      { companyId: '' },
    ])
      expect(refuses(listImportsQuery, { companyId, ...over })).toBe(true);
  });
});
