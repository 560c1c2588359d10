import { describe, expect, it } from 'vitest';
import type { ExchangeItem } from './items';
import { exportedBenchmarkIds, nextBenchmarkId, withBenchmarkId, withExportedId } from './benchmark-ids';

describe('the benchmark id a question made in Tidemark is given', () => {
  it("is one past the greatest id of the format's style the profile has", () => {
    expect(nextBenchmarkId('ovo-s-bench', [])).toBe(0);
    expect(nextBenchmarkId('ovo-s-bench', ['100', '7', 'x-300'])).toBe(101);
    expect(nextBenchmarkId('vcbench', ['0944', '0012'])).toBe('0945');
    expect(nextBenchmarkId('vcbench', [])).toBe('0000');
    expect(nextBenchmarkId('vsas-bench', ['task-0003', 'kitchen_12'])).toBe('task-0004');
  });
  it('is none where the format makes its ids of other fields or has none', () => {
    expect(nextBenchmarkId('rtv-bench', ['q-group-1-0'])).toBeNull();
    expect(nextBenchmarkId('phostream', [])).toBeNull();
    expect(nextBenchmarkId('custom', ['1'])).toBeNull();
  });
  it("is stored in the question's origin, beside what it has; an id it already carries is kept", () => {
    expect(withBenchmarkId({ origin: null }, 'vcbench', () => ['0001'])).toEqual({ origin: { format: 'vcbench', extra: { id: '0002' } } });
    expect(withBenchmarkId({ origin: { format: 'vsas', extra: { note: 1 } } }, 'vsas-bench', () => [])).toEqual({ origin: { format: 'vsas', extra: { note: 1, task_id: 'task-0000' } } });
    const kept = { origin: { format: 'ovo-s-bench', extra: { id: 5 } } };
    expect(
      withBenchmarkId(kept, 'ovo-s-bench', () => {
        throw new Error('not read');
      }),
    ).toBe(kept);
    expect(withBenchmarkId({ origin: null }, 'phostream', () => [])).toEqual({ origin: null });
  });
});

/** Questions as an export reads them: each its origin, with the id it keeps (undefined: made before ids were given). */
const made = (profile: string, ids: ReadonlyArray<string | number | undefined>) => ids.map((id) => ({ origin: id === undefined ? null : { format: profile, extra: { id, task_id: id } } }));

describe('the ids an export writes a set of questions under', () => {
  it('keeps every kept id, and gives a question with none the next free one — never one a kept id has', () => {
    // by place the fourth would be "0003", the id the second keeps
    expect(exportedBenchmarkIds('vcbench', made('vcbench', ['0000', '0003', '0001', undefined]))).toEqual(['0000', '0003', '0001', '0004']);
    expect(exportedBenchmarkIds('vcbench', made('vcbench', [undefined, '0000', undefined, '0944']))).toEqual(['0945', '0000', '0946', '0944']);
    expect(exportedBenchmarkIds('ovo-s-bench', made('ovo-s-bench', [undefined, 0, 7, undefined]))).toEqual([8, 0, 7, 9]);
    expect(exportedBenchmarkIds('vsas-bench', made('vsas-bench', ['task-0002', undefined, 'kitchen_12']))).toEqual(['task-0002', 'task-0003', 'kitchen_12']);
    // a set none of which keeps an id is numbered by place, as before
    expect(exportedBenchmarkIds('vcbench', made('vcbench', [undefined, undefined]))).toEqual(['0000', '0001']);
  });
  it('gives a second question keeping an id the first has a free one: one file never names two questions alike', () => {
    expect(exportedBenchmarkIds('vcbench', made('vcbench', ['0003', '0003', undefined]))).toEqual(['0003', '0004', '0005']);
    expect(exportedBenchmarkIds('ovo-s-bench', made('ovo-s-bench', [3, '3']))).toEqual([3, 4]);
  });
  it('never gives two questions one id, whatever ids they keep (generated sets)', () => {
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let round = 0; round < 200; round++) {
      const ids = Array.from({ length: 1 + random(30) }, () => (random(3) === 0 ? undefined : String(random(40)).padStart(random(2) ? 4 : 3, '0')));
      const exported = exportedBenchmarkIds('vcbench', made('vcbench', ids));
      expect(new Set(exported).size).toBe(exported.length);
      // deterministic by the questions' order
      expect(exportedBenchmarkIds('vcbench', made('vcbench', ids))).toEqual(exported);
    }
  });
  it('leaves formats that make their ids of other fields, or have none, as they are', () => {
    expect(exportedBenchmarkIds('rtv-bench', [{ origin: { format: 'rtv', extra: { questionID: 'q-group-1-0' } } }, { origin: null }])).toEqual(['q-group-1-0', null]);
    expect(exportedBenchmarkIds('phostream', [{ origin: null }])).toEqual([null]);
  });
  it('puts the id in the item where its format writes it from', () => {
    const item = { profile: 'vsas-bench', extra: { note: 1 } } as unknown as ExchangeItem;
    expect(withExportedId(item, 'task-0007').extra).toEqual({ note: 1, task_id: 'task-0007' });
    expect(item.extra).toEqual({ note: 1 });
    expect(withExportedId(item, null)).toBe(item);
  });
});
