// Which question a run's "item" names: the Tidemark question id, or the id its benchmark format
// exports — OVO-S and VCBench "id", RTV "questionID", VSAS "task_id" (kept from the imported file),
// PhoStream "<video_path>#<index in verified_responses>" (the question's place among its video's
// PhoStream questions, in the order the export writes them).
// A line whose item is missing or unknown but that gives its video and query time is matched to the
// question of that video asked then (within a tolerance) — only when exactly one is; a known item
// whose query point is not at the line's query time is looked for the same way, as ids are not
// always what they seem (VCBench's eval ids name other questions of its data file). A line whose
// results give a ground truth (OVO-Bench) that is not its question's key is given to the twin whose key
// it is, if exactly one. A run's "query" counts a question's points in the benchmark file's order where
// the import kept it (runOrder), else in time order.
import { basename } from 'node:path';
import { benchmarkOf, type Benchmark } from '../../../shared/benchmarks';
import { groupBy } from '../../../shared/collections';
import { exportedBenchmarkIds } from '../../../shared/formats/benchmark-ids';
import { benchmarkIdOf } from '../../../shared/formats/items';
import type { Answer, QueryPoint, Question } from '../../../shared/questions';
import { runOrder } from '../../../shared/runs/query-order';
import type { RunLine } from '../../../shared/runs/run-file';
import type { ProjectStores } from '../db/stores';
import type { Pacer } from '../pacer';

interface MatchedItem {
  question: Question;
  /** How many query points it has (a response's "query" must be one of them). */
  points: number;
}

/**
 * A line's question and query point — with a note when it is not quite what the line says (matched to
 * a twin by its ground truth, or its ground truth not the key) — or why it has none (the field at
 * fault and the reason).
 */
type LineMatch = { matched: MatchedItem; query: number; note?: string } | { field: string; reason: string };

/** How far (s) a line's query time may be from the query point it names or finds. */
export const DEFAULT_TOLERANCE = 0.5;

interface ItemIndex {
  get(item: string): Promise<MatchedItem | undefined>;
  /** The id a question's benchmark format exports it under (what a run file names), else its own id. */
  exportedId(questionId: string): string;
  /** The question and query point a run line answers: by its item, else by its video and query time. */
  match(line: Pick<RunLine, 'item' | 'query' | 'video' | 'question' | 'queryTime' | 'meta'>, tolerance?: number): Promise<LineMatch>;
}

/** The video path a question's file named (PhoStream's run ids name it), or its video's own path. */
const benchmarkPath = (q: Question, paths: ReadonlyMap<string, string>): string => {
  const extraPath = q.origin?.extra.videoPath;
  return typeof extraPath === 'string' ? extraPath : (paths.get(q.videoId) ?? q.videoId);
};

/**
 * The ids one profile's questions are exported under, given all of them in the order they were made:
 * PhoStream's "<path>#<index>" (the question's place among its path's), else the id the export writes
 * (exportedBenchmarkIds: its kept id, or the one an export gives a question made before ids were), else
 * the question's own id.
 */
function exportedIdsOf(benchmark: Benchmark, questions: readonly Question[], paths: ReadonlyMap<string, string>): Map<string, string> {
  if (benchmark.runNames === 'path-index') {
    const counted = new Map<string, number>();
    return new Map(
      questions.map((q) => {
        const path = benchmarkPath(q, paths);
        const index = counted.get(path) ?? 0;
        counted.set(path, index + 1);
        return [q.id, `${path}#${index}`];
      }),
    );
  }
  const ids = exportedBenchmarkIds(benchmark.kind, questions);
  return new Map(questions.map((q, i) => [q.id, ids[i] === null || ids[i] === undefined ? q.id : String(ids[i])]));
}

/** The ids one profile's questions are exported under (`questions`: all of the profile's, in the order they were made). */
export async function exportedIds(stores: ProjectStores, benchmark: Benchmark, questions: readonly Question[]): Promise<Map<string, string>> {
  return exportedIdsOf(benchmark, questions, new Map((await stores.videos.list()).map((v) => [v.id, v.relPath])));
}

const seconds = (t: number): string => String(Math.round(t * 1000) / 1000);
const normalPath = (path: string): string =>
  path
    .trim()
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '');

/**
 * The index over the questions `stores` reads (the committed ones, or an edit's), made letting other
 * requests in through `pacer`: a project of tens of thousands of questions takes longer than a slice.
 */
