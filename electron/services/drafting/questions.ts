// Candidate questions, PhoStream's pipeline (digest steps 4–6): the stream cut into segments; each
// segment summarised from its own frames; candidate QA pairs for each segment from the summaries so
// far and the segment's frames — question, options, answer, temporal type, query time, proactive
// time for forward questions, evidence; then each candidate's cutoff check: the model shown only the
// video up to the cutoff (t_q, or T_p for forward) says whether the answer is supported there.
// Unsupported ones are flagged "post-cutoff reliance" (a lint), not deleted. Every request sees
// frames up to the second it is about and never later.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Caller } from '../../../shared/domain';
import type { Draft, DraftProvenance } from '../../../shared/drafting/drafts';
import type { RequestShape } from '../../../shared/drafting/estimate';
import { framesFor } from '../../../shared/drafting/memory-policy';
import type { DraftOutcome, QuestionRun } from '../../../shared/drafting/runs';
import { taxonomyLeaves, type Profile } from '../../../shared/profiles';
import { OPTION_LETTERS, prefixEnd, queryPointFieldsSchema, questionFieldsSchema, type QueryPoint, type Question, type QuestionFields } from '../../../shared/questions';
import { givenBenchmarkId } from '../annotation/benchmark-ids';
import { ServiceError } from '../errors';
import type { Project } from '../projects/project';
import { stretchesToDo, type RunVideo, type Stretch } from './run-video';
import type { Answer, DraftSession } from '../llm/session';

const SUMMARY_PROMPT = {
  template: 'segment-summary',
  version: 1,
  system: 'You watch one segment of a video stream. Summarise the scene and write a coarse step-by-step script of what happens, from the frames only.',
} as const;

const CANDIDATE_PROMPT = {
  template: 'candidate-questions',
  version: 1,
  system:
    'You write questions for a streaming-video benchmark. A question is asked at a query time and must be answerable from the video up to then (instant: the current 1–2 seconds; backward: earlier content) or, for forward questions, only once its evidence appears at the proactive time. Use only what the summaries and frames show.',
} as const;

const CUTOFF_PROMPT = {
  template: 'cutoff-check',
  version: 1,
  system:
    'You check a benchmark question against a video you see only up to a cutoff second. Say whether the given answer is fully supported by these frames alone; if it needs anything after the cutoff, or the frames contradict it, it is not supported.',
} as const;

const summarySchema = z.object({ summary: z.string().trim().min(1).max(4_000), steps: z.array(z.string().max(500)).max(50) }).strict();
const candidateSchema = z
  .object({
    questions: z
      .array(
        z
          .object({
            question: z.string().trim().min(1).max(2_000),
            options: z.array(z.string().trim().min(1).max(500)).max(7),
            answer: z.string().trim().min(1).max(2_000),
            temporalType: z.string().nullable(),
            taskCode: z.string().nullable(),
            queryTime: z.number().min(0),
            proactiveTime: z.number().min(0).nullable(),
            evidence: z.array(z.object({ start: z.number().min(0), end: z.number().min(0) }).strict()).max(10),
          })
          .strict(),
      )
      .max(20),
  })
  .strict();
type Candidate = z.infer<typeof candidateSchema>['questions'][number];
const checkSchema = z.object({ supported: z.boolean(), reason: z.string().max(1_000) }).strict();

type Segment = Stretch;

interface QuestionPlan {
  profile: Profile;
  segments: Segment[];
  skipped: number;
  requests: RequestShape[];
}

const summaryFrames = (run: QuestionRun, s: Segment): number[] => framesFor('u', s.last - s.first, run.k).map((t) => t + s.first);

