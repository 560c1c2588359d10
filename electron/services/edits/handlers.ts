import type { AppServices } from '../app-services';
import type { HandlerMap } from '../feature';
import { historyFor, redo, undo } from './service';

export const editHandlers = (app: AppServices) =>
  ({
    'edits.undo': (_req, caller) => undo(app.requireProject(), caller),
    'edits.redo': (_req, caller) => redo(app.requireProject(), caller),
    'edits.history': (_req, caller) => historyFor(app.requireProject(), caller),
  }) satisfies Partial<HandlerMap>;
