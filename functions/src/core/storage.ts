import type { Bucket } from '@google-cloud/storage';
import { config } from './config';
import { adminApp } from './firebase';
import { lazyFile } from './lazy';

const firebaseAdminStoragePackage = lazyFile<typeof import('firebase-admin/storage')>(() =>
  require('firebase-admin/storage'),
);

/**
 * Cloud Storage through firebase-admin (loaded on first use, like Firestore). Locally the client
 * talks to the Storage emulator's Node server (FIREBASE_STORAGE_EMULATOR_HOST, started by
 * scripts/emulators.js). Files are never public: every read and write goes through the functions.
 */
let bucket: Bucket | undefined;

/** The default bucket: STORAGE_BUCKET, else the one Cloud Functions names in FIREBASE_CONFIG, else `<project>.appspot.com`. */
export function bucketName(): string {
  if (process.env.STORAGE_BUCKET) return process.env.STORAGE_BUCKET;
  try {
    const named = (JSON.parse(process.env.FIREBASE_CONFIG ?? '{}') as { storageBucket?: unknown }).storageBucket;
    if (typeof named === 'string' && named) return named;
  } catch {
    // FIREBASE_CONFIG may also be a file path; fall through to the project's default bucket
  }
  return `${config.projectId()}.appspot.com`;
}

export function storageBucket(): Bucket {
  if (!bucket) {
    const { getStorage } = firebaseAdminStoragePackage();
    bucket = getStorage(adminApp()).bucket(bucketName());
  }
  return bucket;
}

/** Deletes a file; a file already gone is not an error (a retried delete). */
export async function deleteStored(path: string): Promise<void> {
  await storageBucket().file(path).delete({ ignoreNotFound: true });
}

/** A file's bytes, or null when it is gone. */
export async function readStored(path: string): Promise<Buffer | null> {
  try {
    const [bytes] = await storageBucket().file(path).download();
    return bytes;
  } catch (err) {
    if ((err as { code?: number }).code === 404) return null;
    throw err;
  }
}
