// The app itself: what it is and where it runs, and the desktop shell's file dialogs.
import type { ApiParsedRequest } from '../../../shared/api';
import type { AppServices } from '../app-services';
import { ServiceError } from '../errors';
import type { HandlerMap } from '../feature';

export type DialogKind = ApiParsedRequest<'dialogs.pick'>['kind'];

/** What a transport adds: native file dialogs exist only in the desktop shell. */
export interface TransportFeatures {
  pickPaths?: (kind: DialogKind) => Promise<string[]>;
}

export const appHandlers = (app: AppServices, features: TransportFeatures) =>
  ({
    'app.info': (_req, caller) => ({
      version: app.options.version,
      mode: app.options.mode,
      nativeDialogs: Boolean(features.pickPaths),
      dataDir: app.options.dataDir,
      caller,
      ffmpeg: app.tools,
    }),
    'dialogs.pick': async (req) => {
      if (!features.pickPaths) throw new ServiceError('unavailable', 'File dialogs exist only in the desktop app; type a path instead.');
      return { paths: await features.pickPaths(req.kind) };
    },
  }) satisfies Partial<HandlerMap>;
