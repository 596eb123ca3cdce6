import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { addMember, type TestCompany } from '../helpers/fixtures';
import { bearer, createUser, type TestUser } from '../helpers/users';

export const messaging = () => api('messaging');

/** A second linked employee in a company (optionally holding roles); returns the user and record id. */
export async function addEmployee(
  co: TestCompany,
  label: string,
  roleIds: string[] = [],
): Promise<{ user: TestUser; employeeId: string }> {
  const user = await createUser({ label });
  const ref = db().collection(`companies/${co.companyId}/employees`).doc();
  await ref.set({
    name: label,
    surname: 'Test',
    positions: roleIds.map((categoryId) => ({ categoryId, subcategoryId: 'line' })),
    archived: false,
    userId: user.uid,
  });
  await addMember(co.companyId, user, 'employee', ref.id);
  return { user, employeeId: ref.id };
}

export const policies = (co: TestCompany, patch: Record<string, boolean>) =>
  api('companies').patch(`/companies/${co.companyId}/policies`).set(bearer(co.owner)).send(patch);

export function client(co: TestCompany, user: TestUser) {
  const q = { companyId: co.companyId };
  const m = messaging;
  return {
    list: () => m().get('/messaging/conversations').query(q).set(bearer(user)),
    directory: () => m().get('/messaging/directory').query(q).set(bearer(user)),
    start: (body: Record<string, unknown>) =>
      m().post('/messaging/conversations').query(q).set(bearer(user)).send(body),
    get: (id: string) => m().get(`/messaging/conversations/${id}`).query(q).set(bearer(user)),
    patch: (id: string, body: Record<string, unknown>) =>
      m().patch(`/messaging/conversations/${id}`).query(q).set(bearer(user)).send(body),
    send: (id: string, text: string, mentions?: string[]) =>
      m()
        .post(`/messaging/conversations/${id}/messages`)
        .query(q)
        .set(bearer(user))
        .send(mentions ? { text, mentions } : { text }),
    page: (id: string, query: Record<string, unknown> = {}) =>
      m()
        .get(`/messaging/conversations/${id}/messages`)
        .query({ ...q, ...query })
        .set(bearer(user)),
    edit: (id: string, messageId: string, text: string) =>
      m().patch(`/messaging/conversations/${id}/messages/${messageId}`).query(q).set(bearer(user)).send({ text }),
    remove: (id: string, messageId: string) =>
      m().delete(`/messaging/conversations/${id}/messages/${messageId}`).query(q).set(bearer(user)),
    read: (id: string, upTo?: number) =>
      m()
        .post(`/messaging/conversations/${id}/read`)
        .query(q)
        .set(bearer(user))
        .send(upTo === undefined ? {} : { upTo }),
    mute: (id: string, muted: boolean) =>
      m().put(`/messaging/conversations/${id}/mute`).query(q).set(bearer(user)).send({ muted }),
  };
}

/** Every messaging document of a company (for "a refused request wrote nothing"). */
export async function messagingDocs(companyId: string): Promise<string[]> {
  const out: string[] = [];
  for (const c of ['conversations', 'conversationMembers', 'messages', 'conversationLog']) {
    const snap = await db().collection(`companies/${companyId}/${c}`).get();
    out.push(...snap.docs.map((d) => `${d.ref.path}@${d.updateTime.toMillis()}`));
  }
  return out.sort();
}
