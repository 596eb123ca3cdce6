import { z } from 'zod';
import { companyIdQuery, isoDate } from '../../http/fields';
import { recordOf, visibleTo } from '../../http/visibility';

/** The tip-credit make-up of a workweek: its query and answer. */
export const makeUpQuery = companyIdQuery.extend({
  weekStart: isoDate.describe("First business date of a company week (the profile's weekStartingDay)"),
});

const pay = (d: string) => visibleTo(z.int().describe(d), 'pay');
export const makeUpSchema = z
  .object({
    companyId: z.string(),
    weekStart: z.string(),
    weekEnd: z.string(),
    jurisdiction: z.string().describe("'US' (federal) or the state whose row applies"),
    creditAllowed: z.boolean().describe('false: the state forbids a tip credit, so no make-up is ever owed'),
    minimumWage: z.int().nullable().describe('Cents per hour the make-up is measured against'),
    cashWage: z.int().nullable().describe('The least cash wage with a tip credit, cents per hour'),
    source: z.string().describe('Where the figures come from, and when they were checked'),
    employees: z.array(
      recordOf(
        z.object({
          employeeId: z.string(),
          minutes: z.int().describe('Approved minutes worked in the week (unpaid breaks out)'),
          cashRate: pay('Their regular rate, cents per hour'),
          tipCreditTaken: z
            .boolean()
            .describe('Paid below the minimum wage in a state allowing a credit: the tips make up the rest'),
          cashWages: pay('minutes x cashRate / 60, rounded half up'),
          tips: visibleTo(
            z
              .int()
              .describe("Their tips of the week: the POS and imported tips, plus the net of the tip pools' entries"),
            'tips',
          ),
          minimumForHours: pay('minutes x minimumWage / 60, rounded half up'),
          makeUp: pay('minimumForHours - cashWages - tips when positive (and a credit is taken), else 0'),
        }),
        'employeeId',
      ),
    ),
  })
  .meta({ id: 'TipCreditMakeUp' });
export type MakeUp = z.output<typeof makeUpSchema>;
