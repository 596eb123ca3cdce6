/**
 * The calculator's cost per call (pure, in process): ordinary expressions and operation lists, and
 * how fast hostile input is refused (power towers, deep nesting, long literals). Prints its figures.
 */
import { calculate } from '../src/modules/calculator';
import { fmt, percentile } from './lib';

function time(label: string, input: unknown, runs = 2000): void {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    try {
      calculate(input);
    } catch {
      // refusals are what some cases measure
    }
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} p50 ${fmt(percentile(samples, 50), 3)} ms  p99 ${fmt(percentile(samples, 99), 3)} ms  max ${fmt(samples[samples.length - 1], 3)} ms`,
  );
}

time('0.1 + 0.2', { expression: '0.1 + 0.2' });
time('(1249.95 + 80.05) * 0.15 / 7', { expression: '(1249.95 + 80.05) * 0.15 / 7' });
time('2^64 * 3^64 / 7^64 (largest allowed powers)', { expression: '2^64 * 3^64 / 7^64' });
time('labor %: 4 steps with currency', {
  operations: [
    { op: 'sum', args: ['1250.10', '99.95'] },
    { op: 'percentage', args: ['$0', '5400.25'] },
    { op: 'round', args: ['$1'], decimals: 1, mode: 'half_up' },
    { op: 'toMinorUnits', args: ['$0'], currency: 'EUR', mode: 'half_even' },
  ],
});
time('refused: 9^9^9^9', { expression: '9^9^9^9' });
time('refused: 249 nested parentheses', { expression: `${'('.repeat(249)}1${')'.repeat(249)}` });
time('refused: 1,000 nested parentheses (length)', { expression: `${'('.repeat(1000)}1${')'.repeat(1000)}` });
time('refused: 500-character sum of long literals', {
  expression: Array.from({ length: 16 }, () => '1'.repeat(31)).join('+'),
});
