import { db } from '../../../src/core/firebase';
import type { DemoCompany } from '../types';
import { memoryRef } from '../../../src/modules/ai-memory/repo';

/** A few company facts the demo assistant can retrieve (fixed ids, so a reload rewrites them). */
export async function seed(company: DemoCompany): Promise<string> {
  const now = Date.now();
  const facts = [
    {
      id: 'demo-closing',
      text: `${company.name} closes the kitchen 30 minutes before the doors`,
      visibility: 'members',
    },
    { id: 'demo-brunch', text: 'Sunday brunch needs one extra server from 10:00', visibility: 'members' },
    { id: 'demo-labor', text: 'Keep labor under 30% of sales on weekdays', visibility: 'managers' },
  ];
  const batch = db().batch();
  for (const { id, ...fact } of facts) {
    batch.set(memoryRef(company.companyId, id), {
      scope: 'company',
      ownerUid: null,
      source: 'member',
      createdBy: company.ownerUid,
      ...fact,
      createdAt: now,
      updatedAt: now,
    });
  }
  await batch.commit();
  return `${facts.length} company memories`;
}
