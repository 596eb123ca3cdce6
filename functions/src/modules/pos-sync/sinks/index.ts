/**
 * Where synced POS data lands. The sync engine hands each page a connector read to one of these
 * sinks; every sink is idempotent (the same page twice changes nothing the second time; a record
 * changed in the POS updates ours) and writes in batches, never one commit per record (sales and
 * roster) — punches go through attendance's per-punch transaction, the low-volume stream.
 */
export { takeIssues, type PageIssue, type SinkCounts, type SinkTarget } from './common';
export { applyQueuedDeletions, queueDeletions, writeDeletions } from './deletions';
export { replayHeld } from './held';
export { posSourceOf } from './mapping';
export { writeRoster } from './roster';
export { storedPunchesOf } from './stored';
export { writePunches, writeSales } from './write';
