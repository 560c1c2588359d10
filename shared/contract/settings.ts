// The machine's settings: which ffmpeg, the key bindings. Who is calling is not a setting: signing
// in is the transport's own step (shared/session.ts), and settings.update refuses a person or a role.
import { z } from 'zod';
import type { Settings } from '../domain';
import { empty } from './fields';
import { method, reply } from './method';

export const settingsMethods = {
  'settings.get': method({ request: empty, response: reply<Settings>(), access: 'read', job: false, callers: 'anyone', blinding: 'no-item-content' }),
  'settings.update': method({
    request: z
      .object({
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
