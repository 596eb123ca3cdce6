/** Writes each event adds to the commit of its change (the outbox document and its pending marker). */
export const EVENT_WRITES = 2;
