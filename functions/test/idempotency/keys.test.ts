import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { db, firestoreNs } from '../../src/core/firebase';
import { IDEMPOTENCY_COLLECTION } from '../../src/http/idempotency';
import { api } from '../helpers/api';
import { createCompany, snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, type TestUser } from '../helpers/users';

let co: TestCompany;
beforeAll(async () => {
  co = await createCompany();
});

const KEY = 'Idempotency-Key';
const createRole = (user: TestUser, key: string | undefined, body: Record<string, unknown>) => {
  const req = api('roles').post('/roles').query({ companyId: co.companyId }).set(bearer(user));
  return (key === undefined ? req : req.set(KEY, key)).send(body);
};
const rolesNamed = async (name: string) =>
  (await db().collection('companies').doc(co.companyId).collection('roles').where('name', '==', name).get()).size;
const recordsOf = async (uid: string) =>
  (await db().collection(IDEMPOTENCY_COLLECTION).where('uid', '==', uid).get()).docs;

describe('Idempotency-Key on a write', () => {
  it('answers a repeated request with the first answer, says it is a replay, and writes nothing', async () => {
    const key = randomUUID();
    const name = `Cook ${key}`;
    const first = await createRole(co.owner, key, { name });
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const before = await snapshotCompany(co.companyId);
    const again = await createRole(co.owner, key, { name });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await snapshotCompany(co.companyId)).toEqual(before);
    expect(await rolesNamed(name)).toBe(1);
  });

  it('treats a body with its fields in another order as the same request', async () => {
    const key = randomUUID();
    const name = `Host ${key}`;
    const first = await createRole(co.owner, key, { name, subRoles: { a: { name: 'A', priority: 0 } } });
    const again = await createRole(co.owner, key, { subRoles: { a: { priority: 0, name: 'A' } }, name });
    expect([first.status, again.status, again.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
    expect(await rolesNamed(name)).toBe(1);
  });

  it('refuses the key sent with another body with 422 IDEMPOTENCY_KEY_REUSED, writing nothing', async () => {
    const key = randomUUID();
    await createRole(co.owner, key, { name: `Bar ${key}` });
    const before = await snapshotCompany(co.companyId);
    const other = await createRole(co.owner, key, { name: `Barista ${key}` });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ success: false, error: expect.any(String), code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('refuses the key sent to another operation with 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const key = randomUUID();
    await createRole(co.owner, key, { name: `Prep ${key}` });
    const res = await api('employees')
      .post('/employees')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .set(KEY, key)
      .send({ name: 'Ada', surname: 'Key' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('scopes keys to the caller: another member sending the same key and body makes their own write', async () => {
    const key = randomUUID();
    const name = `Runner ${key}`;
    const mine = await createRole(co.owner, key, { name });
    const theirs = await createRole(co.manager, key, { name });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect(await rolesNamed(name)).toBe(2);
  });

  it('runs a request whose key expired (kept 24 hours) again', async () => {
    const key = randomUUID();
    const name = `Dish ${key}`;
    await createRole(co.owner, key, { name });
    const records = await recordsOf(co.owner.uid);
    const record = records.find((d) => d.data().state === 'done' && String(d.data().body).includes(name))!;
    expect(record.data().expireAt.toMillis() - record.data().createdAt).toBe(24 * 3600_000);
    await record.ref.update({ expireAt: new Date(Date.now() - 1000) });
    const again = await createRole(co.owner, key, { name });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await rolesNamed(name)).toBe(2);
  });

  it('keeps a 4xx answer of the handler: the retry gets the same refusal without running', async () => {
    const key = randomUUID();
    const body = { employeeId: 'no-such-employee', positions: [] };
    const send = () =>
      api('employees')
        .patch('/employees/no-such-employee')
        .query({ companyId: co.companyId })
        .set(bearer(co.owner))
        .set(KEY, key)
        .send({ name: 'Nobody', ...body, employeeId: undefined });
    const first = await send();
    expect(first.status).toBeGreaterThanOrEqual(400);
    expect(first.status).toBeLessThan(500);
    const again = await send();
    expect([again.status, again.body, again.headers['idempotent-replayed']]).toEqual([
      first.status,
      first.body,
      'true',
    ]);
  });

  it('answers parallel requests with one key once: one write, the others its answer or 409 IDEMPOTENCY_KEY_IN_USE', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 5 }), async (copies) => {
        const key = randomUUID();
        const name = `Line ${key}`;
        const answers = await Promise.all(Array.from({ length: copies }, () => createRole(co.owner, key, { name })));
        expect(await rolesNamed(name)).toBe(1);
        const ran = answers.filter((a) => a.status === 201 && !a.headers['idempotent-replayed']);
        expect(ran).toHaveLength(1);
        for (const a of answers) {
          if (a.status === 409) {
            expect(a.body.code).toBe('IDEMPOTENCY_KEY_IN_USE');
            expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
          } else expect(a.body).toEqual(ran[0].body);
        }
      }),
      { numRuns: 4 },
    );
  });

  it('replays a completed request even when it changed the access of the caller (a member who left gets "left" again)', async () => {
    const other = await createCompany();
    const key = randomUUID();
    const leave = () =>
      api('auth').post('/leave').query({ companyId: other.companyId }).set(bearer(other.employee)).set(KEY, key).send();
    const first = await leave();
    expect(first.status).toBe(200);
    const again = await leave();
    expect([again.status, again.body, again.headers['idempotent-replayed']]).toEqual([200, first.body, 'true']);
    const withoutKey = await api('auth')
      .post('/leave')
      .query({ companyId: other.companyId })
      .set(bearer(other.employee));
    expect(withoutKey.body.code).toBe('NOT_A_MEMBER');
  });

  it('refuses a malformed key with 400 VALIDATION_FAILED naming the header, writing nothing', async () => {
    const before = await snapshotCompany(co.companyId);
    for (const bad of ['', 'x'.repeat(256), 'has space', 'ünïcode']) {
      const res = await createRole(co.owner, bad, { name: 'Malformed key' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'header.Idempotency-Key' }] });
    }
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('settles access before the key: a refused caller gets its refusal and leaves no record', async () => {
    const key = randomUUID();
    const res = await createRole(co.employee, key, { name: `Refused ${key}` });
    expect(res.status).toBe(403);
    expect(await recordsOf(co.employee.uid)).toHaveLength(0);
  });

  it('never keeps an answer holding a secret shown once: the retry is 409 IDEMPOTENT_ANSWER_NOT_KEPT and issues no second key', async () => {
    const key = randomUUID();
    const connect = () =>
      api('integrationEngine')
        .post('/connections')
        .query({ companyId: co.companyId })
        .set(bearer(co.owner))
        .set(KEY, key)
        .send({ slug: 'opentable' });
    const first = await connect();
    expect(first.status).toBe(201);
    const partnerKey = first.body.data.partnerKey as string;
    expect(partnerKey).toMatch(/^wfpk_/);
    const before = await snapshotCompany(co.companyId);
    const again = await connect();
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('IDEMPOTENT_ANSWER_NOT_KEPT');
    expect(again.text).not.toContain(partnerKey);
    expect(await snapshotCompany(co.companyId)).toEqual(before);
    const records = await recordsOf(co.owner.uid);
    for (const r of records) expect(JSON.stringify(r.data())).not.toContain(partnerKey);
  });
});

