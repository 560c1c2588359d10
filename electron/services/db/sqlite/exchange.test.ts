// The SQLite rows of Tidemark JSONL, through their interface (ExchangeStore, and ExchangeWrites inside an edit).
import { describe, expect, it } from 'vitest';
import { RowClash, type StoredRow } from '../../exchange/store';
import type { Project } from '../../projects/project';
import { newProjectEachTest } from '../../test-support/project';

let project: Project;
newProjectEachTest((p) => void (project = p));

const person = (id: string, name: string): StoredRow => ({ id, name, roles: '["annotator"]', created_at: '2026-01-01T00:00:00.000Z' });

async function scanned(table: 'people'): Promise<StoredRow[]> {
  const rows: StoredRow[] = [];
  for await (const row of project.stores.exchange.scan(table)) rows.push(row);
  return rows;
}

describe('the SQLite rows of Tidemark JSONL', () => {
  it('scans a table in the order its rows were added, not by id', async () => {
    await project.edit('ann', 'Add people', async (w) => {
      for (const [id, name] of [
        ['z', 'Zoe'],
        ['a', 'Ann'],
        ['m', 'Max'],
      ])
        await w.exchange.addRow('people', person(id!, name!));
    });
    expect((await scanned('people')).map((r) => r.id)).toEqual(['z', 'a', 'm']);
  });

  it('stops a scan early without holding the connection', async () => {
    await project.edit('ann', 'Add people', async (w) => {
      await w.exchange.addRow('people', person('a', 'Ann'));
      await w.exchange.addRow('people', person('b', 'Bea'));
    });
    for await (const row of project.stores.exchange.scan('people')) if (row.id === 'a') break;
    // an open cursor would leave the statement busy for the next read
    expect(await scanned('people')).toHaveLength(2);
  });

  it('finds a row by id and by a unique column, or null', async () => {
    await project.edit('ann', 'Add', (w) => w.exchange.addRow('people', person('a', 'Ann')));
    expect(await project.stores.exchange.row('people', 'a')).toEqual(person('a', 'Ann'));
    expect(await project.stores.exchange.row('people', 'nobody')).toBeNull();
    expect((await project.stores.exchange.rowWhere('people', 'name', 'Ann'))?.id).toBe('a');
    expect(await project.stores.exchange.rowWhere('people', 'name', 'Bea')).toBeNull();
  });

  it('leaves a person’s passphrase out of their row: it protects their name in this project file only', async () => {
    await project.edit('ann', 'Add', (w) => w.exchange.addRow('people', person('a', 'Ann')));
    await project.edit('Ann', 'Protect', async (w) => w.review.setPassphrase((await w.review.person('Ann'))!, '{"hash":"x"}'));
    expect(await project.stores.review.passphraseOf('Ann')).toBe('{"hash":"x"}');
    expect(await project.stores.exchange.row('people', 'a')).toEqual(person('a', 'Ann'));
    expect(await project.stores.exchange.rowWhere('people', 'name', 'Ann')).toEqual(person('a', 'Ann'));
    expect(await scanned('people')).toEqual([person('a', 'Ann')]);
  });

  it('adds rows as one undoable edit, and refuses a clash as a RowClash', async () => {
    await project.edit('ann', 'Add', (w) => w.exchange.addRow('people', person('a', 'Ann')));
    await expect(project.edit('ann', 'Clash', (w) => w.exchange.addRow('people', person('a', 'Other')))).rejects.toBeInstanceOf(RowClash);
    await expect(project.edit('ann', 'Same name', (w) => w.exchange.addRow('people', person('b', 'Ann')))).rejects.toBeInstanceOf(RowClash);
    expect(await scanned('people')).toEqual([person('a', 'Ann')]);
    expect((await project.store.undo('ann'))?.label).toBe('Add');
    expect(await scanned('people')).toEqual([]);
  });
});
