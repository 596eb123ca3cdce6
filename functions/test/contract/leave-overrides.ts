import { api } from '../helpers/api';
import { bearer } from '../helpers/users';
import type { Override } from './generate';

/**
 * Overrides of the leave module's operations: an adjustment names a policy that exists, so the
 * fixture company gets a PTO policy first (put by its owner).
 */
export const LEAVE_OVERRIDES: Record<string, Override> = {
  'POST /leave-adjustments': {
    why: 'the adjustment names an existing policy (404 LEAVE_POLICY_NOT_FOUND otherwise) and the fixture employee',
    setup: async (f) => {
      const res = await api('leave')
        .put('/leave-policies/contract-pto')
        .query({ companyId: f.company.companyId })
        .set(bearer(f.company.owner))
        .send({ name: 'PTO', kind: 'pto', accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 30 } });
      if (res.status !== 200)
        throw new Error(`fixture: PUT /leave-policies answered ${res.status}: ${res.text.slice(0, 300)}`);
      return { policyId: 'contract-pto' };
    },
    request: (f, prepared) => ({
      body: {
        employeeId: f.company.employeeId,
        policyId: prepared.policyId,
        minutes: 60,
        reason: 'contract: hours moved in',
      },
    }),
  },
};
