// Scoring runs as the papers do (shared/scoring): the project's questions of a profile turned into
// scoring items — answers resolved (each query point's answer key, a VSAS task's captions a second
// at a time), each named by the id its format exports — with a run's responses to them.
import { benchmarkOf } from '../../../shared/benchmarks';
import { groupBy } from '../../../shared/collections';
import { answerKey } from '../../../shared/answer-key';
import { markEnd, type Mark } from '../../../shared/marks';
import type { Profile } from '../../../shared/profiles';
import type { QueryPoint, Question } from '../../../shared/questions';
import { compareRules } from '../../../shared/scoring/compare';
import { scoreRun, type ScoreOptions } from '../../../shared/scoring/score';
import type { RunScore, ScoringItem } from '../../../shared/scoring/types';
import { listedResponse } from '../../../shared/runs/formats/reading';
import { runOrder } from '../../../shared/runs/query-order';
import type { ModelResponse, ModelRun, RunScoreView } from '../../../shared/runs/types';
import type { ProjectStores } from '../db/stores';
import { ServiceError } from '../errors';
import type { Project } from '../projects/project';
import { storedJudgments } from './judgments';
import { exportedIds } from './matching';
import { Pacer } from '../pacer';
import type { RunStore } from './store';

/** The points a question is scored at: its query points with answers resolved, or a VSAS task's seconds. */
function scoringPoints(profile: Profile, q: Question, points: readonly QueryPoint[], marks: readonly Mark[]): ScoringItem['points'] {
  if (profile.rules.denseCaptions) {
    const seconds: ScoringItem['points'] = [];
    for (const m of marks) {
      if (m.type !== 'caption' || m.target !== q.id) continue;
      for (let s = Math.ceil(m.start - 1e-9); s < markEnd(m) - 1e-9; s++) seconds.push({ time: s, answer: m.data.text, proactiveTime: null, evidence: [], windowStart: null });
    }
    return seconds.sort((a, b) => a.time - b.time);
  }
  // the answer key (shared/answer-key.ts): the stored answer — an imported file's count as it gave it —
  // and only where none is stored (authored by marking) the count the marks give
  return points.map((p) => ({ time: p.time, answer: answerKey(q, p, marks).answer, proactiveTime: p.proactiveTime, evidence: p.evidence, windowStart: p.windowStart }));
}

interface ProfileItems {
  profile: Profile;
  /** Each question's item without responses, in the profile's order. */
  items: Array<{ question: Question; item: Omit<ScoringItem, 'responses'> }>;
}

/**
 * A profile's questions as scoring items (or one video's), read a slice at a time — call inside a
 * snapshot (`project.snapshot`): paced reads hold their connection while they iterate.
 */
async function profileItems(stores: ProjectStores, profileId: string, videoId: string | null, pacer: Pacer): Promise<ProfileItems> {
  const { scan } = stores.annotation;
  const profile = await stores.profiles.get(profileId);
  if (!profile) throw new ServiceError('not-found', `No profile ${profileId} in this project.`);
  const questions = videoId === null ? await scan.questionsOfProfile(profileId, pacer) : (await stores.annotation.questionsOfVideo(videoId)).filter((q) => q.profileId === profileId);
  const benchmark = benchmarkOf(profile);
  // one video's questions are named as the export of the whole profile names them: a question made
  // before ids were given is numbered past every id the profile keeps (read only when there is one)
  const idless = videoId !== null && benchmark.idField !== null && questions.some((q) => q.origin?.extra[benchmark.idField!] === undefined);
  const ids = await exportedIds(stores, benchmark, idless ? await scan.questionsOfProfile(profileId, pacer) : questions);
  // only counting questions and caption tasks read their answers from marks
  const needsMarks = profile.rules.counting || profile.rules.denseCaptions;
  const items: ProfileItems['items'] = [];
  for (const [vid, ofVideo] of groupBy(questions, (q) => q.videoId)) {
    const pointsBy = groupBy(await scan.queryPointsOfVideo(vid, pacer), (p) => p.questionId);
    const marks = needsMarks ? await scan.marksOfVideo(vid, pacer) : [];
    for (const q of ofVideo) {
      const points = runOrder(pointsBy.get(q.id) ?? []);
      items.push({ question: q, item: { item: ids.get(q.id) ?? q.id, question: q, points: scoringPoints(profile, q, points, marks) } });
      await pacer.pace();
    }
  }
  return { profile, items };
}

function withResponses(p: ProfileItems, responses: readonly ModelResponse[]): ScoringItem[] {
  const byQuestion = groupBy(responses, (r) => r.questionId);
  return p.items.map(({ question, item }) => ({
    ...item,
    responses: (byQuestion.get(question.id) ?? []).map((r) => {
      const list = listedResponse(r.meta);
      return { query: r.query, t: r.t, text: r.text, ...(r.latency !== null ? { latency: r.latency } : {}), ...(list ? { list } : {}) };
    }),
  }));
}

/**
 * A run's score; for a judged profile with the judgments stored for `judgeModel` (what the run leaves
 * to a judge is read off its score without them, then looked up).
 */
async function scoreItems(runs: RunStore, p: ProfileItems, items: readonly ScoringItem[], options: ScoreOptions, judgeModel: string | null): Promise<RunScore> {
  const profile = { kind: p.profile.kind, name: p.profile.name, taxonomy: p.profile.taxonomy };
  const judge = benchmarkOf(p.profile).judge;
  // scored beside by the other rules (and strictly where a lenient release rule reads it: compare.ts)
  const compared = (score: RunScore, o: ScoreOptions): RunScore => ({ ...score, comparisons: compareRules(profile, items, o, score) });
  if (!judge || judgeModel === null || options.judgments) return compared(scoreRun(profile, items, options), options);
  const judgments = await storedJudgments(runs, judge, judgeModel, items, scoreRun(profile, items, options));
  const score = compared(scoreRun(profile, items, { ...options, judgments }), { ...options, judgments });
  const { judged, repeated, meanStd } = judgments.spread;
  if (judged > 0)
    score.notes.push(
      `Judged by ${judgeModel} (${judge.prompt.template} v${judge.prompt.version}): ${judged} answers${repeated ? `, ${repeated} judged more than once, their scores varying by ${meanStd.toFixed(2)} (mean standard deviation)` : ''}.`,
    );
  return score;
}

/** Scores runs (all of the project's when none are named) on a profile's questions, reading a slice at a time. */
export function scoreRuns(project: Project, profileId: string, runIds: readonly string[], options: ScoreOptions = {}, judgeModel: string | null = null): Promise<RunScoreView[]> {
  return project.snapshot(async (stores) => {
    const pacer = new Pacer();
    const store = stores.runs;
    const p = await profileItems(stores, profileId, null, pacer);
    const runs: ModelRun[] = runIds.length ? await Promise.all(runIds.map(async (id) => (await store.get(id)) ?? notFound(id))) : await store.list();
    const scores: RunScoreView[] = [];
    for (const run of runs) {
      const items = withResponses(p, await store.scan.responsesOfRun(run.id, pacer));
      await pacer.pace();
      scores.push({ ...(await scoreItems(store, p, items, options, judgeModel)), runId: run.id, model: run.model, label: run.label });
      await pacer.pace();
    }
    return scores;
  });
}

function notFound(id: string): never {
  throw new ServiceError('not-found', `No run ${id} (removed, or undone?).`);
}

export { profileItems, withResponses, type ProfileItems };
