// The handler map: every feature's contract methods merged into one. Transports call `dispatch`
// with the context they built for the call, which validates the request with the contract's zod
// schema and returns errors as data. A new feature registers its handlers here, once.
import type { ApiMethod, ApiResult } from '../../shared/api';
import { isApiMethod } from '../../shared/api-methods';
import { annotationHandlers } from './annotation/handlers';
import { appHandlers } from './app/handlers';
import type { RequestContext } from './context';
import { draftingHandlers } from './drafting/handlers';
import { editHandlers } from './edits/handlers';
import { toApiError } from './errors';
import { exchangeHandlers } from './exchange/handlers';
import type { HandlerMap } from './feature';
import { jobHandlers } from './jobs/handlers';
import { mediaHandlers } from './media/handlers';
import { profileHandlers } from './profiles/handlers';
import { projectHandlers } from './projects/handlers';
import { checkCaller } from './review/policy';
import { reviewHandlers } from './review/handlers';
import { runHandlers } from './runs/handlers';
import { parseRequest } from './request-parsing';
import { settingsHandlers } from './settings/handlers';
import { videoHandlers } from './videos/handlers';

export type { DialogKind, RequestContext, TransportFeatures } from './context';
export type { HandlerMap } from './feature';

/** The one registration: every feature's handlers, each run only for a caller the open project allows. */
export function createHandlers(): HandlerMap {
  return withCallerChecks({
    ...appHandlers,
    ...settingsHandlers,
    ...projectHandlers,
    ...videoHandlers,
    ...mediaHandlers,
    ...jobHandlers,
    ...profileHandlers,
    ...annotationHandlers,
    ...editHandlers,
    ...exchangeHandlers,
    ...reviewHandlers,
    ...draftingHandlers,
    ...runHandlers,
  });
}

/** Every handler runs only for a caller in a role the open project allows them, and not while blind if the method is refused then (review/policy.ts). */
function withCallerChecks(handlers: HandlerMap): HandlerMap {
  const checked: Record<string, unknown> = {};
  for (const [method, handler] of Object.entries(handlers) as Array<[ApiMethod, (req: unknown, ctx: RequestContext) => unknown]>) {
    checked[method] = async (req: unknown, ctx: RequestContext) => {
      await checkCaller(method, ctx.currentProject()?.stores ?? null, ctx.caller);
      return handler(req, ctx);
    };
  }
  return checked as HandlerMap;
}

/** Validates and runs one call. Unknown methods and bad payloads are answered, never thrown. */
export async function dispatch(handlers: HandlerMap, method: unknown, payload: unknown, ctx: RequestContext): Promise<ApiResult<unknown>> {
  if (!isApiMethod(method)) return { ok: false, error: { code: 'unknown-method', message: 'No such call.' } };
  const parsed = await parseRequest(method, payload ?? {});
  if (!parsed.ok) return parsed;
  try {
    const handler = handlers[method] as (req: unknown, ctx: RequestContext) => unknown;
    return { ok: true, value: await handler(parsed.value, ctx) };
  } catch (error) {
    return { ok: false, error: toApiError(error) };
  }
}
