import { ERASED_TEXT } from '../personal-data';

/**
 * A person's mentions: the texts a copy of them elsewhere is recognised by (their full name, email
 * and phone as stored), and the same value with each mention replaced by the erased placeholder,
 * also inside JSON text (an answer kept for a retry is stored as its JSON).
 */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Mentions worth matching: at least 5 characters (a lone first name would match other people's text). */
export function mentionsOf(texts: ReadonlyArray<string | null | undefined>): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    const t = text?.trim();
    if (t && t.length >= 5 && t.toLowerCase() !== ERASED_TEXT.toLowerCase()) {
      out.add(t);
      out.add(JSON.stringify(t).slice(1, -1));
    }
  }
  return [...out].sort((a, b) => b.length - a.length);
}

const patternOf = (mentions: readonly string[]) =>
  mentions.length ? new RegExp(mentions.map(escapeRegExp).join('|'), 'gi') : null;

/** Whether any string in `value` (keys included) mentions the person. */
export function mentions(value: unknown, texts: readonly string[]): boolean {
  const pattern = patternOf(texts);
  return !!pattern && pattern.test(JSON.stringify(value ?? null));
}

/** `value` with every mention of the person (case-insensitive) replaced by the placeholder, at any depth. */
export function withoutMentions<T>(value: T, texts: readonly string[]): T {
  const pattern = patternOf(texts);
  if (!pattern) return value;
  const scrub = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(pattern, ERASED_TEXT);
    if (Array.isArray(v)) return v.map(scrub);
    if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, scrub(x)]));
    return v;
  };
  return scrub(value) as T;
}
