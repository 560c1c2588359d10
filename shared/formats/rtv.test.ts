import { describe, expect, it } from 'vitest';
import { encoded, jsonTime } from './items';
import { parseJsonKeepingNumbers } from './parse-json';
import { toPythonJson } from './python-json';
import { itemsToRtv, rtvRecordSchema, rtvToItem } from './rtv';

/** A record in the shape of the release's QA.json (digest §2.2). */
const RECORD =
  '{"video": "SportsCam_004.mp4", "field": "sports_cam", "start_time": 0.0, "end_time": 119.08, "questionID": "q-group-9eq4fqfqg-2-option2", "type": "Event-SR", "question": "Which team will most likely score next?", "options": {"A": "Red", "B": "Blue", "C": "Neither", "D": "Both"}, "answer": "B"}';

describe('RTV-Bench QA list', () => {
  it('reads group, role, dimension and perspective and writes the record back byte for byte', () => {
    const raw = parseJsonKeepingNumbers(RECORD);
    const item = rtvToItem(rtvRecordSchema.parse(raw.value), raw);
    expect(item.question).toMatchObject({ taskCode: 'SR', group: { id: '9eq4fqfqg', role: 'q2' }, facets: { perspective: 'Event' } });
    expect(item.videoPath).toBe('sports_cam/SportsCam_004.mp4');
    expect(item.points[0]!.time.seconds).toBe(119.08);
    const out = itemsToRtv([item])[0]!;
    expect(toPythonJson(out)).toBe(RECORD);
  });
  it('writes one record per query point for a question asked at several times', () => {
    const item = rtvToItem(rtvRecordSchema.parse(JSON.parse(RECORD)));
    const multi = { ...item, extra: {}, points: [item.points[0]!, { ...item.points[0]!, time: encoded(150), answer: 'A' }] };
    expect(itemsToRtv([multi]).map((r) => toPythonJson([r.questionID, r.answer, r.start_time, r.end_time]))).toEqual([
      '["q-group-9eq4fqfqg-2", "B", 0.0, 119.08]',
      '["q-group-9eq4fqfqg-2-t1", "A", 0.0, 150.0]',
    ]);
  });
  it('refuses an answer that is not an option and a malformed questionID', () => {
    const bad = rtvRecordSchema.safeParse({ ...JSON.parse(RECORD), answer: 'E' });
    expect(bad.success).toBe(false);
    const badId = rtvRecordSchema.safeParse({ ...JSON.parse(RECORD), questionID: 'group-1' });
    expect(!badId.success && badId.error.issues[0]!.message).toBe('expected q-group-<group>-<0|1|2>[-suffix]');
  });
  it('writes times created in Tidemark as floats where the format uses floats', () => {
    expect(toPythonJson([jsonTime(encoded(25), { float: true }), jsonTime(encoded(25)), jsonTime(encoded(2.5))])).toBe('[25.0, 25, 2.5]');
  });
});
