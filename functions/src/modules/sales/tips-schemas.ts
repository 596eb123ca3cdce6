import { z } from 'zod';
import { companyIdQuery, documentId, isoDate } from '../../http/fields';
import { visibleTo } from '../../http/visibility';

/** The tips answers' query and answer: a file of their own, so that the routes naming them load no other sales code. */
export const MAX_TIPS_DAYS = 366;

export const tipsQuery = companyIdQuery.extend({
  startDate: isoDate.describe('First business date, included'),
  endDate: isoDate.describe(`Last business date, included; at most ${MAX_TIPS_DAYS} days`),
  employeeId: documentId.optional().describe('Only this employee'),
});
export type TipsQuery = z.output<typeof tipsQuery>;

const tipMoney = z.int().describe('Minor units of `currency`');
const tip = (description: string) => visibleTo(tipMoney.describe(description), 'tips');
const tipFigures = {
  employeeId: z
    .string()
    .nullable()
    .describe('null: sales of no employee, or of a POS employee not linked yet (attributed when it is linked)'),
  cardTips: tip('Tips the guest added on the check, paid by card or another non-cash tender'),
  cashTips: tip('Tips entered on the check at the POS as paid in cash'),
  declaredCashTips: tip(
    'Cash tips the employee declared on a POS punch (at clock-out), on the business date of its clock-in',
  ),
  gratuities: tip("Voluntary gratuity lines the guest chose to add: the staff's tip, apart from net sales"),
  serviceCharges: tip(
    "Automatic gratuities and mandatory service charges of the employee's checks: the restaurant's receipt, not a tip (29 CFR 531.55); not in `tips`",
  ),
  tipsGiven: tip("The part of this server's tips and gratuities the POS credits to another employee"),
  tipsReceived: tip("What the POS credits to this employee from another server's checks"),
  tips: tip(
    "The staff's tips: cardTips + cashTips + declaredCashTips + gratuities - tipsGiven + tipsReceived; refunded tips (negative) included, service charges not",
  ),
};

export const tipsResponse = z
  .object({
    companyId: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    currency: z.string().nullable().describe('ISO 4217 currency of the amounts; null when there are none'),
    days: z
      .array(z.object({ date: z.string().describe('Business date (company calendar)'), ...tipFigures }))
      .describe('Per business date and employee, by date then employee; only days with tips'),
    employees: z.array(z.object(tipFigures)).describe('Per employee over the whole range'),
  })
  .meta({ id: 'PosTips' });
export type TipsResponse = z.output<typeof tipsResponse>;
