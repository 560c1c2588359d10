// An edit on PostgreSQL: the writer the edit log's algorithm runs over (edit-log.ts's LogWriter), and
// the transaction the features' PostgreSQL writes go through — each write logged before and after as
// on SQLite, so undo, redo and history are the same on both engines. Inserted rows go out several to
// a statement (an import's hundred thousand would otherwise be as many round trips); anything else
// the edit does sends them first, so its reads see them.
import type pg from 'pg';
import { Pacer } from '../../pacer';
import { CHILDREN, fingerprint, KEYS, rowSql, type ChildRow, type EditableTable, type InsertedRows, type LoggedChange, type LogWriter, type Row } from '../edit-log';
import type { EditPace } from '../project-data';
import { numbered, unreachableSaid, type PgReader } from './connection';

/** PostgreSQL takes at most 65,535 parameters in a statement. */
const MAX_PARAMS = 60_000;
/** Rows in one INSERT. */
const MAX_ROWS = 1000;

interface Pending {
  table: EditableTable;
  columns: readonly string[];
  values: unknown[][];
}

/** The statements of one edit's transaction, on its connection. */
export class PgWriter implements LogWriter, PgReader {
  /** Inserted rows not yet sent, by table and columns. */
  private readonly pending = new Map<string, Pending>();
  private pendingRows = 0;

  constructor(private readonly client: pg.PoolClient) {}

  private async query<R extends pg.QueryResultRow>(sql: string, params: unknown[]): Promise<R[]> {
    await this.flush();
    return (await unreachableSaid(() => this.client.query<R>(numbered(sql), params))).rows;
  }

  rows<R>(sql: string, ...params: unknown[]): Promise<R[]> {
    return this.query(sql, params) as Promise<R[]>;
  }

  async get(table: EditableTable, key: string): Promise<Row | null> {
    return (await this.query<Row>(rowSql.get(table), [key]))[0] ?? null;
  }

  async upsert(table: EditableTable, row: Row): Promise<void> {
    await this.query(rowSql.upsert(table, Object.keys(row)), Object.values(row));
  }

  /** An upsert that gives the row as it now is. */
  async upserted(table: EditableTable, row: Row): Promise<Row> {
    return (await this.query<Row>(`${rowSql.upsert(table, Object.keys(row))} RETURNING *`, Object.values(row)))[0]!;
  }

  async delete(table: EditableTable, key: string): Promise<void> {
    await this.query(rowSql.delete(table), [key]);
  }

  async getMany(table: EditableTable, keys: readonly string[]): Promise<Map<string, Row>> {
    const key = KEYS[table];
    const rows = await this.query<Row>(`SELECT * FROM ${table} WHERE ${key} = ANY(?::text[])`, [keys]);
    return new Map(rows.map((row) => [String(row[key]), row]));
  }

  async upsertMany(table: EditableTable, rows: readonly Row[]): Promise<void> {
    if (rows.length === 0) return;
    await this.query(
      rowSql.upsert(table, Object.keys(rows[0]!), rows.length),
      rows.flatMap((row) => Object.values(row)),
    );
  }

  async deleteMany(table: EditableTable, keys: readonly string[]): Promise<void> {
    await this.query(`DELETE FROM ${table} WHERE ${KEYS[table]} = ANY(?::text[])`, [keys]);
  }

  async childOfAny(table: EditableTable, keys: readonly string[]): Promise<ChildRow | null> {
    for (const [child, column] of CHILDREN[table] ?? []) {
      const row = (await this.query<{ k: string }>(`SELECT ${KEYS[child]} AS k FROM ${child} WHERE "${column}" = ANY(?::text[]) LIMIT 1`, [keys]))[0];
      if (row) return { table: child, key: row.k };
    }
    return null;
  }

  async keysWhere(table: EditableTable, column: string, value: string): Promise<string[]> {
    return (await this.query<{ k: string }>(rowSql.keysWhere(table, column), [value])).map((r) => r.k);
  }

