import { defineErrors } from '../../core/errors';

/** The tip pools' codes. A pool the law refuses names the role (details) and the rule it breaks (law.ts). */
export const tipPoolErrors = defineErrors({
  TIP_POOL_NOT_FOUND: { status: 404, meaning: 'No tip pool with that id in the company' },
  TIP_POOL_UNKNOWN_ROLE: {
    status: 422,
    meaning: 'A role the pool names does not exist in the company (or is archived); details name it',
  },
  TIP_POOL_MANAGER_SHARES: {
    status: 422,
    meaning:
      'A management role (type MNG) would keep pooled tips: managers and supervisors never keep tips from a pool (29 U.S.C. 203(m)(2)(B), 29 CFR 531.52(b)(2)); details name the role and the rule',
  },
  TIP_POOL_BACK_OF_HOUSE_WITH_TIP_CREDIT: {
    status: 422,
    meaning:
      'A back-of-house role (type BOH) shares a pool whose employees are paid with a tip credit: only employees who customarily and regularly receive tips may share then (29 CFR 531.54(b)); details name the role and the rule',
  },
  TIP_POOL_EMPLOYER_AGENT: {
    status: 422,
    meaning:
      "In California no agent of the employer (a manager or supervisor, or an employee who is a manager or owner member of the company) may share the employees' tips (Labor Code 351); details name the role or employee and the rule",
  },
  TIP_CREDIT_NOT_ALLOWED: {
    status: 422,
    meaning:
      "The company's state forbids a tip credit (the cash wage is the full minimum wage): a pool cannot say the employer takes one; details name the state and the source",
  },
  TIP_POOL_OVERLAP: {
    status: 409,
    meaning:
      'Another active pool already takes the same tips: a contributing role and tip class in common in the same window (reason same-tips), or a class in common in windows that cross (reason crossing-windows: a pool per day or week, per daypart and per shift read the day differently; two different dayparts, or the am and pm shifts, never cross): no tip may enter two pools; details name the pool, the role (null when the windows cross), the class and the reason',
  },
  TIP_PERIOD_NOT_A_START: {
    status: 422,
    meaning: "The date does not start one of the pool's periods (a company week for a weekly pool)",
  },
  TIP_DISTRIBUTION_NOT_FOUND: { status: 404, meaning: 'The pool has no distribution for that period' },
  TIP_DISTRIBUTION_LOCKED: {
    status: 409,
    meaning: 'The distribution is locked: its entries never change (a later change becomes an adjustment entry)',
  },
  TIP_DISTRIBUTION_TOO_LARGE: {
    status: 422,
    meaning: 'A period with more entries than one commit holds (about 240 employees sharing): split the pool',
  },
  TIP_PERIOD_PAYROLL_CLOSED: {
    status: 422,
    meaning:
      "The pool period starts in a closed pay period and is not locked: payroll paid its tips as each server's own, so it is not divided now",
  },
  TIPS_HIDDEN: { status: 403, meaning: 'The company policy hideTipsFromManagers is on: tips are for owners' },
});
