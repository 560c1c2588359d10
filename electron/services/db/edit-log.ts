// Every edit runs in one transaction that also records, row by row, what it changed (before and
// after). Undo writes the "before" rows back, redo the "after" rows; the log lives in the project's
// data, so the history survives a restart and a killed process loses nothing acknowledged.
// The log's algorithm (logging an edit, undo, redo, history) is written once over `LogWriter`, which
// SQLite's writer answers at once and PostgreSQL's (postgres/edit-log.ts) over the network; its SQL
// is what both read. This module, ProjectStore and postgres/ are the only code holding a writable connection.
import type { Database, Statement } from 'better-sqlite3';
import type { EditHistoryEntry } from '../../../shared/api';
import { ServiceError } from '../errors';
import { Pacer, sortPaced } from '../pacer';
import { ReadableDb, StatementCache } from './readable';

/** Tables whose rows edits may change, each with its key column. */
export const KEYS = {
  profiles: 'id',
  marks: 'id',
  questions: 'id',
  query_points: 'id',
  reviews: 'id',
  videos: 'id',
  video_view_state: 'video_id',
  people: 'id',
  guidelines: 'id',
  review_rounds: 'id',
  review_assignments: 'id',
  adjudications: 'id',
  drafts: 'id',
  runs: 'id',
  responses: 'id',
  judgments: 'id',
} as const;
export type EditableTable = keyof typeof KEYS;

/** Parents before children: the order inserted rows are logged in, so redo inserts parents first and undo deletes children first. */
export const PARENT_FIRST: readonly EditableTable[] = [
  'people',
  'guidelines',
  'profiles',
  'videos',
  'video_view_state',
  'marks',
  'questions',
  'query_points',
  'review_rounds',
  'review_assignments',
  'reviews',
  'adjudications',
  'drafts',
  'runs',
  'responses',
  'judgments',
];

/** The rows that point at a row of each table (what ON DELETE CASCADE would take with it). */
export const CHILDREN: Partial<Record<EditableTable, Array<[table: EditableTable, column: string]>>> = {
  profiles: [['questions', 'profile_id']],
  // (a video's view state is where someone left the playhead, not work: it may go with the video)
  videos: [
    ['marks', 'video_id'],
    ['questions', 'video_id'],
    ['drafts', 'video_id'],
  ],
  questions: [
    ['query_points', 'question_id'],
    ['reviews', 'question_id'],
    ['review_assignments', 'question_id'],
    ['adjudications', 'question_id'],
    ['responses', 'question_id'],
  ],
  runs: [['responses', 'run_id']],
  review_rounds: [['review_assignments', 'round_id']],
};

export type Row = Record<string, string | number | null>;

export interface RowChange {
  table: EditableTable;
  key: string;
  before: Row | null;
  after: Row | null;
}

/**
 * Rows an edit inserted, logged by key and a fingerprint of what was inserted rather than copied:
 * an import of a hundred thousand questions would otherwise write a 150 MB log entry. Undo checks
 * the fingerprints (the row must be as inserted) and copies the rows into the log then, so redo
 * can put them back.
 */
export interface InsertedRows {
  table: EditableTable;
  /** The columns the insert named (the fingerprint covers these; defaults are not known then). */
  columns: string[];
  inserted: Array<[key: string, fingerprint: number]>;
}

export type LoggedChange = RowChange | InsertedRows;

/** Undo steps kept per person; older ones are dropped (the issue asks for at least 200). */
export const MAX_UNDO_STEPS = 1000;

type Awaitable<T> = T | Promise<T>;

/** A row that points at another (see CHILDREN). */
export interface ChildRow {
  table: EditableTable;
  key: string;
}

/**
 * What the log's algorithm needs of a connection inside an edit's transaction, with `?` placeholders:
 * SQLite's Writer answers at once, PostgreSQL's over the network.
 */
export interface LogWriter {
  /** The rows of `keys` that are there. */
  getMany(table: EditableTable, keys: readonly string[]): Awaitable<Map<string, Row>>;
  /** Rows of the same columns and distinct keys, inserted or updated. */
  upsertMany(table: EditableTable, rows: readonly Row[]): Awaitable<void>;
  deleteMany(table: EditableTable, keys: readonly string[]): Awaitable<void>;
  /** A row that points at one of `keys` (see CHILDREN), if any. */
  childOfAny(table: EditableTable, keys: readonly string[]): Awaitable<ChildRow | null>;
  run(sql: string, ...params: unknown[]): Awaitable<void>;
  row<R>(sql: string, ...params: unknown[]): Awaitable<R | undefined>;
  all<R>(sql: string, ...params: unknown[]): Awaitable<R[]>;
}

