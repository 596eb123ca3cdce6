import {
  certificationPolicySchema,
  deletedSchema,
  documentContentSchema,
  documentSchema,
  expiringDocumentSchema,
} from '../../../../src/modules/documents/schemas';
import { keepsAnswer } from '../../../helpers/keeps-answer';

/** The documents module's answers keep every field: metadata, expiry flags, the file, the clock-in policy. */

const document = {
  id: 'd1',
  employeeId: 'e1',
  type: 'food_handler',
  title: 'Food handler card',
  fileName: 'card.pdf',
  contentType: 'application/pdf',
  size: 48_213,
  sha256: 'ab'.repeat(32),
  expiresOn: '2026-12-01',
  expiryStage: 14,
  expiryFlags: { 30: 1_763_000_000_000, 14: 1_763_600_000_000 },
  uploadedBy: 'u1',
  createdAt: 1_760_000_000_000,
  updatedAt: 1_763_600_000_000,
};

describe('documents answers keep every field', () => {
  it('a document, flagged or without an expiry date', () => {
    keepsAnswer(documentSchema, document);
    keepsAnswer(documentSchema, { ...document, type: 'contract', expiresOn: null, expiryStage: null, expiryFlags: {} });
  });

  it('an expiring document with its days left, and the file', () => {
    keepsAnswer(expiringDocumentSchema, { ...document, daysLeft: 10 });
    keepsAnswer(expiringDocumentSchema, { ...document, expiryStage: 0, daysLeft: -3 });
    keepsAnswer(documentContentSchema, { document, contentBase64: 'JVBERi0xLjcK' });
  });

  it('a deletion and the clock-in policy', () => {
    keepsAnswer(deletedSchema, { id: 'd1', deleted: true });
    keepsAnswer(certificationPolicySchema, {
      blockClockInWhenExpired: true,
      requiredTypes: ['food_handler', 'alcohol_service'],
      blockWhenMissing: false,
    });
  });
});
