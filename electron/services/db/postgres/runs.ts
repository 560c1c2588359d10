// Runs, responses and judgments on PostgreSQL (their rows as on SQLite: db/rows/runs.ts). SQLite's
// orders made PostgreSQL's: its binary text order is COLLATE "C", its NULLs-first is NULLS FIRST,
// its rowid order is `ord`. Long reads go a slice of rows at a time (keyset by ord), so no query's
// rows hold the server's thread for long. Keys and answers may hold U+0000: see postgres/text.ts.
import type { ModelResponse } from '../../../../shared/runs/types';
import type { Judgment } from '../../../../shared/scoring/types';
import { Pacer } from '../../pacer';
import type { RunScans, RunStore, RunWrites, StoredJudgment } from '../../runs/store';
import { judgmentToRow, responseToRow, rowToResponse, rowToRun, rowToStoredJudgment, runToRow, type JudgmentRow, type ResponseRow, type RunRow } from '../rows/runs';
import type { PgReader } from './connection';
import type { PgEditTransaction } from './edit-log';
import { pgRow, pgText, rowFromPg } from './text';

/** Rows read by one query of a long read. */
export const SLICE = 5_000;
/** Judgment keys asked about in one query (a judge's keys are JSON of a whole request, up to kilobytes each). */
const KEYS_PER_QUERY = 1_000;

// (a judgment's key and a response's text are stored escaped: postgres/text.ts)
const rowToJudgment = (r: JudgmentRow): StoredJudgment => rowToStoredJudgment(rowFromPg('judgments', r));
const toResponse = (r: ResponseRow): ModelResponse => rowToResponse(rowFromPg('responses', r));

/** A long read (`select` names one table's rows, with their `ord`), a slice at a time in ord order, converted as they come. */
async function sliced<R, T>(db: PgReader, select: string, params: unknown[], convert: (row: R) => T, pacer: Pacer): Promise<T[]> {
  const out: T[] = [];
  for (let after = 0; ;) {
    const rows = await db.rows<R & { ord: number }>(`${select} AND ord > ? ORDER BY ord LIMIT ${SLICE}`, ...params, after);
    for (const row of rows) {
      out.push(convert(row));
      await pacer.pace();
    }
    if (rows.length < SLICE) return out;
    after = rows[rows.length - 1]!.ord;
  }
}

function scansOver(db: PgReader): RunScans {
  return {
    responsesOfRun: (runId, pacer) => sliced(db, 'SELECT * FROM responses WHERE run_id = ?', [runId], toResponse, pacer),
    // a subquery rather than a join, where `ord` (both tables have one) would be ambiguous
    responsesOfVideo: (runId, videoId, pacer) =>
      sliced(db, 'SELECT * FROM responses WHERE run_id = ? AND question_id IN (SELECT id FROM questions WHERE video_id = ?)', [runId, videoId], toResponse, pacer),
  };
}

const RUNS = 'SELECT r.id, r.model, r.label, r.fields, r.created_by, r.created_at, (SELECT count(*) FROM responses s WHERE s.run_id = r.id) AS responses FROM runs r';

export function pgRuns(db: PgReader): RunStore {
  return {
    list: async () => (await db.rows<RunRow>(`${RUNS} ORDER BY r.created_at COLLATE "C", r.model COLLATE "C", r.label COLLATE "C"`)).map(rowToRun),
    get: async (id) => {
      const [row] = await db.rows<RunRow>(`${RUNS} WHERE r.id = ?`, id);
      return row ? rowToRun(row) : null;
    },
    hasRunNamed: async (model, label) => (await db.rows('SELECT 1 FROM runs WHERE model = ? AND label = ?', model, label)).length > 0,
    responsesOfRun: async (runId) => {
      // SQLite sorts NULL first; PostgreSQL last unless told
      const rows = await db.rows<ResponseRow>('SELECT * FROM responses WHERE run_id = ? ORDER BY question_id COLLATE "C", query, t NULLS FIRST, id COLLATE "C"', runId);
      const pacer = new Pacer();
      const out: ModelResponse[] = [];
      for (const row of rows) {
        out.push(toResponse(row));
        await pacer.pace();
      }
      return out;
    },
    judgments: async (keys) => {
      const wanted = [...new Set(keys)];
      const found = new Map<string, Judgment[]>();
      for (let i = 0; i < wanted.length; i += KEYS_PER_QUERY) {
        const slice = wanted.slice(i, i + KEYS_PER_QUERY).map(pgText);
        for (const row of await db.rows<JudgmentRow>('SELECT key, repeat, score, verdict, fields FROM judgments WHERE key = ANY(?::text[]) ORDER BY repeat', slice)) {
          const judgment = rowToJudgment(row);
          const repeats = found.get(judgment.key);
          if (repeats) repeats.push(judgment.judgment);
          else found.set(judgment.key, [judgment.judgment]);
        }
      }
      // in the order the keys were asked, as SQLite's answers (one query per key) come
      const out = new Map<string, Judgment[]>();
      for (const key of wanted) if (found.has(key)) out.set(key, found.get(key)!);
      return out;
    },
    isJudged: async (key, repeat) =>
      (repeat === undefined ? await db.rows('SELECT 1 FROM judgments WHERE key = ? LIMIT 1', pgText(key)) : await db.rows('SELECT 1 FROM judgments WHERE key = ? AND repeat = ?', pgText(key), repeat))
        .length > 0,
    // case-sensitive, as keys are made (LIKE would also take a judge's key from a model named "Person:…")
    judgmentsKeyedFrom: async (prefix) =>
      (await db.rows<JudgmentRow>('SELECT key, repeat, score, verdict, fields FROM judgments WHERE starts_with(key, ?) ORDER BY ord', pgText(prefix))).map(rowToJudgment),
    scan: scansOver(db),
  };
}

export function pgRunWrites(tx: PgEditTransaction): RunWrites {
  return {
    ...pgRuns(tx.reader),
    addRun: (run) => tx.insert('runs', runToRow(run)),
    addResponse: (response) => tx.insert('responses', pgRow('responses', responseToRow(response))),
    removeRun: async (runId) => {
      // (one statement for all its responses: one at a time was two round trips each)
      await tx.removeWhere('responses', 'run_id', runId);
      await tx.remove('runs', runId);
    },
    addJudgment: (key, repeat, judgment, fields) => tx.insert('judgments', pgRow('judgments', judgmentToRow(key, repeat, judgment, fields))),
    replaceJudgment: async (key, judgment, fields) => {
      for (const { id } of await tx.reader.rows<{ id: string }>('SELECT id FROM judgments WHERE key = ? ORDER BY ord', pgText(key))) await tx.remove('judgments', id);
      await tx.insert('judgments', pgRow('judgments', judgmentToRow(key, 0, judgment, fields)));
    },
  };
}
