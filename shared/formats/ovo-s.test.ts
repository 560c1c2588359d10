import { describe, expect, it } from 'vitest';
import { lintQuestion } from '../lints';
import { BUILTIN_PROFILES } from '../profiles';
import { parseJsonKeepingNumbers } from './parse-json';
import { toPythonJson } from './python-json';
import { itemsToOvoS, ovoSRecordSchema, ovoSToItem } from './ovo-s';

/** The example record of the paper's Fig. 11 (digest §2), as one JSONL line. */
const FIG_11 =
  '{"id": 0, "category_index": "1.1.1_0", "source_dataset": "CODa_full", "video_id": "10", "video_path": "CODa_full/10.mp4", "level": 1, "task_main_category": "1.1", "task_subcategory": "1.1.1", "task_type_name": "Object-to-Object Absolute Distance", "question": "How far is the yellow wet-floor caution sign from the camera?", "options": {"A": "About 0.5 m", "B": "About 6 m", "C": "About 3 m", "D": "About 1.5 m"}, "query_times": [22.8], "evidence_times": [[21.8, 23.8]], "answers": ["D"]}';

describe('OVO-S-Bench JSONL', () => {
  it('round-trips the paper example record byte for byte', () => {
    const raw = parseJsonKeepingNumbers(FIG_11);
    const item = ovoSToItem(ovoSRecordSchema.parse(raw.value), raw);
    expect(toPythonJson(itemsToOvoS([item])[0])).toBe(FIG_11);
  });
  it('reads the HF options form ([label, content] pairs) into the same item', () => {
    const record = JSON.parse(FIG_11);
    record.options = Object.entries(record.options);
    const item = ovoSToItem(ovoSRecordSchema.parse(record));
    expect(item.question.options).toEqual({ A: 'About 0.5 m', B: 'About 6 m', C: 'About 3 m', D: 'About 1.5 m' });
  });
  it('the example imports with the evidence-after-query warning the digest asks for', () => {
    const item = ovoSToItem(ovoSRecordSchema.parse(JSON.parse(FIG_11)));
    const profile = { ...BUILTIN_PROFILES.find((p) => p.kind === 'ovo-s-bench')!, id: 'p', builtin: true };
    const question = { ...item.question, id: 'q', videoId: 'v', profileId: 'p', provenance: {}, createdBy: 'x', updatedAt: 'now' };
    const points = item.points.map((p, i) => ({
      id: `p${i}`,
      questionId: 'q',
      time: p.time.seconds,
      answer: p.answer,
      evidence: p.evidence.map(([s, e]) => [s.seconds, e.seconds] as [number, number]),
      proactiveTime: null,
      windowStart: null,
    }));
    expect(lintQuestion(question, points, { profile, videoDuration: 60, marks: [], groupMembers: [] }).map((l) => l.code)).toEqual(['evidence-after-query']);
  });
  it("keeps each question's id on export (numbering by place only one without any) and indexes within each subcategory", () => {
    const item = ovoSToItem(ovoSRecordSchema.parse({ ...JSON.parse(FIG_11), id: 412 }));
    const revisit = { ...item, question: { ...item.question, taskCode: '2.1.2' }, extra: { ...item.extra, id: 7 } };
    const unnumbered = { ...item, extra: { video_id: '10' } };
    const out = itemsToOvoS([item, revisit, unnumbered]);
    expect(out.map((r) => [r.id, r.category_index, r.level, r.task_main_category, r.task_type_name])).toEqual([
      [412, '1.1.1_0', 1, '1.1', 'Object-to-Object Absolute Distance'],
      [7, '2.1.2_0', 2, '2.1', 'Revisit Counting'],
      [2, '1.1.1_1', 1, '1.1', 'Object-to-Object Absolute Distance'],
    ]);
  });
  it('refuses misaligned lists with the field named', () => {
    const record = { ...JSON.parse(FIG_11), answers: ['D', 'A'] };
    const result = ovoSRecordSchema.safeParse(record);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues.map((i) => i.path.join('.'))).toContain('answers');
  });
});
