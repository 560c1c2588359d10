// SQL for the video library. Rows ↔ domain objects in one place; status is computed, not stored.
import { existsSync, statSync } from 'node:fs';
import type { Video, VideoViewState } from '../../../shared/domain';
import type { ProjectDb } from '../db/project-db';
import { fromStoredPath } from '../media/paths';
import type { ProbeInfo } from '../media/probe';

interface VideoRow {
  id: string;
  name: string;
  rel_path: string;
  fingerprint: string;
  file_size: number;
  duration: number;
  fps: number;
  fps_rational: string;
  variable_fps: number;
  width: number;
  height: number;
  codec: string;
  audio_codec: string | null;
  container: string;
  source_dataset: string | null;
  licence_note: string | null;
  segment_offset: number;
  tags: string;
  added_at: string;
}

export interface NewVideo extends ProbeInfo {
  id: string;
  name: string;
  relPath: string;
  fingerprint: string;
  fileSize: number;
}

export class VideoRepo {
  constructor(
    private readonly db: ProjectDb,
    private readonly projectDir: string,
  ) {}

  list(): Video[] {
    const rows = this.db.prepare('SELECT * FROM videos ORDER BY name COLLATE NOCASE, added_at').all() as VideoRow[];
    return rows.map((row) => this.toVideo(row));
  }

  get(id: string): Video | null {
    const row = this.db.prepare('SELECT * FROM videos WHERE id = ?').get(id) as VideoRow | undefined;
    return row ? this.toVideo(row) : null;
  }

  absolutePath(video: Pick<Video, 'relPath'>): string {
    return fromStoredPath(this.projectDir, video.relPath);
  }

  byFingerprint(fingerprint: string): Video | null {
    const row = this.db.prepare('SELECT * FROM videos WHERE fingerprint = ?').get(fingerprint) as VideoRow | undefined;
    return row ? this.toVideo(row) : null;
  }

  insert(v: NewVideo): Video {
    this.db
      .prepare(
        `INSERT INTO videos (id, name, rel_path, fingerprint, file_size, duration, fps, fps_rational, variable_fps,
           width, height, codec, audio_codec, container, added_at)
         VALUES (@id, @name, @relPath, @fingerprint, @fileSize, @duration, @fps, @fpsRational, @variableFps,
           @width, @height, @codec, @audioCodec, @container, @addedAt)`,
      )
      .run({ ...v, variableFps: v.variableFps ? 1 : 0, addedAt: new Date().toISOString() });
    return this.get(v.id)!;
  }

  updatePath(id: string, relPath: string): void {
    this.db.prepare('UPDATE videos SET rel_path = ? WHERE id = ?').run(relPath, id);
  }

  remove(id: string): void {
    this.db.prepare('DELETE FROM videos WHERE id = ?').run(id);
  }

  saveView(id: string, view: VideoViewState): void {
    this.db
      .prepare(
        `INSERT INTO video_view_state (video_id, position, view_start, px_per_sec) VALUES (?, ?, ?, ?)
         ON CONFLICT(video_id) DO UPDATE SET position = excluded.position, view_start = excluded.view_start,
           px_per_sec = excluded.px_per_sec`,
      )
      .run(id, view.position, view.viewStart, view.pxPerSec);
  }

  views(): Record<string, VideoViewState> {
    const rows = this.db.prepare('SELECT video_id, position, view_start, px_per_sec FROM video_view_state').all() as Array<{
      video_id: string;
      position: number;
      view_start: number;
      px_per_sec: number;
    }>;
    return Object.fromEntries(rows.map((r) => [r.video_id, { position: r.position, viewStart: r.view_start, pxPerSec: r.px_per_sec }]));
  }

  private toVideo(row: VideoRow): Video {
    const path = fromStoredPath(this.projectDir, row.rel_path);
    let status: Video['status'] = 'ok';
    let statusMessage: string | null = null;
    if (!existsSync(path)) {
      status = 'missing';
      statusMessage = `File not found at ${path}. Relink it to its new location.`;
    } else if (statSync(path).size !== row.file_size) {
      status = 'changed';
      statusMessage = 'The file on disk has a different size from the one imported; relink or re-import it.';
    }
    return {
      id: row.id,
      name: row.name,
      relPath: row.rel_path,
      fingerprint: row.fingerprint,
      fileSize: row.file_size,
      duration: row.duration,
      fps: row.fps,
      fpsRational: row.fps_rational,
      variableFps: row.variable_fps === 1,
      width: row.width,
      height: row.height,
      codec: row.codec,
      audioCodec: row.audio_codec,
      container: row.container,
      status,
      statusMessage,
      sourceDataset: row.source_dataset,
      licenceNote: row.licence_note,
      segmentOffset: row.segment_offset,
      tags: JSON.parse(row.tags) as string[],
      addedAt: row.added_at,
    };
  }
}
