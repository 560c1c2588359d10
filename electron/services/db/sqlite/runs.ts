// Runs, responses and judgments in SQLite (their rows: db/rows/runs.ts). Writes go through the edit
// log. The paced reads iterate on a snapshot's own connection.
import type { Judgment } from '../../../../shared/scoring/types';
import type { ModelRun } from '../../../../shared/runs/types';
import type { Pacer } from '../../pacer';
import type { RunScans, RunStore, RunWrites } from '../../runs/store';
import type { EditTransaction } from '../edit-log';
import type { ReadableDb } from '../readable';
import { judgmentToRow, responseToRow, rowToResponse, rowToRun, rowToStoredJudgment, runToRow, type JudgmentRow, type ResponseRow, type RunRow } from '../rows/runs';

/** Converts rows as they are read, letting other requests in (a snapshot's connection: iterating holds it). */
async function collect<R, T>(rows: Iterable<R>, convert: (row: R) => T, pacer: Pacer): Promise<T[]> {
  const out: T[] = [];
  for (const row of rows) {
    out.push(convert(row));
    await pacer.pace();
  }
  return out;
}

function scansOver(db: ReadableDb): RunScans {
  return {
    responsesOfRun: (runId, pacer) => collect(db.query<ResponseRow>('SELECT * FROM responses WHERE run_id = ?').iterate(runId), rowToResponse, pacer),
    responsesOfVideo: (runId, videoId, pacer) =>
      collect(db.query<ResponseRow>('SELECT s.* FROM responses s JOIN questions q ON q.id = s.question_id WHERE s.run_id = ? AND q.video_id = ?').iterate(runId, videoId), rowToResponse, pacer),
  };
}

const listRuns = (db: ReadableDb): ModelRun[] =>
  db.query<RunRow>('SELECT r.*, (SELECT COUNT(*) FROM responses s WHERE s.run_id = r.id) AS responses FROM runs r ORDER BY r.created_at, r.model, r.label').all().map(rowToRun);

export function sqliteRuns(db: ReadableDb): RunStore {
  return {
    list: async () => listRuns(db),
    get: async (id) => listRuns(db).find((r) => r.id === id) ?? null,
    hasRunNamed: async (model, label) => db.query('SELECT 1 FROM runs WHERE model = ? AND label = ?').get(model, label) !== undefined,
    responsesOfRun: async (runId) => db.query<ResponseRow>('SELECT * FROM responses WHERE run_id = ? ORDER BY question_id, query, t, id').all(runId).map(rowToResponse),
    judgments: async (keys) => {
      const out = new Map<string, Judgment[]>();
      const statement = db.query<JudgmentRow>('SELECT key, repeat, score, verdict, fields FROM judgments WHERE key = ? ORDER BY repeat');
      for (const key of new Set(keys)) {
        const rows = statement.all(key);
        if (rows.length)
          out.set(
            key,
            rows.map((r) => rowToStoredJudgment(r).judgment),
          );
      }
      return out;
    },
    isJudged: async (key, repeat) =>
      (repeat === undefined ? db.query('SELECT 1 FROM judgments WHERE key = ?').get(key) : db.query('SELECT 1 FROM judgments WHERE key = ? AND repeat = ?').get(key, repeat)) !== undefined,
    // case-sensitive, as keys are made (LIKE would also take a judge's key from a model named "Person:…")
    judgmentsKeyedFrom: async (prefix) =>
      db.query<JudgmentRow>('SELECT key, repeat, score, verdict, fields FROM judgments WHERE substr(key, 1, ?) = ?').all(prefix.length, prefix).map(rowToStoredJudgment),
    scan: scansOver(db),
  };
}

/** Responses removed between pauses when a run goes. */
const REMOVE_SLICE = 5_000;

export function sqliteRunWrites(tx: EditTransaction): RunWrites {
  return {
    ...sqliteRuns(tx.db),
    addRun: async (run) => tx.insert('runs', runToRow(run)),
    addResponse: async (response) => tx.insert('responses', responseToRow(response)),
    removeRun: async (runId) => {
      const ids = tx.db
        .query<{ id: string }>('SELECT id FROM responses WHERE run_id = ?')
        .all(runId)
        .map((r) => r.id);
      for (const [i, id] of ids.entries()) {
        tx.remove('responses', id);
        if (i % REMOVE_SLICE === 0) await tx.pace();
      }
      tx.remove('runs', runId);
    },
    addJudgment: async (key, repeat, judgment, fields) => tx.insert('judgments', judgmentToRow(key, repeat, judgment, fields)),
    replaceJudgment: async (key, judgment, fields) => {
      for (const { id } of tx.db.query<{ id: string }>('SELECT id FROM judgments WHERE key = ?').all(key)) tx.remove('judgments', id);
      tx.insert('judgments', judgmentToRow(key, 0, judgment, fields));
    },
  };
}
