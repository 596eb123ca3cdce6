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
          cashRate: pay(
            'cashWages per hour worked, cents, rounded: their rate, or the mean of the rates of the positions they worked',
          ),
          tipCreditTaken: z
            .boolean()
            .describe(
              'Cash wages below the minimum wage for the minutes in a state allowing a credit (never for a salaried employee): the tips make up the rest',
            ),
          cashWages: pay(
            "The week's straight-time pay: every worked minute at the rate of its position (as the payroll report's weeks)",
          ),
          tips: visibleTo(
            z
              .int()
              .describe("Their tips of the week: the POS and imported tips, plus the net of the tip pools' entries"),
            'tips',
          ),
          minimumForHours: pay('minutes x minimumWage / 60, rounded half up'),
          // it reveals the tips (minimumForHours - cashWages - makeUp): withheld with them, as the report's make-up lines
          makeUp: visibleTo(
            z.int().describe('minimumForHours - cashWages - tips when positive (and a credit is taken), else 0'),
            'pay',
            'tips',
          ),
        }),
        'employeeId',
      ),
    ),
  })
  .meta({ id: 'TipCreditMakeUp' });
export type MakeUp = z.output<typeof makeUpSchema>;