export async function planQuestions(project: Project, run: QuestionRun, video: RunVideo): Promise<QuestionPlan> {
  const profile = await project.stores.profiles.get(run.profileId);
  if (!profile) throw new ServiceError('not-found', `No profile ${run.profileId} in this project.`);
  if (profile.rules.denseCaptions || profile.rules.counting)
    throw new ServiceError('invalid-request', `${profile.name} items are not multiple-choice or open questions; draft captions or events for it instead.`);
  const done = (await project.stores.drafting.ofTarget(run.videoId, 'question', run.profileId)).filter((d) => d.status !== 'failed').map((d) => d.at);
  const { stretches: segments, skipped } = stretchesToDo(run.from, video.seconds(run.to), run.segmentSeconds, done);
  const requests: RequestShape[] = [];
  for (const [i, s] of segments.entries()) {
    requests.push({ frames: summaryFrames(run, s).length, promptChars: SUMMARY_PROMPT.system.length + 200, outputTokens: 300 });
    requests.push({ frames: framesFor(run.policy, s.last, run.k).length, promptChars: CANDIDATE_PROMPT.system.length + 1_500 + 1_200 * (i + 1), outputTokens: 250 * run.perSegment });
    for (let q = 0; q < run.perSegment; q++) requests.push({ frames: framesFor(run.policy, s.last, run.k).length, promptChars: CUTOFF_PROMPT.system.length + 600, outputTokens: 60 });
  }
  return { profile, segments, skipped, requests };
}

function candidateText(run: QuestionRun, profile: Profile, segment: Segment, history: readonly string[], frameTimes: readonly number[]): string {
  const kinds = profile.rules.answerKinds.includes('choice') ? 'multiple choice with 4 options (the answer is the option letter A–D)' : 'open-ended (options empty, the answer in words)';
  const types = profile.rules.temporalTypes.length ? `Temporal type, one of: ${profile.rules.temporalTypes.join(', ')}.` : 'Temporal type: null.';
  const codes = taxonomyLeaves(profile.taxonomy).map(({ node }) => `${node.code} ${node.name}`);
  return [
    `Write up to ${run.perSegment} questions for the ${profile.name} benchmark about seconds ${segment.first}–${segment.last + 1} of the stream, ${kinds}. ${types}`,
    codes.length ? `Task codes: ${codes.join('; ')}.` : 'Task code: null.',
    `Query time and, for forward questions, proactive time (later than the query time) are seconds between ${segment.first} and ${segment.last + 1}; evidence intervals lie at or before ${segment.last + 1}.`,
    `Scene summaries so far:\n${history.map((h, i) => `${i + 1}. ${h}`).join('\n')}`,
    `Frames (seconds): ${frameTimes.join(', ')}.`,
  ].join('\n');
}

/** A candidate as a question and its query point, or why it cannot be one. */
function toQuestion(run: QuestionRun, profile: Profile, segment: Segment, c: Candidate): { fields: QuestionFields; point: Omit<QueryPoint, 'id' | 'questionId'> } | { problem: string } {
  const end = segment.last + 1;
  const choice = profile.rules.answerKinds.includes('choice') && c.options.length >= 2;
  const options = choice ? Object.fromEntries(c.options.slice(0, profile.rules.maxOptions).map((o, i) => [OPTION_LETTERS[i]!, o])) : {};
  const answer = choice ? c.answer.trim().toUpperCase().slice(0, 1) : c.answer;
  if (choice && !(answer in options)) return { problem: `the answer "${c.answer}" is not one of the options` };
  const temporalType = c.temporalType && (profile.rules.temporalTypes as string[]).includes(c.temporalType) ? c.temporalType : null;
  if (c.queryTime < segment.first || c.queryTime > end) return { problem: `the query time ${c.queryTime} s is outside the segment ${segment.first}–${end} s` };
  const forward = temporalType === 'forward';
  if (forward && (c.proactiveTime === null || c.proactiveTime <= c.queryTime || c.proactiveTime > end))
    return { problem: 'a forward question needs a proactive time after its query time, within the segment' };
  const evidence = c.evidence.map((e) => [e.start, e.end] as [number, number]);
  if (evidence.some(([s, e]) => e < s || e > end)) return { problem: `an evidence interval ends before it starts or after second ${end}` };
  const taskCode = c.taskCode && taxonomyLeaves(profile.taxonomy).some(({ node }) => node.code === c.taskCode) ? c.taskCode : null;
  const fields = questionFieldsSchema.parse({ profileId: profile.id, taskCode, text: c.question, answerKind: choice ? 'choice' : 'text', options, temporalType });
  const point = queryPointFieldsSchema.parse({ time: c.queryTime, answer, evidence, proactiveTime: forward ? c.proactiveTime : null });
  return { fields, point };
}

