// Vehicle changes between instances sharing one PostgreSQL (issue 17: a sold vehicle leaves every instance's
// results within 1 s, AMVIC). After a change commits, the instance that made it NOTIFYs the changed ids; every
// other instance patches its inventory index and drops its inventory cache, as for a change of its own. A lost
// connection means lost messages, so a reconnection rebuilds the index from the database.
import { randomUUID } from 'node:crypto';
import type { Channel } from '../../db/client';
import type { VehicleCommands, VehicleEvent } from './commands';

const CHANNEL = 'vehicle_changes';
/** NOTIFY payloads must stay under 8000 bytes: ids go in chunks well below it. */
const IDS_PER_MESSAGE = 500;

export function changedIds(events: readonly VehicleEvent[]): number[] {
  return [...new Set(events.flatMap((e) => (e.type === 'changed' ? e.vehicleIds : [])))];
}

export interface ChangeFeedHandlers {
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
      void handlers.changed(message.ids.filter((id): id is number => Number.isInteger(id)));
    } catch {
      // Not ours (someone else NOTIFYing on the channel): ignored.
    }
  }, () => void handlers.resync());
  commands.subscribe(async (events) => {
    const ids = changedIds(events);
    for (let k = 0; k < ids.length; k += IDS_PER_MESSAGE) {
      await channel.notify(CHANNEL, JSON.stringify({ origin, ids: ids.slice(k, k + IDS_PER_MESSAGE) }));
    }
  });
  return stop;
}