/** The statements a writer runs, the same text on both engines (`?` placeholders). */
export const rowSql = {
  get: (table: EditableTable): string => `SELECT * FROM ${table} WHERE ${KEYS[table]} = ?`,
  /** An upsert of `rows` rows, never REPLACE, which would cascade-delete children. */
  upsert: (table: EditableTable, columns: readonly string[], rows = 1): string => {
    const key = KEYS[table];
    const updates = columns.filter((c) => c !== key).map((c) => `"${c}" = excluded."${c}"`);
    return `${rowSql.insert(table, columns, rows)}
         ON CONFLICT(${key}) DO ${updates.length ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}`;
  },
  /** An INSERT of `rows` rows (one, unless an engine inserts several in one statement). */
  insert: (table: EditableTable, columns: readonly string[], rows = 1): string => {
    const one = `(${columns.map(() => '?').join(', ')})`;
    return `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${Array.from({ length: rows }, () => one).join(', ')}`;
  },
  delete: (table: EditableTable): string => `DELETE FROM ${table} WHERE ${KEYS[table]} = ?`,
  child: (child: EditableTable, column: string): string => `SELECT ${KEYS[child]} AS k FROM ${child} WHERE "${column}" = ? LIMIT 1`,
  keysWhere: (table: EditableTable, column: string): string => `SELECT ${KEYS[table]} AS k FROM ${table} WHERE "${column}" = ?`,
};

/** The writing connection's statements, prepared once per table and shape (never per row). */
export class Writer implements LogWriter {
  private readonly cache: StatementCache;
  /** Reads inside an edit see its own uncommitted rows, so they go through the writing connection. */
  readonly readable: ReadableDb;
  /** Rows written since the transaction began (ProjectStore commits a large one differently). */
  written = 0;

  constructor(readonly connection: Database) {
    this.cache = new StatementCache(connection);
    this.readable = new ReadableDb(connection);
  }

  get(table: EditableTable, key: string): Row | null {
    return (this.cache.get(rowSql.get(table)).get(key) as Row | undefined) ?? null;
  }

  upsert(table: EditableTable, row: Row): void {
    this.cache.get(rowSql.upsert(table, Object.keys(row))).run(Object.values(row));
    this.written++;
  }

  /** The INSERT of rows with these columns (prepared once; the caller keeps it for a run of rows). */
  insertStatement(table: EditableTable, columns: readonly string[]): Statement {
    return this.cache.get(rowSql.insert(table, columns));
  }

  delete(table: EditableTable, key: string): void {
    this.cache.get(rowSql.delete(table)).run(key);
    this.written++;
  }

  /** A row that still has children: deleting it would take them along, unlogged. */
  childOf(table: EditableTable, key: string): ChildRow | null {
    for (const [child, column] of CHILDREN[table] ?? []) {
      const row = this.cache.get(rowSql.child(child, column)).get(key) as { k: string } | undefined;
      if (row) return { table: child, key: row.k };
    }
    return null;
  }

  keysWhere(table: EditableTable, column: string, value: string): string[] {
    return (this.cache.get(rowSql.keysWhere(table, column)).all(value) as Array<{ k: string }>).map((r) => r.k);
  }

  // (SQLite answers in this thread: a row at a time is as fast as a batch)
  getMany(table: EditableTable, keys: readonly string[]): Map<string, Row> {
    const rows = new Map<string, Row>();
    for (const key of keys) {
      const row = this.get(table, key);
      if (row) rows.set(key, row);
    }
    return rows;
  }

  upsertMany(table: EditableTable, rows: readonly Row[]): void {
    for (const row of rows) this.upsert(table, row);
  }

  deleteMany(table: EditableTable, keys: readonly string[]): void {
    for (const key of keys) this.delete(table, key);
  }

  childOfAny(table: EditableTable, keys: readonly string[]): ChildRow | null {
    for (const key of keys) {
      const child = this.childOf(table, key);
      if (child) return child;
    }
    return null;
  }

  run(sql: string, ...params: unknown[]): void {
    this.cache.get(sql).run(...params);
  }

  row<R>(sql: string, ...params: unknown[]): R | undefined {
    return this.cache.get(sql).get(...params) as R | undefined;
  }

