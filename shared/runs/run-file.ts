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
import { jsonlRunReader, type RecordKind, type RunReading } from './formats/reading';

import { runLineSchema } from './run-line';

export type { RunFileRead, RunLine } from './run-line';

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
