/**
 * The package's promises, against the running local stack: the example flow of its README, ID
 * tokens read per call, the error envelope as a typed error, paging, and the two uploads.
 */
import { createHash } from 'node:crypto';
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { ApiError, collectPages, createWorkforceClient, firebaseIdToken, isApiError, unwrap } from '../src';
import { ACCOUNTS, BASE_URL, closeFirebaseApps, DEMO, firebaseAuth, HARBOR, signedInClient, thisWeek } from './helpers';

afterAll(closeFirebaseApps);

describe('the example flow: sign in, read this week, clock in, request a swap', () => {
  it('works for the demo employee, typed end to end', async () => {
    const { api } = await signedInClient(ACCOUNTS.employee);
    const me = await unwrap(api.GET('/employees/me', { params: { query: { companyId: HARBOR } } }));
    const week = thisWeek();
    const shifts = await unwrap(api.GET('/shifts', { params: { query: { companyId: HARBOR, ...week } } }));
    expect(shifts.every((shift) => shift.date >= week.startDate && shift.date <= week.endDate)).toBe(true);

    // the demo company asks for the device's location at clock-in and clock-out: at the restaurant
    const company = await unwrap(api.GET('/companies/{id}', { params: { path: { id: HARBOR } } }));
    const body = { location: { lat: company.location!.lat, lng: company.location!.lng, accuracy: 15 } };
    const punch = await unwrap(api.POST('/clock/in', { params: { query: { companyId: HARBOR } }, body })).catch(
      // a clock-in left open by an earlier run against the same stack
      (err: unknown) => (isApiError(err, 'ALREADY_CLOCKED_IN') ? null : Promise.reject(err)),
    );
    if (punch) expect(punch.employeeId).toBe(me.id);
    await unwrap(api.POST('/clock/out', { params: { query: { companyId: HARBOR } }, body }));

    // a swap of my shift against a coworker's, on a day the demo schedule leaves free (a manager schedules both)
    const manager = (await signedInClient(ACCOUNTS.manager)).api;
    // a day of its own (a run against a long-running stack leaves nothing behind, but may have been stopped midway)
    const date = plusDays(week.endDate, 15 + Math.floor(Math.random() * 300));
    const role = me.positions[0]?.categoryId;
    const schedule = async (employeeId: string) => {
      const answer = await unwrap(
        manager.POST('/shifts', {
          params: { query: { companyId: HARBOR } },
          body: { date, employeeId, positionId: role, start: 600, end: 900 },
        }),
      );
      return answer.shift;
    };
    const coworker = (await unwrap(api.GET('/employees', { params: { query: { companyId: HARBOR } } }))).find(
      (e) => e.id !== me.id && e.positions.some((p) => p.categoryId === role),
    );
    const [own, peer] = [await schedule(me.id), await schedule(coworker!.id)];
    try {
      await unwrap(
        manager.POST('/shifts/publish', {
          params: { query: { companyId: HARBOR } },
          body: { startDate: date, endDate: date, employeeIds: [me.id, coworker!.id] },
        }),
      );
      const created = await unwrap(
        api.POST('/requests', {
          params: { query: { companyId: HARBOR } },
          body: { type: 'swap', shiftId: own.id, peerShiftId: peer.id, note: 'Could we trade?' },
        }),
      );
      expect(created).toMatchObject({ type: 'swap', shiftId: own.id });
      await unwrap(
        api.POST('/requests/{id}/cancel', {
          params: { path: { id: created.id }, query: { companyId: HARBOR } },
          body: { note: 'test run done' },
        }),
      );
    } finally {
      for (const shift of [own, peer])
        await unwrap(
          manager.DELETE('/shifts/{id}', {
            params: { path: { id: shift.id }, query: { companyId: HARBOR, date, employeeId: shift.employeeId } },
          }),
        );
    }
  });
});

describe('ID tokens', () => {
  it('are read from the signed-in user before every call: another user signed in is the next caller', async () => {
    const auth = firebaseAuth();
    const api = createWorkforceClient({ baseUrl: BASE_URL, idToken: firebaseIdToken(auth) });
    await signInWithEmailAndPassword(auth, ACCOUNTS.owner, DEMO.password);
    expect((await unwrap(api.GET('/me'))).uid).toBe(auth.currentUser?.uid);
    await signInWithEmailAndPassword(auth, ACCOUNTS.manager, DEMO.password);
    expect((await unwrap(api.GET('/me'))).uid).toBe(auth.currentUser?.uid);
    await signOut(auth);
    await expect(unwrap(api.GET('/me'))).rejects.toMatchObject({ status: 401, code: 'AUTH_REQUIRED' });
  });
});

describe('errors', () => {
  it('turn the error envelope into an ApiError with its code, status, details and request id', async () => {
    const { api } = await signedInClient(ACCOUNTS.employee);
    const refused = await unwrap(api.GET('/roles', { params: { query: { companyId: 'corner-cafe' } } })).catch(
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 403, code: 'NOT_A_MEMBER' });
    expect((refused as ApiError).requestId).toEqual(expect.any(String));

    const invalid = await unwrap(
      api.GET('/shifts', { params: { query: { companyId: HARBOR, startDate: 'monday', endDate: '2026-01-01' } } }),
    ).catch((err: unknown) => err);
    expect(invalid).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect((invalid as ApiError).details.map((d) => d.path)).toContain('query.startDate');
  });
});

describe('paging', () => {
  it('collects every page of a list, one item a page, as the one-page answer lists them', async () => {
    const { api } = await signedInClient(ACCOUNTS.owner);
    const query = { companyId: HARBOR, view: 'all' as const };
    const whole = await unwrap(api.GET('/posts', { params: { query: { ...query, limit: 100 } } }));
    const paged = await collectPages(
      (cursor) => unwrap(api.GET('/posts', { params: { query: { ...query, limit: 1, cursor } } })),
      (page) => page.posts,
    );
    expect(paged.map((p) => p.id)).toEqual(whole.posts.map((p) => p.id));
  });
});

describe('uploads', () => {
  it('uploads an employee document (the raw bytes with their content type)', async () => {
    const { api } = await signedInClient(ACCOUNTS.manager);
    const pdf = Buffer.from(`%PDF-1.4\n% client test ${Date.now()}\n%%EOF\n`);
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const document = await unwrap(
      api.POST('/documents', {
        params: { query: { companyId: HARBOR, employeeId: 'emp-005', type: 'other', title: 'Client test', sha256 } },
        headers: { 'Content-Type': 'application/pdf' },
        body: new Blob([pdf]),
        bodySerializer: (bytes) => bytes,
      }),
    );
    expect(document.id).toEqual(expect.any(String));
  });

  it('uploads a CSV part of an import', async () => {
    const { api } = await signedInClient(ACCOUNTS.manager);
    const started = await unwrap(
      api.POST('/csv-imports', {
        params: { query: { companyId: HARBOR } },
        body: { kind: 'roster', filename: 'roster.csv' },
      }),
    );
    const csv = 'Employee ID,First Name,Last Name\nT-1,Ada,Lovelace\n';
    const part = await unwrap(
      api.PUT('/csv-imports/{importId}/parts/{part}', {
        params: { path: { importId: started.id, part: 1 }, query: { companyId: HARBOR } },
        headers: { 'Content-Type': 'text/csv' },
        body: new Blob([csv]),
        bodySerializer: (bytes) => bytes,
      }),
    );
    expect(part.bytes).toBe(Buffer.byteLength(csv));
  });
});

function plusDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