  all<R>(sql: string, ...params: unknown[]): R[] {
    return this.cache.get(sql).all(...params) as R[];
  }
}

/** Where a table's inserts of one shape go: their log entry and their statement. */
interface InsertTarget {
  logged: InsertedRows;
  statement: Statement;
}

const sameColumns = (a: readonly string[], b: readonly string[]): boolean => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

export class EditTransaction {
  readonly changes: LoggedChange[] = [];
  /** The videos of the rows it inserted (an inserted row's log holds its key only): for live updates. */
  readonly insertedOnVideos = new Set<string>();
  private readonly pacer = new Pacer();
  /** Inserted-row log entries by table and columns (placed where the first such insert happened). */
  private readonly inserts = new Map<string, InsertTarget>();
  /** The last shape inserted into each table: an import inserts row after row of the same shape. */
  private readonly lastInsert = new Map<EditableTable, InsertTarget>();

  constructor(private readonly writer: Writer) {}

  /** Reads inside the edit (they see what it has written so far). */
  get db(): ReadableDb {
    return this.writer.readable;
  }

  get(table: EditableTable, key: string): Row | null {
    return this.writer.get(table, key);
  }

  /** Inserts or updates a row, logging it before and after. */
  put(table: EditableTable, row: Row): void {
    const key = String(row[KEYS[table]]);
    const before = this.writer.get(table, key);
    this.writer.upsert(table, row);
    this.changes.push({ table, key, before, after: this.writer.get(table, key) });
  }

  /**
   * Inserts a row with a fresh key (an import): no read before or after, and only the key and a
   * fingerprint logged. Far cheaper than put() when a hundred thousand rows arrive at once.
   */
  insert(table: EditableTable, row: Row): void {
    const columns = Object.keys(row);
    let target = this.lastInsert.get(table);
    if (!target || !sameColumns(target.logged.columns, columns)) {
      target = this.insertTarget(table, columns);
      this.lastInsert.set(table, target);
    }
    const values = Object.values(row);
    target.statement.run(values);
    this.writer.written++;
    target.logged.inserted.push([String(row[KEYS[table]]), fingerprint(values)]);
    if (typeof row.video_id === 'string') this.insertedOnVideos.add(row.video_id);
  }

  private insertTarget(table: EditableTable, columns: string[]): InsertTarget {
    const signature = `${table}(${columns.join(',')})`;
    let target = this.inserts.get(signature);
    if (!target) {
      target = { logged: { table, columns, inserted: [] }, statement: this.writer.insertStatement(table, columns) };
      this.inserts.set(signature, target);
      this.changes.push(target.logged);
    }
    return target;
  }

  remove(table: EditableTable, key: string): void {
    const before = this.writer.get(table, key);
    if (!before) return;
    this.writer.delete(table, key);
    this.changes.push({ table, key, before, after: null });
  }

  /** Removes every row where `column = value`, recording each (children before parents). */
  removeWhere(table: EditableTable, column: string, value: string): void {
    for (const key of this.writer.keysWhere(table, column, value)) this.remove(table, key);
  }

  /** In a long edit's loops: lets other requests run every few tens of milliseconds. */
  pace(): Promise<void> {
    return this.pacer.pace();
  }
}

const same = (a: Row | null, b: Row | null): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Inserted keys in one logged entry of a part: ten thousand of them are half a megabyte of text. */
const KEYS_PER_SLICE = 10_000;

/** Characters from which a part of a log entry is closed (see migration 0011): writing one is a few milliseconds' work. */
const PART_CHARS = 1 << 20;

/**
 * The changes as the parts their log entry is stored in, made a slice at a time: each part a JSON
 * array of changes, about a megabyte, a long run of inserted keys split into entries of the same
 * table and columns (replayed one after another, as the run was).
 */
export async function logParts(changes: readonly LoggedChange[], pacer: Pacer): Promise<string[]> {
  const parts: string[] = [];
  let pieces: string[] = [];
  let size = 0;
  const add = (piece: string): void => {
    pieces.push(piece);
    size += piece.length;
    if (size < PART_CHARS) return;
    parts.push(`[${pieces.join(',')}]`);
    pieces = [];
    size = 0;
  };
  for (const change of changes) {
    if ('inserted' in change) {
      const { inserted, ...shape } = change;
      const head = JSON.stringify(shape).slice(0, -1);
      for (let i = 0; i === 0 || i < inserted.length; i += KEYS_PER_SLICE) {
        add(`${head},"inserted":${JSON.stringify(inserted.slice(i, i + KEYS_PER_SLICE))}}`);
        await pacer.pace();
      }
    } else add(JSON.stringify(change));
    await pacer.pace();
  }
  if (pieces.length > 0 || parts.length === 0) parts.push(`[${pieces.join(',')}]`);
  return parts;
}

