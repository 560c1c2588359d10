// A project's data as the services use it, whichever engine holds it: a Tidemark project file
// (SQLite, project-store.ts) or a team server's PostgreSQL database (postgres/project-store.ts).
// The features read through `stores` and write through `edit`; both engines keep the same edit log,
// so undo, redo and history behave the same on either.
import type { EditHistoryEntry } from '../../../shared/api';
import type { AppliedEdit, EditableTable, ReplayCheck, Row } from './edit-log';
import { touchedBy, type EditTouched } from './edit-summary';
import type { EditWrites, ProjectStores } from './stores';

/** What a service holds of an edit's transaction besides the features' writes. */
export interface EditPace {
  /** In a long edit's loops: lets other requests run every few tens of milliseconds. */
  pace(): Promise<void>;
}

/** An edit that has committed: whose (null: written by another thread's connection) and what it touched. */
export interface CommittedEdit extends EditTouched {
  person: string | null;
}

export interface ProjectData {
  /** Every feature's store over the committed data. */
  readonly stores: ProjectStores;
  readonly readOnly: boolean;
  /** The project file, for a writer of another thread's own (SQLite only; null where there is none). */
  readonly file: string | null;
  schemaVersion(): Promise<number>;
  /** One undoable edit by `person`: persisted when the promise resolves. */
  edit<T>(person: string, label: string, work: (w: EditWrites, tx: EditPace) => T | Promise<T>): Promise<T>;
  undo(person: string, check?: ReplayCheck): Promise<AppliedEdit | null>;
  redo(person: string, check?: ReplayCheck): Promise<AppliedEdit | null>;
  history(person: string, limit?: number): Promise<EditHistoryEntry[]>;
  /** Calls `listener` after each edit, undo or redo has committed (live updates); returns how to stop. */
  onCommit(listener: (edit: CommittedEdit) => void): () => void;
  /**
   * Where things were left and the project's name: state of the workspace rather than of the
   * benchmark, written outside the edit log — undo never moves the playhead.
   */
  getMeta(key: string): Promise<string | null>;
  setMeta(key: string, value: string | null): Promise<void>;
  /** Reads and writes a meta value in one turn (two calls at once never lose one's change): `update` gets the stored value (null: none). */
  updateMeta(key: string, update: (value: string | null) => string | null): Promise<void>;
  saveViewState(videoId: string, view: { position: number; viewStart: number; pxPerSec: number }): Promise<void>;
  /** Rows every project carries (the built-in profiles): added when missing, never changed. */
  seed(table: EditableTable, rows: readonly Row[]): Promise<void>;
  /** A long read (an export, scoring, a report) of one consistent state, however long it takes. */
  snapshot<T>(work: (stores: ProjectStores) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The statements of a project's meta and view state, the same text on both engines. */
export const metaSql = {
  get: 'SELECT value FROM project_meta WHERE key = ?',
  put: 'INSERT INTO project_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  delete: 'DELETE FROM project_meta WHERE key = ?',
  viewState: `INSERT INTO video_view_state (video_id, position, view_start, px_per_sec) VALUES (?, ?, ?, ?)
         ON CONFLICT(video_id) DO UPDATE SET position = excluded.position, view_start = excluded.view_start, px_per_sec = excluded.px_per_sec`,
};

/** Who hears of committed edits (onCommit), told after each. */
export class CommitListeners {
  private readonly listeners = new Set<(edit: CommittedEdit) => void>();

  on(listener: (edit: CommittedEdit) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  tell(edit: CommittedEdit): void {
    for (const listener of this.listeners) {
      try {
        listener(edit);
      } catch (error) {
        console.error('Tidemark: a listener of committed edits failed', error);
      }
    }
  }

  /** Tells of an undo or redo that changed something; hands it back. */
  told(person: string, applied: AppliedEdit | null): AppliedEdit | null {
    if (applied) this.tell({ person, ...touchedBy(applied.changes) });
    return applied;
  }
}
