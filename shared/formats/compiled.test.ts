import { describe, expect, it } from 'vitest';
import { compiledSchema } from './compiled';
import { ovoSRecordSchema } from './ovo-s';

const record = {
  id: 3,
  category_index: '1.1.1_3',
  source_dataset: 's',
  video_id: 'v',
  video_path: 'v.mp4',
  level: 1,
  task_main_category: '1.1',
  task_subcategory: '1.1.1',
  task_type_name: 't',
  question: 'q?',
  options: [
    ['A', 'a'],
    ['B', 'b'],
  ],
  query_times: [1.5],
  evidence_times: [[0, 1.5]],
  answers: ['A'],
};

describe('compiledSchema', () => {
  it('compiles once, and parses as the schema does: the same data, and the same issues for bad input', () => {
    const fast = compiledSchema(ovoSRecordSchema);
    expect(compiledSchema(ovoSRecordSchema)).toBe(fast);
    expect(fast.safeParse(record)).toEqual(ovoSRecordSchema.safeParse(record));
    for (const bad of [{ ...record, level: 2 }, { ...record, answers: ['Z'] }, { ...record, extra: 1 }, { ...record, evidence_times: [[2, 1]] }, null]) {
      const slow = ovoSRecordSchema.safeParse(bad);
      const parsed = fast.safeParse(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues).toEqual(slow.error?.issues);
    }
  });
});
