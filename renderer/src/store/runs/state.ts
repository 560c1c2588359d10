// Model runs: the project's runs, which are shown as lanes, their responses to the selected video,
// the last import's report, and the response picked on the timeline.
import type { ModelResponse, ModelRun, RunImportOutcome } from '../../../../shared/runs/types';

export type RunsTab = 'runs' | 'scoreboard' | 'early';

export interface RunsState {
  runsTab: RunsTab;
  runs: ModelRun[];
  /** Runs drawn as lanes on the timeline (toggled in the Runs overlay). */
  runsShown: string[];
  /** The shown runs' responses to the selected video, by run. */
  runResponses: Record<string, ModelResponse[]>;
  lastRunImport: RunImportOutcome | null;
  runsError: string | null;
  /** The response clicked on a lane: its details are shown under the player. */
  selectedResponseId: string | null;
}

export const initialRunsState: RunsState = {
  runsTab: 'runs',
  runs: [],
  runsShown: [],
  runResponses: {},
  lastRunImport: null,
  runsError: null,
  selectedResponseId: null,
};
