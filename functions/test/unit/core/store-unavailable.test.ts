import fc from 'fast-check';
import { storeUnavailable } from '../../../src/core/firestore';

/** gRPC status codes (the Firestore client's errors carry them as `code`). */
const DEADLINE_EXCEEDED = 4;
const UNAVAILABLE = 14;

describe('a Firestore error as an answer', () => {
  it.each([DEADLINE_EXCEEDED, UNAVAILABLE])(
    'answers gRPC status %i (the database did not answer) as 503 STORE_UNAVAILABLE with Retry-After',
    (code) => {
      const answer = storeUnavailable(Object.assign(new Error('no answer'), { code }));
      expect(answer).toMatchObject({ code: 'STORE_UNAVAILABLE', status: 503 });
      expect(answer!.retryAfterSeconds).toBeGreaterThan(0);
    },
  );

  it('leaves every other error to the usual handling (a logged 500 or its own code)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -5, max: 20 }).filter((c) => c !== DEADLINE_EXCEEDED && c !== UNAVAILABLE),
          fc.string(),
          fc.constant(undefined),
        ),
        (code) => expect(storeUnavailable(Object.assign(new Error('x'), { code }))).toBeNull(),
      ),
    );
    expect(storeUnavailable(null)).toBeNull();
  });
});
