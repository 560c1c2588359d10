// A run replayed on one video's timeline (each response with what the scorer made of it), and the
// responses across the project that came before their answer was knowable.
import { groupBy } from '../../../shared/collections';
import { runOrder } from '../../../shared/runs/query-order';
import { earlyBy, knowableAt, verdictOf, type EarlyResponse, type ReplayResponse } from '../../../shared/runs/replay';
import type { ModelResponse } from '../../../shared/runs/types';
import { scoreRun } from '../../../shared/scoring/score';
import type { QueryPoint, Question } from '../../../shared/questions';
import { benchmarkOf } from '../../../shared/benchmarks';
import type { AnnotationStore } from '../annotation/store';
import { storedJudgments } from './judgments';
import type { ProjectStores } from '../db/stores';
import type { Project } from '../projects/project';
import { Pacer } from '../pacer';
import type { RunStore } from './store';
import { profileItems, withResponses } from './scoring';
import { ServiceError } from '../errors';

const key = (questionId: string, query: number, t: number | null): string => `${questionId}\u0000${query}\u0000${t ?? 'offline'}`;

export function replayRun(project: Project, runId: string, videoId: string, judgeModel: string | null = null): Promise<ReplayResponse[]> {
  return project.snapshot((stores) => replayOn(stores, runId, videoId, judgeModel));
}

async function replayOn(stores: ProjectStores, runId: string, videoId: string, judgeModel: string | null): Promise<ReplayResponse[]> {
  const pacer = new Pacer();
  if (!(await stores.runs.get(runId))) throw new ServiceError('not-found', 'No such run (removed, or undone?).');
  const responses = await stores.runs.scan.responsesOfVideo(runId, videoId, pacer);
  const { scan } = stores.annotation;
  const questions = new Map((await scan.questionsOfVideo(videoId, pacer)).map((q) => [q.id, q]));
  const pointsBy = sortedPoints(await scan.queryPointsOfVideo(videoId, pacer));
  // what the scorer made of each response it scored, per profile of the video's questions
  const scored = new Map<string, Scored>();
  for (const profileId of new Set([...questions.values()].map((q) => q.profileId))) {
    const p = await profileItems(stores, profileId, videoId, pacer);
    const items = withResponses(p, responses);
    const score = scoreRun({ kind: p.profile.kind, name: p.profile.name, taxonomy: p.profile.taxonomy }, items, {});
    const { judge } = benchmarkOf(p.profile);
    const judged = judge && judgeModel ? await storedJudgments(stores.runs, judge, judgeModel, items, score) : null;
    const itemsById = new Map(items.map((i) => [i.item, i]));
    const questionOf = new Map(p.items.map(({ question, item }) => [item.item, question.id]));
    for (const item of score.items) {
      const questionId = questionOf.get(item.item);
      if (questionId === undefined) continue;
      await pacer.pace();
      const scoringItem = itemsById.get(item.item);
      for (const q of item.queries) {
        // looked up as the judge was asked (VSAS: by the second)
        const request = judge && scoringItem ? judge.request(scoringItem, item.item, q) : null;
        const judgment = (request && judged?.(request.item, request.query, request.second)) ?? null;
        scored.set(key(questionId, q.query, q.t), { verdict: verdictOf(q, judgment), extracted: q.extracted, rule: q.rule, judgment });
      }
    }
  }
  const out: ReplayResponse[] = [];
  for (const r of responses) {
    out.push(replayOf(r, questions.get(r.questionId), pointsBy.get(r.questionId) ?? [], scored.get(key(r.questionId, r.query, r.t))));
    await pacer.pace();
  }
  return out;
}

/** Query points by question, each question's in the order a response's "query" counts them (runOrder). */
function sortedPoints(points: readonly QueryPoint[]): Map<string, QueryPoint[]> {
  return new Map([...groupBy(points, (p) => p.questionId)].map(([questionId, list]) => [questionId, runOrder(list)]));
}

/** The query point a response answers (points in run order). */
const pointOf = (sortedPoints: readonly QueryPoint[], query: number): QueryPoint | undefined => sortedPoints[query];

type Scored = Pick<ReplayResponse, 'verdict' | 'extracted' | 'rule' | 'judgment'>;

function replayOf(r: ModelResponse, question: Question | undefined, points: readonly QueryPoint[], scored: Scored | undefined): ReplayResponse {
  const point = pointOf(points, r.query);
  const t = r.t ?? point?.time ?? 0;
  const knowable = question && point ? knowableAt(question, point) : null;
  const early = earlyBy(t, knowable);
  // on the lane, an answer before its answer was knowable is early, whatever the paper's scorer made of it
  // (an offline benchmark scores the first response as given); the rule still says how it was scored
  const verdict = early !== null && scored ? 'early' : (scored?.verdict ?? 'other');
  const rule = scored && early !== null && scored.verdict !== 'early' ? `${scored.rule ?? ''}; scored ${scored.verdict} by the paper's rule` : (scored?.rule ?? null);
  return {
    id: r.id,
    questionId: r.questionId,
    query: r.query,
    t,
    offline: r.t === null,
    verdict,
    extracted: scored?.extracted ?? null,
    rule,
    knowableAt: knowable,
    early,
    judgment: scored?.judgment ?? null,
  };
}

/** Responses that came before their answer was knowable, earliest first (by how early), across runs. */
export function earlyResponses(project: Project, runIds: readonly string[]): Promise<EarlyResponse[]> {
  return project.snapshot((stores) => earlyOn(stores.runs, stores.annotation, runIds));
}

async function earlyOn(store: RunStore, annotation: AnnotationStore, runIds: readonly string[]): Promise<EarlyResponse[]> {
  const { scan } = annotation;
  const pacer = new Pacer();
  const all = await store.list();
  const runs = runIds.length ? all.filter((r) => runIds.includes(r.id)) : all;
  const questions = new Map<string, Question>();
  const pointsBy = new Map<string, QueryPoint[]>();
  const load = async (videoId: string): Promise<void> => {
    for (const q of await scan.questionsOfVideo(videoId, pacer)) questions.set(q.id, q);
    for (const [qid, ps] of sortedPoints(await scan.queryPointsOfVideo(videoId, pacer))) pointsBy.set(qid, ps);
  };
  const loadedVideos = new Set<string>();
  const videoOf = await annotation.videoOfEveryQuestion();
  const out: EarlyResponse[] = [];
  for (const run of runs) {
    for (const r of await store.scan.responsesOfRun(run.id, pacer)) {
      if (!questions.has(r.questionId)) {
        const videoId = videoOf.get(r.questionId);
        if (videoId && !loadedVideos.has(videoId)) {
          loadedVideos.add(videoId);
          await load(videoId);
        }
      }
      const question = questions.get(r.questionId);
      if (!question) continue;
      const replay = replayOf(r, question, pointsBy.get(r.questionId) ?? [], undefined);
      if (replay.early !== null) out.push({ ...replay, verdict: 'early', runId: run.id, model: run.model, label: run.label, videoId: question.videoId, text: r.text });
      await pacer.pace();
    }
  }
  return out.sort((a, b) => b.early! - a.early!);
}
