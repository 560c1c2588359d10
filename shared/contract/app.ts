// The app itself: what it is and who is calling, and the desktop's file dialogs.
import { z } from 'zod';
import type { Caller, FfmpegSource } from '../domain';
import { empty } from './fields';
import { method, reply } from './method';

/** The desktop shell; browser mode (one machine, 127.0.0.1); a team server (`tidemark serve`). */
export type AppMode = 'desktop' | 'browser' | 'team';

export interface AppInfo {
  version: string;
  mode: AppMode;
  /** Native file dialogs exist only in the desktop shell; browser mode asks for typed paths. */
  nativeDialogs: boolean;
  dataDir: string;
  caller: Caller;
  ffmpeg: { source: FfmpegSource; ffmpeg: string; ffprobe: string };
}

const dialogKinds = [
  'openProject',
  'saveProject',
  'videoFiles',
  'videoFolder',
  'benchmarkFile',
  'benchmarkSaveFile',
  'mediaFolder',
  'reviewPackageSave',
  'reviewPackageOpen',
  'localVideoFolder',
] as const;

export const appMethods = {
  'app.info': method({ request: empty, response: reply<AppInfo>(), access: 'read', job: false, callers: 'anyone', blinding: 'no-item-content' }),
  'dialogs.pick': method({
    request: z.object({ kind: z.enum(dialogKinds) }).strict(),
    response: reply<{ paths: string[] }>(),
    access: 'read',
    job: false,
    callers: 'anyone',
    blinding: 'no-item-content',
  }),
};
