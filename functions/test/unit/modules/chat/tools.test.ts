import { bounded } from '../../../../src/modules/chat/tools';

describe('tool results sent to the model are bounded', () => {
  it('keeps a result that fits as it is', () => {
    const result = { currency: 'EUR', buckets: [{ key: '2026-03-09', totalSales: 6249 }] };
    expect(JSON.parse(bounded(result, 1000))).toEqual(result);
  });

  it('cuts the largest array first, keeps the rest, and states how many items were left out', () => {
    const result = {
      currency: 'EUR',
      small: [1, 2],
      shifts: Array.from({ length: 500 }, (_, i) => ({ id: `shift-${i}`, start: 600, end: 960 })),
    };
    const text = bounded(result, 2000);
    expect(text.length).toBeLessThanOrEqual(2000);
    const parsed = JSON.parse(text);
    expect(parsed.currency).toBe('EUR');
    expect(parsed.small).toEqual([1, 2]);
    expect(parsed.shifts).toEqual(result.shifts.slice(0, parsed.shifts.length));
    expect(parsed.shifts.length + parsed.truncated.shifts).toBe(500);
  });

  it('answers a note asking for a narrower question when even an empty array does not fit', () => {
    const text = bounded({ blob: 'x'.repeat(5000), items: [1, 2, 3] }, 500);
    expect(JSON.parse(text)).toEqual({
      truncated: true,
      note: 'The result is too large; ask for a shorter range or a narrower filter.',
    });
  });

  it('bounds a result that is not an object', () => {
    expect(JSON.parse(bounded('y'.repeat(1000), 100)).truncated).toBe(true);
    expect(bounded(undefined, 100)).toBe('null');
  });
});
