import { z } from 'zod';
import { companyIdQuery, isoDate } from '../../http/fields';
import { SCHEDULING_PACK_IDS } from './packs';

const citation = z
  .object({
    section: z.string(),
    url: z.string(),
    checked: z.string().describe('When the page was last read (YYYY-MM-DD)'),
    basis: z
      .enum(['text', 'agency', 'summary'])
      .describe("What the figure rests on: the law's own text, the enforcing agency's page, or secondary summaries"),
  })
  .meta({ id: 'LawCitation' });

const pay = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('fixed'), amountMinor: z.int().describe('USD cents') }),
    z.object({ kind: z.literal('hours'), hours: z.number().describe('hours at the regular rate') }),
    z.object({
      kind: z.literal('cutFraction'),
      fraction: z.number().describe('of the hours cut, at the regular rate'),
    }),
    z.object({
      kind: z.literal('byShiftLength'),
      shortMinutes: z.int(),
      hours: z.number().describe('for a scheduled shift of at most shortMinutes'),
      longHours: z.number().describe('for a longer one'),
    }),
  ])
  .nullable()
  .describe('What that kind of change owes; null: nothing');

const schedulingVersion = z
  .object({
    effectiveFrom: isoDate,
    effectiveTo: isoDate.nullable().describe('First date it no longer applies; null while in force'),
    noticeDays: z.int(),
    noticeCitation: citation,
    tiers: z.array(
      z.object({
        atLeastMinutes: z
          .int()
          .nullable()
          .describe('Least notice of the tier (null: none, a change after the start included)'),
        underMinutes: z.int(),
        added: pay,
        moved: pay,
        cut: pay,
        citation,
      }),
    ),
    ignoreAddedUpToMinutes: z.int(),
    graceMinutes: z.object({ minutes: z.int(), citation }).nullable(),
    rest: z
      .object({
        minMinutes: z.int(),
        pay: z.union([
          z.object({ amountMinor: z.int() }),
          z.object({ multiplier: z.number(), over: z.enum(['withinRest', 'wholeShift']) }),
        ]),
        citation,
      })
      .nullable(),
    goodFaithEstimate: z.object({ what: z.string(), citation }).nullable(),
    coverage: z.object({ threshold: z.string(), citation }),
    exemptions: z.array(
      z.object({
        name: z.string(),
        modelled: z.union([z.string(), z.literal(false)]).describe('How the schedule applies it; false: not modelled'),
        citation,
      }),
    ),
  })
  .meta({ id: 'SchedulingRules' });

const minorWindow = z.object({
  earliest: z.int().describe('Earliest start, minute of the day'),
  latest: z.int().describe('Latest end, minutes from the midnight of the date (1470 = 00:30 the next day)'),
  latestBeforeNonSchoolDay: z.int().nullable().describe('Latest end before a day without school (null: latest)'),
  summer: z
    .object({ from: z.string().describe('MM-DD'), latest: z.int() })
    .nullable()
    .describe('A later end from `from` through Labor Day'),
});

const minorRuleSet = z
  .object({
    id: z.string().describe('Named in the findings (`law`)'),
    ages: z.object({ from: z.int(), to: z.int() }),
    effectiveFrom: isoDate,
    effectiveTo: isoDate.nullable(),
    schoolWeek: z
      .object({
        schoolDay: z.int().describe('Most minutes on a school day'),
        schoolDayBeforeSchoolDay: z
          .int()
          .nullable()
          .describe('Most minutes on a school day before another (null: schoolDay)'),
        nonSchoolDay: z.int(),
        weekMinutes: z.int(),
        window: minorWindow,
      })
      .describe('A company week holding a school day'),
    otherWeek: z.object({ dayMinutes: z.int(), weekMinutes: z.int(), window: minorWindow }),
    daysPerWeek: z.int().nullable(),
    outsideSchoolHours: z.boolean().describe("Whether the school calendar's hours of a school day are refused"),
    citations: z.object({
      hours: citation,
      window: citation,
      days: citation.nullable(),
      schoolHours: citation.nullable(),
    }),
    notModelled: z.array(z.string()),
  })
  .meta({ id: 'MinorRules' });

export const rulesQuery = companyIdQuery.extend({
  date: isoDate.optional().describe("The business date the rules are listed for; default the company's today"),
});
export type RulesQuery = z.infer<typeof rulesQuery>;

const location = z.object({ state: z.string(), county: z.string().nullable(), city: z.string().nullable() });

export const rulesAnswer = z
  .object({
    date: isoDate,
    location: location.nullable().describe("The profile's lawLocation"),
    coverage: z.array(z.string()).describe("The profile's lawCoverage: the laws whose threshold the company attests"),
    scheduling: z
      .object({
        jurisdiction: z.enum(['none', ...SCHEDULING_PACK_IDS]),
        because: z
          .enum(['setting', 'location', 'noLaw', 'notAttested', 'noLocation'])
          .describe(
            'setting: fairWorkweekJurisdiction names it; location: the most local law covering lawLocation with coverage attested; noLaw, notAttested, noLocation: why none applies',
          ),
        rules: schedulingVersion
          .nullable()
          .describe('Its version in force on the date (null: none, or not yet in force)'),
      })
      .describe('The predictive-scheduling law the schedule applies'),
    packs: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        level: z.enum(['federal', 'state', 'county', 'city']),
        why: z.string().describe('Why the pack covers the company'),
        scheduling: schedulingVersion.nullable().describe('Its predictive-scheduling rules on the date; null: none'),
        applied: z.boolean().describe('Whether the schedule applies its predictive-scheduling rules'),
        minors: z
          .array(minorRuleSet)
          .describe(
            "The minors' hours in force on the date, by age (the schedule applies every one covering the company)",
          ),
        minimumAge: z
          .object({ age: z.int(), citation })
          .nullable()
          .describe('The least age anyone may be scheduled at (null: none set by this pack)'),
        notes: z.array(
          z.object({
            rule: z.string(),
            summary: z.string(),
            appliedBy: z.string(),
            effectiveFrom: isoDate,
            effectiveTo: isoDate.nullable(),
            citation,
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'ComplianceRules' });
export type RulesAnswer = z.infer<typeof rulesAnswer>;
