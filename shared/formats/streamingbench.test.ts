import { describe, expect, it } from 'vitest';
import { formatProblem } from './problems';
import { findFormat, readAll, type BenchmarkFormat } from './registry';
import { releaseClockSeconds, streamingBenchTime } from './streamingbench';

const format = findFormat('streamingbench') as BenchmarkFormat & Required<Pick<BenchmarkFormat, 'read'>>;

describe('StreamingBench times', () => {
  it("reads HH:MM:SS (and H:MM:SS, MM:SS) as Tidemark does, and otherwise as the release's runners do: each field × 60^i", () => {
    expect(streamingBenchTime('00:03:10')).toMatchObject({ value: { seconds: 190, style: 'hh:mm:ss' }, strict: true });
    expect(streamingBenchTime('0:01:20')).toMatchObject({ value: { seconds: 80 }, strict: true });
    expect(streamingBenchTime('00:24')).toMatchObject({ value: { seconds: 24 }, strict: true });
    // the two time_stamps of questions_real.json that are not HH:MM:SS
    expect(streamingBenchTime('00:00:8')).toMatchObject({ value: { seconds: 8, text: '00:00:8' }, strict: false });
    expect(streamingBenchTime('00:12450')).toMatchObject({ value: { seconds: 12450 }, strict: false });
    expect(releaseClockSeconds('1:2:3')).toBe(3723);
    // what Python's int() refuses, the runners refuse too
    for (const bad of ['half past', '00:1.5', '', '00::10', '-1:00']) expect(streamingBenchTime(bad)).toBeNull();
  });
});

describe('StreamingBench question files', () => {
  const entry = (time_stamp: string) => ({
    time: '[0:00:00 - 0:00:10]',
    questions: [{ task_type: 'Counting', question: 'How many cups are on the table?', time_stamp, answer: 'C', options: ['A. 1', 'B. 2', 'C. 3', 'D. 4'], required_ability: 'counting' }],
    video_categories: 'kitchen',
    video_path: './videos/sample_1_real.mp4',
  });

  it('imports a time_stamp the runners read their own way, with a warning on its line, and refuses one they cannot read', () => {
    const text = JSON.stringify([entry('00:00:31'), entry('00:00:8'), entry('half past')], null, 4);
    const read = readAll(format.read(text, 'questions_real.json'));
    expect(read.items.map((i) => i.item.points[0]!.time.seconds)).toEqual([31, 8]);
    const lineOf = (needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
    expect((read.warnings ?? []).map(formatProblem)).toEqual([
      `questions_real.json:${lineOf('"00:00:8"')}:[1].questions[0].time_stamp: not HH:MM:SS; read as 8 s, as the release's runners read it (each field × 60^i)`,
    ]);
    expect(read.problems.map(formatProblem)).toEqual([
      `questions_real.json:${lineOf('"half past"')}:[2].questions[0].time_stamp: not a time (HH:MM:SS, nor whole numbers joined by ":" as the release's runners read)`,
    ]);
  });
});
