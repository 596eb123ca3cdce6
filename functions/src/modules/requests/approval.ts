import type { Transaction } from 'firebase-admin/firestore';
import { datesInRange } from '../../core/calendar';
import { AppError } from '../../core/errors';
import { employeeFromSnapshot, employeeRef, setAvailabilitiesInTx, type Availabilities } from '../employees';
import type { StagedEvent } from '../events';
import { prepareLeaveUsage } from '../leave';
import { prepareTimeOff, prepareTransfers, txReader, type ShiftTransfer } from '../schedule';
import { requestErrors } from './errors';
import type { ShiftRequest } from './schemas';

/** What approving a request changes (the schedule, the day-off records or the availabilities): read, checked, and staged in the approving transaction. */

/** Eligibility failures of a taker (the schedule's 422 codes) become NOT_ELIGIBLE with the same details; 409s pass through. */
async function asEligibility<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof AppError && err.status === 422)
      throw requestErrors.NOT_ELIGIBLE(`Not eligible: ${err.message}`, err.details);
    throw err;
  }
}

function transfersOf(r: ShiftRequest, taker: string | null): ShiftTransfer[] {
  if (r.type === 'swap') {
    return [
      { shiftId: r.shiftId!, from: r.employeeId, to: r.peerEmployeeId! },
      { shiftId: r.peerShiftId!, from: r.peerEmployeeId!, to: r.employeeId },
    ];
  }
  return [{ shiftId: r.shiftId!, from: r.employeeId, to: taker! }];
}

/** The leave a paid day-off request takes, for the leave module. */
export const leaveOf = (r: ShiftRequest, by: string) => ({
  companyId: r.companyId,
  requestId: r.id,
  employeeId: r.employeeId,
  policyId: r.leave!.policyId,
  minutes: r.leave!.minutes,
  date: r.dayOff!.startDate,
  days: datesInRange(r.dayOff!.startDate, r.dayOff!.endDate).length,
  by,
});

/** An approval's write; `events`: the leave balance's change (a paid day off), dispatched after the commit. */
export type ApprovalWrite = ((t: Transaction) => void) & { events?: StagedEvent[] };

/** Reads and checks what approving `r` changes (with `taker` for replace and emergency), and returns its write; `by` approves. */
export async function prepareApproval(
  tx: Transaction,
  r: ShiftRequest,
  taker: string | null,
  by: string,
): Promise<ApprovalWrite> {
  const reader = txReader(tx);
  switch (r.type) {
    case 'swap':
    case 'replace':
    case 'emergency': {
      const plan = await asEligibility(
        prepareTransfers(reader, { companyId: r.companyId, transfers: transfersOf(r, taker) }),
      );
      return plan.write;
    }
    case 'dayOff': {
      const d = r.dayOff!;
      const plan = await prepareTimeOff(reader, r.companyId, {
        requestId: r.id,
        employeeId: r.employeeId,
        dates: datesInRange(d.startDate, d.endDate),
        start: d.start,
        end: d.end,
      });
      // paid time off: its minutes come out of the leave balance (422 LEAVE_BALANCE_EXCEEDED past it)
      const usage = r.leave ? await prepareLeaveUsage(tx, leaveOf(r, by)) : null;
      return Object.assign(
        (t: Transaction) => {
          plan.write(t);
          usage?.(t);
        },
        { events: usage?.events ?? [] },
      );
    }
    case 'availabilities': {
      const employee = employeeFromSnapshot(await tx.get(employeeRef(r.companyId, r.employeeId)));
      if (!employee || employee.archived)
        throw requestErrors.NO_EMPLOYEE_RECORD(`Employee ${r.employeeId} no longer exists or is archived`);
      return (t) => setAvailabilitiesInTx(t, r.companyId, r.employeeId, r.availabilities as Availabilities);
    }
  }
}