/** Stores an entry's parts after its first (which is in edit_log.changes), one statement each. */
async function writeParts(writer: LogWriter, seq: number, parts: readonly string[], pacer: Pacer): Promise<void> {
  for (let part = 1; part < parts.length; part++) {
    await writer.run('INSERT INTO edit_log_parts (seq, part, text) VALUES (?, ?, ?)', seq, part, parts[part]);
    await pacer.pace();
  }
}

/** An entry's changes: its first part and the rest, each read and parsed on its own. */
async function readChanges(writer: LogWriter, entry: LogRow, pacer: Pacer): Promise<LoggedChange[]> {
  // trusted as they are: the log is written only by logEdit and replay in this module, never from outside
  const changes = JSON.parse(entry.changes) as LoggedChange[];
  for (let part = 1; ; part++) {
    const text = (await writer.row<{ text: string }>('SELECT text FROM edit_log_parts WHERE seq = ? AND part = ?', entry.seq, part))?.text;
    if (text === undefined) return changes;
    for (const change of JSON.parse(text) as LoggedChange[]) changes.push(change);
    await pacer.pace();
  }
}

/** Removes the entries `where` selects, their parts first one at a time (an undone import's rows are 150 MB). */
async function dropEntries(writer: LogWriter, where: string, params: unknown[], pacer: Pacer): Promise<void> {
  const parts = await writer.all<{ seq: number; part: number }>(`SELECT p.seq, p.part FROM edit_log_parts p WHERE p.seq IN (SELECT seq FROM edit_log WHERE ${where})`, ...params);
  for (const { seq, part } of parts) {
    await writer.run('DELETE FROM edit_log_parts WHERE seq = ? AND part = ?', seq, part);
    await pacer.pace();
  }
  await writer.run(`DELETE FROM edit_log WHERE ${where}`, ...params);
}

