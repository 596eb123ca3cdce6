/** The queue (and task function) that deletes a company in batches (src/modules/privacy/company-deletion.ts). */
export const COMPANY_DELETION_QUEUE = 'privacyCompanyDeletion';
