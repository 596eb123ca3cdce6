/** The pos-sync module's public API: the sinks the POS sync engine writes pages to, and the CSV import files. */
import { lazyFile, lazyFunction } from '../kit';

const sinks = lazyFile<typeof import('./sinks')>(() => require('./sinks'));
const importFile = lazyFile<typeof import('./csv/import-file')>(() => require('./csv/import-file'));

export { posSyncErrors } from './errors';

export const posSourceOf = lazyFunction(sinks, 'posSourceOf');
export const replayHeld = lazyFunction(sinks, 'replayHeld');
export const writePunches = lazyFunction(sinks, 'writePunches');
export const writeRoster = lazyFunction(sinks, 'writeRoster');
export const writeSales = lazyFunction(sinks, 'writeSales');
export type { SinkCounts, SinkTarget } from './sinks';
export const openImport = lazyFunction(importFile, 'openImport');
export type { ImportFile, ImportFileOf } from './csv/import-file';
