import type { AppServices } from '../app-services';
import type { HandlerMap } from '../feature';

export const settingsHandlers = (app: AppServices) =>
  ({
    'settings.get': () => app.settings.get(),
    'settings.update': (req) => app.settings.update(req),
  }) satisfies Partial<HandlerMap>;
