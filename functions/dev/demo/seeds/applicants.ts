import { businessDateOf } from '../../../src/core/calendar';
import { db } from '../../../src/core/firebase';
import type { DemoCompany } from '../types';
import * as repo from '../../../src/modules/applicants/repo';
import type { Stage } from '../../../src/modules/applicants/schemas';

const DAY = 86_400_000;
const PEOPLE: [string, string, Stage[]][] = [
  ['Lena', 'Park', ['new']],
  ['Marco', 'Diaz', ['new']],
  ['Priya', 'Shah', ['new', 'screening']],
  ['Tom', 'Becker', ['new', 'screening', 'interview']],
  ['Aisha', 'Bello', ['new', 'screening', 'interview', 'offer']],
  ['Sam', 'Okafor', ['new', 'rejected']],
  ['Jules', 'Martin', ['new', 'screening', 'withdrawn']],
];

/**
 * An open posting for the company's first role (with its public link) and seven applications in
 * every stage but hired, with their history and a manager note; a closed posting too. Ids are
 * stable (a reload rewrites them).
 */
export async function seed(company: DemoCompany): Promise<string> {
  const role = company.roles.find((r) => r.subRoleIds.length > 0);
  if (!role) return 'no role with a sub-role: no postings';
  const now = Date.now();
  const cal = { timezone: company.timezone, dayChangeTime: company.dayChangeTime };
  const managerUid = company.ownerUid;
  const batch = db().batch();
  const postings = [
    {
      id: 'demo-posting-open',
      publicId: `jp_demo_${company.companyId.replace(/[^A-Za-z0-9_-]/g, '')}_open`,
      status: 'open',
      title: `${role.name} (evenings and weekends)`,
    },
    {
      id: 'demo-posting-closed',
      publicId: `jp_demo_${company.companyId.replace(/[^A-Za-z0-9_-]/g, '')}_closed`,
      status: 'closed',
      title: `${role.name} (summer season)`,
    },
  ];
  for (const p of postings) {
    batch.set(repo.postingRef(company.companyId, p.id), {
      title: p.title,
      roleId: role.id,
      subRoleId: role.subRoleIds[0],
      employmentType: 'parttime',
      wage: {
        min: Math.round(role.rate * 100),
        max: Math.round(role.rate * 115),
        period: 'hour',
        currency: company.currency,
      },
      description: `Join our ${role.name.toLowerCase()} team. Flexible shifts, staff meals, tips shared fairly.`,
      questions: [
        { id: 'q1', prompt: 'Are you legally allowed to work here?', kind: 'yes_no', required: true },
        { id: 'q2', prompt: 'Do you hold a food-handler certificate?', kind: 'yes_no', required: false },
        { id: 'q3', prompt: 'Tell us about your experience', kind: 'text', required: false },
      ],
      status: p.status,
      publicId: p.publicId,
      createdBy: managerUid,
      createdAt: now - 20 * DAY,
      updatedAt: now - 20 * DAY,
    });
    batch.set(repo.postingLinkRef(p.publicId), { companyId: company.companyId, postingId: p.id });
  }
  PEOPLE.forEach(([name, surname, stages], i) => {
    const submittedAt = now - (14 - i) * DAY;
    const history = stages.map((to, k) => ({
      from: k === 0 ? null : stages[k - 1],
      to,
      at: submittedAt + k * DAY,
      by: k === 0 ? null : managerUid,
    }));
    batch.set(repo.applicationRef(company.companyId, `demo-application-${i + 1}`), {
      postingId: 'demo-posting-open',
      name,
      surname,
      email: `${name.toLowerCase()}.${surname.toLowerCase()}@applicant.example`,
      phone: `+1 555 01${10 + i}`,
      answers: [
        { questionId: 'q1', prompt: 'Are you legally allowed to work here?', answer: true },
        { questionId: 'q2', prompt: 'Do you hold a food-handler certificate?', answer: i % 2 === 0 },
        { questionId: 'q3', prompt: 'Tell us about your experience', answer: `${1 + (i % 4)} years in restaurants` },
      ],
      availability: {
        Friday: { allDay: true },
        Saturday: { allDay: true },
        Sunday: { shift1: { start: 600, end: 1320 } },
      },
      stage: stages[stages.length - 1],
      history,
      notes:
        stages.length > 2
          ? [
              {
                id: `n_demo${i}`,
                text: 'Good energy on the phone; asked about weekend availability.',
                by: managerUid,
                at: submittedAt + DAY,
              },
            ]
          : [],
      submittedAt,
      submittedOn: businessDateOf(submittedAt, cal),
      updatedAt: history[history.length - 1].at,
      employeeId: null,
      invitation: null,
    });
  });
  await batch.commit();
  return `2 job postings (1 open), ${PEOPLE.length} applications in 6 stages`;
}
