import { effectiveState } from '../../../../src/modules/requests/transitions';

describe('the effective state of a request', () => {
  const NOW = Date.UTC(2026, 5, 1, 12);
  it('answers a pending shift request whose shift has started as expired, from its start on', () => {
    expect(effectiveState({ state: 'pending_peer', shiftStartsAt: NOW }, NOW)).toBe('expired');
    expect(effectiveState({ state: 'pending_manager', shiftStartsAt: NOW - 1 }, NOW)).toBe('expired');
    expect(effectiveState({ state: 'pending_peer', shiftStartsAt: NOW + 1 }, NOW)).toBe('pending_peer');
  });

  it('keeps decided requests and requests without a shift as stored', () => {
    expect(effectiveState({ state: 'approved', shiftStartsAt: NOW - 1 }, NOW)).toBe('approved');
    expect(effectiveState({ state: 'cancelled', shiftStartsAt: NOW - 1 }, NOW)).toBe('cancelled');
    expect(effectiveState({ state: 'pending_manager', shiftStartsAt: null }, NOW)).toBe('pending_manager');
  });
});
