// The machine's settings: who is calling, which ffmpeg, the key bindings.
import { z } from 'zod';
import { roles, type Settings } from '../domain';
import { empty } from './fields';
import { method, reply } from './method';

export const settingsMethods = {
  'settings.get': method({ request: empty, response: reply<Settings>(), access: 'read', job: false, callers: 'anyone', blinding: 'no-item-content' }),
  'settings.update': method({
    request: z
      .object({
        personName: z.string().trim().min(1).max(100).optional(),
        role: z.enum(roles).optional(),
        ffmpegSource: z.enum(['bundled', 'system']).optional(),
        keymap: z.record(z.string().max(100), z.array(z.string().min(1).max(40)).max(8)).optional(),
      })
      .strict(),
    response: reply<Settings>(),
    access: 'write',
    job: false,
    callers: 'anyone',
    blinding: 'no-item-content',
  }),
};
