import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toPythonJson } from './python-json';
import { itemsToPhostream, phostreamFileSchema, phostreamToItems } from './phostream';

const file = readFileSync(join(__dirname, '..', '..', '..', 'shared', 'fixtures', 'external', 'phostream', 'phostream_annotations.sample.json'), 'utf8');

describe('PhoStream release JSON', () => {
  const videos = phostreamFileSchema.parse(JSON.parse(file));
  const items = videos.flatMap(phostreamToItems);

  it('reads every QA with its times ("MM:SS" and "M:SS") and T_p for forward questions only', () => {
    expect(items.length).toBe(videos.reduce((n, v) => n + v.verified_responses.length, 0));
    for (const item of items) {
      const p = item.points[0]!;
      expect(p.proactiveTime !== null).toBe(item.question.temporalType === 'forward');
      if (p.proactiveTime) expect(p.proactiveTime.seconds).toBeGreaterThan(p.time.seconds);
    }
    expect(items.some((i) => /^\d:\d\d$/.test(i.points[0]!.time.text))).toBe(true); // "0:25"
    expect(items[0]!.question.facets.scenario).toBe('YouTube Vlog');
  });

  it('re-exports byte for byte (4-space indent, non-ASCII kept)', () => {
    expect(toPythonJson(itemsToPhostream(items), { indent: 4, ensureAscii: false })).toBe(file.replace(/\n$/, ''));
  });

  it('counts match a hand count of the sample', () => {
    const byType = items.reduce<Record<string, number>>((acc, i) => ({ ...acc, [i.question.temporalType!]: (acc[i.question.temporalType!] ?? 0) + 1 }), {});
    const hand = { instant: 0, backward: 0, forward: 0 } as Record<string, number>;
    for (const v of JSON.parse(file) as Array<{ verified_responses: Array<{ time_type: string }> }>) for (const qa of v.verified_responses) hand[qa.time_type]!++;
    expect(byType).toEqual(Object.fromEntries(Object.entries(hand).filter(([, n]) => n > 0)));
  });

  it('refuses a forward QA without T_p, naming the field', () => {
    const bad = phostreamFileSchema.safeParse([{ video_path: 'x.mp4', verified_responses: [{ user_query: 'q', timestamp_question: '00:05', time_type: 'forward', response: 'r', capability: 'c' }] }]);
    expect(bad.success).toBe(false);
    if (!bad.success) expect(bad.error.issues[0]!.path).toEqual([0, 'verified_responses', 0, 'timestamp_proactive']);
    const badTime = phostreamFileSchema.safeParse([
      { video_path: 'x.mp4', verified_responses: [{ user_query: 'q', timestamp_question: '5 min', time_type: 'instant', response: 'r', capability: 'c' }] },
    ]);
    expect(badTime.success).toBe(false);
  });
});