/** FNV-1a over a row's values in column order: enough to tell whether a row was changed since. */
export function fingerprint(values: ReadonlyArray<string | number | null>): number {
  let hash = 0x811c9dc5;
  for (const value of values) {
    const text = value === null ? '\u0000null' : typeof value === 'number' ? `\u0000${value}` : value;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ 0x1f, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Runs `work` as one undoable edit by `person`, inside a transaction the caller opened (and commits
 * or rolls back). Nothing is logged when nothing changed.
 */
export async function runEdit<T>(writer: Writer, person: string, label: string, work: (tx: EditTransaction) => T | Promise<T>): Promise<T> {
  const tx = new EditTransaction(writer);
  const result = await work(tx);
  await logEdit(writer, person, label, tx.changes);
  return result;
}

/** Logs what an edit changed (nothing when nothing did), inside its transaction, as its last step. */
export async function logEdit(writer: LogWriter, person: string, label: string, collected: readonly LoggedChange[]): Promise<void> {
  // inserts always change something; only updates need comparing
  // changed rows in the order they changed, then inserted rows parents first (see PARENT_FIRST): an
  // edit never changes a row it inserted, so this order replays to the same state
  const pacer = new Pacer();
  const changed: RowChange[] = [];
  for (const c of collected) {
    if (!('inserted' in c) && (c.before === null ? c.after !== null : !same(c.before, c.after))) changed.push(c);
    await pacer.pace();
  }
  const inserted = collected.filter((c): c is InsertedRows => 'inserted' in c).sort((a, b) => PARENT_FIRST.indexOf(a.table) - PARENT_FIRST.indexOf(b.table));
  const changes: LoggedChange[] = [...changed, ...inserted];
  if (changes.length === 0) return;
  // a new edit ends what could be redone, and the oldest step goes once there are as many as are
  // kept (counting this one): one look for their parts and one delete (each a round trip on PostgreSQL)
  await dropEntries(
    writer,
    'person = ? AND (undone = 1 OR seq <= (SELECT seq FROM edit_log WHERE person = ? AND undone = 0 ORDER BY seq DESC LIMIT 1 OFFSET ?))',
    [person, person, MAX_UNDO_STEPS - 1],
    pacer,
  );
  const parts = await logParts(changes, pacer);
  const { seq } = (await writer.row<{ seq: number }>('INSERT INTO edit_log (person, label, changes, at) VALUES (?, ?, ?, ?) RETURNING seq', person, label, parts[0], new Date().toISOString()))!;
  await writeParts(writer, seq, parts, pacer);
}

export interface AppliedEdit {
  label: string;
  changes: RowChange[];
}

interface LogRow {
  seq: number;
  label: string;
  changes: string;
}

const conflict = (direction: string, label: string, table: EditableTable, key: string): ServiceError =>
  new ServiceError('conflict', `Cannot ${direction} "${label}": it touches data changed since (${table.replace('_', ' ')} ${key}).`);

/** Rows an undo or redo reads and writes in one statement, where the engine answers over the network. */
const REPLAY_BATCH = 1000;

/**
 * Deletes rows an undo (or redo) takes out, unless rows someone added since still point at one of
 * them: the cascade would take their work along, unlogged — refused instead.
 */
async function deleteAlone(writer: LogWriter, label: string, table: EditableTable, keys: readonly string[], direction: 'undo' | 'redo' = 'undo'): Promise<void> {
  const child = await writer.childOfAny(table, keys);
  if (child) throw conflict(direction, label, child.table, child.key);
  await writer.deleteMany(table, keys);
}

/**
 * Undoes inserted rows: each must be as it was inserted; they are copied into full changes (so a
 * redo can insert them again) and deleted, children before parents (the last inserted first).
 */
async function undoInserts(writer: LogWriter, pacer: Pacer, label: string, { table, columns, inserted }: InsertedRows): Promise<RowChange[]> {
  const changes: RowChange[] = [];
  for (let i = 0; i < inserted.length; i += REPLAY_BATCH) {
    const slice = inserted.slice(i, i + REPLAY_BATCH);
    const current = await writer.getMany(
      table,
      slice.map(([key]) => key),
    );
    for (const [key, expected] of slice) {
      const row = current.get(key);
      if (!row || fingerprint(columns.map((c) => row[c] ?? null)) !== expected) throw conflict('undo', label, table, key);
      changes.push({ table, key, before: null, after: row });
    }
    await pacer.pace();
  }
  for (let end = changes.length; end > 0; end -= REPLAY_BATCH) {
    const keys = changes.slice(Math.max(0, end - REPLAY_BATCH), end).map((c) => c.key);
    await deleteAlone(writer, label, table, keys.reverse());
    await pacer.pace();
  }
  return changes;
}

/**
 * Applies changes of one table that write rows of the same shape (or all delete), each to a
 * different row: every row must be as the change left it (undo) or found it (redo).
 */
async function applyGroup(writer: LogWriter, label: string, direction: 'undo' | 'redo', group: readonly RowChange[]): Promise<void> {
  const table = group[0]!.table;
  const keys = group.map((c) => c.key);
  const current = await writer.getMany(table, keys);
  for (const change of group) {
    if (!same(current.get(change.key) ?? null, direction === 'undo' ? change.after : change.before)) throw conflict(direction, label, table, change.key);
  }
  const targets = group.map((c) => (direction === 'undo' ? c.before : c.after));
  if (targets[0]) await writer.upsertMany(table, targets as Row[]);
  else await deleteAlone(writer, label, table, keys, direction);
}

/** What a change writes, for grouping: its table and the columns it writes (none: it deletes). */
const shapeOf = (change: RowChange, direction: 'undo' | 'redo'): string => {
  const target = direction === 'undo' ? change.before : change.after;
  return `${change.table}(${target ? Object.keys(target).join(',') : ''})`;
};

/** Whether a change, applied this way, puts a row back where there is none (1), takes one out (-1), or changes one (0). */
const kindOf = (change: LoggedChange, direction: 'undo' | 'redo'): number => {
  if ('inserted' in change) return 0;
  const [expected, target] = direction === 'undo' ? [change.after, change.before] : [change.before, change.after];
  return target === null ? -1 : expected === null ? 1 : 0;
};

/**
 * The changes in the order they are applied, with each run of rows put back (or taken out) sorted
 * parents first (children first): a removed video's questions and their points alternate in the log,
 * and sorted, a table's rows go a batch to a statement. Order within a table stays as logged. A run
 * that touches one row twice stays as it is.
 */
async function applyOrder(logged: readonly LoggedChange[], direction: 'undo' | 'redo', pacer: Pacer): Promise<LoggedChange[]> {
  const ordered = direction === 'undo' ? [...logged].reverse() : [...logged];
  const rank = (change: LoggedChange): number => PARENT_FIRST.indexOf(change.table);
  for (let start = 0; start < ordered.length;) {
    const kind = kindOf(ordered[start]!, direction);
    let end = start + 1;
    while (end < ordered.length && kind !== 0 && kindOf(ordered[end]!, direction) === kind) end++;
    const run = ordered.slice(start, end) as RowChange[];
    if (kind !== 0 && run.length > 1 && new Set(run.map((c) => `${c.table}\u0000${c.key}`)).size === run.length) {
      // (a stable sort: a table's rows keep their order)
      await sortPaced(run, (a, b) => kind * (rank(a) - rank(b)), pacer);
      for (let i = 0; i < run.length; i++) ordered[start + i] = run[i]!;
    }
    start = end;
    await pacer.pace();
  }
  return ordered;
}

/** A caller's rule on what they may undo or redo, given the edit's changes: throws (or rejects) to refuse, before anything is applied. */
export type ReplayCheck = (changes: readonly LoggedChange[], label: string) => void | Promise<void>;

/**
 * Applies one logged edit backwards (undo) or forwards (redo), inside a transaction the caller
 * opened. Refuses (throws) when a row was changed since by someone else — their work must not be
 * overwritten silently; the caller's rollback then leaves everything as it was.
 */
export async function replay(writer: LogWriter, person: string, direction: 'undo' | 'redo', check?: ReplayCheck): Promise<AppliedEdit | null> {
  const entry =
    direction === 'undo'
      ? await writer.row<LogRow>('SELECT seq, label, changes FROM edit_log WHERE person = ? AND undone = 0 ORDER BY seq DESC LIMIT 1', person)
      : await writer.row<LogRow>('SELECT seq, label, changes FROM edit_log WHERE person = ? AND undone = 1 ORDER BY seq ASC LIMIT 1', person);
  if (!entry) return null;
  const pacer = new Pacer();
  const logged = await readChanges(writer, entry, pacer);
  await check?.(logged, entry.label);
  /** Inserted rows undone, copied into full changes. */
  const copied = new Map<InsertedRows, RowChange[]>();
  // consecutive changes of one shape, each to another row, are applied together (a batch a statement)
  let group: RowChange[] = [];
  let groupKeys = new Set<string>();
  const applyPending = async (): Promise<void> => {
    if (group.length === 0) return;
    await applyGroup(writer, entry.label, direction, group);
    group = [];
    groupKeys = new Set();
    await pacer.pace();
  };
  for (const change of await applyOrder(logged, direction, pacer)) {
    // only undo meets inserted rows not yet copied: an undone entry holds full changes
    if ('inserted' in change) {
      await applyPending();
      copied.set(change, await undoInserts(writer, pacer, entry.label, change));
      continue;
    }
    if (group.length > 0 && (groupKeys.has(change.key) || shapeOf(change, direction) !== shapeOf(group[0]!, direction) || group.length >= REPLAY_BATCH)) await applyPending();
    group.push(change);
    groupKeys.add(change.key);
  }
  await applyPending();
  // the entry in its full form, in logged order; stored so when inserted rows were copied in
  const changes = logged.flatMap((c) => ('inserted' in c ? copied.get(c)! : [c]));
  await writer.run('UPDATE edit_log SET undone = ? WHERE seq = ?', direction === 'undo' ? 1 : 0, entry.seq);
  if (logged.some((c) => 'inserted' in c)) {
    const parts = await logParts(changes, pacer);
    await writer.run('UPDATE edit_log SET changes = ? WHERE seq = ?', parts[0], entry.seq);
    await writer.run('DELETE FROM edit_log_parts WHERE seq = ?', entry.seq);
    await writeParts(writer, entry.seq, parts, pacer);
  }
  return { label: entry.label, changes };
}

/** A person's latest edits, newest first (`all` reads the committed data). */
export async function history(all: LogWriter['all'], person: string, limit = 50): Promise<EditHistoryEntry[]> {
  const rows = await all<{ seq: number; label: string; at: string; undone: number }>('SELECT seq, label, at, undone FROM edit_log WHERE person = ? ORDER BY seq DESC LIMIT ?', person, limit);
  return rows.map((r) => ({ seq: r.seq, label: r.label, at: r.at, undone: r.undone === 1 }));
}
