import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { phostreamFileSchema, phostreamToItems } from './formats/phostream';
import { itemToRows } from './formats/project-items';
import { BUILTIN_PROFILES } from './profiles';
import type { QueryPoint, Question } from './questions';
import { datasetStats, distribution } from './stats';

const file = readFileSync(join(__dirname, '..', '..', 'shared', 'fixtures', 'external', 'phostream', 'phostream_annotations.sample.json'), 'utf8');
const profile = { ...BUILTIN_PROFILES.find((p) => p.kind === 'phostream')!, id: 'p', builtin: true };

describe('dataset statistics', () => {
  it('reproduces a hand count of the PhoStream sample (scenario × temporal type, capabilities)', () => {
    const videos = phostreamFileSchema.parse(JSON.parse(file));
    const questions: Question[] = [];
    const points: QueryPoint[] = [];
    videos.forEach((video, v) =>
      phostreamToItems(video).forEach((item, i) => {
        const rows = itemToRows(item);
        const id = `q${v}-${i}`;
        questions.push({ ...rows.fields, profileId: 'p', id, videoId: `v${v}`, provenance: {}, createdBy: 'a', updatedAt: 'now' });
        rows.points.forEach((p, k) => points.push({ ...p, id: `${id}-${k}`, questionId: id }));
      }),
    );
    const stats = datasetStats({ profile, questions, queryPoints: points, videos: [] });

    // the hand count, straight from the JSON
    const raw = JSON.parse(file) as Array<{ video_path: string; verified_responses: Array<{ time_type: string; capability: string }> }>;
    const hand: Record<string, Record<string, number>> = {};
    const capabilities: Record<string, number> = {};
    const scenario = (path: string) =>
      ({ youtube_dl_reencoded: 'YouTube Vlog', phone_class_reencoded: 'Phone Tutorial', record_file_reencoded: 'Phone Record', EgoBlind_reencoded: 'EgoBlind' })[path.split('/')[0]!]!;
    for (const v of raw)
      for (const qa of v.verified_responses) {
        const row = (hand[scenario(v.video_path)] ??= {});
        row[qa.time_type] = (row[qa.time_type] ?? 0) + 1;
        capabilities[qa.capability] = (capabilities[qa.capability] ?? 0) + 1;
      }
    expect(stats.temporalByFacet.scenario).toEqual(hand);
    expect(stats.byTaskCode).toEqual(capabilities);
    expect(stats.questions).toBe(raw.reduce((n, v) => n + v.verified_responses.length, 0));
    expect(stats.videos).toBe(3);
    expect(stats.queryPointsPerQuestion).toMatchObject({ min: 1, max: 1 });
  });
  it('summarises distributions', () => {
    expect(distribution([1, 2, 3, 10], 5)).toEqual({ count: 4, min: 1, median: 2.5, mean: 4, max: 10, histogram: [3, 0, 1], binWidth: 5 });
    expect(distribution([], 5).count).toBe(0);
  });
});
