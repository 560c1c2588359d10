// Benchmark files: the formats, importing and exporting them, whether a profile's questions are
// ready to export, and the dataset's statistics.
import { z } from 'zod';
import type { FormatInfo } from '../exchange';
import type { DatasetStats } from '../stats';
import { empty, filePath } from './fields';
import { method, reply } from './method';

const format = z.string().min(1).max(40);

export const exchangeMethods = {
  'exchange.formats': method({ request: empty, response: reply<FormatInfo[]>(), access: 'read', job: false, callers: 'member', blinding: 'no-item-content' }),
  'exchange.import': method({
    request: z
      .object({
        path: filePath,
        format,
        mediaDir: filePath.optional(),
        skipInvalid: z.boolean().default(false),
        /** Questions whose benchmark ids the profile already has: left as they are, or updated from the file. */
        existing: z.enum(['skip', 'update']).default('skip'),
      })
      .strict(),
    response: reply<{ jobId: string }>(),
    access: 'write',
    job: true,
    callers: 'member',
    blinding: 'refused',
  }),
  /** Export runs as a job (kind 'export'): its readiness check and writing report progress. */
  'exchange.export': method({
    request: z
      .object({
        path: filePath,
        format,
        mediaDir: filePath.optional(),
        force: z.boolean().default(false),
        /** An existing file is written over only when asked (never a Tidemark project, never a folder). */
        overwrite: z.boolean().default(false),
      })
      .strict(),
    response: reply<{ jobId: string }>(),
    access: 'write',
    job: true,
    callers: 'member',
    blinding: 'refused',
  }),
  /** The readiness report is made by a job (kind 'readiness'). */
  'exchange.readiness': method({ request: z.object({ format }).strict(), response: reply<{ jobId: string }>(), access: 'read', job: true, callers: 'member', blinding: 'refused' }),
  'exchange.stats': method({ request: empty, response: reply<DatasetStats[]>(), access: 'read', job: false, callers: 'member', blinding: 'redacted' }),
};
