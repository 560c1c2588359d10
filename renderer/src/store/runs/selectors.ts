// Run lanes for the timeline and the response picked on one. Pure.
import type { ReplayResponse, ReplayVerdict } from '../../../../shared/runs/replay';
import { replayAsync } from '../../../../shared/runs/async-replay';
import type { ModelResponse, ModelRun } from '../../../../shared/runs/types';
import { selectedTimedVideo } from '../project/selectors';
import type { ModelCounts } from '../../timeline/draw';
import type { ExtraLane } from '../../timeline/extra-lanes';
import { lastOf } from '../memo';
import type { State } from '../store';

/** A response's colour on its lane: what the scorer made of it. */
export const VERDICT_COLOURS: Record<ReplayVerdict, string> = { correct: '#3fb950', wrong: '#f85149', early: '#d29922', late: '#a371f7', judged: '#39c5cf', judge: '#58a6ff', other: '#6b7a8c' };
export const VERDICT_LABELS: Record<ReplayVerdict, string> = {
  correct: 'scored, correct',
  wrong: 'scored, wrong',
  early: 'early (before the window, or before its answer was knowable)',
  late: 'late (after the window)',
  judged: 'scored by the judge',
  judge: 'scored, waiting for a judge',
  other: 'not the scored response',
};

const RUN_PALETTE = ['#79c0ff', '#d2a8ff', '#7ee787', '#ffa657', '#ff7b72', '#e3b341'];
/** A shown run's own colour (its lane's swatch, its count line), by its place among the shown. */
const runColour = (shown: readonly string[], runId: string): string => RUN_PALETTE[Math.max(0, shown.indexOf(runId)) % RUN_PALETTE.length]!;

/** The camera buffer a run says it used (settings.cameraBuffer), else VSAS's default of 600 frames. */
const cameraBuffer = (run: ModelRun): number => (typeof run.settings.cameraBuffer === 'number' && run.settings.cameraBuffer >= 1 ? run.settings.cameraBuffer : 600);

/**
 * A run whose responses record their latency also gets VSAS's Alg. 1 replayed under it: when the
 * model was busy (intervals) and the frames it never saw (ticks, dropped from the camera buffer).
 */
function asyncLane(run: ModelRun, responses: readonly ModelResponse[], duration: number): ExtraLane | null {
  const timed = responses.filter((r) => r.latency !== null && r.t !== null).sort((a, b) => a.t! - b.t!);
  if (timed.length === 0) return null;
  const replay = replayAsync(
    { fps: 1, buffer: cameraBuffer(run), duration },
    timed.map((r) => r.latency!),
  );
  return {
    label: `${run.model} · Alg. 1 (B = ${cameraBuffer(run)})`,
    colour: '#58a6ff',
    intervals: replay.inferences.map((i) => [i.start, i.end] as const),
    moments: [],
    ticks: replay.dropped.map((t) => ({ t, id: `dropped:${t}`, colour: '#f85149' })),
  };
}

const buildLanes = lastOf((runs: readonly ModelRun[], shown: readonly string[], replay: Record<string, ReplayResponse[]>, responses: Record<string, ModelResponse[]>, duration: number): ExtraLane[] =>
  shown.flatMap((runId) => {
    const run = runs.find((r) => r.id === runId);
    if (!run) return [];
    const ticks = (replay[runId] ?? []).map((r) => ({ t: r.t, id: r.id, colour: VERDICT_COLOURS[r.verdict] })).sort((a, b) => a.t - b.t);
    // the lane's swatch is the run's colour: the same as its count line on a counting question
    const lane: ExtraLane = { label: `${run.model} · ${run.label}`, colour: runColour(shown, runId), intervals: [], moments: [], ticks };
    const alg1 = asyncLane(run, responses[runId] ?? [], duration);
    return alg1 ? [lane, alg1] : [lane];
  }),
);

export const runLanes = (s: State): ExtraLane[] => buildLanes(s.runs, s.runsShown, s.runReplay, s.runResponses, selectedTimedVideo(s)?.duration ?? 0);

const findResponse = lastOf(
  (
    id: string | null,
    responses: Record<string, ModelResponse[]>,
    replay: Record<string, ReplayResponse[]>,
    runs: readonly ModelRun[],
  ): { response: ModelResponse; replay: ReplayResponse | null; run: ModelRun | null } | null => {
    if (!id) return null;
    for (const [runId, list] of Object.entries(responses)) {
      const response = list.find((r) => r.id === id);
      if (response) return { response, replay: replay[runId]?.find((r) => r.id === id) ?? null, run: runs.find((r) => r.id === runId) ?? null };
    }
    return null;
  },
);

/** The response picked on a lane, with what the scorer made of it and its run (the same object while nothing changes). */
export const selectedResponse = (s: State) => findResponse(s.selectedResponseId, s.runResponses, s.runReplay, s.runs);

const buildCounts = lastOf((questionId: string | null, counting: boolean, runs: readonly ModelRun[], shown: readonly string[], replay: Record<string, ReplayResponse[]>): ModelCounts[] =>
  !questionId || !counting
    ? []
    : shown.flatMap((runId) => {
        const run = runs.find((r) => r.id === runId);
        const points = (replay[runId] ?? []).filter((r) => r.questionId === questionId && typeof r.extracted === 'number').map((r) => ({ t: r.t, value: r.extracted as number }));
        return run && points.length ? [{ label: `${run.model} · ${run.label}`, colour: runColour(shown, runId), points }] : [];
      }),
);

/** The shown runs' counts for the selected counting question (VCBench), against its ground-truth line. */
export const modelCounts = (s: State): ModelCounts[] => {
  const q = s.questions.find((x) => x.id === s.selectedQuestionId);
  return buildCounts(q?.id ?? null, Boolean(q?.counting), s.runs, s.runsShown, s.runReplay);
};
