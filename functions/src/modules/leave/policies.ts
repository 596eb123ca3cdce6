import { businessToday } from '../../core/calendar';
import { getCompanyRules } from '../companies';
import { leaveErrors } from './errors';
import { floorFindings, lawFloor } from './floor';
import { sickLawsFor } from './laws';
import { formatCitation } from '../compliance';
import * as repo from './repo';
import type { LeavePolicy, PoliciesAnswer, PolicyBody } from './schemas';

/** GET /leave-policies and PUT /leave-policies/{policyId}: the company's policies, checked against the law of its location. */

async function companyLaw(companyId: string, date?: string) {
  const { profile, settings } = await getCompanyRules({ companyId });
  const on = date ?? businessToday(profile.timezone, settings.dayChangeTime);
  return { on, packs: sickLawsFor(profile.lawLocation) };
}

export async function listPolicies({ companyId, date }: { companyId: string; date?: string }): Promise<PoliciesAnswer> {
  const [{ on, packs }, policies] = await Promise.all([companyLaw(companyId, date), repo.listPolicies(companyId)]);
  const headcount = policies.find((p) => p.kind === 'sick' && !p.archived)?.employerHeadcount ?? null;
  const laws = packs.flatMap((pack) => {
    const f = lawFloor(pack, on, headcount);
    if (!f) return [];
    const v = f.version;
    return [
      {
        law: pack.id,
        name: pack.name,
        effectiveFrom: v.effectiveFrom,
        effectiveTo: v.effectiveTo,
        hoursWorkedPerHour: f.hoursWorkedPerHour,
        minUseCapMinutes: f.useCapFloor,
        minUseCapDays: v.minUseCapDays,
        minBalanceCapMinutes: v.minBalanceCapMinutes,
        minAnnualAccrualCapMinutes: f.accrualCapFloor,
        minCarryoverMinutes: f.carryoverFloor,
        maxWaitingDays: v.maxWaitingDays,
        frontLoadMinutes: f.frontLoadFloor,
        payRate: v.pay.rate,
        citations: [v.accrualCitation, v.capsCitation, ...(f.tier ? [f.tier.citation] : []), v.pay.citation].map(
          formatCitation,
        ),
      },
    ];
  });
  return { date: on, policies, laws };
}

export async function putPolicy({
  companyId,
  policyId,
  body,
  uid,
}: {
  companyId: string;
  policyId: string;
  body: PolicyBody;
  uid: string;
}): Promise<LeavePolicy> {
  const { on, packs } = await companyLaw(companyId);
  const findings = floorFindings(body, packs, on);
  if (findings.length)
    throw leaveErrors.LEAVE_BELOW_LAW_FLOOR(
      `The policy falls below the law: ${findings.map((f) => f.rule).join(', ')}`,
      findings,
    );
  const policy: LeavePolicy = { ...body, id: policyId, companyId, updatedAt: Date.now(), updatedBy: uid };
  await repo.policyRef(companyId, policyId).set(repo.policyToDoc(policy));
  return policy;
}
