// A video as both engines store it: the `videos` table (snake_case columns, tags as JSON text,
// variable frame rate as 0/1) and `video_view_state` (where each video was left).
import { z } from 'zod';
import type { VideoViewState } from '../../../../shared/domain';
import type { NewVideo, PlaceholderVideo, StoredVideo, VideoChanges } from '../../videos/store';
import type { Row } from '../edit-log';

export interface VideoRow {
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

const tagsSchema = z.array(z.string());

export function toVideo(row: VideoRow): StoredVideo {
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
    sourceDataset: row.source_dataset,
    licenceNote: row.licence_note,
    segmentOffset: row.segment_offset,
    tags: tagsSchema.parse(JSON.parse(row.tags)),
    addedAt: row.added_at,
  };
}

/** Each changeable field's column and stored value. */
const COLUMNS: { [K in keyof Required<VideoChanges>]: (value: Required<VideoChanges>[K]) => [column: string, value: string | number | null] } = {
  name: (v) => ['name', v],
  relPath: (v) => ['rel_path', v],
  fingerprint: (v) => ['fingerprint', v],
  fileSize: (v) => ['file_size', v],
  duration: (v) => ['duration', v],
  fps: (v) => ['fps', v],
  fpsRational: (v) => ['fps_rational', v],
  variableFps: (v) => ['variable_fps', v ? 1 : 0],
  width: (v) => ['width', v],
  height: (v) => ['height', v],
  codec: (v) => ['codec', v],
  audioCodec: (v) => ['audio_codec', v],
  container: (v) => ['container', v],
  sourceDataset: (v) => ['source_dataset', v],
  licenceNote: (v) => ['licence_note', v],
  segmentOffset: (v) => ['segment_offset', v],
  tags: (v) => ['tags', JSON.stringify(v)],
};

export function changedColumns(changes: VideoChanges): Row {
  const row: Row = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || !(key in COLUMNS)) continue;
    const [column, stored] = (COLUMNS[key as keyof VideoChanges] as (v: unknown) => [string, string | number | null])(value);
    row[column] = stored;
  }
  return row;
}

/** A probed file as the row an import inserts (the columns it names; the rest keep their defaults). */
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

export function storedRow(v: StoredVideo): Row {
  const { id, addedAt, ...fields } = v;
  return { id, ...changedColumns(fields), added_at: addedAt };
}

export function placeholderRow({ id, name, relPath }: PlaceholderVideo, addedAt: string): Row {
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

export interface ViewStateRow {
  video_id: string;
  position: number;
  view_start: number;
  px_per_sec: number;
}

/** Where each video was left, by video id. */
export function toViews(rows: readonly ViewStateRow[]): Record<string, VideoViewState> {
  return Object.fromEntries(rows.map((r): [string, VideoViewState] => [r.video_id, { position: r.position, viewStart: r.view_start, pxPerSec: r.px_per_sec }]));
}
