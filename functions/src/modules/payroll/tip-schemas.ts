import { z } from 'zod';
import { visibleTo } from '../../http/visibility';

/** The report's tip lines: pool shares and the tip-credit make-up (tip-pay.ts has the rules). */

const cents = (d: string) => z.int().nullable().describe(`${d}; integer minor units, null when withheld`);

export const poolEntryLineSchema = z
  .object({
    poolId: z.string(),
    poolName: z.string(),
    periodStart: z
      .string()
      .describe('The locked pool period the entry belongs to (paid in the pay period holding this date)'),
    periodEnd: z.string(),
    kind: z
      .enum(['pool', 'tipOut', 'adjustment'])
      .describe('pool: a share of the pool; tipOut: of its tip-out; adjustment: a change of an earlier locked period'),
    adjustsPeriod: z.string().nullable().describe('adjustment: the locked period whose change it pays'),
    contributed: cents("What the employee's own tips put into it (taken from their tips)"),
    share: cents('What it pays them'),
  })
  .meta({ id: 'PayrollPoolEntry' });

export const makeUpLineSchema = z
  .object({
    weekStart: z.string().describe('The workweek (it ends in this pay period)'),
    weekEnd: z.string(),
    jurisdiction: z.string().describe("'US' (federal) or the state whose tip-credit row applies"),
    source: z.string().describe('Where the minimum and cash wage come from, and when they were checked'),
    minutes: z.int().describe('Approved minutes worked in the week'),
    cashWages: cents("The week's straight-time pay: every worked minute at the rate of its position"),
    tips: cents("The week's tips after the pools"),
    minimumForHours: cents('minutes x minimum wage / 60'),
    owed: cents('minimumForHours - cashWages - tips (29 U.S.C. 203(m)(2)(A))'),
    paidAsElements: cents('What pay elements of kind tipCreditMakeUp already paid for the week'),
    amount: cents('owed - paidAsElements: paid in this period'),
  })
  .meta({ id: 'TipCreditMakeUpLine' });

/** Pool lines carry tips; make-up lines reveal both pay and tips (minimum - cash wages - tips). */
export const poolEntryLines = visibleTo(z.array(poolEntryLineSchema), 'tips');
export const makeUpLines = visibleTo(z.array(makeUpLineSchema), 'pay', 'tips');
