import { describe, expect, it } from 'vitest';
import { nextBenchmarkId, withBenchmarkId } from './benchmark-ids';

describe('the benchmark id a question made in Tidemark is given', () => {
  it('is one past the greatest id of the format\'s style the profile has', () => {
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
  it('is stored in the question\'s origin, beside what it has; an id it already carries is kept', () => {
    expect(withBenchmarkId({ origin: null }, 'vcbench', () => ['0001'])).toEqual({ origin: { format: 'vcbench', extra: { id: '0002' } } });
    expect(withBenchmarkId({ origin: { format: 'vsas', extra: { note: 1 } } }, 'vsas-bench', () => [])).toEqual({ origin: { format: 'vsas', extra: { note: 1, task_id: 'task-0000' } } });
    const kept = { origin: { format: 'ovo-s-bench', extra: { id: 5 } } };
    expect(withBenchmarkId(kept, 'ovo-s-bench', () => { throw new Error('not read'); })).toBe(kept);
    expect(withBenchmarkId({ origin: null }, 'phostream', () => [])).toEqual({ origin: null });
  });
});
