import type { AppError } from '../../src/core/errors';

/** The AppError `fn` throws; fails the test when it throws nothing. */
export const refusal = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected a refusal');
};
