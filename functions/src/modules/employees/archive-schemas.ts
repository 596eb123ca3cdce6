import { z } from 'zod';
import { companyIdQuery } from '../../http/fields';
import { dryRunQuery, outcomeSchema } from '../schedule';
import { employeeSchema } from './schemas';

/**
 * The query and the answer of POST /employees/{id}/archive (apart from schemas.ts: the answer holds
 * the schedule's outcome, and schemas.ts is read by the modules the schedule itself reads).
 */

export const archiveQuery = companyIdQuery.extend(dryRunQuery);

const openSeat = z.object({
  shiftId: z.string(),
  date: z.string(),
  start: z.number(),
  end: z.number().nullable(),
  positionId: z.string().nullable(),
  subRoleId: z.string().nullable(),
  mode: z.string(),
});

export const archiveResult = z
  .object({
    employee: employeeSchema.describe(
      'The record as the archive leaves it (a dry run: as it would; refused: as it stands)',
    ),
    openSeats: z
      .array(openSeat)
      .describe("The employee's shifts from the effective date, unassigned (deleted); a dry run: those it would be"),
    premiums: z
      .array(z.record(z.string(), z.unknown()))
      .describe(
        'Fair-workweek premiums owed for the cancelled published shifts, as PUT /shifts answers them (never for a resignation); a dry run: those it would owe, without id',
      ),
    cancelledRequests: z
      .array(z.string())
      .describe(
        'Pending shift requests cancelled because they involved the employee; a dry run: those it would cancel',
      ),
    accessEndsAt: z
      .number()
      .nullable()
      .describe(
        'Epoch ms: when the membership stops granting access to the company; null only in a dry run the real call would refuse',
      ),
    outcome: outcomeSchema.describe(
      'What the archive does: the refusal the real call answers (422 CANNOT_ARCHIVE, EMPLOYEE_ARCHIVED) or null, no findings of its own, and each premium it owes (who, rule, amount, citation): with dryRun, what it would do, writing nothing; the real call answers the same with dryRun false and the premiums it recorded',
    ),
  })
  .meta({ id: 'EmployeeArchiveResult' });
export type ArchiveResult = z.infer<typeof archiveResult>;
