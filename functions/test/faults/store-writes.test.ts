/**
 * Single writes with the database cut off at every RPC (./cuts.ts): a plain write and a
 * transactional one.
 */
import { callDeadlines, db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { bearer } from '../helpers/users';
import { cutEverywhere, cutNetwork, expectCleanFaults, flowTimeout } from './cuts';

cutNetwork();

describe('the database cut off in the middle of a single write', () => {
  it('gives the Firestore client a deadline for every call, retries included', () => {
    type Service = ReturnType<typeof callDeadlines>['interfaces']['google.firestore.v1.Firestore'];
    const settings = (db() as unknown as { _settings: { clientConfig: { interfaces: Record<string, Service> } } })
      ._settings;
    const service = settings.clientConfig.interfaces['google.firestore.v1.Firestore'];
    expect(service.methods.Commit.timeout_millis).toBe(800);
    expect(service.methods.BatchGetDocuments.timeout_millis).toBe(800);
    expect(service.retry_params.default.total_timeout_millis).toBe(800);
  });

  it(
    'a plain write (POST /roles) answers 503 with Retry-After at every cut, and writes all or nothing',
    async () => {
      const outcome = await cutEverywhere(
        async (co) => () =>
          api('roles')
            .post('/roles')
            .query({ companyId: co.companyId })
            .set(bearer(co.owner))
            .send({ name: 'Cut cook' }),
      );
      expectCleanFaults(outcome);
    },
    flowTimeout(6),
  );

  it(
    'a transactional write (POST /clock/in, runExclusive) answers 503 at every cut, and writes all or nothing',
    async () => {
      const outcome = await cutEverywhere(
        async (co) => () =>
          api('attendance').post('/clock/in').query({ companyId: co.companyId }).set(bearer(co.employee)).send({}),
      );
      expectCleanFaults(outcome);
    },
    flowTimeout(10),
  );
});
