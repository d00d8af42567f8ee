// Vehicle changes between instances sharing one PostgreSQL (issue 17: a sold vehicle leaves every instance's
// results within 1 s, AMVIC). The write's own transaction NOTIFYs the changed ids, which PostgreSQL delivers when
// it commits and never if it rolls back: no window in which a crash loses the message. Every other instance
// patches its inventory index and drops its inventory cache, as for a change of its own. A dropped listening
// connection means lost messages, so a reconnection rebuilds the index from the database.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Channel } from '../../db/client';
import type { VehicleCommands, VehicleEvent } from './commands';

const CHANNEL = 'vehicle_changes';
/** NOTIFY payloads must stay under 8000 bytes: ids go in chunks well below it. */
const IDS_PER_MESSAGE = 500;

export function changedIds(events: readonly VehicleEvent[]): number[] {
  return [...new Set(events.flatMap((e) => (e.type === 'changed' ? e.vehicleIds : [])))];
}

export interface ChangeFeedHandlers {
  /** Where a handler's failure goes: a rejection left unhandled would end the process (issue 30). */
  log: { error(obj: object, msg: string): void };
  /** Vehicles another instance changed. */
  changed(ids: number[]): Promise<void> | void;
  /** Messages may have been lost: re-read everything. */
  resync(): Promise<void> | void;
}

export async function startChangeFeed(channel: Channel, commands: VehicleCommands, handlers: ChangeFeedHandlers): Promise<() => Promise<void>> {
  const origin = randomUUID();
  const stop = await channel.listen(CHANNEL, (payload) => {
    try {
      const message = JSON.parse(payload) as { origin?: unknown; ids?: unknown };
      if (message.origin === origin || !Array.isArray(message.ids)) return;
      Promise.resolve(handlers.changed(message.ids.filter((id): id is number => Number.isInteger(id))))
        .catch((err: unknown) => handlers.log.error({ err }, 'vehicle change feed: applying another instance\'s change failed'));
    } catch {
      // Not ours (someone else NOTIFYing on the channel): ignored.
    }
  }, () => {
    // A resync runs just after PostgreSQL came back, when it may still refuse or drop work (issue 30: an index
    // rebuild's unhandled EMFILE ended the process); logged, and the next reconnection or change tries again.
    Promise.resolve(handlers.resync()).catch((err: unknown) => handlers.log.error({ err }, 'vehicle change feed: re-reading after a reconnection failed'));
  });
  commands.beforeCommit(async (tx, events) => {
    const ids = changedIds(events);
    for (let k = 0; k < ids.length; k += IDS_PER_MESSAGE) {
      await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ origin, ids: ids.slice(k, k + IDS_PER_MESSAGE) })})`);
    }
  });
  return stop;
}
