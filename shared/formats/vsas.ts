// VSAS-Bench tasks. The paper shows no file format (digest §2), so Tidemark's is documented here and
// in the README: one JSON line per task —
//   {"task_id", "video_path", "category", "task_type": "present"|"cumulative"|"future",
//    "prompt", "captions": [{"second": 0, "caption": "…"}, …]}
// — the prompt is given once at t = 0; `captions` holds the ground truth for every second
// (a caption spanning several seconds is written once per second, as the paper annotates at 1 FPS).
import { z } from 'zod';
import type { MarkInput } from '../marks';
import { encoded, itemQuestion, type ExchangeItem, type FieldSource } from './items';

/** Stands for the id the task's question will get: dense captions belong to their task. */
export const OWN_QUESTION_TARGET = '$question';

export const vsasTaskSchema = z
  .object({
    task_id: z.string().min(1),
    video_path: z.string().min(1),
    category: z.string(),
    task_type: z.enum(['present', 'cumulative', 'future']),
    prompt: z.string().min(1),
    captions: z.array(z.object({ second: z.number().int().min(0), caption: z.string() }).strict()),
  })
  .strict()
  .superRefine((t, ctx) => {
    t.captions.forEach((c, i) => {
      if (i > 0 && c.second <= t.captions[i - 1]!.second) ctx.addIssue({ code: 'custom', path: ['captions', i, 'second'], message: 'seconds must increase' });
    });
  });
type VsasTask = z.infer<typeof vsasTaskSchema>;

export function vsasToItem(task: VsasTask): ExchangeItem {
  const question = itemQuestion({ taskCode: task.task_type, text: task.prompt, answerKind: 'text', temporalType: task.task_type, facets: task.category ? { category: task.category } : {} });
  const marks = task.captions.map((c) => ({
    mark: { type: 'caption', start: c.second, end: c.second + 1, target: OWN_QUESTION_TARGET, data: { text: c.caption } } as MarkInput,
    startText: null,
    endText: null,
  }));
  return {
    profile: 'vsas-bench',
    videoPath: task.video_path,
    sourceDataset: null,
    question,
    points: [{ time: encoded(0), answer: null, evidence: [], proactiveTime: null, windowStart: null }],
    marks,
    extra: { task_id: task.task_id },
  };
}

/** Item fields → record fields: mark j is the caption of captions[j]. */
export const vsasFieldSource = (): FieldSource => (path) => {
  const [part, a, b, c] = path;
  if (part === 'question') return a === 'text' ? ['prompt'] : a === 'facets' ? ['category'] : a === 'taskCode' || a === 'temporalType' ? ['task_type'] : null;
  if (part !== 'marks') return null;
  return b === 'data' && c === 'text' ? ['captions', a!, 'caption'] : b === 'start' || b === 'end' ? ['captions', a!, 'second'] : ['captions', a!];
};

/** One task; `index` names only an item handed in with no task_id (an export from a project gives each one: exportedBenchmarkIds). */
export function itemToVsas(item: ExchangeItem, index: number): VsasTask {
  const captions: VsasTask['captions'] = [];
  for (const { mark } of [...item.marks].sort((a, b) => a.mark.start - b.mark.start)) {
    if (mark.type !== 'caption') continue;
    for (let s = Math.floor(mark.start); s < Math.ceil(mark.end ?? mark.start + 1); s++) captions.push({ second: s, caption: mark.data.text });
  }
  return {
    task_id: typeof item.extra.task_id === 'string' ? item.extra.task_id : `task-${String(index).padStart(4, '0')}`,
    video_path: item.videoPath,
    category: item.question.facets.category ?? '',
    task_type: (item.question.temporalType ?? item.question.taskCode ?? 'present') as VsasTask['task_type'],
    prompt: item.question.text,
    captions,
  };
}
