/**
 * The unit tier starts no emulator. Should a unit test reach Firestore or Auth by mistake, it must
 * fail at once, never reach a real project: point both clients at a closed loopback port.
 */
process.env.FIRESTORE_EMULATOR_HOST = '127.0.0.1:9';
process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9';
process.env.GCLOUD_PROJECT = process.env.GCLOUD_PROJECT || 'demo-unit';
process.env.METADATA_SERVER_DETECTION = 'none';
process.env.LOG_LEVEL = process.env.LOG_LEVEL || 'warn';
