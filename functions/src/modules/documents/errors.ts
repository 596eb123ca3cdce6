import { defineErrors } from '../../core/errors';

export const documentErrors = defineErrors({
  DOCUMENT_NOT_FOUND: { status: 404, meaning: 'No document with that id that the caller may see in the company' },
  UNKNOWN_EMPLOYEE: { status: 422, meaning: 'The employee named does not exist in the company (or is archived)' },
  NOT_YOUR_DOCUMENTS: { status: 403, meaning: "An employee asked for, or uploaded to, a colleague's documents" },
  DOCUMENT_TYPE_FORBIDDEN: {
    status: 403,
    meaning:
      'The caller may not handle documents of this type (pay and tax documents when the company hides financial info from managers; contracts and pay documents for employees)',
  },
  NO_EMPLOYEE_RECORD: {
    status: 422,
    meaning: 'The caller has no employee record in the company, so has no documents of their own',
  },
  CERTIFICATION_EXPIRED: {
    status: 422,
    meaning:
      'The company blocks clock-in while a required certification of the employee is expired (or missing, when the policy says so): upload a valid one first',
  },
});
