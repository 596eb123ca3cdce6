import type { Firestore } from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';
import type { App } from 'firebase-admin/app';
import { config } from './config';

/**
 * firebase-admin is loaded on first use, not at module load: requiring firebase-admin/firestore
 * costs about 300 ms, which every cold start of every function would otherwise pay.
 */
let app: App | undefined;
let firestore: Firestore | undefined;

export function adminApp(): App {
  if (!app) {
    config.avoidMetadataServer();
    const { initializeApp, getApps } = require('firebase-admin/app') as typeof import('firebase-admin/app');
    app = getApps()[0] ?? initializeApp({ projectId: config.projectId() });
  }
  return app;
}

export function db(): Firestore {
  if (!firestore) {
    const { getFirestore } = firestoreNs();
    firestore = getFirestore(adminApp());
    firestore.settings({ ignoreUndefinedProperties: true });
  }
  return firestore;
}

export function auth(): Auth {
  const { getAuth } = require('firebase-admin/auth') as typeof import('firebase-admin/auth');
  return getAuth(adminApp());
}

/** The firestore namespace (FieldValue, Timestamp, FieldPath), loaded lazily like the client. */
export function firestoreNs(): typeof import('firebase-admin/firestore') {
  return require('firebase-admin/firestore') as typeof import('firebase-admin/firestore');
}
