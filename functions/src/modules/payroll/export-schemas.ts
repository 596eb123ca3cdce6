import { z } from 'zod';
import { companyIdQuery } from '../../http/fields';
import { EXPORT_LAYOUTS } from './export-headers';

/** The export route's query and answer (the file itself: exports.ts). */

export const exportQuery = companyIdQuery.extend({
  layout: z.enum(EXPORT_LAYOUTS).default('generic'),
});
export const exportResponse = z
  .object({
    filename: z.string(),
    contentType: z.string(),
    body: z.string().meta({ description: 'The CSV file', contentMediaType: 'text/csv' }),
  })
  .meta({ id: 'PayrollExport' });
