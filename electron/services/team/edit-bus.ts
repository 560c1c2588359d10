// Who hears a team project's committed edits: the pages streaming its events, in this process — and,
// through a relay (PostgreSQL's LISTEN/NOTIFY when the server runs on a database), those served by
// the other server processes sharing the data.
import { PARENT_FIRST } from '../db/edit-log';
import type { CommittedEdit } from '../db/project-data';

/** Carries edits between server processes (db/postgres/notify.ts). */
export interface EditRelay {
  send(project: string, edit: CommittedEdit): void;
  close(): Promise<void>;
}

export class EditBus {
  private readonly listeners = new Map<string, Set<(edit: CommittedEdit) => void>>();
  relay: EditRelay | null = null;

  on(project: string, listener: (edit: CommittedEdit) => void): () => void {
    let set = this.listeners.get(project);
    if (!set) this.listeners.set(project, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** An edit committed by this process: its pages hear it, and the other processes through the relay. */
  committed(project: string, edit: CommittedEdit): void {
    this.deliver(project, edit);
    this.relay?.send(project, edit);
  }

  /** Edits may have been missed (the relay was away): every page of every project reloads everything. */
  missedSome(): void {
    for (const project of this.listeners.keys()) this.deliver(project, { person: null, tables: [...PARENT_FIRST], videoIds: [] });
  }

  /** An edit another process committed (from the relay). */
  deliver(project: string, edit: CommittedEdit): void {
    for (const listener of this.listeners.get(project) ?? []) {
      try {
        listener(edit);
      } catch (error) {
        console.error('Tidemark: a listener of committed edits failed', error);
      }
    }
  }
}
