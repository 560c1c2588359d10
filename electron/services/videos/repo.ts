// The video library's rows ↔ videos, read through the read-only handle (writes are edits; see
// service.ts). Status is computed from the file on disk, not stored.
import { existsSync, statSync } from 'node:fs';
import { z } from 'zod';
import type { Video, VideoViewState } from '../../../shared/domain';
import type { EditTransaction, Row } from '../db/edit-log';
import type { ReadableDb } from '../db/readable';
import { fromStoredPath } from '../media/paths';
import type { ProbeInfo } from '../media/probe';

interface VideoRow {
  id: string;
  name: string;
  rel_path: string;
  fingerprint: string | null;
  file_size: number;
  duration: number | null;
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

const tagsSchema = z.array(z.string());

export class VideoRepo {
  constructor(
    private readonly db: ReadableDb,
    private readonly projectDir: string,
  ) {}

  list(): Video[] {
    return this.listFrom(this.db);
  }

  /** The library as another handle sees it (a snapshot's). */
  listFrom(db: ReadableDb): Video[] {
    return db.query<VideoRow>('SELECT * FROM videos ORDER BY name COLLATE NOCASE, added_at').all().map((row) => this.toVideo(row));
  }

  get(id: string): Video | null {
    return this.getFrom(this.db, id);
  }

  /** Read through another handle: inside an edit, to see what it has written so far. */
  getFrom(db: ReadableDb, id: string): Video | null {
    const row = db.query<VideoRow>('SELECT * FROM videos WHERE id = ?').get(id);
    return row ? this.toVideo(row) : null;
  }

  /** The stored row, for an edit that changes it. */
  rowOf(id: string): Row | null {
    return this.db.query<Row>('SELECT * FROM videos WHERE id = ?').get(id) ?? null;
  }

  absolutePath(video: Pick<Video, 'relPath'>): string {
    return fromStoredPath(this.projectDir, video.relPath);
  }

  byFingerprint(fingerprint: string): Video | null {
    const row = this.db.query<VideoRow>('SELECT * FROM videos WHERE fingerprint = ?').get(fingerprint);
    return row ? this.toVideo(row) : null;
  }

  views(): Record<string, VideoViewState> {
    const rows = this.db.query<{ video_id: string; position: number; view_start: number; px_per_sec: number }>('SELECT video_id, position, view_start, px_per_sec FROM video_view_state').all();
    return Object.fromEntries(rows.map((r) => [r.video_id, { position: r.position, viewStart: r.view_start, pxPerSec: r.px_per_sec }]));
  }

  private toVideo(row: VideoRow): Video {
    const path = fromStoredPath(this.projectDir, row.rel_path);
    let status: Video['status'] = 'ok';
    let statusMessage: string | null = null;
    if (row.fingerprint === null) {
      status = 'missing';
      statusMessage = `A placeholder: ${row.rel_path} was not found when its benchmark file was imported. Relink it (or its folder) to the file.`;
    } else if (!existsSync(path)) {
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
      tags: tagsSchema.parse(JSON.parse(row.tags)),
      addedAt: row.added_at,
    };
  }
}

/** A probed file as the row an import inserts. */
export function newVideoRow(v: NewVideo, addedAt: string): Row {
  return {
    id: v.id,
    name: v.name,
    rel_path: v.relPath,
    fingerprint: v.fingerprint,
    file_size: v.fileSize,
    duration: v.duration,
    fps: v.fps,
    fps_rational: v.fpsRational,
    variable_fps: v.variableFps ? 1 : 0,
    width: v.width,
    height: v.height,
    codec: v.codec,
    audio_codec: v.audioCodec,
    container: v.container,
    added_at: addedAt,
  };
}

/** A placeholder for a video a benchmark file names but whose file is not there: unknown until relinked. */
export function placeholderVideoRow(id: string, name: string, relPath: string, addedAt: string): Row {
  return {
    id,
    name,
    rel_path: relPath,
    fingerprint: null,
    file_size: 0,
    duration: null,
    fps: 0,
    fps_rational: '',
    variable_fps: 0,
    width: 0,
    height: 0,
    codec: '',
    audio_codec: null,
    container: '',
    added_at: addedAt,
  };
}

/** Inside an edit: the probed videos become rows of the library. */
export function insertVideos(tx: EditTransaction, videos: readonly NewVideo[]): void {
  const now = new Date().toISOString();
  for (const video of videos) tx.insert('videos', newVideoRow(video, now));
}