export async function itemIndex(stores: ProjectStores, pacer: Pacer): Promise<ItemIndex> {
  const benchmarks = new Map((await stores.profiles.list()).map((p) => [p.id, benchmarkOf(p)]));
  const streamingBenchIndex = new Map<string, number>();
  const videos = await stores.videos.list();
  const paths = new Map(videos.map((v) => [v.id, v.relPath]));
  const byKey = new Map<string, Question>();
  const questions = await stores.annotation.scan.questions(pacer);
  // the points are read as a line asks for them, a question's (or a video's) once: a run names a few
  // of a big project's questions, reading them all up front would cost more
  const points = stores.annotation;
  const exported = new Map<string, string>();
  for (const [profileId, ofProfile] of groupBy(questions, (q) => q.profileId)) {
    for (const [q, id] of exportedIdsOf(benchmarks.get(profileId) ?? benchmarkOf({ kind: 'custom' }), ofProfile, paths)) exported.set(q, id);
    await pacer.pace();
  }
  const pathsSeen = new Set<string>();
  /** The paths a video is named by (its own, and those the files its questions came from used) → its ids. */
  const videoNames = new Map<string, Set<string>>();
  const nameVideo = (path: string, videoId: string) => {
    const name = normalPath(path);
    if (name) videoNames.set(name, (videoNames.get(name) ?? new Set()).add(videoId));
  };
  for (const v of videos) nameVideo(v.relPath, v.id);
  /** PhoStream videos in the order the export writes them: "#n" (1-based, a run's sample_id) names the n-th. */
  const pathIndexedVideos: string[] = [];
  for (const q of questions) {
    byKey.set(q.id, q);
    const benchmark = benchmarks.get(q.profileId) ?? benchmarkOf({ kind: 'custom' });
    const id = benchmarkIdOf({ profile: benchmark.kind, extra: q.origin?.extra ?? {} });
    if (id !== null && !byKey.has(id)) byKey.set(id, q);
    const extraPath = q.origin?.extra.videoPath;
    if (typeof extraPath === 'string') nameVideo(extraPath, q.videoId);
    const pathIndexed = benchmark.runNames === 'path-index';
    if (pathIndexed && !pathsSeen.has(benchmarkPath(q, paths))) {
      pathsSeen.add(benchmarkPath(q, paths));
      pathIndexedVideos.push(q.videoId);
    }
    const exportedId = exported.get(q.id)!;
    if (pathIndexed) byKey.set(exportedId, q);
    // an id the export gave a question made before ids were (a kept id names its question first)
    else if (!byKey.has(exportedId)) byKey.set(exportedId, q);
    // "<video_path>#<n>": the place a StreamingBench run file's answer has (it sits in its question):
    // questions asked at one time of one video are told apart by it, as the release tells them apart
    const streamingPath = q.origin?.extra.video_path;
    if (benchmark.runNames === 'path-place' && typeof streamingPath === 'string') {
      const path = normalPath(streamingPath);
      const n = streamingBenchIndex.get(path) ?? 0;
      streamingBenchIndex.set(path, n + 1);
      if (!byKey.has(`${path}#${n}`)) byKey.set(`${path}#${n}`, q);
    }
    await pacer.pace();
  }
  /** A question's points in the order a run's "query" counts them: their times and stored answers. */
  const pointsOfQuestion = new Map<string, Array<Pick<QueryPoint, 'time' | 'answer'>>>();
  const runPoints = async (questionId: string): Promise<Array<Pick<QueryPoint, 'time' | 'answer'>>> => {
    if (!pointsOfQuestion.has(questionId)) pointsOfQuestion.set(questionId, runOrder(await points.queryPointsOfQuestion(questionId)));
    return pointsOfQuestion.get(questionId)!;
  };
  const timesOf = async (questionId: string): Promise<number[]> => (await runPoints(questionId)).map((p) => p.time);
  const get = async (item: string): Promise<MatchedItem | undefined> => {
    const question = byKey.get(item);
    return question && { question, points: (await runPoints(question.id)).length };
  };

  /** Questions by video, for finding a question's twins (built when first needed). */
  let questionsByVideo: Map<string, Question[]> | null = null;
  const stored = (answer: Answer): string | null => (answer === null ? null : String(answer).trim().toLowerCase());
  /**
   * A line whose results give a ground truth that is not its question's key: the one other question
   * of the video with the same task and text whose key at that query point it is (OVO-Bench's results
   * give a twin — the same question asked at another time — its sibling's id), else its own question
   * with a note that the key differs (the key is what the project stores, never the results').
   */
  const checkGroundTruth = async (matched: MatchedItem, query: number, item: string, groundTruth: string): Promise<LineMatch> => {
    const answer = (await runPoints(matched.question.id))[query]?.answer ?? null;
    const key = stored(answer);
    if (key === null || key === groundTruth.trim().toLowerCase()) return { matched, query };
    questionsByVideo ??= groupBy(questions, (q) => q.videoId);
    const q = matched.question;
    const twins: Question[] = [];
    for (const t of questionsByVideo.get(q.videoId) ?? []) {
      const alike = t.id !== q.id && t.profileId === q.profileId && t.taskCode === q.taskCode && t.text.trim() === q.text.trim();
      if (alike && stored((await runPoints(t.id))[query]?.answer ?? null) === groundTruth.trim().toLowerCase()) twins.push(t);
    }
    if (twins.length === 1) {
      const twin = twins[0]!;
      return {
        matched: (await get(twin.id))!,
        query,
        note: `question "${item}" has the key ${String(answer)}, the line's ground truth is ${groundTruth}: matched to question "${exported.get(twin.id) ?? twin.id}", the same question of the same video whose key it is`,
      };
    }
    return {
      matched,
      query,
      note: `question "${item}" has the key ${String(answer)}, the line's ground truth is ${groundTruth}${twins.length > 1 ? ` (as it is of ${twins.length} questions asked the same)` : ''}: scored against the key`,
    };
  };

  /** The video a run names: by path (also as the tail of a longer path), else by file name; or why not. */
  const videoCache = new Map<string, string | { reason: string }>();
  const findVideo = (name: string): string | { reason: string } => {
    const cached = videoCache.get(name);
    if (cached) return cached;
    const wanted = normalPath(name);
    let found: Set<string> | undefined;
    const sample = /^#(\d+)$/.exec(wanted);
    if (sample) {
      const videoId = pathIndexedVideos[Number(sample[1]) - 1];
      found = new Set(videoId ? [videoId] : []);
    } else {
      found = videoNames.get(wanted);
      if (!found) {
        // the longest known path the name ends with ("/data/PhoStream/a/b.mp4" → "a/b.mp4")
        const tails = [...videoNames.keys()].filter((p) => wanted.endsWith(`/${p}`)).sort((a, b) => b.length - a.length);
        found = tails[0] === undefined ? undefined : videoNames.get(tails[0]);
      }
      if (!found) {
        const file = basename(wanted);
        found = new Set([...videoNames].filter(([p]) => basename(p) === file).flatMap(([, ids]) => [...ids]));
      }
    }
    const ids = [...found];
    const result =
      ids.length === 1
        ? ids[0]!
        : {
            reason:
              ids.length === 0
                ? sample
                  ? `the project has no PhoStream video #${sample[1]} (its ${pathIndexedVideos.length} are numbered in the order they were imported)`
                  : 'no video of the project has this path or file name'
                : `${ids.length} videos of the project have this file name: give its path`,
          };
    videoCache.set(name, result);
    return result;
  };

  /** Each query point of a video's questions: its question, its index among the question's points, its time. */
  const pointsCache = new Map<string, Array<{ questionId: string; query: number; time: number }>>();
  const pointsOfVideo = async (videoId: string) => {
    let ofVideo = pointsCache.get(videoId);
    if (!ofVideo) {
      ofVideo = [...groupBy(await points.queryPointsOfVideo(videoId), (p) => p.questionId)].flatMap(([questionId, ofQuestion]) =>
        runOrder(ofQuestion).map((p, query) => ({ questionId, query, time: p.time })),
      );
      pointsCache.set(videoId, ofVideo);
    }
    return ofVideo;
  };

  const atTime = async (video: string, queryTime: number, tolerance: number): Promise<LineMatch> => {
    const videoId = findVideo(video);
    if (typeof videoId !== 'string') return { field: 'video', reason: `${video}: ${videoId.reason}` };
    const points = await pointsOfVideo(videoId);
    const near = points.filter((p) => Math.abs(p.time - queryTime) <= tolerance + 1e-9);
    const at = `at ${seconds(queryTime)} s ± ${seconds(tolerance)} s`;
    if (near.length === 1) return { matched: (await get(near[0]!.questionId))!, query: near[0]!.query };
    if (near.length === 0) {
      const nearest = points.reduce<number | null>((best, p) => (best === null || Math.abs(p.time - queryTime) < Math.abs(best - queryTime) ? p.time : best), null);
      return { field: 'queryTime', reason: `no question of ${video} is asked ${at}${nearest === null ? ' (it has none)' : ` (the nearest at ${seconds(nearest)} s)`}` };
    }
    const questions = new Set(near.map((p) => p.questionId)).size;
    return { field: 'queryTime', reason: questions > 1 ? `${questions} questions of ${video} are asked ${at}` : `a question of ${video} has ${near.length} query points ${at}` };
  };

  /**
   * A line that gives its video and its question's text (VCBench's raw rows): the question of that
   * video with that text, at the query point nearest the line's time within the tolerance (a video may
   * ask the same question twice, at other times). When none is near and one question has that text,
   * the line's query index names the point (the release's eval file asks some E2-Periodic questions up
   * to 2.8 s off its data file's times), with a note. Null when no question of the video has that text.
   */
  const byText = async (video: string, text: string, queryTime: number, query: number, tolerance: number): Promise<LineMatch | null> => {
    const videoId = findVideo(video);
    if (typeof videoId !== 'string') return null;
    const wanted = text.trim();
    const points = (await pointsOfVideo(videoId)).filter((p) => byKey.get(p.questionId)?.text.trim() === wanted);
    if (points.length === 0) return null;
    const near = points
      .map((p) => ({ p, off: Math.abs(p.time - queryTime) }))
      .filter((x) => x.off <= tolerance + 1e-9)
      .sort((a, b) => a.off - b.off);
    const at = `at ${seconds(queryTime)} s ± ${seconds(tolerance)} s`;
    if (near.length > 0) {
      if (near.length > 1 && near[1]!.off - near[0]!.off < 1e-9) return { field: 'queryTime', reason: `${near.length} query points of the question "${wanted}" of ${video} are as near ${at}` };
      return { matched: (await get(near[0]!.p.questionId))!, query: near[0]!.p.query };
    }
    const questions = [...new Set(points.map((p) => p.questionId))];
    const only = questions.length === 1 ? (await get(questions[0]!))! : null;
    if (only && query < only.points) {
      const time = (await timesOf(only.question.id))[query]!;
      return {
        matched: only,
        query,
        note: `asked at ${seconds(queryTime)} s by the run, at ${seconds(time)} s by question "${exported.get(only.question.id) ?? only.question.id}": matched by its video, text and query ${query}`,
      };
    }
    return { field: 'queryTime', reason: `the question "${wanted}" of ${video} is not asked ${at}${only ? ` and has no query point ${query}` : ` (${questions.length} questions have this text)`}` };
  };

  return {
    exportedId: (questionId) => exported.get(questionId) ?? questionId,
    get,
    async match(line, tolerance = DEFAULT_TOLERANCE) {
      // a line naming its question by video and text is found by them: ids across a benchmark's files
      // may name another question (VCBench's eval ids), even one asked at the same time
      const found = line.question !== undefined && line.video !== undefined && line.queryTime !== undefined ? await byText(line.video, line.question, line.queryTime, line.query, tolerance) : null;
      if (found) return found;
      const fallback = line.video !== undefined && line.queryTime !== undefined ? () => atTime(line.video!, line.queryTime!, tolerance) : null;
      const matched = line.item ? await get(line.item) : undefined;
      if (!matched) {
        if (fallback) return fallback();
        return line.item
          ? { field: 'item', reason: `no question with id "${line.item}" (a Tidemark question id, or the id its benchmark format exports)` }
          : { field: 'item', reason: 'names no question: no item, nor a video and query time to find one by' };
      }
      if (line.query >= matched.points)
        return fallback?.() ?? { field: 'query', reason: `question "${line.item}" has ${matched.points} query point${matched.points === 1 ? '' : 's'} (query counts from 0)` };
      const time = (await timesOf(matched.question.id))[line.query]!;
      if (line.queryTime !== undefined && Math.abs(time - line.queryTime) > tolerance + 1e-9) {
        return (
          fallback?.() ?? { field: 'queryTime', reason: `question "${line.item}" asks query point ${line.query} at ${seconds(time)} s, not ${seconds(line.queryTime)} s ± ${seconds(tolerance)} s` }
        );
      }
      const groundTruth = groundTruthOf(line.meta);
      return groundTruth === undefined ? { matched, query: line.query } : checkGroundTruth(matched, line.query, line.item, groundTruth);
    },
  };
}

/** The answer a line's result file gives for it (`meta.groundTruth`, set by the readers of formats that carry one). */
function groundTruthOf(meta: unknown): string | undefined {
  const value = meta !== null && typeof meta === 'object' ? (meta as { groundTruth?: unknown }).groundTruth : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
