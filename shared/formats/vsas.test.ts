import { describe, expect, it } from 'vitest';
import { toPythonJson } from './python-json';
import { itemToVsas, OWN_QUESTION_TARGET, vsasTaskSchema, vsasToItem } from './vsas';

const TASK =
  '{"task_id": "cook-01-present", "video_path": "recorded/cook-01.mp4", "category": "Cooking", "task_type": "present", "prompt": "Describe what the cook is doing right now.", "captions": [{"second": 0, "caption": "Slicing onions."}, {"second": 1, "caption": "Slicing onions."}, {"second": 2, "caption": "Adding onions to the pan."}]}';

describe('VSAS-Bench tasks', () => {
  it('reads a task into a prompt at t = 0 and one caption per second, and writes it back byte for byte', () => {
    const item = vsasToItem(vsasTaskSchema.parse(JSON.parse(TASK)));
    expect(item.points.map((p) => p.time.seconds)).toEqual([0]);
    expect(item.marks.map((m) => [m.mark.start, m.mark.end, m.mark.target])).toEqual([
      [0, 1, OWN_QUESTION_TARGET],
      [1, 2, OWN_QUESTION_TARGET],
      [2, 3, OWN_QUESTION_TARGET],
    ]);
    expect(toPythonJson(itemToVsas(item, 0))).toBe(TASK);
  });
  it('writes a merged caption once per second it covers', () => {
    const item = vsasToItem(vsasTaskSchema.parse(JSON.parse(TASK)));
    item.marks = [{ mark: { type: 'caption', start: 0, end: 3, target: OWN_QUESTION_TARGET, data: { text: 'Cooking.' } }, startText: null, endText: null }];
    expect(itemToVsas(item, 0).captions.map((c) => c.second)).toEqual([0, 1, 2]);
  });
  it('refuses seconds out of order', () => {
    const bad = vsasTaskSchema.safeParse({
      ...JSON.parse(TASK),
      captions: [
        { second: 2, caption: 'a' },
        { second: 1, caption: 'b' },
      ],
    });
    expect(!bad.success && bad.error.issues[0]!.path).toEqual(['captions', 1, 'second']);
  });
});
