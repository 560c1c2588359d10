// Model runs: importing them, their responses on the timeline, scoring them as each benchmark's
// release (or paper) scores them, and judging free-text answers with a model checked against people.
// A model's answers and their scores say what an item's answer is: a blind caller is refused them
// (the list of runs and the judge's agreement with people carry none).
import { z } from 'zod';
import { runFormatIds } from '../runs/formats';
import type { EarlyResponse, ReplayResponse } from '../runs/replay';
import { runProtocols, type ModelResponse, type ModelRun, type RunScoreView } from '../runs/types';
import { scoringRules } from '../scoring/context';
import type { DraftEstimate } from '../drafting/runs';
import { extractorIds } from '../scoring/extractors';
import type { JudgeAgreement, JudgeCheckItem } from '../scoring/judge';
import { empty, filePath, id } from './fields';
import { method, reply } from './method';

const judgeRunSchema = z
  .object({
    profileId: id,
    runIds: z.array(id).max(1_000).default([]),
    /** Each answer judged this many times (the spread is reported). */
    repeats: z.number().int().min(1).max(10).default(1),
    budgetUsd: z.number().min(0).max(100_000).nullable().default(null),
  })
  .strict();
const runIds = z.array(id).max(1_000).default([]);
const runOfVideo = z.object({ runId: id, videoId: id }).strict();
const read = { access: 'read', job: false, callers: 'member', blinding: 'refused' } as const;

export const runMethods = {
  'runs.list': method({ request: empty, response: reply<ModelRun[]>(), access: 'read', job: false, callers: 'member', blinding: 'no-item-content' }),
  'runs.import': method({
    request: z
      .object({
        path: filePath,
        skipInvalid: z.boolean().default(false),
        protocol: z.enum(runProtocols).nullable().default(null),
        format: z.enum(runFormatIds).default('tidemark-run'),
        model: z.string().trim().min(1).max(200).optional(),
        tolerance: z.number().finite().min(0).max(60).default(0.5),
      })
      .strict(),
    response: reply<{ jobId: string }>(),
    access: 'write',
    job: true,
    callers: 'member',
    blinding: 'refused',
  }),
  'runs.remove': method({ request: z.object({ runId: id }).strict(), response: reply<null>(), access: 'write', job: false, callers: 'member', blinding: 'refused' }),
  /** A run's responses to the questions of one video (for its lane on the timeline). */
  'runs.responses': method({ ...read, request: runOfVideo, response: reply<ModelResponse[]>() }),
  /** Each run's score on the profile's questions, as its paper scores it. */
  'runs.score': method({
    ...read,
    request: z.object({ profileId: id, runIds, extractor: z.enum(extractorIds).nullable().default(null), rules: z.enum(scoringRules).default('release') }).strict(),
    response: reply<RunScoreView[]>(),
  }),
  /** A run's responses to a video's questions with what the scorer made of each (for its lane). */
  'runs.replay': method({ ...read, request: runOfVideo, response: reply<ReplayResponse[]>() }),
  /** Responses that came before their answer was knowable, most premature first. */
  'runs.early': method({ ...read, request: z.object({ runIds }).strict(), response: reply<EarlyResponse[]>() }),
  /** What judging the runs' free-text answers will take (answers judged before are not asked again). */
  'runs.judgeEstimate': method({ ...read, request: judgeRunSchema, response: reply<DraftEstimate>() }),
  'runs.judge': method({ request: judgeRunSchema, response: reply<{ jobId: string }>(), access: 'write', job: true, callers: 'member', blinding: 'refused' }),
  /** A seeded sample of what the judge judged, for the caller to judge blind (the judge's verdicts left out). */
  'runs.judgeCheck': method({
    ...read,
    request: z
      .object({
        profileId: id,
        size: z.number().int().min(1).max(5_000).default(50),
        seed: z
          .number()
          .int()
          .min(0)
          .max(2 ** 31)
          .default(1),
      })
      .strict(),
    response: reply<JudgeCheckItem[]>(),
  }),
  'runs.judgeAsPerson': method({
    request: z.object({ key: z.string().min(1).max(200_000), score: z.number().int().min(0).max(5), verdict: z.enum(['yes', 'no']).nullable().default(null) }).strict(),
    response: reply<null>(),
    access: 'write',
    job: false,
    callers: 'member',
    blinding: 'refused',
  }),
  /** Cohen's κ between the judge and the people who checked it. */
  'runs.judgeAgreement': method({ request: z.object({ profileId: id }).strict(), response: reply<JudgeAgreement>(), access: 'read', job: false, callers: 'member', blinding: 'no-item-content' }),
};
