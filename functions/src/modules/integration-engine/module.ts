import { INTEGRATION_SECRETS } from '../../core/config';
import { vaultErrors } from '../../core/vault';
import { defineModule, lazyFile } from '../kit';
import { reservationsPart } from '../reservations/module';
import { engineErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));
const oauth = lazyFile<typeof import('./oauth')>(() => require('./oauth'));

export default defineModule({
  name: 'integrationEngine',
  tag: 'integration-engine',
  description:
    'The integration engine: connect (API key, client credentials, OAuth, file, reservation partner key), disconnect, manual sync and run history, the reservation-partner flow; credentials in an encrypted vault',
  http: router,
  errors: { ...engineErrors.catalog, ...reservationsPart.errors, ...vaultErrors.catalog },
  runtime: { secrets: INTEGRATION_SECRETS },
  // its own collections, then those of the reservations module it serves
  collections: {
    company: ['syncRuns', 'syncRunIssues', 'syncAlerts', ...reservationsPart.collections.company],
    root: ['vault', 'oauthStates', ...reservationsPart.collections.root],
  },
  personalData: {
    syncRuns: 'none',
    // vendor record ids, codes and reasons of a run's refused and held records
    syncRunIssues: 'none',
    syncAlerts: 'none',
    vault: 'none',
    oauthStates: 'none',
    ...reservationsPart.personalData,
  },
  jobs: [
    {
      name: 'integrationTokenRefresh',
      schedule: 'every 30 minutes',
      description:
        'Refreshes OAuth access tokens that expire within the next 40 minutes (the interval plus the refresh margin)',
      run: () => async () => oauth().refreshExpiringTokens(),
    },
  ],
});

/** The queue of sync runs, for the POS sync service's definition, which declares it (its index would load the engine). */
export { SYNC_QUEUE } from './queues';