/** The key's record of the role named `name`, found by its fingerprint's request (one record per key here). */
const recordOfKey = async (uid: string, key: string, before: Set<string>) => {
  const fresh = (await recordsOf(uid)).filter((d) => !before.has(d.id));
  expect(fresh).toHaveLength(1);
  return fresh[0];
};

/** Runs `work` with every commit of a batch holding one of `match`'s documents preceded by `before` (once). */
async function beforeCommitOf<T>(
  match: (path: string) => boolean,
  before: () => Promise<unknown>,
  work: () => Promise<T>,
) {
  const proto = firestoreNs().WriteBatch.prototype as unknown as { _commit: (...args: unknown[]) => Promise<unknown> };
  const commit = proto._commit;
  let done = false;
  proto._commit = async function (this: { _ops: { docPath: string }[] }, ...args: unknown[]) {
    if (!done && this._ops.some((op) => match(op.docPath))) {
      done = true;
      await before();
    }
    return commit.apply(this, args);
  };
  try {
    return await work();
  } finally {
    proto._commit = commit;
  }
}

/** Runs `work` with the kept answer never written: the instance "stops" between the commit and keeping it. */
async function withAnswerLost<T>(work: () => Promise<T>): Promise<T> {
  const proto = firestoreNs().DocumentReference.prototype as unknown as {
    update: (...args: unknown[]) => Promise<unknown>;
  };
  const update = proto.update;
  proto.update = function (this: { path: string }, ...args: unknown[]) {
    const fields = args[0] as { state?: string } | undefined;
    if (this.path.startsWith(`${IDEMPOTENCY_COLLECTION}/`) && fields?.state === 'done')
      return Promise.reject(new Error('the instance stopped'));
    return update.apply(this, args);
  };
  try {
    return await work();
  } finally {
    proto.update = update;
  }
}

