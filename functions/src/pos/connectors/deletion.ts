/**
 * A record the vendor says it deleted, known by its id alone (Square's `labor.timecard.deleted`
 * event carries only the timecard's id): the sink finds what it stored of it and reverses it.
 */
export interface PosDeletion {
  stream: 'punches' | 'sales';
  vendorId: string;
  /** When the vendor deleted it, epoch ms (the event's time). */
  deletedAt: number;
}
