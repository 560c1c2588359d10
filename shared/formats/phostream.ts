// PhoStream release JSON (formats §5, digest §2): a list of {video_path, verified_responses:[QA]};
// times are "MM:SS" or "M:SS"; timestamp_proactive exists exactly for forward questions.
import { z } from 'zod';
import { itemQuestion, type ExchangeItem, type FieldSource } from './items';
import { parseTime, reencodeTime, type EncodedTime } from './time-encoding';

const timeText = z.string().superRefine((v, ctx) => {
  const r = parseTime(v);
  if (!r.ok) ctx.addIssue({ code: 'custom', message: r.error });
});

const phostreamQaSchema = z
  .object({
    user_query: z.string().min(1),
    timestamp_question: timeText,
    timestamp_proactive: timeText.optional(),
    time_type: z.enum(['instant', 'backward', 'forward', 'future', 'proactive']),
    response: z.string(),
    capability: z.string().min(1),
    options: z.union([z.array(z.string()), z.record(z.string(), z.string())]).optional(),
  })
  .strict()
  .superRefine((qa, ctx) => {
    const forward = qa.time_type !== 'instant' && qa.time_type !== 'backward';
    if (forward && qa.timestamp_proactive === undefined) ctx.addIssue({ code: 'custom', path: ['timestamp_proactive'], message: 'a forward question needs timestamp_proactive' });
    if (!forward && qa.timestamp_proactive !== undefined) ctx.addIssue({ code: 'custom', path: ['timestamp_proactive'], message: `only forward questions have one (this one is ${qa.time_type})` }); // time_type is one of five words
  });

export const phostreamVideoSchema = z.object({ video_path: z.string().min(1), verified_responses: z.array(phostreamQaSchema) }).strict();
export const phostreamFileSchema = z.array(phostreamVideoSchema);
type PhostreamVideo = z.infer<typeof phostreamVideoSchema>;

/** The scenario is the first folder of the video path (digest §2.2). */
const PHOSTREAM_SCENARIOS: Record<string, string> = {
  youtube_dl_reencoded: 'YouTube Vlog',
  phone_class_reencoded: 'Phone Tutorial',
  record_file_reencoded: 'Phone Record',
  EgoBlind_reencoded: 'EgoBlind',
};

const time = (text: string): EncodedTime => (parseTime(text) as { ok: true; value: EncodedTime }).value;

export function phostreamToItems(video: PhostreamVideo): ExchangeItem[] {
  const scenario = PHOSTREAM_SCENARIOS[video.video_path.split('/')[0] ?? ''];
  return video.verified_responses.map((qa) => {
    // "future" and "proactive" are spellings of forward
    const temporalType = qa.time_type === 'instant' || qa.time_type === 'backward' ? qa.time_type : 'forward';
    const question = itemQuestion({ taskCode: qa.capability, text: qa.user_query, answerKind: 'text', temporalType, facets: scenario ? { scenario } : {} });
    return {
      profile: 'phostream',
      videoPath: video.video_path,
      sourceDataset: null,
      question,
      points: [{ time: time(qa.timestamp_question), answer: qa.response, evidence: [], proactiveTime: qa.timestamp_proactive ? time(qa.timestamp_proactive) : null, windowStart: null }],
      marks: [],
      // the spelling of the temporal type and any options are kept for a faithful re-export
      extra: { time_type: qa.time_type, ...(qa.options ? { options: qa.options } : {}) },
    };
  });
}

/** Item fields → record fields: item k of a video is its k-th verified response. */
export const phostreamFieldSource =
  (_video: PhostreamVideo, k: number): FieldSource =>
  ([part, a, b]) => {
    const qa = (field: string) => ['verified_responses', k, field];
    if (part === 'question') return a === 'text' ? qa('user_query') : a === 'taskCode' ? qa('capability') : a === 'temporalType' ? qa('time_type') : a === 'facets' ? ['video_path'] : null;
    if (part === 'points') return b === 'time' ? qa('timestamp_question') : b === 'proactiveTime' ? qa('timestamp_proactive') : b === 'answer' ? qa('response') : null;
    return null;
  };

/** Items back to the release JSON, grouped by video in first-seen order. */
export function itemsToPhostream(items: readonly ExchangeItem[]): PhostreamVideo[] {
  const videos = new Map<string, PhostreamVideo>();
  for (const item of items) {
    const point = [...item.points].sort((a, b) => a.time.seconds - b.time.seconds)[0];
    if (!point) continue;
    let video = videos.get(item.videoPath);
    if (!video) videos.set(item.videoPath, (video = { video_path: item.videoPath, verified_responses: [] }));
    const timeType =
      typeof item.extra.time_type === 'string' ? (item.extra.time_type as PhostreamVideo['verified_responses'][number]['time_type']) : ((item.question.temporalType ?? 'instant') as 'instant');
    const forward = item.question.temporalType === 'forward';
    video.verified_responses.push({
      user_query: item.question.text,
      timestamp_question: reencodeTime(point.time.seconds, point.time, 'mm:ss'),
      ...(forward && point.proactiveTime ? { timestamp_proactive: reencodeTime(point.proactiveTime.seconds, point.proactiveTime, 'mm:ss') } : {}),
      time_type: timeType,
      response: point.answer === null ? '' : String(point.answer),
      capability: item.question.taskCode ?? '',
      ...(item.extra.options ? { options: item.extra.options as Record<string, string> } : {}),
    });
  }
  return [...videos.values()];
}
