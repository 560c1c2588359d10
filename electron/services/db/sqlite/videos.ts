// Videos in SQLite: the `videos` table and `video_view_state` (their rows: db/rows/videos.ts).
// Writes go through the edit log.
import type { StoredVideo, VideoStore, VideoWrites } from '../../videos/store';
import type { EditTransaction } from '../edit-log';
import type { ReadableDb } from '../readable';
import { changedColumns, newVideoRow, placeholderRow, storedRow, toVideo, toViews, type VideoRow, type ViewStateRow } from '../rows/videos';

const one = (row: VideoRow | undefined): StoredVideo | null => (row ? toVideo(row) : null);

export function sqliteVideos(db: ReadableDb): VideoStore {
  return {
    list: async () => db.query<VideoRow>('SELECT * FROM videos ORDER BY name COLLATE NOCASE, added_at').all().map(toVideo),
    get: async (id) => one(db.query<VideoRow>('SELECT * FROM videos WHERE id = ?').get(id)),
    byFingerprint: async (fingerprint) => one(db.query<VideoRow>('SELECT * FROM videos WHERE fingerprint = ?').get(fingerprint)),
    atPath: async (relPath) => one(db.query<VideoRow>('SELECT * FROM videos WHERE rel_path = ?').get(relPath)),
    count: async () => db.query<{ n: number }>('SELECT count(*) AS n FROM videos').get()!.n,
    views: async () => toViews(db.query<ViewStateRow>('SELECT video_id, position, view_start, px_per_sec FROM video_view_state').all()),
  };
}

export function sqliteVideoWrites(tx: EditTransaction): VideoWrites {
  return {
    ...sqliteVideos(tx.db),
    add: async (videos, addedAt) => {
      for (const video of videos) tx.insert('videos', newVideoRow(video, addedAt));
    },
    addPlaceholder: async (video, addedAt) => tx.insert('videos', placeholderRow(video, addedAt)),
    copy: async (videos) => {
      for (const video of videos) tx.insert('videos', storedRow(video));
    },
    update: async (id, changes) => {
      // the row as it is now, with only the changed columns replaced
      const row = tx.get('videos', id);
      if (!row) return false;
      tx.put('videos', { ...row, ...changedColumns(changes) });
      return true;
    },
    remove: async (id) => {
      // (where someone left the playhead is not work: it goes with the video)
      tx.removeWhere('video_view_state', 'video_id', id);
      tx.remove('videos', id);
    },
  };
}
