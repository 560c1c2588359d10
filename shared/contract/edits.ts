// The edit log: undo, redo and the history of edits (a caller's own, while blind).
import { empty } from './fields';
import { method, reply } from './method';

export interface EditHistoryEntry {
  seq: number;
  label: string;
  at: string;
  undone: boolean;
}

/** What an undo or redo did, so the UI can say it and reload what it touched. */
export interface AppliedEditSummary {
  label: string;
  videoIds: string[];
  tables: string[];
}

export const editMethods = {
  'edits.undo': method({ request: empty, response: reply<AppliedEditSummary | null>(), access: 'write', job: false, callers: 'member', blinding: 'own' }),
  'edits.redo': method({ request: empty, response: reply<AppliedEditSummary | null>(), access: 'write', job: false, callers: 'member', blinding: 'own' }),
  'edits.history': method({ request: empty, response: reply<EditHistoryEntry[]>(), access: 'read', job: false, callers: 'member', blinding: 'own' }),
};
