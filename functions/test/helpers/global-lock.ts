import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const HELD_FOR_AT_MOST_MS = 120_000; // a lock older than this was left by a killed run
const WAITER_GONE_AFTER_MS = 30_000; // a waiter refreshes its ticket every poll; one not refreshed has gone
const POLL_MS = 25;
let tickets = 0;

/**
 * Serialises, across jest workers, the sections that write or depend on global state shared by test
 * files running at the same time against one emulator (the global AI configuration `aiConfig/global`:
 * the contract tests write it, the AI configuration tests need it absent). A directory is the lock.
 *
 * Waiters queue in arrival order (a ticket file each): a file that takes the lock again and again
 * (the idempotency replays, one shared operation at a time) would otherwise take it back before a
 * waiter's next poll, so a test waiting for it could time out.
 */
export async function withGlobalLock<T>(work: () => Promise<T>): Promise<T> {
  const base = path.join(
    os.tmpdir(),
    `contract-global-${process.env.GCLOUD_PROJECT ?? 'local'}-${process.env.FIRESTORE_EMULATOR_HOST?.replace(/\W/g, '-')}`,
  );
  const lock = `${base}.lock`;
  const queue = `${base}.queue`;
  fs.mkdirSync(queue, { recursive: true });
  const ticket = `${String(Date.now()).padStart(15, '0')}-${process.pid}-${String(tickets++).padStart(6, '0')}`;
  const ticketFile = path.join(queue, ticket);
  fs.writeFileSync(ticketFile, '');
  try {
    for (;;) {
      const now = new Date();
      fs.utimesSync(ticketFile, now, now);
      if (firstLiveTicket(queue, now.getTime()) === ticket && tryLock(lock, now.getTime())) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    fs.rmSync(ticketFile, { force: true });
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** The oldest ticket of a waiter still polling (the tickets of waiters that have gone are removed). */
function firstLiveTicket(queue: string, now: number): string | undefined {
  for (const name of fs.readdirSync(queue).sort()) {
    try {
      if (now - fs.statSync(path.join(queue, name)).mtimeMs <= WAITER_GONE_AFTER_MS) return name;
      fs.rmSync(path.join(queue, name), { force: true });
    } catch {
      /* taken meanwhile */
    }
  }
  return undefined;
}

function tryLock(lock: string, now: number): boolean {
  try {
    fs.mkdirSync(lock);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    try {
      if (now - fs.statSync(lock).mtimeMs > HELD_FOR_AT_MOST_MS) fs.rmSync(lock, { recursive: true, force: true });
    } catch {
      /* released meanwhile */
    }
    return false;
  }
}
