import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Serialises, across jest workers, the sections that write or depend on global state shared by test
 * files running at the same time against one emulator (the global AI configuration `aiConfig/global`:
 * the contract tests write it, the AI configuration tests need it absent). A directory is the lock.
 */
export async function withGlobalLock<T>(work: () => Promise<T>): Promise<T> {
  const dir = path.join(os.tmpdir(), `contract-global-${process.env.GCLOUD_PROJECT ?? 'local'}-${process.env.FIRESTORE_EMULATOR_HOST?.replace(/\W/g, '-')}.lock`);
  for (;;) {
    try {
      fs.mkdirSync(dir);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      try {
        if (Date.now() - fs.statSync(dir).mtimeMs > 120_000) fs.rmSync(dir, { recursive: true, force: true }); // left by a killed run
      } catch { /* released meanwhile */ }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
