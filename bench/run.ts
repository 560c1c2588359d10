// `npm run bench [open|thumbnails|step|timeline|annotation|exchange|bulk-marks|counting-export|agreement|drafting|runs]`: prints figures for this machine.
import { benchProjectOpen, benchStepLatency, benchThumbnails, benchTimeline } from './foundation';
import { benchAnnotation } from './annotation';
import { benchExchange } from './exchange';
import { benchBulkMarks, benchCountingExport } from './structure';
import { benchAgreement, benchAgreementReport, benchReviewRound } from './agreement';
import { benchDrafting } from './drafting';
import { benchRunLanes, benchRunScoring } from './runs';
import { tools } from './support';

const sections: Record<string, () => Promise<void>> = {
  open: benchProjectOpen,
  thumbnails: benchThumbnails,
  step: benchStepLatency,
  timeline: benchTimeline,
  annotation: benchAnnotation,
  exchange: benchExchange,
  'bulk-marks': benchBulkMarks,
  'counting-export': benchCountingExport,
  agreement: async () => {
    await benchAgreement();
    benchAgreementReport();
    await benchReviewRound();
  },
  drafting: benchDrafting,
  runs: async () => {
    await benchRunScoring();
    await benchRunLanes();
  },
};

console.log(`Tidemark benchmarks — node ${process.version}, ffmpeg ${tools.ffmpeg}`);
const chosen = process.argv.slice(2);
for (const name of chosen.length ? chosen : Object.keys(sections)) {
  const run = sections[name];
  if (!run) {
    console.error(`Unknown section ${name}; choose from ${Object.keys(sections).join(', ')}.`);
    process.exit(2);
  }
  await run();
}
