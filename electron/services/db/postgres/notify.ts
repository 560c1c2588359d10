// Live updates across server processes on one PostgreSQL database: each process NOTIFYs the edits it
// commits on one channel and LISTENs on it for the others' (its own are told apart by an id of its
// own). The listening connection reconnects after PostgreSQL restarts; what it misses meanwhile the
// pages catch up on when their own stream comes back (they reload everything then).
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
      const parsed = messageSchema.safeParse(JSON.parse(message.payload ?? 'null'));
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
      listen().catch(() => reconnect());
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
