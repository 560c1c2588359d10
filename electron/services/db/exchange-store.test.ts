// The rows of Tidemark JSONL on both engines, through their interface (ExchangeStore, and ExchangeWrites inside an edit).
import { describe, expect, it } from 'vitest';
import { RowClash, type StoredRow } from '../exchange/store';
import type { Project } from '../projects/project';
import { ENGINES, newProjectEachTest } from '../test-support/project';
import { SCAN_SLICE } from './postgres/exchange';
import type { EditWrites } from './stores';

const person = (id: string, name: string): StoredRow => ({ id, name, roles: '["annotator"]', created_at: '2026-01-01T00:00:00.000Z' });

describe.each(ENGINES)('the rows of Tidemark JSONL (%s)', (engine) => {
  let project: Project;
  newProjectEachTest((p) => void (project = p), engine);

  async function scanned(table: 'people'): Promise<StoredRow[]> {
    const rows: StoredRow[] = [];
    for await (const row of project.stores.exchange.scan(table)) rows.push(row);
    return rows;
  }

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

  it('carries a judgment key holding U+0000 and U+0001 as written (PostgreSQL stores it escaped)', async () => {
    const key = 'person:Ann\u0000{"judge":"m"}\u0001';
    const judgment: StoredRow = { id: 'j', key, repeat: 0, score: 1, verdict: 'yes', fields: '{}', created_at: 't' };
    await project.edit('ann', 'Add', (w) => w.exchange.addRow('judgments', judgment));
    const rows: StoredRow[] = [];
    for await (const row of project.stores.exchange.scan('judgments')) rows.push(row);
    expect(rows).toEqual([judgment]);
    expect(await project.stores.exchange.row('judgments', 'j')).toEqual(judgment);
    expect(await project.stores.exchange.rowWhere('judgments', 'key', key)).toEqual(judgment);
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
    const adding = (row: StoredRow) => (w: EditWrites) => w.exchange.addRow('people', row).then(() => w.exchange.flushRows());
    await expect(project.edit('ann', 'Clash', adding(person('a', 'Other')))).rejects.toBeInstanceOf(RowClash);
    await expect(project.edit('ann', 'Same name', adding(person('b', 'Ann')))).rejects.toBeInstanceOf(RowClash);
    expect(await scanned('people')).toEqual([person('a', 'Ann')]);
    expect((await project.store.undo('ann'))?.label).toBe('Add');
    expect(await scanned('people')).toEqual([]);
  });

  const guideline = (i: number): StoredRow => ({ id: `g${String(20_000 - i).padStart(5, '0')}`, version: `v${i}`, fields: '{}', created_by: 'ann', created_at: 't' });

  it('scans a long table whole, in the order added across its slices, each row as stored and nothing more', async () => {
    // more than two of PostgreSQL's slices, the last one short
    const count = 2 * SCAN_SLICE + 2345;
    await project.edit('ann', 'Add guidelines', async (w) => {
      for (let i = 0; i < count; i++) await w.exchange.addRow('guidelines', guideline(i));
      await w.exchange.flushRows();
    });
    // ids fall as rows are added: storage order is not id order
    let i = 0;
    for await (const row of project.stores.exchange.scan('guidelines')) expect(row).toEqual(guideline(i++));
    expect(i).toBe(count);
    expect(await project.stores.exchange.row('guidelines', guideline(7).id as string)).toEqual(guideline(7));
  });

  it('refuses a clash among many rows added at once, wherever it is found', async () => {
    await project.edit('ann', 'Add', (w) => w.exchange.addRow('guidelines', guideline(1500)));
    for (const last of [2000, 1600]) {
      const adding = project.edit('ann', 'Add many', async (w) => {
        for (let i = 0; i < last; i++) await w.exchange.addRow('guidelines', guideline(i));
        await w.exchange.flushRows();
      });
      await expect(adding).rejects.toBeInstanceOf(RowClash);
    }
    await expect(project.edit('ann', 'Clash at the end', (w) => w.exchange.addRow('guidelines', guideline(1500)).then(() => w.exchange.flushRows()))).rejects.toThrow(/guidelines/);
    expect(await project.stores.exchange.rowWhere('guidelines', 'version', 'v0')).toBeNull();
  });
});
