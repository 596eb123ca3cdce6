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
const tipFigures = {
  employeeId: z
    .string()
    .nullable()
    .describe('null: sales of no employee, or of a POS employee not linked yet (attributed when it is linked)'),
  cardTips: visibleTo(tipMoney.describe('Tips paid by card and other non-cash tenders (tips - cashTips)'), 'tips'),
  cashTips: visibleTo(tipMoney.describe('Tips paid in cash'), 'tips'),
  tips: visibleTo(tipMoney.describe('cardTips + cashTips; refunded tips (negative) included'), 'tips'),
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
