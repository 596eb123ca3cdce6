import { runAccruals } from '../../../src/modules/leave/accruals';
import { adjust } from '../../../src/modules/leave/adjust';
import { putPolicy } from '../../../src/modules/leave/policies';
import { adjustmentBody, policyBody } from '../../../src/modules/leave/schemas';
import type { DemoCompany } from '../types';

/**
 * Demo leave (docs/LEAVE.md): a paid sick leave policy of 1 h per 30 h worked (New York Labor Law
 * 196-b's rate; the demo company has no location for law, so no floor is checked), its accrual
 * settled from the punches the attendance and payroll seeders approved (they run before), and an
 * opening balance carried from a former system for the first three employees, so that GET
 * /leave-balances and the payroll report's leave balances show figures. Only for US companies (the
 * policy is a US law's).
 */
export async function seed(company: DemoCompany): Promise<string> {
  const { companyId } = company;
  if (!company.timezone.startsWith('America/')) return 'no leave policy (not a US company)';
  await putPolicy({
    companyId,
    policyId: 'sick',
    uid: company.ownerUid,
    body: policyBody.parse({
      name: 'Paid sick leave',
      kind: 'sick',
      accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 30 },
      yearStart: { kind: 'calendar' },
      annualUseCapMinutes: 40 * 60,
    }),
  });
  const opening = company.employees.slice(0, 3);
  for (const [i, e] of opening.entries())
    await adjust({
      companyId,
      uid: company.ownerUid,
      body: adjustmentBody.parse({
        employeeId: e.id,
        policyId: 'sick',
        minutes: (8 + 4 * i) * 60,
        reason: 'opening balance carried from the former payroll system',
      }),
    });
  const { written, employees } = await runAccruals({ companyId });
  return `sick leave policy; ${opening.length} opening balances; ${written.length} accrual entries for ${employees} employees`;
}
