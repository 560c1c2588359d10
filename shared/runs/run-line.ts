// One response of a model run as Tidemark reads it, whatever file it came from (the Tidemark run
// JSONL or another tool's results), and what reading a file yields.
import { z } from 'zod';
import type { Problem } from '../formats/problems';

export const runLineSchema = z
  .object({
    model: z.string().trim().min(1, 'name the model').max(200),
    item: z.union([z.string().trim().min(1).max(1_000), z.number().int().transform(String)]),
    query: z.number().int().min(0).max(10_000).default(0),
    video: z.string().trim().min(1).max(1_000).optional(),
    /** The question's text, where a result file repeats it (VCBench's raw rows): with "video", it names the question. */
    question: z.string().max(10_000).optional(),
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
