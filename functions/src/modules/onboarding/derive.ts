import { z } from 'zod';
import { ANSWER_FIELDS, REQUIRED_FIELDS, WEEK_DAYS, type AnswerField, type Answers, type WeekDay } from './schemas';

/** The pure rules of onboarding: what to ask next, reading the model's proposal, and the company derived from the answers. */

const QUESTIONS: Record<(typeof REQUIRED_FIELDS)[number], string> = {
  restaurantName: 'What is the name of your restaurant?',
  restaurantType: 'What kind of place is it (for example a pizzeria, a café, a cocktail bar or fine dining)?',
  country: 'Which country is it in?',
  timezone: 'Which city or time zone does it run in?',
  openingHours: 'What are your opening hours on each day of the week, and on which days are you closed?',
  roles: 'Which roles do you staff (servers, cooks, bartenders ...), and how many people work in each?',
};

/** The answers the company still needs, in the order they are asked. openingHours needs all seven days. */
export function missingAnswers(answers: Answers): Array<(typeof REQUIRED_FIELDS)[number]> {
  return REQUIRED_FIELDS.filter((field) => {
    if (field === 'openingHours') return WEEK_DAYS.some((day) => answers.openingHours?.[day] === undefined);
    return answers[field] === undefined;
  });
}

export function nextQuestion(answers: Answers): { field: (typeof REQUIRED_FIELDS)[number]; text: string } | null {
  const field = missingAnswers(answers)[0];
  if (!field) return null;
  if (field === 'openingHours' && answers.openingHours && Object.keys(answers.openingHours).length > 0) {
    const days = WEEK_DAYS.filter((day) => answers.openingHours?.[day] === undefined);
    return { field, text: `And your hours on ${days.join(', ')} (or are you closed then)?` };
  }
  return { field, text: QUESTIONS[field] };
}

export const READY_REPLY =
  'Thank you, I have everything I need. Review the answers, then complete the setup to create your company.';

/** The model's answer, as text: the JSON object in it (a code fence or prose around it is tolerated), or null. */
export function jsonIn(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
}

const proposalShape = z.object({ answers: z.record(z.string(), z.unknown()) });

/**
 * What a model's proposal changes: each field it proposes is validated with that field's schema
 * (never trusted); opening hours merge day by day, other fields replace. Unknown fields are
 * dropped, invalid ones listed in `ignored` (their question is asked again).
 */
export function applyProposal(
  answers: Answers,
  modelText: string,
): { answers: Answers; accepted: string[]; ignored: string[] } {
  const parsed = proposalShape.safeParse(jsonIn(modelText));
  if (!parsed.success) return { answers, accepted: [], ignored: [] };
  const next: Answers = { ...answers };
  const accepted: string[] = [];
  const ignored: string[] = [];
  for (const [field, value] of Object.entries(parsed.data.answers)) {
    if (!Object.hasOwn(ANSWER_FIELDS, field) || value === null || value === undefined) continue;
    const key = field as AnswerField;
    const checked = ANSWER_FIELDS[key].safeParse(value);
    if (!checked.success) {
      ignored.push(key);
      continue;
    }
    const before = JSON.stringify(next[key]);
    if (key === 'openingHours')
      next.openingHours = { ...next.openingHours, ...(checked.data as Answers['openingHours']) };
    else (next as Record<string, unknown>)[key] = checked.data;
    if (JSON.stringify(next[key]) !== before) accepted.push(key);
  }
  return { answers: next, accepted, ignored };
}

// ---- the company derived from the answers ----------------------------------------------------------

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const DAY = 1440;
/** A day open longer than this (minutes) gets two slots per role (lunch and dinner) instead of one. */
const SPLIT_OVER = 600;
/** Shifts one person works in a typical week, to turn a head-count into people per slot. */
const SHIFTS_PER_PERSON = 5;

interface Slot {
  start: number;
  end: number;
  key: string;
}

/** The slots of an open day: one covering the hours, or two halves (on the half hour) when the day is long. */
export function slotsOf(hours: { open: string; close: string }): Slot[] {
  const open = minutesOf(hours.open);
  const close = minutesOf(hours.close);
  const span = (close - open + DAY) % DAY;
  if (span <= SPLIT_OVER) return [{ start: open, end: close, key: 'day' }];
  const mid = (open + Math.round(span / 2 / 30) * 30) % DAY;
  return [
    { start: open, end: mid, key: 'lunch' },
    { start: mid, end: close, key: 'dinner' },
  ];
}

export const SUB_ROLE_ID = 'general';

export interface DerivedRole {
  id: string;
  name: string;
  type: 'BOH' | 'FOH' | 'MNG';
  priority: number;
  headcount: number;
}

/**
 * The schedule template (daysStructure): per open day, a slot list per role, each slot asking for the
 * role's people in it: headcount × 5 shifts a week spread over the role's slots of the week
 * (at least 1). Closed days are left out.
 */
export function scheduleTemplate(
  openingHours: Partial<Record<WeekDay, { open: string; close: string } | null>>,
  roles: readonly DerivedRole[],
) {
  const openDays = WEEK_DAYS.filter((day) => openingHours[day]);
  const slotsPerWeek = openDays.reduce((n, day) => n + slotsOf(openingHours[day]!).length, 0);
  const days: Record<string, unknown> = {};
  for (const day of openDays) {
    const slots = slotsOf(openingHours[day]!);
    const shifts: Record<string, unknown[]> = {};
    for (const role of roles) {
      const required = Math.max(1, Math.floor((role.headcount * SHIFTS_PER_PERSON) / slotsPerWeek));
      shifts[role.id] = slots.map((slot) => ({ ...slot, [SUB_ROLE_ID]: { required, hold: 0 } }));
    }
    days[day] = {
      morning: { start: slots[0].start },
      ...(slots.length > 1 ? { evening: { start: slots[1].start } } : {}),
      shifts,
    };
  }
  return days;
}

/** Profile fields and settings derived from the answers (over the signup's and the defaults). */
export function companySetupOf(
  answers: Required<Pick<Answers, 'restaurantType' | 'openingHours'>>,
  roles: readonly DerivedRole[],
) {
  const open = WEEK_DAYS.map((day) => answers.openingHours[day]).filter(
    (h): h is { open: string; close: string } => !!h,
  );
  const longestSlot = Math.max(0, ...open.flatMap(slotsOf).map((s) => (s.end - s.start + DAY) % DAY));
  return {
    profile: {
      industry: answers.restaurantType,
      createdByOnboarding: true,
      onboardingCompleted: true,
      // a typical shift: the longest slot, on the half hour, at most 8 hours
      ...(longestSlot > 0 ? { defaultDuration: Math.min(480, Math.max(60, Math.round(longestSlot / 30) * 30)) } : {}),
      daysStructure: scheduleTemplate(answers.openingHours, roles),
      roleOrders: Object.fromEntries(roles.map((r) => [r.id, r.priority])),
    },
    settings: {
      // long days are staffed in two parts
      enableShiftSplitting: open.some((h) => slotsOf(h).length > 1),
    },
  };
}
