import fc from 'fast-check';
import { countryCode, timeZone, timeZoneProblem } from '../../../src/http/fields';
import { ISO_3166_ALPHA2_ASSIGNED } from '../../../src/http/countries-data';
import { memoryCreateBody, memoryProposalBody } from '../../../src/modules/ai-memory';
import { applyProposal } from '../../../src/modules/onboarding/derive';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const CANONICAL_ZONES = Intl.supportedValuesOf('timeZone');

describe('country codes: the ISO 3166-1 alpha-2 codes assigned', () => {
  it('holds 249 distinct codes, each with an English name', () => {
    expect(new Set(ISO_3166_ALPHA2_ASSIGNED).size).toBe(249);
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    for (const code of ISO_3166_ALPHA2_ASSIGNED) expect(names.of(code)).not.toBe(code);
  });

  it('accepts exactly the assigned codes among all pairs of capital letters', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LETTERS), fc.constantFrom(...LETTERS), (a, b) => {
        const code = a + b;
        expect(countryCode.safeParse(code).success).toBe(ISO_3166_ALPHA2_ASSIGNED.includes(code));
      }),
      { numRuns: 676 },
    );
  });
});

describe('time zones: canonical IANA names', () => {
  it('accepts every zone Intl lists as canonical, and UTC', () => {
    for (const zone of [...CANONICAL_ZONES, 'UTC']) expect(timeZoneProblem(zone)).toBeUndefined();
  });

  it.each(['Asia/Kolkata', 'Europe/Kyiv', 'America/Argentina/Buenos_Aires', 'America/Nuuk'])(
    'accepts %s, the current IANA name of a zone ICU lists under an older one',
    (zone) => expect(timeZoneProblem(zone)).toBeUndefined(),
  );

  it('refuses a canonical zone written in another case, naming the canonical form', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CANONICAL_ZONES.filter((z) => z.toLowerCase() !== z.toUpperCase())),
        fc.boolean(),
        (zone, upper) => {
          const miscased = upper ? zone.toUpperCase() : zone.toLowerCase();
          fc.pre(miscased !== zone);
          expect(timeZoneProblem(miscased)).toBe(`must be written ${zone} (time-zone names are case-sensitive)`);
        },
      ),
    );
  });

  it.each([
    ['america/chicago', 'must be written America/Chicago (time-zone names are case-sensitive)'],
    ['utc', 'must be written UTC (time-zone names are case-sensitive)'],
    ['US/Eastern', 'must be a canonical IANA time zone: use America/New_York'],
    ['GMT', 'must be a canonical IANA time zone: use UTC'],
    ['Etc/UTC', 'must be a canonical IANA time zone: use UTC'],
    ['Asia/KOLKATA', 'must be a canonical IANA time zone: use Asia/Calcutta'],
    ['+05:00', 'is an offset, not a time zone: use an IANA name, e.g. Europe/Madrid'],
    ['-0300', 'is an offset, not a time zone: use an IANA name, e.g. Europe/Madrid'],
    ['Mars/Olympus', 'must be an IANA time zone, e.g. Europe/Madrid'],
    ['', 'must be an IANA time zone, e.g. Europe/Madrid'],
  ])('refuses %j: %s', (zone, message) => {
    expect(timeZone.safeParse(zone).error?.issues.map((i) => i.message)).toEqual([message]);
  });
});

describe('memory proposals: the memories module rule', () => {
  it('refuses a visibility on a personal memory, in the proposal as in POST /memories', () => {
    const personal = { scope: 'member', text: 'I prefer mornings', visibility: 'managers' };
    for (const schema of [memoryProposalBody, memoryCreateBody])
      expect(schema.safeParse(personal).error?.issues.map((i) => i.path.join('.'))).toEqual(['visibility']);
    expect(memoryProposalBody.safeParse({ ...personal, scope: 'company' }).success).toBe(true);
  });
});

describe('onboarding proposals: no prototype key is a known field', () => {
  it('drops every key an object inherits, whatever else is proposed', () => {
    const inherited = Object.getOwnPropertyNames(Object.prototype);
    fc.assert(
      fc.property(fc.subarray(inherited, { minLength: 1 }), fc.anything(), (keys, value) => {
        const answers = Object.fromEntries(keys.map((k) => [k, value]));
        const text = JSON.stringify({ answers: { ...answers, restaurantName: 'Casa Pepe' } });
        expect(applyProposal({}, text)).toEqual({
          answers: { restaurantName: 'Casa Pepe' },
          accepted: ['restaurantName'],
          ignored: [],
        });
      }),
    );
  });
});
