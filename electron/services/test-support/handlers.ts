// The handlers as tests call them: bound to one app, each call made with a caller, whose context
// the app builds as a transport does (handlers.ts's own dispatch takes that context).
import type { Caller } from '../../../shared/domain';
import type { ContextSource } from '../context';
import { createHandlers as everyHandler, dispatch as dispatchWith, type HandlerMap } from '../handlers';

export interface BoundHandlers {
  app: ContextSource;
  handlers: HandlerMap;
}

export function createHandlers(app: ContextSource): BoundHandlers {
  return { app, handlers: everyHandler() };
}

export function dispatch(bound: BoundHandlers, method: unknown, payload: unknown, caller: Caller): ReturnType<typeof dispatchWith> {
  return dispatchWith(bound.handlers, method, payload, bound.app.contextFor(caller));
}
