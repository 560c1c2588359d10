// Tidemark run JSONL: one response per line —
//   {"model": "…", "item": "…", "query": 0, "t": 12.0, "response": "…"}
// with optional "latency" (s), "frames" (the frame times the model saw), "run" (a label; default the
// file name) and "meta" (anything). "item" is the question's id as its benchmark format exports it
// or the Tidemark question id; "query" the 0-based query point (default 0); "t" the video time the
// response was emitted at (left out for offline runs: the query time). Several models may share a
// file. Every line is checked; a problem names the file, the line and the field.
// A line may also give "video" (the video's path or file name as the run names it) and "queryTime"
// (s): with them a line whose item is unknown is matched to the question of that video asked then,
// and a known item's query point is checked against that time. Other result formats (formats/) read
// into the same lines; those that know no id Tidemark matches leave "item" empty and give both.
import { z } from 'zod';
import type { Problem } from '../formats/json-text';
import { jsonlRunReader, readAllRuns, type RecordKind, type RunReading } from './formats/reading';

export const runLineSchema = z
  .object({
    model: z.string().trim().min(1, 'name the model').max(200),
    item: z.union([z.string().trim().min(1).max(1_000), z.number().int().transform(String)]),
    query: z.number().int().min(0).max(10_000).default(0),
    video: z.string().trim().min(1).max(1_000).optional(),
    queryTime: z.number().finite().min(0).optional(),
    t: z.number().finite().min(0).optional(),
    response: z.string().max(200_000),
    latency: z.number().finite().min(0).optional(),
    frames: z.array(z.number().finite().min(0)).max(100_000).optional(),
    run: z.string().trim().min(1).max(200).optional(),
    meta: z.unknown().optional(),
  })
  .strict();
export type RunLine = z.output<typeof runLineSchema> & { line: number };

export interface RunFileRead {
  lines: RunLine[];
  problems: Problem[];
  /** Responses a result format itself ties to no question (reported with the lines that match none). */
  unmatched?: Problem[];
}

/** A line of the Tidemark run JSONL: checked against the schema, its first fault named. */
const tidemarkLine: RecordKind = {
  path: [],
  read(value) {
    const parsed = runLineSchema.safeParse(value);
    if (parsed.success) return { lines: [parsed.data] };
    const issue = parsed.error.issues[0]!;
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    return { issues: [{ path, reason: path.length === 0 && issue.code === 'unrecognized_keys' ? `${issue.message} (put other fields in "meta")` : issue.message }] };
  },
};

/** Reads a run file a batch of lines at a time (`step` returns true once all is read). */
export const runFileReader = (text: string, file: string): RunReading => jsonlRunReader(() => tidemarkLine)(text, file);

export const readRunFile = (text: string, file: string): RunFileRead => readAllRuns(runFileReader(text, file));
