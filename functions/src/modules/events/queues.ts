/** The queue whose tasks fan one event out, and the queue of the email digests. */
export const FAN_OUT_QUEUE = 'eventsFanOut';
export const DIGEST_QUEUE = 'eventsDigest';
