import { z } from 'zod';
import { companyIdQuery, documentId, isoDate } from '../../http/fields';
import { EXPORT_LAYOUTS } from './export-headers';

/** The export route's query and answer (the file itself: exports.ts). */

const layout = z.enum(EXPORT_LAYOUTS).default('generic');
export const exportQuery = companyIdQuery.extend({ layout });
export const employerExportQuery = z.object({ layout });
export const employerExportParams = z.object({
  orgId: documentId.describe('Organization id'),
  employerId: documentId.describe("The employer's id in the organization"),
  startDate: isoDate.describe('First day of the pay period'),
});
export const exportResponse = z
  .object({
    filename: z.string(),
    contentType: z.string(),
    body: z.string().meta({ description: 'The CSV file', contentMediaType: 'text/csv' }),
  })
  .meta({ id: 'PayrollExport' });
