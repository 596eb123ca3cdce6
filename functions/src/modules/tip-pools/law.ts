import type { ErrorDetail } from '../../core/errors';
import { tipCreditOn, type TipCreditLocation } from './tip-credit';

/**
 * Who may share a tip pool, by law: pure, no I/O. Each rule names its source (checked 2026-12-03):
 *
 * - FLSA, managers and supervisors: an employer may not keep its employees' tips, "including
 *   allowing managers or supervisors to keep any portion of employees' tips", whether or not it
 *   takes a tip credit: 29 U.S.C. 203(m)(2)(B) (Consolidated Appropriations Act 2018) and
 *   29 CFR 531.52(b)(2) (a manager or supervisor is an employee meeting the duties test of
 *   29 CFR 541.100(a)(2)-(4)). A role of type MNG is such a role; its people never share.
 *   https://www.ecfr.gov/current/title-29/subtitle-B/chapter-V/subchapter-A/part-531/subpart-D/section-531.52
 * - FLSA, back of house: where the employer takes a tip credit, a mandatory pool may hold only
 *   employees who customarily and regularly receive tips (29 CFR 531.54(b)); where it takes none,
 *   employees who are not customarily tipped (cooks, dishwashers: type BOH) may share too
 *   (29 CFR 531.54(c)).
 *   https://www.ecfr.gov/current/title-29/subtitle-B/chapter-V/subchapter-A/part-531/subpart-D/section-531.54
 * - California: a gratuity is the sole property of the employee(s) it was left for, and no employer
 *   or agent may take, collect or receive any part of it (Labor Code 351; an agent is anyone with
 *   the authority to hire or discharge or to supervise, direct or control the acts of employees,
 *   Labor Code 350(d)). A role of type MNG, and an employee who is a manager or owner member of the
 *   company, is such an agent.
 *   https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=LAB&sectionNum=351
 * - A tip credit where the state forbids one (tip-credit.ts) is refused as well.
 *
 * A role without a type is taken as front of house (customarily tipped).
 */

export const LAW = {
  managers: '29 U.S.C. 203(m)(2)(B); 29 CFR 531.52(b)(2)',
  backOfHouse: '29 CFR 531.54(b) (with a tip credit only customarily tipped employees share; 531.54(c) without one)',
  agents: 'California Labor Code 351 (no agent of the employer shares gratuities; agent: Labor Code 350(d))',
} as const;

export interface PoolRole {
  id: string;
  name: string;
  type?: 'BOH' | 'FOH' | 'MNG';
}

export interface PoolForLaw {
  /** Roles whose people receive a share (the pool's roles and a tip-out's). */
  sharingRoleIds: readonly string[];
  tipCreditTaken: boolean;
}

export type LawCode =
  | 'TIP_POOL_MANAGER_SHARES'
  | 'TIP_POOL_BACK_OF_HOUSE_WITH_TIP_CREDIT'
  | 'TIP_POOL_EMPLOYER_AGENT'
  | 'TIP_CREDIT_NOT_ALLOWED'
  | 'TIP_POOL_UNKNOWN_ROLE';

export interface LawFinding {
  code: LawCode;
  message: string;
  details: ErrorDetail[];
}

/**
 * The first rule a pool breaks (null: lawful), for a company at `location` (its state, county and
 * city; null: none given: federal law only) on business date `date`. The roles are the company's, by id.
 */
export function lawFinding(
  pool: PoolForLaw,
  roles: ReadonlyMap<string, PoolRole>,
  location: TipCreditLocation | null,
  date: string,
): LawFinding | null {
  const state = location?.state ?? null;
  const sharing = [...new Set(pool.sharingRoleIds)];
  const unknown = sharing.filter((id) => !roles.has(id));
  if (unknown.length)
    return {
      code: 'TIP_POOL_UNKNOWN_ROLE',
      message: `No such role in the company: ${unknown.join(', ')}`,
      details: unknown.map((roleId) => ({ path: 'roleId', roleId, message: 'no such active role' })),
    };
  const credit = tipCreditOn(location, date);
  if (pool.tipCreditTaken && !credit.creditAllowed)
    return {
      code: 'TIP_CREDIT_NOT_ALLOWED',
      message: `${state} forbids a tip credit: the pool cannot pay its employees with one`,
      details: [{ path: 'tipCreditTaken', state, rule: credit.source.section, message: 'no tip credit in this state' }],
    };
  const managers = sharing.map((id) => roles.get(id)!).filter((r) => r.type === 'MNG');
  if (managers.length) {
    const california = state === 'CA';
    return {
      code: california ? 'TIP_POOL_EMPLOYER_AGENT' : 'TIP_POOL_MANAGER_SHARES',
      message: `${managers.map((r) => r.name).join(', ')} would keep pooled tips: ${
        california ? 'no agent of the employer may share them' : 'managers and supervisors never keep tips from a pool'
      } (${california ? LAW.agents : LAW.managers})`,
      details: managers.map((r) => ({
        path: 'roleId',
        roleId: r.id,
        roleName: r.name,
        rule: california ? `${LAW.agents}; ${LAW.managers}` : LAW.managers,
        message: 'a management role shares the pool',
      })),
    };
  }
  const backOfHouse = sharing.map((id) => roles.get(id)!).filter((r) => r.type === 'BOH');
  if (pool.tipCreditTaken && backOfHouse.length)
    return {
      code: 'TIP_POOL_BACK_OF_HOUSE_WITH_TIP_CREDIT',
      message: `${backOfHouse.map((r) => r.name).join(', ')} may share only where no tip credit is taken (${LAW.backOfHouse})`,
      details: backOfHouse.map((r) => ({
        path: 'roleId',
        roleId: r.id,
        roleName: r.name,
        rule: LAW.backOfHouse,
        message: 'a back-of-house role shares a pool paid with a tip credit',
      })),
    };
  return null;
}

/**
 * The employees who may not share by who they are, not by their role (an agent of the employer:
 * a manager or owner member of the company): under the FLSA (managers and supervisors) and in
 * California (agents). Given the sharers' membership roles (null: no member), the refused ones.
 */
export function agentsAmong(
  sharers: ReadonlyMap<string, 'owner' | 'manager' | 'employee' | null>,
  state: string | null,
): LawFinding | null {
  const agents = [...sharers.entries()].filter(([, role]) => role === 'owner' || role === 'manager');
  if (!agents.length) return null;
  const california = state === 'CA';
  const rule = california ? `${LAW.agents}; ${LAW.managers}` : LAW.managers;
  return {
    code: california ? 'TIP_POOL_EMPLOYER_AGENT' : 'TIP_POOL_MANAGER_SHARES',
    message: `Employees who manage the company would share the pool (${rule})`,
    details: agents.map(([employeeId, role]) => ({
      path: 'employeeId',
      employeeId,
      memberRole: role,
      rule,
      message: `a ${role} of the company shares the pool`,
    })),
  };
}
