/**
 * Strings that are not well-formed UTF-16 (a lone surrogate such as `"\ud800"`, which JSON can
 * spell): Firestore stores text as UTF-8 and refuses them, so a request carrying one anywhere (a
 * value or a key) is refused before its schema runs, naming each place. Walked without recursion:
 * a deeply nested body costs no stack.
 */
// in a `u` pattern a surrogate pair is one code point: only a lone surrogate is in the category Cs
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;
const wellFormed = (text: string) => !LONE_SURROGATE.test(text);

export const ILL_FORMED_MESSAGE =
  'must be well-formed Unicode text (a lone surrogate such as \\ud800 cannot be stored)';

/** The dotted paths (under `root`) of every ill-formed string in `value`, values and keys, at most `limit`. */
export function illFormedPaths(value: unknown, root: string, limit = 20): string[] {
  const found: string[] = [];
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length && found.length < limit) {
    const [item, at] = stack.pop()!;
    if (typeof item === 'string') {
      if (!wellFormed(item)) found.push(at);
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], `${at}.${i}`]);
    } else if (item !== null && typeof item === 'object') {
      const entries = Object.entries(item as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        if (!wellFormed(key)) found.push(`${at}.${key.replace(LONE_SURROGATES, '\uFFFD')}`);
        else stack.push([child, `${at}.${key}`]);
      }
    }
  }
  return found.slice(0, limit);
}
