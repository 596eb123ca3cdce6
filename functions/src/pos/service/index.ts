/** The POS sync service's public API inside the POS area: the queue the integration engine puts sync runs on. */
export { SYNC_QUEUE } from './queue';
