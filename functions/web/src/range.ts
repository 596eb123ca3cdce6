/** The date range of the views: UTC days (as the usage rows are grouped), a preset or custom. */
export interface Range {
  from: string;
  to: string;
  /** Days of the preset, or null for a custom range. */
  preset: number | null;
}

export const PRESETS = [7, 30, 90, 365] as const;
export const MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function presetRange(days: number, now = Date.now()): Range {
  const to = iso(now);
  return { from: iso(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS), to, preset: days };
}

export function daysOf(range: Range): string[] {
  const start = Date.parse(`${range.from}T00:00:00Z`);
  const count = Math.round((Date.parse(`${range.to}T00:00:00Z`) - start) / DAY_MS) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => iso(start + i * DAY_MS));
}

/** A custom range's problem, or null. */
export function customProblem(from: string, to: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return 'Choose both dates.';
  if (from > to) return 'The start is after the end.';
  if (daysOf({ from, to, preset: null }).length > MAX_DAYS) return `At most ${MAX_DAYS} days.`;
  return null;
}

/** The address's form of a range: `days=N` for a preset, `from=…&to=…` for a custom one. */
export function rangeQuery(range: Range): string {
  return range.preset ? `days=${range.preset}` : `from=${range.from}&to=${range.to}`;
}

/** The range an address names, or `current` when it names none (or a wrong one). A preset is recomputed up to today. */
export function rangeFromQuery(params: URLSearchParams, current: Range, now = Date.now()): Range {
  const days = Number(params.get('days'));
  if ((PRESETS as readonly number[]).includes(days)) return current.preset === days ? current : presetRange(days, now);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (customProblem(from, to) === null) return { from, to, preset: null };
  return current;
}
