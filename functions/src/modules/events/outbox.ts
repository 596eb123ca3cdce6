import { randomUUID } from 'node:crypto';
import type { Transaction, WriteBatch } from 'firebase-admin/firestore';
import type { DomainEvent, DomainEventType } from '../../core/domain-event';
import { logger } from '../../core/logger';
import { enqueueTask } from '../../core/tasks';
import { EVENT_KINDS, type EventData } from './catalogue';
import { FAN_OUT_QUEUE } from './queues';
import { outboxRef, pendingRef } from './repo';

export interface EventInput<T extends DomainEventType> {
  companyId: string;
  type: T;
  actor: DomainEvent['actor'];
  subjects: DomainEvent['subjects'];
  data: EventData<T>;
}

/** An event ready to be written with its change; `write` adds it to the transaction or batch of that change. */
export interface StagedEvent {
  event: DomainEvent;
  write: (writer: Transaction | WriteBatch) => void;
}

/**
 * Stages a domain event: its id is chosen now, its payload checked against its type's schema (a
 * malformed payload is a programming error and fails the change). Call it inside the work of the
 * change and hand `write` the same transaction or batch, so that the change and its event are one
 * commit; after the commit, `dispatchEvents`.
 */
export function stageEvent<T extends DomainEventType>(input: EventInput<T>): StagedEvent {
  const kind = EVENT_KINDS[input.type];
  const occurredAtMs = Date.now();
  const event: DomainEvent = {
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    type: input.type,
    companyId: input.companyId,
    occurredAt: new Date(occurredAtMs).toISOString(),
    actor: input.actor,
    subjects: input.subjects,
    version: kind.version,
    data: kind.data.parse(input.data) as Record<string, unknown>,
  };
  return {
    event,
    write: (writer) => {
      // both writers take (ref, data): the union of their overloads is not callable as one
      const set = writer.set.bind(writer) as (ref: FirebaseFirestore.DocumentReference, data: object) => unknown;
      set(outboxRef(event.companyId, event.id), { ...event, occurredAtMs, dispatchedAt: null, stages: {} });
      set(pendingRef(event.id), { companyId: event.companyId, occurredAtMs, sweeps: 0 });
    },
  };
}

/**
 * After the commit: hands each event to the fan-out queue (task id = event id, so a second
 * dispatch of an event is a no-op). A failure here loses nothing: the event stays pending in the
 * outbox and the sweep dispatches it; the change's caller is not failed for it.
 */
export async function dispatchEvents(events: (StagedEvent | DomainEvent | null | undefined)[]): Promise<void> {
  await Promise.all(
    events
      .filter((e): e is StagedEvent | DomainEvent => !!e)
      .map((e) => ('event' in e ? e.event : e))
      .map((event) =>
        enqueueTask(FAN_OUT_QUEUE, { companyId: event.companyId, eventId: event.id }, { id: event.id }).catch(
          (err: unknown) =>
            logger.warn('event dispatch deferred to the sweep', {
              eventId: event.id,
              error: err instanceof Error ? err.message : String(err),
            }),
        ),
      ),
  );
}
