import { distance } from 'fastest-levenshtein';
import type { Employee } from '../employees';
import { SUGGESTIONS, type Suggestion } from './schemas';

/** How a POS employee is matched to an employee of the company: pure rules, no storage. */

export const emailKey = (email: string | null | undefined): string | null => {
  const key = email?.trim().toLowerCase();
  return key && key.includes('@') ? key : null;
};

/** Short digit strings (an extension, a placeholder) would match by accident. */
const MIN_PHONE_DIGITS = 6;

/** The digits of a phone number, without an international 00 prefix. */
export const phoneKey = (phone: string | null | undefined): string | null => {
  const digits = (phone ?? '').replace(/\D/g, '').replace(/^00/, '');
  return digits.length >= MIN_PHONE_DIGITS ? digits : null;
};

/** The keys an employee record can be matched by: its email, its phone with and without its country code. */
export function employeeKeys(e: Pick<Employee, 'email' | 'phone' | 'phoneCode'>): {
  email: string | null;
  phones: string[];
} {
  const phones = [phoneKey(e.phone), e.phone && e.phoneCode ? phoneKey(`${e.phoneCode}${e.phone}`) : null].filter(
    (p): p is string => p !== null,
  );
  return { email: emailKey(e.email), phones: [...new Set(phones)] };
}

/**
 * The employee a POS employee is linked to automatically: the one employee (not archived) whose
 * email or phone equals the POS employee's (normalized), when exactly one matches and it is not
 * linked to another POS employee of the same connection (`taken`); else null.
 */
export function autoLinkMatch(
  pos: { emailKey: string | null; phoneKey: string | null },
  employees: readonly Employee[],
  taken: ReadonlySet<string>,
): string | null {
  if (!pos.emailKey && !pos.phoneKey) return null;
  const matches = new Set<string>();
  for (const e of employees) {
    if (e.archived) continue;
    const keys = employeeKeys(e);
    if ((pos.emailKey && keys.email === pos.emailKey) || (pos.phoneKey && keys.phones.includes(pos.phoneKey)))
      matches.add(e.id);
  }
  if (matches.size !== 1) return null;
  const [only] = matches;
  return taken.has(only) ? null : only;
}

/** A name for comparison: accents, case, punctuation and repeated spaces removed. */
export const nameKey = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** 1 - Levenshtein distance / length of the longer name, so 1 is identical and 0 shares nothing. */
export function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 0 : 1 - distance(a, b) / longest;
}

/** Below this, a name is not worth suggesting. */
const MIN_SCORE = 0.4;

/** The employees most like a POS employee by name, best first (ties by surname, name, id). */
export function suggest(
  pos: { firstName: string; lastName: string },
  candidates: readonly Employee[],
  limit = SUGGESTIONS,
): Suggestion[] {
  const posName = nameKey(`${pos.firstName} ${pos.lastName}`);
  if (!posName) return [];
  return candidates
    .filter((e) => !e.archived)
    .map((e) => {
      const score = Math.max(
        similarity(posName, nameKey(`${e.name} ${e.surname}`)),
        similarity(posName, nameKey(`${e.surname} ${e.name}`)),
      );
      return { employeeId: e.id, name: e.name, surname: e.surname, score: Math.round(score * 1000) / 1000 };
    })
    .filter((s) => s.score >= MIN_SCORE)
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.surname.localeCompare(b.surname) ||
        a.name.localeCompare(b.name) ||
        a.employeeId.localeCompare(b.employeeId),
    )
    .slice(0, limit);
}
