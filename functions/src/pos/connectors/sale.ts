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
  tips: z
    .int()
    .describe(
      'Tips the guest added (card, and cash entered at the POS), gratuity lines excluded: >= 0, <= 0 on a refund',
    ),
  cashTips: z
    .int()
    .describe(
      'The part of `tips` entered at the POS as paid in cash (the rest is card and other tenders); same sign as `tips`',
    ),
  gratuities: z
    .int()
    .default(0)
    .describe(
      "Voluntary gratuities: a gratuity the guest chose to add (the staff's tip, 29 CFR 531.52), apart from `tips` and from `amount`; same sign as `amount`",
    ),
  serviceCharges: z
    .int()
    .default(0)
    .describe(
      "Automatic gratuities and mandatory service charges: the restaurant's receipt, not a tip (29 CFR 531.55), apart from `amount` and from tips; same sign as `amount`",
    ),
  tipFees: z
    .int()
    .default(0)
    .describe(
      'Card processing fees the vendor deducted from `tips` (SpotOn `tipDeductionAmount`): kept apart, `tips` stays what the guest added; same sign as `tips`',
    ),
  tipsTo: z
    .array(
      z.object({
        employeeVendorId: z.string().min(1).describe('The POS employee credited, at the vendor'),
        amount: z.int().describe('Minor units of the tips (and gratuities) credited to them; same sign as `tips`'),
      }),
    )
    .max(50)
    .default([])
    .describe(
      'Parts of `tips` + `gratuities` the vendor credits to another POS employee than `employeeVendorId` (a tip applied to another server): the server keeps the rest',
    ),
  voided: z
    .boolean()
    .default(false)
    .describe(
      'The vendor took it back after it closed (voided, deleted, or reopened and not closed again): what was stored of it is reversed; closed again, it arrives with voided false',
    ),
  customers: z.int().min(0).describe('Guests served (covers)'),
  refund: z.boolean(),
  refundOf: z.string().min(1).max(256).nullable().describe('The refunded ticket, when the vendor says'),
  modifiedAt: z.number().describe('When the vendor last changed it, epoch milliseconds (the latest version wins)'),
});
/** What a connector produces (a field with a default may be left out); the sales module stores the parsed output. */
export type PosSale = z.input<typeof posSale>;
