// Videos on PostgreSQL: the `videos` table and `video_view_state` (their rows as on SQLite:
// db/rows/videos.ts). Writes go through the edit's PgEditTransaction, so they are logged.
import type { StoredVideo, VideoStore, VideoWrites } from '../../videos/store';
import { changedColumns, newVideoRow, placeholderRow, storedRow, toVideo, toViews, type VideoRow, type ViewStateRow } from '../rows/videos';
import type { PgReader } from './connection';
import type { PgEditTransaction } from './edit-log';

const first = async (rows: Promise<VideoRow[]>): Promise<StoredVideo | null> => {
  const [row] = await rows;
  return row ? toVideo(row) : null;
};

export function pgVideos(db: PgReader): VideoStore {
  return {
    // SQLite's `name COLLATE NOCASE, added_at`: NOCASE is lower() compared byte by byte (COLLATE "C",
    // SQLite's binary order); a tie falls to the order the videos were added in, as SQLite's stable sort has it
    list: async () => (await db.rows<VideoRow>('SELECT * FROM videos ORDER BY lower(name) COLLATE "C", added_at COLLATE "C", ord')).map(toVideo),
    get: (id) => first(db.rows<VideoRow>('SELECT * FROM videos WHERE id = ?', id)),
    byFingerprint: (fingerprint) => first(db.rows<VideoRow>('SELECT * FROM videos WHERE fingerprint = ?', fingerprint)),
    // (the first stored of several at one path, as SQLite's index on rel_path gives it)
    atPath: (relPath) => first(db.rows<VideoRow>('SELECT * FROM videos WHERE rel_path = ? ORDER BY ord LIMIT 1', relPath)),
    count: async () => (await db.rows<{ n: number }>('SELECT count(*) AS n FROM videos'))[0]!.n,
    views: async () => toViews(await db.rows<ViewStateRow>('SELECT video_id, position, view_start, px_per_sec FROM video_view_state')),
  };
}

export function pgVideoWrites(tx: PgEditTransaction): VideoWrites {
  return {
    ...pgVideos(tx.reader),
    add: async (videos, addedAt) => {
      for (const video of videos) await tx.insert('videos', newVideoRow(video, addedAt));
    },
    addPlaceholder: (video, addedAt) => tx.insert('videos', placeholderRow(video, addedAt)),
    copy: async (videos) => {
      for (const video of videos) await tx.insert('videos', storedRow(video));
    },
    update: async (id, changes) => {
      // the row as it is now, with only the changed columns replaced (its `ord` is PostgreSQL's own: not written back)
      const current = await tx.get('videos', id);
      if (!current) return false;
      const { ord: _ord, ...row } = current;
      await tx.put('videos', { ...row, ...changedColumns(changes) });
      return true;
    },
    remove: async (id) => {
      // (where someone left the playhead is not work: it goes with the video)
      await tx.removeWhere('video_view_state', 'video_id', id);
      await tx.remove('videos', id);
    },
  };
}
