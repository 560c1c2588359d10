// Projects on a PostgreSQL database whose text order is a language's (ICU's en-US, as most servers'
// databases are), where the test run's cluster sorts bytes (initdb in the C locale): the stores
// order text as SQLite does, byte by byte, whatever the database's collation — this shows they do.
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, inject } from 'vitest';
import pg from 'pg';
import { PgProjectStore } from '../db/postgres/project-store';
import { Project } from '../projects/project';

/** PostgreSQL's duplicate_database: another test file made it first. */
const DUPLICATE_DATABASE = '42P04';
const NAME = 'tidemark_en_us';

let made: Promise<string> | null = null;

/** postgres://… of the cluster's en-US database, made once. */
function localeDatabase(): Promise<string> {
  made ??= (async () => {
    const url = inject('postgres');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${NAME} TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'`);
    } catch (error) {
      if ((error as { code?: string }).code !== DUPLICATE_DATABASE) throw error;
    } finally {
      await client.end();
    }
    const database = new URL(url);
    database.pathname = `/${NAME}`;
    return database.toString();
  })();
  return made;
}

/** Opens a new project on the en-US database before each test (handed to `use`), and closes it after. */
export function newLocaleProjectEachTest(use: (project: Project) => void): void {
  let project: Project;
  beforeEach(async () => {
    const data = await PgProjectStore.open({ database: await localeDatabase(), project: `l${randomUUID().slice(0, 8)}`, create: true });
    // (a store test writes nothing beside the project: no folder of its own)
    project = await Project.over(join(tmpdir(), 'en-us.tidemark'), data);
    use(project);
  });
  afterEach(() => project.close());
}
