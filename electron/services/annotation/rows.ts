// Left only for electron/server/session.test.ts (another engineer's file, not edited here): its one
// read moves to `project.stores.annotation.queryPointsOfVideo`, and this file goes. Nothing else
// imports it; annotation's storage is annotation/store.ts, implemented in db/sqlite/annotation.ts.
import type { QueryPoint } from '../../../shared/questions';
import type { ReadableDb } from '../db/readable';
import { syncAnnotationReader } from '../db/sqlite/annotation';

/** @deprecated read `project.stores.annotation.queryPointsOfVideo(videoId)`. */
export const listQueryPoints = (db: ReadableDb, videoId: string): QueryPoint[] => syncAnnotationReader(db).queryPointsOfVideo(videoId);
