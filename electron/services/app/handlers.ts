// The app itself: what it is and where it runs, and the file dialogs of the transport a call came through.
import { ServiceError } from '../errors';
import type { HandlerMap } from '../feature';

export const appHandlers = {
  'app.info': (_req, ctx) => ({
    version: ctx.machine.version,
    mode: ctx.machine.mode,
    nativeDialogs: Boolean(ctx.transport.pickPaths),
    dataDir: ctx.machine.dataDir,
    caller: ctx.caller,
    ffmpeg: ctx.machine.tools,
  }),
  'dialogs.pick': async (req, ctx) => {
    if (!ctx.transport.pickPaths) throw new ServiceError('unavailable', 'File dialogs exist only in the desktop app; type a path instead.');
    return { paths: await ctx.transport.pickPaths(req.kind) };
  },
} satisfies Partial<HandlerMap>;