  async run(sql: string, ...params: unknown[]): Promise<void> {
    await this.query(sql, params);
  }

  async row<R>(sql: string, ...params: unknown[]): Promise<R | undefined> {
    return (await this.query(sql, params))[0] as R | undefined;
  }

  all<R>(sql: string, ...params: unknown[]): Promise<R[]> {
    return this.query(sql, params) as Promise<R[]>;
  }

  /** Queues a row to insert; sent with others of its shape (and at once, once many are waiting). */
  async insertLater(table: EditableTable, columns: readonly string[], values: unknown[]): Promise<void> {
    const signature = `${table}(${columns.join(',')})`;
    let pending = this.pending.get(signature);
    if (!pending) this.pending.set(signature, (pending = { table, columns, values: [] }));
    pending.values.push(values);
    if (++this.pendingRows >= MAX_ROWS) await this.flush();
  }

  /** Sends the queued inserts (foreign keys are checked at commit, so in any order). */
  async flush(): Promise<void> {
    if (this.pendingRows === 0) return;
    const batches = [...this.pending.values()];
    this.pending.clear();
    this.pendingRows = 0;
    for (const { table, columns, values } of batches) {
      const perStatement = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns.length)));
      for (let i = 0; i < values.length; i += perStatement) {
        const rows = values.slice(i, i + perStatement);
        await unreachableSaid(() => this.client.query(numbered(rowSql.insert(table, columns, rows.length)), rows.flat()));
      }
    }
  }
}

/** One edit's writes on PostgreSQL: logged as SQLite's EditTransaction logs them. */
export class PgEditTransaction implements EditPace {
  readonly changes: LoggedChange[] = [];
  /** The videos of the rows it inserted (an inserted row's log holds its key only): for live updates. */
  readonly insertedOnVideos = new Set<string>();
  private readonly pacer = new Pacer();
  private readonly inserts = new Map<string, InsertedRows>();

  constructor(readonly writer: PgWriter) {}

  /** Reads inside the edit (they see what it has written so far). */
  get reader(): PgReader {
    return this.writer;
  }

  get(table: EditableTable, key: string): Promise<Row | null> {
    return this.writer.get(table, key);
  }

  /** Inserts or updates a row, logging it before and after. */
  async put(table: EditableTable, row: Row): Promise<void> {
    const key = String(row[KEYS[table]]);
    const before = await this.writer.get(table, key);
    this.changes.push({ table, key, before, after: await this.writer.upserted(table, row) });
  }

  /** Inserts a row with a fresh key (an import): only the key and a fingerprint logged. */
  async insert(table: EditableTable, row: Row): Promise<void> {
    const columns = Object.keys(row);
    const signature = `${table}(${columns.join(',')})`;
    let logged = this.inserts.get(signature);
    if (!logged) {
      logged = { table, columns, inserted: [] };
      this.inserts.set(signature, logged);
      this.changes.push(logged);
    }
    const values = Object.values(row);
    await this.writer.insertLater(table, columns, values);
    logged.inserted.push([String(row[KEYS[table]]), fingerprint(values)]);
    if (typeof row.video_id === 'string') this.insertedOnVideos.add(row.video_id);
  }

  async remove(table: EditableTable, key: string): Promise<void> {
    const before = await this.writer.get(table, key);
    if (!before) return;
    await this.writer.delete(table, key);
    this.changes.push({ table, key, before, after: null });
  }

  /** Removes every row where `column = value`, recording each: one statement however many (a run's hundred thousand responses). */
  async removeWhere(table: EditableTable, column: string, value: string): Promise<void> {
    for (const before of await this.writer.all<Row>(`DELETE FROM ${table} WHERE "${column}" = ? RETURNING *`, value)) {
      this.changes.push({ table, key: String(before[KEYS[table]]), before, after: null });
      await this.pacer.pace();
    }
  }

  pace(): Promise<void> {
    return this.pacer.pace();
  }
}
