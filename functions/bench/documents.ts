/**
 * Employee documents and the team feed, through their services against the emulators
 * (Firestore, and the Storage emulator's Node server): a 10 MB upload (signature, SHA-256, Storage,
 * metadata) and its download, with the upload's peak live heap (sampled every 500 ms: the download is too short to sample); then a post to 200 employees
 * (resolved audience, one inbox entry each), 200 first reads recorded concurrently (each
 * serialized on its receipt), and the receipts list. Prints the figures.
 * Run: NODE_OPTIONS=--expose-gc TEST_FIRESTORE_PORT=.. TEST_AUTH_PORT=.. node scripts/with-emulators.js npx tsx bench/documents.ts
 */
import { randomBytes } from 'node:crypto';
import { db } from '../src/core/firebase';
import type { Membership } from '../src/core/memberships';
import { downloadDocument, uploadDocument } from '../src/modules/documents/service';
import { createPost, markRead, receipts } from '../src/modules/posts/service';
import { fmt, measuredHeap, percentile } from './lib';

const MB = 1024 * 1024;
const EMPLOYEES = 200;

async function main() {
  const companyId = `bench-docs-${randomBytes(4).toString('hex')}`;
  const company = db().collection('companies').doc(companyId);
  await company.set({ name: 'Bench Bistro', timezone: 'Europe/Madrid', weekStartingDay: 1 });
  const ids: string[] = [];
  for (let i = 0; i < EMPLOYEES; i += 400) {
    const batch = db().batch();
    for (let k = i; k < Math.min(EMPLOYEES, i + 400); k++) {
      const ref = company.collection('employees').doc(`e${String(k).padStart(4, '0')}`);
      batch.set(ref, { name: `E${k}`, surname: 'Bench', positions: [], archived: false, userId: null });
      ids.push(ref.id);
    }
    await batch.commit();
  }
  const owner: Membership = { companyId, uid: 'bench-owner', role: 'owner', employeeId: null };

  const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(10 * MB - 9)]);
  const up = await measuredHeap(() =>
    uploadDocument({
      member: owner,
      input: { employeeId: ids[0], type: 'contract' },
      contentTypeHeader: 'application/pdf',
      bytes: file,
    }),
  );
  const down = await measuredHeap(() => downloadDocument({ member: owner, documentId: up.result.id }));
  console.log(
    `documents: 10 MB upload ${fmt(up.ms, 0)} ms (peak heap +${fmt(up.peakHeapMb)} MB), download ${fmt(down.ms, 0)} ms (base64 answer ${fmt(down.result.contentBase64.length / MB)} MB)`,
  );

  const published = await measuredHeap(() =>
    createPost({
      member: { ...owner, role: 'manager' },
      input: {
        title: 'Bench',
        body: 'Hello',
        audience: { kind: 'everyone' },
        pinned: false,
        requiresAcknowledgement: false,
        allowComments: true,
      },
    }),
  );
  const latencies: number[] = [];
  const t0 = Date.now();
  await Promise.all(
    ids.map(async (employeeId, i) => {
      const t = Date.now();
      await markRead({
        member: { companyId, uid: `u${i}`, role: 'employee', employeeId },
        postId: published.result.id,
        acknowledge: false,
      });
      latencies.push(Date.now() - t);
    }),
  );
  const readsMs = Date.now() - t0;
  latencies.sort((a, b) => a - b);
  const listed = await measuredHeap(() => receipts({ member: owner, postId: published.result.id }));
  console.log(
    `posts: publish to ${EMPLOYEES} employees ${fmt(published.ms, 0)} ms; ${EMPLOYEES} concurrent first reads in ${readsMs} ms (p50 ${latencies[Math.floor(latencies.length / 2)]} ms, p99 ${percentile(latencies, 99)} ms); receipts of ${listed.result.recipientCount} (read ${listed.result.readCount}) ${fmt(listed.ms, 0)} ms`,
  );
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
