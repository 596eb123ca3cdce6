/** The pos-sync module's public API: the sinks the POS sync engine writes pages to, and the CSV import files. */
import { lazyFile, lazyFunction } from '../kit';

const sinks = lazyFile<typeof import('./sinks')>(() => require('./sinks'));
const importFile = lazyFile<typeof import('./csv/import-file')>(() => require('./csv/import-file'));

export { posSyncErrors } from './errors';

export const posSourceOf = lazyFunction(sinks, 'posSourceOf');
export const replayHeld = lazyFunction(sinks, 'replayHeld');
/** Records the vendor deleted by id alone (a webhook's PosDeletion): found among what the connection stored and reversed. */
export const writeDeletions = lazyFunction(sinks, 'writeDeletions');
/** Deletions a webhook announced, kept for the stream's next run (queueDeletions), which applies them (applyQueuedDeletions). */
export const queueDeletions = lazyFunction(sinks, 'queueDeletions');
export const applyQueuedDeletions = lazyFunction(sinks, 'applyQueuedDeletions');
export const writePunches = lazyFunction(sinks, 'writePunches');
/** The punches a connection put in attendance over a clock-in range, as connector records (absence-based reconciliation). */
export const storedPunchesOf = lazyFunction(sinks, 'storedPunchesOf');
export const writeRoster = lazyFunction(sinks, 'writeRoster');
export const writeSales = lazyFunction(sinks, 'writeSales');
export type { PageIssue, SinkCounts, SinkTarget } from './sinks';
/** The records refused or held by the pages written for a target since the last call (the engine stores them per run). */
export const takeIssues = lazyFunction(sinks, 'takeIssues');
export const openImport = lazyFunction(importFile, 'openImport');
export type { ImportFile, ImportFileOf } from './csv/import-file';
