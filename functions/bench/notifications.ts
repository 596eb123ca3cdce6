/**
 * Notifications benchmark: publishing a week for 200 employees (each a member with a phone), side by
 * side in one run:
 *   - publish alone: the publish calls (40 employees each: a commit holds at most 500 writes), each
 *     recording its event in its commit and handing it to the fan-out queue;
 *   - publish + fan-out: the same, then every event fanned out as the queue's task function does
 *     (inbox entries, push to 200 phones through firebase-admin's messaging client and the local FCM
 *     server, the email digests queued on Cloud Tasks, the webhooks module's deliveries).
 * Alternating rounds on fresh companies; medians and their ratio, and the fan-out's cost per event
 * (ms, documents read and written). In process (the service functions, no HTTP).
 * Run: TEST_FIRESTORE_PORT=.. TEST_AUTH_PORT=.. node scripts/with-emulators.js npx tsx bench/notifications.ts
 */
import { performance } from 'node:perf_hooks';
import { startFcmServer } from '../dev/fcm';
import { addDays, businessToday } from '../src/core/calendar';
import { db } from '../src/core/firebase';
import { companyDoc } from '../src/core/firestore';
import { saveMembership } from '../src/core/memberships';
import { fanOut } from '../src/modules/events/fanout';
import { deviceId } from '../src/modules/events/push';
import { publish } from '../src/modules/schedule/publish';
import { shiftRef } from '../src/modules/schedule/repo';
import { fmt, percentile } from './lib';

const EMPLOYEES = 200;
const PER_PUBLISH = 40;
const DAYS = 5;
const ROUNDS = 3;
const ZONE = 'America/New_York';

async function seedCompany(round: number, label: string): Promise<{ companyId: string; employeeIds: string[] }> {
  const companyId = `bench-notify-${label}-${round}-${Date.now()}`;
  const company = companyDoc(companyId);
  await company.set({ name: 'Bench Bistro', timezone: ZONE, weekStartingDay: 1, createdAt: Date.now() });
  const employeeIds = Array.from({ length: EMPLOYEES }, (_, i) => `emp-${String(i).padStart(3, '0')}`);
  const start = addDays(businessToday(ZONE, 0), 1);
  for (let i = 0; i < employeeIds.length; i += 40) {
    const batch = db().batch();
    for (const e of employeeIds.slice(i, i + 40)) {
      const uid = `${companyId}-${e}`;
      batch.set(company.collection('employees').doc(e), {
        name: e,
        surname: 'Bench',
        positions: [],
        archived: false,
        userId: uid,
      });
      batch.set(company.collection('devices').doc(deviceId(`phone-${uid}`)), {
        uid,
        token: `phone-${uid}`,
        platform: 'android',
        registeredAt: 1,
      });
      for (let d = 0; d < DAYS; d++) {
        const id = `${e}-d${d}`;
        batch.set(shiftRef(companyId, id), {
          companyId,
          date: addDays(start, d),
          employeeId: e,
          positionId: null,
          subRoleId: null,
          start: 9 * 60,
          end: 17 * 60,
          mode: 'draft',
          scheduleId: null,
          note: '',
          onHold: false,
          minutes: 0,
          workedMinutes: 0,
          createdAt: 1,
          updatedAt: 1,
        });
      }
    }
    await batch.commit();
    await Promise.all(
      employeeIds
        .slice(i, i + 40)
        .map((e) => saveMembership({ companyId, uid: `${companyId}-${e}`, role: 'employee', employeeId: e })),
    );
  }
  return { companyId, employeeIds };
}

async function publishWeek(companyId: string, employeeIds: string[]): Promise<string[]> {
  const start = addDays(businessToday(ZONE, 0), 1);
  const before = new Set((await companyDoc(companyId).collection('outbox').get()).docs.map((d) => d.id));
  for (let i = 0; i < employeeIds.length; i += PER_PUBLISH) {
    await publish({
      companyId,
      actorUid: 'bench-manager',
      body: { startDate: start, endDate: addDays(start, 6), employeeIds: employeeIds.slice(i, i + PER_PUBLISH) },
    } as Parameters<typeof publish>[0]);
  }
  return (await companyDoc(companyId).collection('outbox').get()).docs.map((d) => d.id).filter((id) => !before.has(id));
}

async function main() {
  const fcm = await startFcmServer();
  process.env.FCM_LOCAL_HOST = fcm.host;
  const alone: number[] = [];
  const withFanOut: number[] = [];
  const perEvent: number[] = [];
  let recipients = 0;
  let events = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const a = await seedCompany(round, 'alone');
    let t = performance.now();
    await publishWeek(a.companyId, a.employeeIds);
    alone.push(performance.now() - t);

    const b = await seedCompany(round, 'fanout');
    t = performance.now();
    const ids = await publishWeek(b.companyId, b.employeeIds);
    for (const eventId of ids) {
      const e0 = performance.now();
      const result = await fanOut({ companyId: b.companyId, eventId });
      perEvent.push(performance.now() - e0);
      recipients += result.recipients;
      events++;
    }
    withFanOut.push(performance.now() - t);
  }
  const median = (xs: number[]) =>
    percentile(
      [...xs].sort((x, y) => x - y),
      50,
    );
  const pushes = fcm.messages().length;
  const perRecipient = recipients / events;
  console.log(
    `publish a week, ${EMPLOYEES} employees x ${DAYS} shifts (${EMPLOYEES / PER_PUBLISH} calls), ${ROUNDS} rounds`,
  );
  console.log(`  publish alone            median ${fmt(median(alone), 0)} ms`);
  console.log(`  publish + fan-out        median ${fmt(median(withFanOut), 0)} ms`);
  console.log(`  ratio                    ${fmt(median(withFanOut) / median(alone), 2)}x`);
  console.log(
    `fan-out per event (${fmt(perRecipient, 0)} recipients each): median ${fmt(median(perEvent), 0)} ms, ${fmt(median(perEvent) / perRecipient, 2)} ms per recipient`,
  );
  // documents per event: members of the company + preferences + devices + company rules read; inbox entries, digests, 4 stage marks and the final 2 written
  const members = EMPLOYEES;
  console.log(
    `  documents read  ~${members + 2 * perRecipient + 4} (memberships ${members}, preferences ${perRecipient}, devices ${perRecipient}, company and policies 4)`,
  );
  console.log(
    `  documents written ${2 * perRecipient + 6} (inbox ${perRecipient}, digests ${perRecipient}, stages 4, dispatched 2)`,
  );
  console.log(`  push messages delivered to the local FCM server: ${pushes} (${fmt(pushes / events, 0)} per event)`);
  await fcm.close();
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
