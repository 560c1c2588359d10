// `npm run bench [start|open|thumbnails|step|timeline|annotation|memory|exchange|bulk-marks|counting-export|agreement|drafting|runs] [--json]`:
// prints figures for this machine; with --json each suite ends with one line {"suite", "figures"}.
import { benchThumbnails, benchTimeline } from './foundation';
import { benchColdStart, benchProjectOpen } from './startup';
import { benchMemory } from './memory';
import { benchStepLatency } from './step';
import { benchAnnotation } from './annotation';
import { benchExchange } from './exchange';
import { benchBulkMarks, benchCountingExport } from './structure';
import { benchAgreement, benchAgreementReport, benchReviewRound } from './agreement';
import { benchDrafting } from './drafting';
import { benchRunLanes, benchRunScoring } from './runs';
import { benchScorers } from './scorers';
import { takeFigures } from './figures';
import { tools } from './support';

const sections: Record<string, () => Promise<void>> = {
  start: benchColdStart,
  open: benchProjectOpen,
  thumbnails: benchThumbnails,
  step: benchStepLatency,
  timeline: benchTimeline,
  annotation: benchAnnotation,
  memory: benchMemory,
  exchange: benchExchange,
  'bulk-marks': benchBulkMarks,
  'counting-export': benchCountingExport,
  agreement: async () => {
    await benchAgreement();
    benchAgreementReport();
    await benchReviewRound();
  },
  drafting: benchDrafting,
  team: async () => (await import('./team')).benchTeam(),
  runs: async () => {
    benchScorers();
    await benchRunScoring();
    await benchRunLanes();
  },
};

console.log(`Tidemark benchmarks — node ${process.version}, ffmpeg ${tools.ffmpeg}`);
const args = process.argv.slice(2);
const json = args.includes('--json');
const chosen = args.filter((a) => a !== '--json');
for (const name of chosen.length ? chosen : Object.keys(sections)) {
  const run = sections[name];
  if (!run) {
    console.error(`Unknown section ${name}; choose from ${Object.keys(sections).join(', ')}.`);
    process.exit(2);
  }
  takeFigures();
  await run();
  if (json) console.log(JSON.stringify({ suite: name, figures: takeFigures() }));
}
