/** The pos-sync module's public API: the sinks the POS sync engine writes pages to, and the tips payroll may read. */
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
export { tipsBetween, type TipsFigures } from './service';
export { openImport, type ImportFile, type ImportFileOf } from './csv/import-file';
