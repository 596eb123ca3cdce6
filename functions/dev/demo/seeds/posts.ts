import { db } from '../../../src/core/firebase';
import type { DemoCompany } from '../types';
import * as repo from '../../../src/modules/posts/repo';

const HOUR = 3_600_000;

/**
 * Three posts to everyone: a pinned one asking for an acknowledgement, a menu change with
 * comments, and a recent one; each read by part of the team (about two in three, one in three,
 * none), so the receipts show readers and non-readers. Ids are stable.
 */
export async function seed(company: DemoCompany): Promise<string> {
  const employees = company.employees;
  if (employees.length === 0) return 'no employees: no posts';
  const now = Date.now();
  const posts = [
    {
      id: 'demo-post-hygiene',
      title: 'New hand-washing checklist',
      body: 'Please read the updated checklist by the sinks and confirm you have read it.',
      pinned: true,
      requiresAcknowledgement: true,
      allowComments: false,
      ageHours: 72,
      readShare: 2 / 3,
    },
    {
      id: 'demo-post-menu',
      title: 'Autumn menu starts Friday',
      body: 'Tasting for the team on Thursday at 15:00. Questions below.',
      pinned: false,
      requiresAcknowledgement: false,
      allowComments: true,
      ageHours: 30,
      readShare: 1 / 3,
    },
    {
      id: 'demo-post-party',
      title: 'Team dinner next month',
      body: 'Save the date: the team dinner is on the first Monday of next month.',
      pinned: false,
      requiresAcknowledgement: false,
      allowComments: true,
      ageHours: 2,
      readShare: 0,
    },
  ];
  const batch = db().batch();
  for (const p of posts) {
    const createdAt = now - p.ageHours * HOUR;
    batch.set(repo.postRef(company.companyId, p.id), {
      title: p.title,
      body: p.body,
      audience: { kind: 'everyone' },
      pinned: p.pinned,
      requiresAcknowledgement: p.requiresAcknowledgement,
      allowComments: p.allowComments,
      authorUid: company.ownerUid,
      recipientCount: employees.length,
      createdAt,
      updatedAt: createdAt,
      editedAt: null,
    });
    const readers = Math.floor(employees.length * p.readShare);
    employees.forEach((e, i) => {
      const readAt = i < readers ? createdAt + (i + 1) * 0.5 * HOUR : null;
      batch.set(repo.recipientRef(company.companyId, p.id, e.id), {
        postId: p.id,
        employeeId: e.id,
        createdAt,
        readAt,
        acknowledgedAt: p.requiresAcknowledgement ? readAt : null,
      });
    });
  }
  batch.set(repo.commentRef(company.companyId, 'demo-comment-1'), {
    postId: 'demo-post-menu',
    authorUid: company.ownerUid,
    text: 'Vegetarian options are marked on the new menu.',
    createdAt: now - 29 * HOUR,
  });
  await batch.commit();
  return `${posts.length} posts to ${employees.length} employees with partial reads, 1 comment`;
}
