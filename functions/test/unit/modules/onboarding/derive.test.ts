import {
  applyProposal,
  companySetupOf,
  jsonIn,
  missingAnswers,
  nextQuestion,
  scheduleTemplate,
  slotsOf,
} from '../../../../src/modules/onboarding/derive';
import type { Answers } from '../../../../src/modules/onboarding/schemas';

const WEEK = {
  Monday: null,
  Tuesday: { open: '12:00', close: '23:00' },
  Wednesday: { open: '12:00', close: '23:00' },
  Thursday: { open: '12:00', close: '23:00' },
  Friday: { open: '18:00', close: '02:00' },
  Saturday: { open: '18:00', close: '02:00' },
  Sunday: { open: '11:00', close: '16:00' },
};

describe('onboarding: what to ask next', () => {
  it('asks name, type, country, time zone, hours and roles in turn, then nothing', () => {
    const answers: Answers = {};
    const asked: string[] = [];
    const fill: Answers = {
      restaurantName: 'Casa Pepe',
      restaurantType: 'tapas bar',
      country: 'ES',
      timezone: 'Europe/Madrid',
      openingHours: WEEK,
      roles: [{ name: 'Server', type: 'FOH', headcount: 4 }],
    };
    for (;;) {
      const q = nextQuestion(answers);
      if (!q) break;
      asked.push(q.field);
      (answers as Record<string, unknown>)[q.field] = fill[q.field];
    }
    expect(asked).toEqual(['restaurantName', 'restaurantType', 'country', 'timezone', 'openingHours', 'roles']);
    expect(missingAnswers(answers)).toEqual([]);
  });

  it('keeps asking for opening hours until all seven days are known, naming the missing days', () => {
    const answers: Answers = {
      restaurantName: 'A',
      restaurantType: 'b',
      country: 'ES',
      timezone: 'UTC',
      openingHours: { Monday: null, Tuesday: { open: '09:00', close: '17:00' } },
    };
    expect(nextQuestion(answers)).toEqual({
      field: 'openingHours',
      text: expect.stringContaining('Wednesday, Thursday, Friday, Saturday, Sunday'),
    });
    expect(missingAnswers(answers)).toEqual(['openingHours', 'roles']);
  });
});

describe("onboarding: reading the model's proposal (never trusted)", () => {
  it('keeps the valid fields and lists the invalid ones', () => {
    const text =
      'Sure! ```json\n{"answers": {"restaurantName": "Casa Pepe", "country": "Spain", "timezone": "Mars/Olympus", "restaurantType": "tapas"}}\n```';
    const { answers, accepted, ignored } = applyProposal({}, text);
    expect(answers).toEqual({ restaurantName: 'Casa Pepe', restaurantType: 'tapas' });
    expect(accepted).toEqual(['restaurantName', 'restaurantType']);
    expect(ignored).toEqual(['country', 'timezone']);
  });

  it('merges opening hours day by day and replaces the role list', () => {
    const before: Answers = { openingHours: { Monday: null }, roles: [{ name: 'Cook', type: 'BOH', headcount: 2 }] };
    const { answers } = applyProposal(
      before,
      JSON.stringify({
        answers: {
          openingHours: { Tuesday: { open: '10:00', close: '22:00' } },
          roles: [{ name: 'Server', type: 'FOH', headcount: 3 }],
        },
      }),
    );
    expect(answers.openingHours).toEqual({ Monday: null, Tuesday: { open: '10:00', close: '22:00' } });
    expect(answers.roles).toEqual([{ name: 'Server', type: 'FOH', headcount: 3 }]);
  });

  it.each([
    ['prose without JSON', 'The restaurant is called Casa Pepe.'],
    ['broken JSON', '{"answers": {"restaurantName": "Casa'],
    ['JSON of another shape', '{"restaurantName": "Casa Pepe"}'],
    ['an empty proposal', '{"answers": {}}'],
  ])('changes nothing for %s', (_label, text) => {
    const before: Answers = { restaurantName: 'Old' };
    expect(applyProposal(before, text)).toEqual({ answers: before, accepted: [], ignored: [] });
  });

  it.each([
    ['a role with a head-count of 0', { roles: [{ name: 'Server', type: 'FOH', headcount: 0 }] }, 'roles'],
    ['a role of an unknown type', { roles: [{ name: 'Server', type: 'WAITER', headcount: 2 }] }, 'roles'],
    ['hours in 12-hour form', { openingHours: { Monday: { open: '9am', close: '5pm' } } }, 'openingHours'],
    ['an unknown weekday', { openingHours: { Funday: null } }, 'openingHours'],
    ['a name of 201 characters', { restaurantName: 'x'.repeat(201) }, 'restaurantName'],
    ['a currency that does not exist', { currency: 'XXQ' }, 'currency'],
  ])('ignores %s', (_label, proposal, field) => {
    const { answers, ignored } = applyProposal({}, JSON.stringify({ answers: proposal }));
    expect(answers).toEqual({});
    expect(ignored).toEqual([field]);
  });

  it('drops fields it does not know and does not count an unchanged answer as accepted', () => {
    const { answers, accepted } = applyProposal(
      { restaurantName: 'Casa Pepe' },
      JSON.stringify({ answers: { restaurantName: 'Casa Pepe', isAdmin: true, __proto__x: 1 } }),
    );
    expect(answers).toEqual({ restaurantName: 'Casa Pepe' });
    expect(accepted).toEqual([]);
  });

  it('finds the JSON object inside a fenced answer', () => {
    expect(jsonIn('```json\n{"a": 1}\n```')).toEqual({ a: 1 });
    expect(jsonIn('no json')).toBeNull();
  });
});

