// Model runs: the project's runs, which are shown as lanes, their responses to the selected video,
// the last import's report, and the response picked on the timeline.
import type { DraftEstimate } from '../../../../shared/drafting/runs';
import type { ScoringRules } from '../../../../shared/scoring/context';
import type { JudgeAgreement, JudgeCheckItem } from '../../../../shared/scoring/judge';
import type { EarlyResponse, ReplayResponse } from '../../../../shared/runs/replay';
import type { ModelResponse, ModelRun, RunImportOutcome, RunScoreView } from '../../../../shared/runs/types';

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
  /** What the scorer made of each of those responses, by run (the lanes' colours). */
  runReplay: Record<string, ReplayResponse[]>;
  /** The response clicked on a lane: its details are shown under the player. */
  selectedResponseId: string | null;
  /** The scoreboard: the profile scored, the extractor (null: the paper's), the scores. */
  scoreProfileId: string | null;
  scoreExtractor: string | null;
  /** Where a release and its paper differ, whose rule the scoreboard scored by. */
  scoreRules: ScoringRules;
  runScores: RunScoreView[] | null;
  runsEarly: EarlyResponse[] | null;
  /** What judging the scored runs' free-text answers will take. */
  judgeEstimate: DraftEstimate | null;
  /** The sample a person is checking the judge on, and the judge's agreement with people. */
  judgeCheck: JudgeCheckItem[] | null;
  judgeAgreement: JudgeAgreement | null;
}

export const initialRunsState: RunsState = {
  runsTab: 'runs',
  runs: [],
  runsShown: [],
  runResponses: {},
  lastRunImport: null,
  runsError: null,
  runReplay: {},
  selectedResponseId: null,
  scoreProfileId: null,
  scoreExtractor: null,
  scoreRules: 'release',
  runScores: null,
  runsEarly: null,
  judgeEstimate: null,
  judgeCheck: null,
  judgeAgreement: null,
};
