// The project's videos: importing, relinking and removing them, and the view kept for each.
import { z } from 'zod';
import type { Video } from '../domain';
import { empty, filePath, id, seconds } from './fields';
import { method, reply } from './method';

/** A reviewer answers in the review rather than changing what is reviewed: the project's videos included. */
const NOT_REVIEWERS = { only: ['lead', 'annotator', 'adjudicator', 'researcher'], doing: 'import or relink videos' } as const;

export const videoMethods = {
  'videos.list': method({ request: empty, response: reply<Video[]>(), access: 'read', job: false, callers: 'member', blinding: 'no-item-content' }),
  'videos.import': method({
    request: z.object({ paths: z.array(filePath).min(1).max(10_000) }).strict(),
    response: reply<{ jobId: string }>(),
    access: 'write',
    job: true,
    callers: NOT_REVIEWERS,
    blinding: 'no-item-content',
  }),
  'videos.relink': method({
    request: z.object({ videoId: id, path: filePath }).strict(),
    response: reply<{ relinked: Video[] }>(),
    access: 'write',
    job: false,
    callers: NOT_REVIEWERS,
    blinding: 'no-item-content',
  }),
  'videos.remove': method({ request: z.object({ videoId: id }).strict(), response: reply<null>(), access: 'write', job: false, callers: 'member', blinding: 'refused' }),
  'videos.saveView': method({
    request: z.object({ videoId: id, position: seconds, viewStart: seconds, pxPerSec: z.number().finite().positive() }).strict(),
    response: reply<null>(),
    access: 'write',
    job: false,
    callers: 'member',
    blinding: 'no-item-content',
  }),
};