describe('onboarding: the company derived from the answers', () => {
  it('makes one slot for a short day and two for a long one, across midnight too', () => {
    expect(slotsOf({ open: '11:00', close: '16:00' })).toEqual([{ start: 660, end: 960, key: 'day' }]);
    expect(slotsOf({ open: '12:00', close: '23:00' })).toEqual([
      { start: 720, end: 1050, key: 'lunch' },
      { start: 1050, end: 1380, key: 'dinner' },
    ]);
    expect(slotsOf({ open: '18:00', close: '02:00' })).toEqual([{ start: 1080, end: 120, key: 'day' }]);
    expect(slotsOf({ open: '14:00', close: '03:00' })).toEqual([
      { start: 840, end: 1230, key: 'lunch' },
      { start: 1230, end: 180, key: 'dinner' },
    ]);
  });

  it("spreads each role's head-count over the week's slots and leaves closed days out", () => {
    const roles = [
      { id: 'role-server', name: 'Server', type: 'FOH' as const, priority: 0, headcount: 9 },
      { id: 'role-cook', name: 'Cook', type: 'BOH' as const, priority: 1, headcount: 1 },
    ];
    const days = scheduleTemplate(WEEK, roles) as Record<
      string,
      { shifts: Record<string, Array<Record<string, unknown>>>; morning: unknown; evening?: unknown }
    >;
    expect(Object.keys(days)).toEqual(['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    // 3 long days x 2 slots + 3 short days x 1 slot = 9 slots a week; 9 servers x 5 shifts / 9 = 5 per slot; 1 cook: at least 1
    expect(days.Tuesday.shifts['role-server']).toEqual([
      { start: 720, end: 1050, key: 'lunch', general: { required: 5, hold: 0 } },
      { start: 1050, end: 1380, key: 'dinner', general: { required: 5, hold: 0 } },
    ]);
    expect(days.Sunday.shifts['role-cook']).toEqual([
      { start: 660, end: 960, key: 'day', general: { required: 1, hold: 0 } },
    ]);
    expect(days.Tuesday.evening).toEqual({ start: 1050 });
    expect(days.Sunday.evening).toBeUndefined();
  });

  it('derives the profile and settings: industry, flags, default shift length, split shifts', () => {
    const roles = [{ id: 'role-server', name: 'Server', type: 'FOH' as const, priority: 0, headcount: 2 }];
    const { profile, settings } = companySetupOf({ restaurantType: 'tapas bar', openingHours: WEEK }, roles);
    expect(profile).toMatchObject({
      industry: 'tapas bar',
      createdByOnboarding: true,
      onboardingCompleted: true,
      defaultDuration: 480,
      roleOrders: { 'role-server': 0 },
    });
    expect(settings).toEqual({ enableShiftSplitting: true });
    const short = companySetupOf(
      { restaurantType: 'café', openingHours: { ...WEEK, Tuesday: null, Wednesday: null, Thursday: null } },
      roles,
    );
    expect(short.settings).toEqual({ enableShiftSplitting: false });
  });
});
