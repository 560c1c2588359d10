import type { HandlerMap } from '../feature';
import { historyFor, redo, undo } from './service';

export const editHandlers = {
  'edits.undo': (_req, ctx) => undo(ctx.project(), ctx.caller),
  'edits.redo': (_req, ctx) => redo(ctx.project(), ctx.caller),
  'edits.history': (_req, ctx) => historyFor(ctx.project(), ctx.caller),
} satisfies Partial<HandlerMap>;
