import {
  applyProposal,
  companySetupOf,
  nextQuestion,
  READY_REPLY,
  scheduleTemplate,
  slotsOf,
} from '../../../../src/modules/onboarding/derive';
import type { Answers } from '../../../../src/modules/onboarding/schemas';

/**
 * The onboarding rules at their edges ("onboarding": the assistant collects the restaurant's
 * name, type, timezone, opening hours, roles and head-count; on completion the company gets a
 * schedule template derived from the answers).
 */

const CLOSED_WEEK = {
  Monday: null,
  Tuesday: null,
  Wednesday: null,
  Thursday: null,
  Friday: null,
  Saturday: null,
  Sunday: null,
};
const roles = [{ id: 'role-server', name: 'Server', type: 'FOH' as const, priority: 0, headcount: 2 }];

describe('onboarding: the questions', () => {
  it.each([
    [{}, 'restaurantName', /name of your restaurant/],
    [{ restaurantName: 'Casa Pepe' }, 'restaurantType', /kind of place/],
    [{ restaurantName: 'Casa Pepe', restaurantType: 'tapas bar' }, 'country', /country/],
    [{ restaurantName: 'Casa Pepe', restaurantType: 'tapas bar', country: 'ES' }, 'timezone', /time zone/],
    [
      { restaurantName: 'Casa Pepe', restaurantType: 'tapas bar', country: 'ES', timezone: 'Europe/Madrid' },
      'openingHours',
      /opening hours on each day/,
    ],
    [
      {
        restaurantName: 'Casa Pepe',
        restaurantType: 'tapas bar',
        country: 'ES',
        timezone: 'Europe/Madrid',
        openingHours: CLOSED_WEEK,
      },
      'roles',
      /roles do you staff.*how many people/,
    ],
  ])('after %j asks for %s in words about it', (answers, field, words) => {
    const q = nextQuestion(answers as Answers);
    expect(q?.field).toBe(field);
    expect(q?.text).toMatch(words);
  });

  it('asks for the name first even when some opening hours are already known', () => {
    expect(nextQuestion({ openingHours: { Monday: null } })).toEqual({
      field: 'restaurantName',
      text: expect.stringMatching(/name of your restaurant/),
    });
  });

  it('asks for the hours of the missing days only, and the general question when no day is known', () => {
    const base: Answers = { restaurantName: 'A', restaurantType: 'b', country: 'ES', timezone: 'UTC' };
    expect(
      nextQuestion({
        ...base,
        openingHours: { Monday: null, Wednesday: { open: '09:00', close: '17:00' }, Sunday: null },
      })?.text,
    ).toBe('And your hours on Tuesday, Thursday, Friday, Saturday (or are you closed then)?');
    expect(nextQuestion({ ...base, openingHours: {} })?.text).toMatch(/opening hours on each day of the week/);
  });

  it('tells the owner, once every answer is in, to review and complete the setup', () => {
    expect(READY_REPLY).toMatch(/complete the setup/);
  });
});

describe('onboarding: a proposal with nothing for a field', () => {
  it('leaves a field the model proposes as null unchanged, without asking it again', () => {
    const before: Answers = { restaurantName: 'Casa Pepe' };
    expect(
      applyProposal(before, JSON.stringify({ answers: { restaurantName: null, restaurantType: 'tapas bar' } })),
    ).toEqual({
      answers: { restaurantName: 'Casa Pepe', restaurantType: 'tapas bar' },
      accepted: ['restaurantType'],
      ignored: [],
    });
  });
});

describe('onboarding: slots and the derived company', () => {
  it('keeps a day of exactly 10 hours as one slot and splits a longer one', () => {
    expect(slotsOf({ open: '10:00', close: '20:00' })).toEqual([{ start: 600, end: 1200, key: 'day' }]);
    expect(slotsOf({ open: '10:00', close: '20:30' })).toEqual([
      { start: 600, end: 930, key: 'lunch' },
      { start: 930, end: 1230, key: 'dinner' },
    ]);
  });

  it('reads the minutes of the hours', () => {
    expect(slotsOf({ open: '11:30', close: '16:45' })).toEqual([{ start: 690, end: 1005, key: 'day' }]);
  });

  it("starts the day structure's morning at the first slot", () => {
    const days = scheduleTemplate({ Monday: { open: '11:30', close: '16:00' } }, roles) as Record<
      string,
      { morning: unknown; evening?: unknown }
    >;
    expect(days.Monday.morning).toEqual({ start: 690 });
    expect(days.Monday.evening).toBeUndefined();
  });

  it.each([
    ['a 6-hour day across midnight', { open: '20:00', close: '02:00' }, 360],
    ['a 5 h 20 day, rounded to the half hour', { open: '10:00', close: '15:20' }, 330],
    ['a 30-minute day, at least an hour', { open: '10:00', close: '10:30' }, 60],
    ['a 9-hour day, at most 8 hours', { open: '09:00', close: '18:00' }, 480],
  ])('takes the default shift length from the longest slot: %s -> %s minutes', (_what, hours, minutes) => {
    const { profile } = companySetupOf(
      { restaurantType: 'bar', openingHours: { ...CLOSED_WEEK, Friday: hours } },
      roles,
    );
    expect(profile.defaultDuration).toBe(minutes);
  });

  it('sets no default shift length, no slots and no split shifts when every day is closed', () => {
    const { profile, settings } = companySetupOf({ restaurantType: 'bar', openingHours: CLOSED_WEEK }, roles);
    expect(profile).not.toHaveProperty('defaultDuration');
    expect(profile.daysStructure).toEqual({});
    expect(settings).toEqual({ enableShiftSplitting: false });
  });
});
