// A video's thumbnails (the timeline's filmstrip), made by a job.
import { z } from 'zod';
import type { ThumbnailManifest } from '../domain';
import { id } from './fields';
import { method, reply } from './method';

export const mediaMethods = {
  /** The manifest when the sheets are made, and the job making them if one runs (it starts none). */
  'thumbnails.get': method({
    request: z.object({ videoId: id }).strict(),
    response: reply<{ manifest: ThumbnailManifest | null; jobId: string | null }>(),
    access: 'read',
    job: false,
    callers: 'member',
    blinding: 'no-item-content',
  }),
  'thumbnails.generate': method({ request: z.object({ videoId: id }).strict(), response: reply<{ jobId: string }>(), access: 'write', job: true, callers: 'member', blinding: 'no-item-content' }),
};
