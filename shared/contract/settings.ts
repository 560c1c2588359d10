// The machine's settings: which ffmpeg, the key bindings. Who is calling is not a setting: signing
// in is the transport's own step (shared/session.ts), and settings.update refuses a person or a role.
import { z } from 'zod';
import type { Settings } from '../domain';
import { empty } from './fields';
import { method, reply } from './method';

/** A folder on this computer, written as the operating system does: /… or C:\… (or \\server\share). */
const absoluteFolder = z
  .string()
  .min(1)
  .max(4096)
  .refine((path) => /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(path), { message: 'must be an absolute path (a folder on this computer)' });

/**
 * The desktop's folders of its own copies of videos (a team server's, matched by content fingerprint);
 * each folder once, in the order added.
 */
export const localVideoFoldersSchema = z
  .array(absoluteFolder)
  .max(100)
  .transform((folders) => [...new Set(folders)]);

export const settingsMethods = {
  'settings.get': method({ request: empty, response: reply<Settings>(), access: 'read', job: false, callers: 'anyone', blinding: 'no-item-content' }),
  'settings.update': method({
    request: z
      .object({
        ffmpegSource: z.enum(['bundled', 'system']).optional(),
        keymap: z.record(z.string().max(100), z.array(z.string().min(1).max(40)).max(8)).optional(),
        localVideoFolders: localVideoFoldersSchema.optional(),
      })
      .strict(),
    response: reply<Settings>(),
    access: 'write',
    job: false,
    callers: 'anyone',
    blinding: 'no-item-content',
  }),
};