describe("Idempotency-Key: the record is marked in the request's own commit", () => {
  const isRole = (path: string) => /\/roles\/[^/]+$/.test(path);

  it('marks the record committed with the write itself: a request whose answer was lost is never run again', async () => {
    const key = randomUUID();
    const name = `Lost ${key}`;
    const seen = new Set((await recordsOf(co.owner.uid)).map((d) => d.id));
    const first = await withAnswerLost(() => createRole(co.owner, key, { name }));
    expect(first.status).toBe(201);
    const record = await recordOfKey(co.owner.uid, key, seen);
    expect(record.data().state).toBe('committed');
    // while its lease runs, the request may still answer
    const meanwhile = await createRole(co.owner, key, { name });
    expect([meanwhile.status, meanwhile.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_USE']);
    await record.ref.update({ leaseUntil: Date.now() - 1000 });
    const before = await snapshotCompany(co.companyId);
    const again = await createRole(co.owner, key, { name });
    expect([again.status, again.body.code]).toEqual([409, 'IDEMPOTENT_ANSWER_NOT_KEPT']);
    expect(again.body.error).toContain('saved its changes');
    expect(await rolesNamed(name)).toBe(1);
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('marks the commit a route names (POST /posts: the post, after its inbox entries), not its first', async () => {
    const key = randomUUID();
    const title = `Lost post ${key}`;
    const publish = () =>
      api('posts')
        .post('/posts')
        .query({ companyId: co.companyId })
        .set(bearer(co.manager))
        .set(KEY, key)
        .send({ title, body: 'Hello', audience: { kind: 'everyone' } });
    const seen = new Set((await recordsOf(co.manager.uid)).map((d) => d.id));
    const states: string[] = [];
    const first = await beforeCommitOf(
      (path) => /\/postRecipients\/|\/recipients\//.test(path),
      async () => states.push((await recordOfKey(co.manager.uid, key, seen)).data().state as string),
      () => withAnswerLost(publish),
    );
    expect(first.status).toBe(201);
    const record = await recordOfKey(co.manager.uid, key, seen);
    expect(record.data().state).toBe('committed');
    await record.ref.update({ leaseUntil: Date.now() - 1000 });
    const again = await publish();
    expect([again.status, again.body.code]).toEqual([409, 'IDEMPOTENT_ANSWER_NOT_KEPT']);
    const posts = await db()
      .collection('companies')
      .doc(co.companyId)
      .collection('posts')
      .where('title', '==', title)
      .get();
    expect(posts.size).toBe(1);
    expect(states.every((state) => state === 'running')).toBe(true);
  });

  it('refuses the commit of a request whose key was released meanwhile (its client left): the retry runs it once', async () => {
    const key = randomUUID();
    const name = `Left ${key}`;
    const seen = new Set((await recordsOf(co.owner.uid)).map((d) => d.id));
    const released = beforeCommitOf(
      isRole,
      async () => (await recordOfKey(co.owner.uid, key, seen)).ref.delete(),
      () => createRole(co.owner, key, { name }),
    );
    expect((await released).status).toBeGreaterThanOrEqual(500);
    expect(await rolesNamed(name)).toBe(0);
    const retry = await createRole(co.owner, key, { name });
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await rolesNamed(name)).toBe(1);
  });

  it('leaves a route of idempotent steps unmarked: its retry completes what a failure left undone', async () => {
    const key = randomUUID();
    const seen = new Set((await recordsOf(co.owner.uid)).map((d) => d.id));
    const created = await api('employees')
      .post('/employees')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ name: 'Step', surname: key });
    expect(created.status).toBe(201);
    const archive = () =>
      api('employees')
        .post(`/employees/${created.body.data.id}/archive`)
        .query({ companyId: co.companyId })
        .set(bearer(co.owner))
        .set(KEY, key)
        .send({ effectiveDate: '2026-01-05', reason: 'resigned' });
    const states: string[] = [];
    const first = await beforeCommitOf(
      (path) => path.startsWith('memberships/') || /\/employees\/[^/]+$/.test(path),
      async () => states.push((await recordOfKey(co.owner.uid, key, seen)).data().state as string),
      archive,
    );
    expect(first.status).toBe(200);
    expect(states).toEqual(['running']);
    expect((await recordOfKey(co.owner.uid, key, seen)).data().state).toBe('done');
  });
});