/** The fields a candidate's model drafted, marked so until a person accepts or edits them. */
const DRAFTED_FIELDS = ['taskCode', 'text', 'answerKind', 'options', 'temporalType'] as const;

export async function draftQuestions(project: Project, caller: Caller, session: DraftSession, video: RunVideo, run: QuestionRun): Promise<DraftOutcome> {
  const plan = await planQuestions(project, run, video);
  session.outcome.skipped = plan.skipped;
  const frames = await video.frames(run.height);
  const images = (times: readonly number[]): string[] => times.map((t) => frames.dataUrl(t));
  const cost = (i: number): number => video.requestCost(plan.requests[i]!, run.height);
  const perSegment = 2 + run.perSegment;
  // 1. summaries, each from its own segment's frames (several at once)
  const summaries: Array<string | null> = plan.segments.map(() => null);
  await session.each(
    plan.segments.map((s, i) => ({ s, i })),
    session.endpoint.settings.concurrency,
    (done, total) => `Summarised ${done} of ${total} segments`,
    async ({ s, i }) => {
      const frameTimes = summaryFrames(run, s);
      const answer = await session.ask(
        SUMMARY_PROMPT,
        { text: `Segment: seconds ${s.first}–${s.last + 1}.\nFrames (seconds): ${frameTimes.join(', ')}.`, images: images(frameTimes) },
        summarySchema,
        'summary',
        cost(i * perSegment),
      );
      if (answer?.ok) summaries[i] = `${answer.value.summary}${answer.value.steps.length ? ` Steps: ${answer.value.steps.join('; ')}` : ''}`;
    },
  );
  // 2 and 3. candidates per segment from the summaries so far, each then checked at its cutoff
  return session.each(
    plan.segments.map((s, i) => ({ s, i })),
    session.endpoint.settings.concurrency,
    (done, total) => `Drafted questions for ${done} of ${total} segments`,
    async ({ s, i }) => {
      const history = summaries.slice(0, i + 1).map((h, j) => h ?? `(segment ${j + 1} has no summary)`);
      const frameTimes = framesFor(run.policy, s.last, run.k);
      const answer = await session.ask(
        CANDIDATE_PROMPT,
        { text: candidateText(run, plan.profile, s, history, frameTimes), images: images(frameTimes) },
        candidateSchema,
        'candidates',
        cost(i * perSegment + 1),
      );
      if (!answer) return;
      const how = { policy: run.policy, k: run.k, frameTimes };
      const base = (share: number): DraftProvenance => ({ ...session.provenance(CANDIDATE_PROMPT, answer, { ...how, drafted: null }, share), history });
      if (!answer.ok) return void (await store(project, caller, run, s, [{ provenance: base(1), made: null }], session));
      const candidates = answer.value.questions.slice(0, run.perSegment);
      if (candidates.length === 0) return void (await store(project, caller, run, s, [{ provenance: base(1), made: null, empty: true }], session));
      const made: StoredCandidate[] = [];
      for (const [q, c] of candidates.entries()) {
        const share = 1 / candidates.length;
        const converted = toQuestion(run, plan.profile, s, c);
        if ('problem' in converted) {
          made.push({ provenance: { ...base(share), error: `Candidate ${q + 1}: ${converted.problem}.`, drafted: c.question }, made: null });
          continue;
        }
        const check = await cutoffCheck(session, run, frames.dataUrl, converted, cost(i * perSegment + 2 + q));
        made.push({ provenance: { ...base(share), drafted: c.question, check: check?.provenance ?? null }, made: converted, supported: check?.supported ?? null, reason: check?.reason ?? '' });
      }
      await store(project, caller, run, s, made, session);
    },
  );
}

