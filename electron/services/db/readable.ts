// The read-only handle every service reads through. It hands out prepared SELECTs (cached by their
// text, so a statement is prepared once, not per row) and offers nothing that writes: the compiler
// refuses a write through it, and a statement that would write is refused when prepared. Writes
// exist only inside `ProjectStore.edit()` (see edit-log.ts).
import type { Database, Statement } from 'better-sqlite3';

interface ReadStatement<R> {
  get(...params: unknown[]): R | undefined;
  all(...params: unknown[]): R[];
  iterate(...params: unknown[]): IterableIterator<R>;
}

/** Statements prepared once per connection and SQL text. */
export class StatementCache {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly connection: Database) {}

  get(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.connection.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

export class ReadableDb {
  private readonly cache: StatementCache;

  constructor(private readonly connection: Database) {
    this.cache = new StatementCache(connection);
  }

  /** A cached read statement; refuses SQL that would change the database. */
  query<R>(sql: string): ReadStatement<R> {
    const statement = this.cache.get(sql);
    if (!statement.readonly) throw new Error(`Refused: a write through the read-only handle (${sql.slice(0, 60)}).`);
    return statement as unknown as ReadStatement<R>;
  }

  /** The schema version (PRAGMA user_version). */
  schemaVersion(): number {
    return this.connection.pragma('user_version', { simple: true }) as number;
  }

  get open(): boolean {
    return this.connection.open;
  }
}
