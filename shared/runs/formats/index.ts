// The model-run formats Tidemark imports, by name: each turns a file's text into run lines (the
// Tidemark run JSONL's, each with its line) and problems located as file:line:field. Formats whose
// files do not name the model take it from the caller (else the file's name).
import type { RunProtocol } from '../types';
import { runFileReader } from '../run-file';
import { readOvoBenchResults } from './ovo-bench';
import { readOvoSResults } from './ovo-s';
import { readPhostreamDetails, readPhostreamRun } from './phostream';
import type { RunReading, RunReadOptions } from './reading';
import { readRtvResults } from './rtv';
import { readStreamingBenchRun } from './streamingbench';
import { readVcbenchRaw, readVcbenchUnified } from './vcbench';

export { readAllRuns } from './reading';

export const runFormatIds = [
  'tidemark-run',
  'ovo-bench-results',
  'ovo-s-results',
  'vcbench-unified',
  'vcbench-raw',
  'streamingbench-run',
  'phostream-run',
  'phostream-details',
  'rtv-results',
] as const;
export type RunFormatId = (typeof runFormatIds)[number];

interface RunFormat {
  id: RunFormatId;
  label: string;
  /** What the `model` option means for it; null when its files name their models. */
  model: string | null;
  /** How its runs were made, when the format says (the import's protocol unless one is given). */
  protocol: RunProtocol | null;
  read(text: string, file: string, options?: RunReadOptions): RunReading;
}

const DEFAULT_MODEL = 'the model (default: the file’s name)';

export const runFormats: readonly RunFormat[] = [
  { id: 'tidemark-run', label: 'Tidemark run JSONL', model: null, protocol: null, read: runFileReader },
  {
    id: 'ovo-bench-results',
    label: 'OVO-Bench results JSON ({backward, realtime, forward})',
    model: 'the model (default: from the runner’s file name)',
    protocol: 'offline',
    read: readOvoBenchResults,
  },
  { id: 'ovo-s-results', label: 'OVO-S-Bench inference results JSON', model: null, protocol: 'offline', read: readOvoSResults },
  { id: 'vcbench-unified', label: 'VCBench unified results JSONL (unify_results.py)', model: DEFAULT_MODEL, protocol: 'offline', read: readVcbenchUnified },
  { id: 'vcbench-raw', label: 'VCBench raw predictions JSONL (demo_gemini.py)', model: DEFAULT_MODEL, protocol: 'offline', read: readVcbenchRaw },
  {
    id: 'streamingbench-run',
    label: 'StreamingBench run JSON (questions with the models’ answers)',
    model: 'the model’s key in each question (default: every key that is not a StreamingBench field)',
    protocol: null,
    read: readStreamingBenchRun,
  },
  { id: 'phostream-run', label: 'PhoStream run output JSONL (responses a second at a time)', model: DEFAULT_MODEL, protocol: 'synchronous', read: readPhostreamRun },
  { id: 'phostream-details', label: 'PhoStream scoring details JSONL (*_details.jsonl)', model: DEFAULT_MODEL, protocol: 'synchronous', read: readPhostreamDetails },
  { id: 'rtv-results', label: 'RTV-Bench results JSON (eval_results/<model>_nframes<N>.json)', model: 'the model (default: from the runner’s file name)', protocol: 'offline', read: readRtvResults },
];

export function findRunFormat(id: string): RunFormat | null {
  return runFormats.find((f) => f.id === id) ?? null;
}
