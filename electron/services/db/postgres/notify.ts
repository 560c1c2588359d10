// Live updates across server processes on one PostgreSQL database: each process NOTIFYs the edits it
// commits on one channel and LISTENs on it for the others' (its own are told apart by an id of its
// own). The listening connection reconnects after PostgreSQL restarts, and then tells every page to
// reload everything, since what the others committed meanwhile was not heard.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { z } from 'zod';
import type { EditBus, EditRelay } from '../../team/edit-bus';

const CHANNEL = 'tidemark_edits';
/** NOTIFY's payload is at most 8000 bytes: a long list of videos is sent as none (any video). */
const MAX_VIDEOS = 100;

const messageSchema = z.object({
  origin: z.string(),
  project: z.string(),
  edit: z.object({ person: z.string().nullable(), tables: z.array(z.string()), videoIds: z.array(z.string()) }),
});

export async function postgresRelay(pool: pg.Pool, connectionString: string, bus: EditBus): Promise<EditRelay> {
  const origin = randomUUID();
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      // anyone who can connect may NOTIFY: what is not one of ours is ignored
      let payload: unknown;
      try {
        payload = JSON.parse(message.payload ?? 'null');
      } catch {
        return;
      }
      const parsed = messageSchema.safeParse(payload);
      if (parsed.success && parsed.data.origin !== origin) bus.deliver(parsed.data.project, parsed.data.edit);
    });
    client.on('error', () => reconnect());
    client.on('end', () => reconnect());
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };
  const reconnect = (): void => {
    listener = null;
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      // what the other processes committed meanwhile was not heard: every page reloads everything
      listen().then(
        () => bus.missedSome(),
        () => reconnect(),
      );
    }, 1000);
  };
  await listen();

  return {
    send: (project, edit) => {
      const videoIds = edit.videoIds.length > MAX_VIDEOS ? [] : edit.videoIds;
      const payload = JSON.stringify({ origin, project, edit: { person: edit.person, tables: edit.tables, videoIds } });
      pool
        .query('SELECT pg_notify($1, $2)', [CHANNEL, payload])
        .catch((error: unknown) => console.error(`Tidemark: could not tell the other server processes of an edit (${(error as Error).message})`));
    },
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await listener?.end().catch(() => undefined);
    },
  };
}
