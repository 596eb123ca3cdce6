import type { z } from 'zod';
import {
  certificationPolicyPatch,
  DOCUMENT_TYPES,
  documentIdParam,
  documentPatchBody,
  EMPLOYEE_UPLOAD_TYPES,
  expiringQuery,
  FINANCIAL_TYPES,
  listDocumentsQuery,
  MAX_FILE_BYTES,
  POLICY_DEFAULTS,
  uploadQuery,
} from '../../../../src/modules/documents/schemas';
import { accepts, refuses } from '../../../helpers/accepts';

/**
 * The request schemas and rules constants of the documents module ("documents —
 * employee documents and certifications": types, optional expiry date, pay documents hidden from
 * managers under hideFinancialInfoFromManagers, size limit and checksum, expiry flags, the clock-in
 * policy) and the OpenAPI description of POST /documents.
 */

const messages = (schema: z.ZodType, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
const upload = { companyId: 'c1', employeeId: 'e1', type: 'food_handler' };
const sha256 = 'a'.repeat(32) + 'F0'.repeat(16);

describe('document types and who sees or uploads them', () => {
  it('pay and tax documents are the financial ones, hidden from managers under hideFinancialInfoFromManagers', () => {
    expect(DOCUMENT_TYPES.filter((t) => FINANCIAL_TYPES.includes(t))).toEqual(['tax', 'pay']);
  });

  it('an employee uploads every type but contracts, tax and pay documents (those come from managers)', () => {
    expect(DOCUMENT_TYPES.filter((t) => !EMPLOYEE_UPLOAD_TYPES.includes(t))).toEqual(['contract', 'tax', 'pay']);
  });

  it('a file is at most 10 MB (10 × 1024 × 1024 bytes)', () => {
    expect(MAX_FILE_BYTES).toBe(10_485_760);
  });

  it('by default clock-in is not blocked, and the required certification is the food-handler one', () => {
    expect(POLICY_DEFAULTS).toEqual({
      blockClockInWhenExpired: false,
      requiredTypes: ['food_handler'],
      blockWhenMissing: false,
    });
  });
});

describe('POST /documents query', () => {
  it('needs the employee and the type; the rest is optional', () => {
    expect(accepts(uploadQuery, upload)).toEqual(upload);
    expect(refuses(uploadQuery, { companyId: 'c1', type: 'id' })).toBe(true);
    expect(refuses(uploadQuery, { companyId: 'c1', employeeId: 'e1' })).toBe(true);
  });

  it('keeps every field sent', () => {
    const full = { ...upload, title: 'Food handler card', fileName: 'card.pdf', expiresOn: '2027-03-31', sha256 };
    expect(accepts(uploadQuery, full)).toEqual(full);
  });

  it.each(DOCUMENT_TYPES)('accepts the type %s', (type) => {
    expect(accepts(uploadQuery, { ...upload, type }).type).toBe(type);
  });

  it.each(['passport', '', 'PAY'])('refuses the type %j', (type) => {
    expect(refuses(uploadQuery, { ...upload, type })).toBe(true);
  });

  it.each(['title', 'fileName'])('trims %s and takes 1 to 200 characters', (field) => {
    expect(accepts(uploadQuery, { ...upload, [field]: '  ID card  ' })[field as 'title']).toBe('ID card');
    expect(accepts(uploadQuery, { ...upload, [field]: 'x' })[field as 'title']).toBe('x');
    expect(accepts(uploadQuery, { ...upload, [field]: 'x'.repeat(200) })[field as 'title']).toHaveLength(200);
    expect(refuses(uploadQuery, { ...upload, [field]: 'x'.repeat(201) })).toBe(true);
    expect(refuses(uploadQuery, { ...upload, [field]: '   ' })).toBe(true);
  });

  it('takes an expiry date that is a calendar date', () => {
    expect(accepts(uploadQuery, { ...upload, expiresOn: '2028-02-29' }).expiresOn).toBe('2028-02-29');
    expect(refuses(uploadQuery, { ...upload, expiresOn: '2027-02-29' })).toBe(true);
  });

  it.each([sha256, '0123456789abcdef'.repeat(4), 'ABCDEF0123456789'.repeat(4)])('accepts the SHA-256 %s', (digest) => {
    expect(accepts(uploadQuery, { ...upload, sha256: digest }).sha256).toBe(digest);
  });

  it.each(['a'.repeat(63), 'a'.repeat(65), `${'a'.repeat(63)}g`, `x${'a'.repeat(64)}`, `${'a'.repeat(64)}x`, ''])(
    'refuses the SHA-256 %j: must be 64 hex digits',
    (digest) => {
      expect(messages(uploadQuery, { ...upload, sha256: digest })).toEqual(['sha256: must be 64 hex digits']);
    },
  );
});

describe('GET /documents and GET /documents/expiring queries', () => {
  it('filters by employee and type', () => {
    expect(accepts(listDocumentsQuery, { companyId: 'c1' })).toEqual({ companyId: 'c1' });
    expect(accepts(listDocumentsQuery, { companyId: 'c1', employeeId: 'e1', type: 'contract' })).toEqual({
      companyId: 'c1',
      employeeId: 'e1',
      type: 'contract',
    });
    expect(refuses(listDocumentsQuery, { companyId: 'c1', type: 'payslip' })).toBe(true);
    expect(refuses(listDocumentsQuery, { companyId: 'c1', employeeId: 'a/b' })).toBe(true);
  });

  it('lists documents expiring within 30 days by default', () => {
    expect(accepts(expiringQuery, { companyId: 'c1' })).toEqual({ companyId: 'c1', withinDays: 30 });
  });

  it.each([
    ['0', 0],
    ['1', 1],
    ['365', 365],
  ])('reads withinDays=%s as %i', (text, days) => {
    expect(accepts(expiringQuery, { companyId: 'c1', withinDays: text }).withinDays).toBe(days);
  });

  it.each(['-1', '366', '1.5', 'soon'])('refuses withinDays=%s', (withinDays) => {
    expect(refuses(expiringQuery, { companyId: 'c1', withinDays })).toBe(true);
  });

  it('takes a document id in the path', () => {
    expect(accepts(documentIdParam, { documentId: 'd1' })).toEqual({ documentId: 'd1' });
    expect(refuses(documentIdParam, { documentId: '..' })).toBe(true);
  });
});

describe('PATCH /documents/{documentId} body', () => {
  it('takes any subset of title, type and expiry date', () => {
    expect(accepts(documentPatchBody, {})).toEqual({});
    expect(accepts(documentPatchBody, { title: ' Card ', type: 'id', expiresOn: '2027-01-31' })).toEqual({
      title: 'Card',
      type: 'id',
      expiresOn: '2027-01-31',
    });
  });

  it('null removes the expiry date', () => {
    expect(accepts(documentPatchBody, { expiresOn: null })).toEqual({ expiresOn: null });
  });

  it('keeps the title limits: trimmed, 1 to 200 characters', () => {
    expect(accepts(documentPatchBody, { title: 'x' })).toEqual({ title: 'x' });
    expect(accepts(documentPatchBody, { title: 'x'.repeat(200) }).title).toHaveLength(200);
    expect(refuses(documentPatchBody, { title: 'x'.repeat(201) })).toBe(true);
    expect(refuses(documentPatchBody, { title: ' ' })).toBe(true);
  });

  it('refuses an unknown type, a bad date, or a field that cannot change (strict)', () => {
    expect(refuses(documentPatchBody, { type: 'visa' })).toBe(true);
    expect(refuses(documentPatchBody, { expiresOn: '31/01/2027' })).toBe(true);
    expect(refuses(documentPatchBody, { employeeId: 'e2' })).toBe(true);
  });
});

describe('PATCH /documents/policy body (the clock-in rule on certifications)', () => {
  it('takes any subset, and nothing else', () => {
    expect(accepts(certificationPolicyPatch, {})).toEqual({});
    const all = {
      blockClockInWhenExpired: true,
      requiredTypes: ['food_handler', 'alcohol_service'],
      blockWhenMissing: true,
    };
    expect(accepts(certificationPolicyPatch, all)).toEqual(all);
    expect(refuses(certificationPolicyPatch, { blockClockIn: true })).toBe(true);
  });

  it('takes no required type, or up to every type', () => {
    expect(accepts(certificationPolicyPatch, { requiredTypes: [] })).toEqual({ requiredTypes: [] });
    expect(accepts(certificationPolicyPatch, { requiredTypes: [...DOCUMENT_TYPES] })).toEqual({
      requiredTypes: [...DOCUMENT_TYPES],
    });
    expect(refuses(certificationPolicyPatch, { requiredTypes: [...DOCUMENT_TYPES, 'id'] })).toBe(true);
    expect(refuses(certificationPolicyPatch, { requiredTypes: ['first_aid'] })).toBe(true);
  });
});
