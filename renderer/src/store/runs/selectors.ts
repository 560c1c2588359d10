// Run lanes for the timeline and the response picked on one. Pure.
import type { ModelResponse, ModelRun } from '../../../../shared/runs/types';
import type { ExtraLane } from '../../timeline/extra-lanes';
import { lastOf } from '../memo';
import type { State } from '../store';

export const RUN_COLOURS = { response: '#8fa3b8', offline: '#6b7a8c' };

/** When a response was emitted: its time, or (offline) its query point's time. */
export function emittedAt(s: Pick<State, 'queryPoints'>, r: ModelResponse): number | null {
  if (r.t !== null) return r.t;
  const points = s.queryPoints.filter((p) => p.questionId === r.questionId).sort((a, b) => a.time - b.time);
  return points[r.query]?.time ?? null;
}

const buildLanes = lastOf((runs: readonly ModelRun[], shown: readonly string[], responses: Record<string, ModelResponse[]>, queryPoints: State['queryPoints']): ExtraLane[] =>
  shown.flatMap((runId) => {
    const run = runs.find((r) => r.id === runId);
    if (!run) return [];
    const ticks = (responses[runId] ?? [])
      .map((r) => ({ r, t: emittedAt({ queryPoints }, r) }))
      .filter((x): x is { r: ModelResponse; t: number } => x.t !== null)
      .map(({ r, t }) => ({ t, id: r.id, colour: r.t === null ? RUN_COLOURS.offline : RUN_COLOURS.response }))
      .sort((a, b) => a.t - b.t);
    return [{ label: `${run.model} · ${run.label}`, colour: RUN_COLOURS.response, intervals: [], moments: [], ticks }];
  }),
);

export const runLanes = (s: State): ExtraLane[] => buildLanes(s.runs, s.runsShown, s.runResponses, s.queryPoints);

export function selectedResponse(s: State): { response: ModelResponse; run: ModelRun | null } | null {
  const id = s.selectedResponseId;
  if (!id) return null;
  for (const [runId, list] of Object.entries(s.runResponses)) {
    const response = list.find((r) => r.id === id);
    if (response) return { response, run: s.runs.find((r) => r.id === runId) ?? null };
  }
  return null;
}
