// Tidemark run JSONL: one response per line —
//   {"model": "…", "item": "…", "query": 0, "t": 12.0, "response": "…"}
// with optional "latency" (s), "frames" (the frame times the model saw), "run" (a label; default the
// file name) and "meta" (anything). "item" is the question's id as its benchmark format exports it
// or the Tidemark question id; "query" the 0-based query point (default 0); "t" the video time the
// response was emitted at (left out for offline runs: the query time). Several models may share a
// file. Every line is checked; a problem names the file, the line and the field.
import { z } from 'zod';
import { JsonLineCursor, type Problem } from '../formats/json-text';
import { firstIssue } from '../zod-issue';

export const runLineSchema = z
  .object({
    model: z.string().trim().min(1, 'name the model').max(200),
    item: z.union([z.string().trim().min(1).max(1_000), z.number().int().transform(String)]),
    query: z.number().int().min(0).max(10_000).default(0),
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
}

/** Reads a run file a batch of lines at a time (`step` returns true once all is read). */
export function runFileReader(text: string, file: string) {
  const cursor = new JsonLineCursor(text, file);
  const lines: RunLine[] = [];
  const problems: Problem[] = [];
  return {
    get fraction(): number {
      return cursor.fraction;
    },
    step(count: number): boolean {
      for (let i = 0; i < count; i++) {
        const next = cursor.next();
        if (!next) return true;
        const parsed = runLineSchema.safeParse(next.value);
        if (parsed.success) lines.push({ ...parsed.data, line: next.line });
        else {
          const issue = firstIssue(parsed.error);
          problems.push({ file, line: next.line, field: issue.path, reason: issue.path === '' && /unrecognized/i.test(issue.message) ? `${issue.message} (put other fields in "meta")` : issue.message });
        }
      }
      return false;
    },
    result(): RunFileRead {
      return { lines, problems: [...cursor.problems, ...problems].sort((a, b) => a.line - b.line) };
    },
  };
}

export function readRunFile(text: string, file: string): RunFileRead {
  const reader = runFileReader(text, file);
  while (!reader.step(10_000));
  return reader.result();
}
