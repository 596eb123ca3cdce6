import { customProblem, presetRange, rangeFromQuery, rangeQuery } from '../../../../web/src/range';

const NOW = Date.parse('2026-11-24T15:00:00Z');
const q = (s: string) => new URLSearchParams(s);

describe("the dashboard's range in the address", () => {
  const thirty = presetRange(30, NOW);

  it('writes a preset as days and a custom range as from and to', () => {
    expect(rangeQuery(presetRange(365, NOW))).toBe('days=365');
    expect(rangeQuery({ from: '2026-01-01', to: '2026-01-31', preset: null })).toBe('from=2026-01-01&to=2026-01-31');
  });

  it('reads back what it wrote', () => {
    expect(rangeFromQuery(q(rangeQuery(presetRange(90, NOW))), thirty, NOW)).toEqual(presetRange(90, NOW));
    expect(rangeFromQuery(q('from=2026-01-01&to=2026-01-31'), thirty, NOW)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      preset: null,
    });
  });

  it('keeps the current range when the address names none, or a wrong one', () => {
    for (const query of [
      '',
      'days=12',
      'days=abc',
      'from=2026-02-01&to=2026-01-01',
      'from=2026-01-01',
      'from=2024-01-01&to=2026-01-01',
    ]) {
      expect(rangeFromQuery(q(query), thirty, NOW)).toBe(thirty);
    }
  });

  it('keeps the same preset object when the address names the preset already shown', () => {
    expect(rangeFromQuery(q('days=30'), thirty, NOW)).toBe(thirty);
  });

  it('ends a preset today (UTC) and counts its days inclusively', () => {
    expect(presetRange(7, NOW)).toEqual({ from: '2026-11-18', to: '2026-11-24', preset: 7 });
    expect(customProblem('2025-11-24', '2026-11-24')).toBeNull(); // 366 days
    expect(customProblem('2025-11-23', '2026-11-24')).toBe('At most 366 days.');
  });
});
