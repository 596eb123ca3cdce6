/** The pos-sync module's public API: the sinks the POS sync engine writes pages to, . */
export { posSyncErrors } from './errors';
export {
  posSourceOf,
  replayHeld,
  writePunches,
  writeRoster,
  writeSales,
  type SinkCounts,
  type SinkTarget,
} from './sinks';
export { openImport, type ImportFile, type ImportFileOf } from './csv/import-file';
