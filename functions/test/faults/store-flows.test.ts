/**
 * Multi-step flows with the database cut off at every RPC (./cuts.ts): publishing a week's drafts
 * and closing a pay period.
 */
import { randomUUID } from 'node:crypto';
import { api } from '../helpers/api';
import { bearer } from '../helpers/users';
import { storeShift } from '../schedule/helpers';
import { cutEverywhere, cutNetwork, expectCleanFaults, flowTimeout } from './cuts';

cutNetwork();

describe('the database cut off in the middle of a multi-step flow', () => {
  it(
    'a multi-step flow (POST /shifts/publish) answers 503 at every cut, and publishes all drafts or none',
    async () => {
      const outcome = await cutEverywhere(async (co) => {
        for (const [i, employeeId] of [co.employeeId, co.otherId].entries())
          await storeShift(co.companyId, `draft-${i}-${randomUUID().slice(0, 6)}`, {
            date: '2026-03-10',
            employeeId,
            positionId: co.cookId,
            subRoleId: 'line',
            start: 540,
            end: 1020,
            mode: 'draft',
          });
        return () =>
          api('schedule')
            .post('/shifts/publish')
            .query({ companyId: co.companyId })
            .set(bearer(co.manager))
            .send({ startDate: '2026-03-09', endDate: '2026-03-15' });
      });
      expectCleanFaults(outcome);
    },
    // it took 62 s of 120 s in CI on 2026-12-03 once publish read the minors' rules and answered its outcome
    flowTimeout(20),
  );

  it(
    'a multi-step flow (closing a pay period) answers 503 at every cut, and closes it whole or not at all',
    async () => {
      const outcome = await cutEverywhere(async (co) => {
        const periods = await api('payroll')
          .get('/payroll/periods')
          .query({ companyId: co.companyId, count: 2 })
          .set(bearer(co.manager));
        const { startDate } = periods.body.data[1] as { startDate: string };
        return () =>
          api('payroll')
            .post(`/payroll/periods/${startDate}/close`)
            .query({ companyId: co.companyId })
            .set(bearer(co.manager))
            .send();
      });
      // a close locks the period's punches first and closes the period after checking them: cut in
      // between, the lock stays (its undo cannot reach the database) until the close is retried
      expectCleanFaults(outcome, [['companies/{company}/attendanceLocks/*']]);
    },
    // 147 s of 288 s in CI on 2026-12-03 (the report reads leave, tips and the place rules now): twice that and more
    flowTimeout(40),
  );
});
