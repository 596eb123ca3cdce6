import { z } from 'zod';

/**
 * A closed ticket (order / check) of the POS, or a refund of one, in integer minor units: the one
 * record of a sale from the connector that reads it to the invoice that stores it. The sales module
 * stores it whole beside the invoice it makes of it and validates it there (recordExternalSales),
 * so a field added here reaches the stored sale with no other edit; what the sales answers show of
 * it is the sales module's choice.
 */
export const posSale = z.object({
  vendorId: z.string().min(1).max(256).describe("The ticket's id at the vendor; (source, vendorId) is the invoice"),
  employeeVendorId: z.string().min(1).nullable().describe('The POS employee who served it, at the vendor'),
  closedAt: z.int().min(0).describe('When it was closed, epoch milliseconds'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code like USD'),
  amount: z.int().describe('Net sales, tips excluded: >= 0 for a sale, <= 0 for a refund'),
  tips: z.int().describe('Tips on it (card and cash as the vendor records them): >= 0, <= 0 on a refund'),
  cashTips: z
    .int()
    .describe('The part of `tips` paid in cash (the rest is card and other tenders); same sign as `tips`'),
  customers: z.int().min(0).describe('Guests served (covers)'),
  refund: z.boolean(),
  refundOf: z.string().min(1).max(256).nullable().describe('The refunded ticket, when the vendor says'),
  modifiedAt: z.number().describe('When the vendor last changed it, epoch milliseconds (the latest version wins)'),
});
/** What a connector produces (a field with a default may be left out); the sales module stores the parsed output. */
export type PosSale = z.input<typeof posSale>;
