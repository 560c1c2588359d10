// Evaluation inputs: for each query point, the prefix a model may see (video, end time) and the
// frames a sampling policy picks from it; optionally the prefix clips themselves, cut with ffmpeg.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { groupBy } from '../../../shared/collections';
import { prefixEnd, type QueryPoint } from '../../../shared/questions';
import { runOrder } from '../../../shared/runs/query-order';
import { frameTimes, sampleFrames, type SamplingPolicy } from '../../../shared/sampling';
import type { Caller } from '../../../shared/domain';
import { visibleAnnotations } from '../annotation/policy';
import { builtinProfileId } from '../profiles/builtin';
import { ServiceError } from '../errors';
import type { JobControl } from '../jobs/registry';
import { runProcess } from '../media/run-process';
import type { Project } from '../projects/project';
import { listVideos, videoPath } from '../videos/library';

interface EvalInput {
  questionId: string;
  queryIndex: number;
  video: string;
  queryTime: number;
  /** The end of the prefix: t_q, or T_p for forward questions. */
  prefixEnd: number;
  sampling: string;
  frames: number[];
  frameTimes: number[];
  clip?: string;
}

/** `uniform:128`, `fps:1`, `single`, `recent:16@4` → a policy. */
export function parseSampling(text: string): SamplingPolicy {
  const [kind, arg = ''] = text.split(':');
  const int = (s: string, what: string): number => {
    const n = Number(s);
    if (!Number.isFinite(n) || n <= 0) throw new ServiceError('invalid-request', `sampling "${text}": ${what} must be a positive number`);
    return n;
  };
  switch (kind) {
    case 'uniform':
      return { kind: 'uniform', frames: Math.round(int(arg || '128', 'the frame count')) };
    case 'fps':
      return { kind: 'fps', rate: int(arg || '1', 'the rate') };
    case 'single':
      return { kind: 'single-at-query' };
    case 'recent': {
      const [frames = '16', rate = '4'] = arg.split('@');
      return { kind: 'recent-window', frames: Math.round(int(frames, 'the frame count')), rate: int(rate, 'the rate') };
    }
    default:
      throw new ServiceError('invalid-request', `Unknown sampling "${text}"; use uniform:N, fps:R, single or recent:N@R.`);
  }
}

export async function evaluationInputs(
  project: Project,
  caller: Caller,
  profileKind: string,
  samplingText: string,
  options: { cutDir?: string; ffmpeg?: string; control?: JobControl } = {},
): Promise<{ rows: EvalInput[]; placeholderQuestions: number }> {
  const policy = parseSampling(samplingText);
  const store = project.stores.annotation;
  const all = await store.questionsOfProfile(builtinProfileId(profileKind));
  const videoIds = [...new Set(all.map((q) => q.videoId))];
  const points: QueryPoint[] = [];
  for (const id of videoIds) points.push(...(await store.queryPointsOfVideo(id)));
  // what a model is given is what this caller may see (a blind reviewer sees no answers)
  const { questions, queryPoints } = await visibleAnnotations(project.stores, caller, { questions: all, queryPoints: points, marks: [] });
  const pointsBy: Map<string, QueryPoint[]> = groupBy(queryPoints, (p) => p.questionId);
  const rows: EvalInput[] = [];
  let placeholderQuestions = 0;
  for (const q of questions) {
    const video = (await project.stores.videos.get(q.videoId))!;
    // a placeholder's frame rate is not known until it is relinked: no frames can be named yet
    if (video.duration === null) {
      placeholderQuestions++;
      continue;
    }
    // queryIndex is what a run file's "query" says: the probe's place where the file gave one
    const points = runOrder(pointsBy.get(q.id) ?? []);
    points.forEach((p, i) => {
      const end = prefixEnd(p, q);
      const frames = sampleFrames(policy, end, video.fps);
      rows.push({ questionId: q.id, queryIndex: i, video: video.relPath, queryTime: p.time, prefixEnd: end, sampling: samplingText, frames, frameTimes: frameTimes(frames, video.fps) });
    });
  }
  if (options.cutDir) {
    if (!options.ffmpeg) throw new ServiceError('invalid-request', 'Cutting clips needs ffmpeg.');
    mkdirSync(options.cutDir, { recursive: true });
    for (const [i, row] of rows.entries()) {
      if (options.control?.signal.aborted) break;
      options.control?.progress(i / rows.length, `Cutting prefix ${i + 1} of ${rows.length}`);
      const video = (await listVideos(project)).find((v) => v.relPath === row.video)!;
      const clip = join(options.cutDir, `${row.questionId}_${row.queryIndex}.mp4`);
      // re-encoded, not stream-copied: a copy would end on a packet boundary, past the prefix
      const out = await runProcess(
        options.ffmpeg,
        [
          '-v',
          'error',
          '-i',
          videoPath(project, video),
          '-t',
          String(row.prefixEnd),
          '-map',
          '0:v:0',
          '-map',
          '0:a?',
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-crf',
          '18',
          '-c:a',
          'aac',
          '-y',
          clip,
        ],
        { signal: options.control?.signal },
      );
      if (out.code !== 0) throw new ServiceError('failed', `ffmpeg could not cut ${clip}: ${out.stderr.trim().split('\n').pop()}`);
      row.clip = clip;
    }
    options.control?.progress(1, `Cut ${rows.length} prefix clips`);
  }
  return { rows, placeholderQuestions };
}