interface StoredCandidate {
  provenance: DraftProvenance;
  made: { fields: QuestionFields; point: Omit<QueryPoint, 'id' | 'questionId'> } | null;
  empty?: boolean;
  supported?: boolean | null;
  reason?: string;
}

/** The cutoff check: the candidate and the frames up to its cutoff only; null when the run stopped first. */
async function cutoffCheck(session: DraftSession, run: QuestionRun, frame: (t: number) => string, c: { fields: QuestionFields; point: Omit<QueryPoint, 'id' | 'questionId'> }, estimatedUsd: number) {
  const cutoff = prefixEnd(c.point, c.fields);
  const frameTimes = framesFor(run.policy, cutoff, run.k);
  const options = Object.entries(c.fields.options)
    .map(([l, o]) => `${l}. ${o}`)
    .join('\n');
  const text = `Cutoff: second ${cutoff}. Frames (seconds): ${frameTimes.join(', ')}.\nQuestion (asked at second ${c.point.time}): ${c.fields.text}${options ? `\n${options}` : ''}\nAnswer: ${String(c.point.answer)}`;
  const answer: Answer<z.infer<typeof checkSchema>> | null = await session.ask(CUTOFF_PROMPT, { text, images: frameTimes.map(frame) }, checkSchema, 'cutoff_check', estimatedUsd);
  if (!answer) return null;
  const supported = answer.ok ? answer.value.supported : null;
  const reason = answer.ok ? answer.value.reason : answer.error;
  return {
    supported,
    reason,
    provenance: { cutoff, supported, reason, frameTimes, inputTokens: answer.usage.inputTokens, outputTokens: answer.usage.outputTokens, costUsd: answer.costUsd, raw: answer.raw },
  };
}

/** One segment's candidates in one edit: each question and its query point, with its draft. */
async function store(project: Project, caller: Caller, run: QuestionRun, segment: Segment, candidates: readonly StoredCandidate[], session: DraftSession): Promise<void> {
  const now = new Date().toISOString();
  await project.edit(caller.person, `Draft questions ${segment.first}–${segment.last + 1}s`, async (w) => {
    for (const c of candidates) {
      let madeId: string | null = null;
      if (c.made) {
        const checked =
          c.supported === undefined || c.supported === null
            ? null
            : { cutoff: prefixEnd(c.made.point, c.made.fields), supported: c.supported, reason: c.reason ?? '', model: session.endpoint.model, at: now };
        const question: Question = {
          ...(await givenBenchmarkId(w, c.made.fields)),
          ...(checked ? { modelChecks: { cutoff: checked, textOnly: null } } : {}),
          id: randomUUID(),
          videoId: run.videoId,
          provenance: Object.fromEntries(DRAFTED_FIELDS.map((f) => [f, 'model'])),
          createdBy: caller.person,
          updatedAt: now,
        };
        await w.annotation.addQuestion(question, now);
        await w.annotation.addQueryPoints([{ ...c.made.point, id: randomUUID(), questionId: question.id }]);
        madeId = question.id;
        if (c.supported === false) session.outcome.flagged++;
      }
      const status: Draft['status'] = c.made ? 'draft' : c.empty ? 'empty' : 'failed';
      const draft: Draft = {
        id: randomUUID(),
        videoId: run.videoId,
        kind: 'question',
        target: run.profileId,
        at: segment.last,
        madeId,
        status,
        provenance: c.provenance,
        createdAt: now,
        decidedBy: null,
        decidedAt: null,
      };
      await w.drafting.add(draft);
      if (c.made) session.outcome.drafted++;
      else if (!c.empty) session.outcome.failed++;
    }
  });
}
