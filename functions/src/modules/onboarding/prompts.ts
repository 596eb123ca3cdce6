import { ONBOARDING_LIMITS, type Answers } from './schemas';

/** The instructions of the extraction call: the answers so far, the question asked, the JSON expected. */
export function extractionSystem(answers: Answers, question: string | null): string {
  return [
    "You help the owner of a new restaurant set up their scheduling account. Read the owner's last message and extract the facts it states.",
    'Answer with ONE JSON object and nothing else: {"answers": {...}} with only the fields the owner stated or corrected:',
    '- restaurantName: string',
    '- restaurantType: string (e.g. "pizzeria", "café", "fine dining")',
    '- country: ISO 3166-1 alpha-2 code (e.g. "ES")',
    '- timezone: IANA time zone (e.g. "Europe/Madrid"); infer it from the city when the owner names one',
    '- currency: ISO 4217 code (only if stated)',
    '- openingHours: {"Monday": {"open": "HH:MM", "close": "HH:MM"} | null (closed), ...} for the days stated; a close before the open means past midnight',
    `- roles: [{"name": string, "type": "BOH" | "FOH" | "MNG", "headcount": integer}] (at most ${ONBOARDING_LIMITS.roles}), the full list when the owner states roles`,
    'Never invent a value the owner did not give. If the message states nothing new, answer {"answers": {}}.',
    `Answers so far: ${JSON.stringify(answers)}`,
    `Question asked: ${question ?? 'none (everything is answered; the owner may correct an answer)'}`,
  ].join('\n');
}

export function welcomeSystem(answers: Answers): string {
  return [
    `The owner's company "${answers.restaurantName}" was just created with its roles, opening hours and a schedule template.`,
    'Welcome them in two or three sentences and suggest the next step: adding their employees. Plain text, no markdown.',
  ].join('\n');
}

export const DEFAULT_CLOSING = 'Please create my company.';
export const fallbackWelcome = (name: string) =>
  `Welcome aboard! ${name} is set up with its roles, opening hours and a schedule template. Next, add your employees.`;
