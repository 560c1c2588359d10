import type { HandlerMap } from '../feature';

export const settingsHandlers = {
  'settings.get': (_req, ctx) => ctx.machine.settings.get(),
  // (who you are is not among them: the request schema refuses personName and role by name)
  'settings.update': (req, ctx) => ctx.machine.settings.update(req),
} satisfies Partial<HandlerMap>;
