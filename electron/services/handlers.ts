// The handler map: every feature's contract methods merged into one. Transports call `dispatch`,
// which validates the request with the contract's zod schema and returns errors as data. A new
// feature registers its handlers here, once.
import type { ApiMethod, ApiResult } from '../../shared/api';
import { isApiMethod } from '../../shared/api-methods';
import type { Caller } from '../../shared/domain';
import { annotationHandlers } from './annotation/handlers';
import { appHandlers, type TransportFeatures } from './app/handlers';
import type { AppServices } from './app-services';
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

export type { DialogKind, TransportFeatures } from './app/handlers';
export type { HandlerMap } from './feature';

export function createHandlers(app: AppServices, features: TransportFeatures = {}): HandlerMap {
  return withCallerChecks(app, {
    ...appHandlers(app, features),
    ...settingsHandlers(app),
    ...projectHandlers(app),
    ...videoHandlers(app),
    ...mediaHandlers(app),
    ...jobHandlers(app),
    ...profileHandlers(app),
    ...annotationHandlers(app),
    ...editHandlers(app),
    ...exchangeHandlers(app),
    ...reviewHandlers(app),
    ...draftingHandlers(app),
    ...runHandlers(app),
  });
}

/** Every handler runs only for a caller in a role the open project allows them, and not while blind if the method is refused then (review/policy.ts). */
function withCallerChecks(app: AppServices, handlers: HandlerMap): HandlerMap {
  const checked: Record<string, unknown> = {};
  for (const [method, handler] of Object.entries(handlers) as Array<[ApiMethod, (req: unknown, caller: Caller) => unknown]>) {
    checked[method] = (req: unknown, caller: Caller) => {
      checkCaller(method, app.currentProject()?.store.db ?? null, caller);
      return handler(req, caller);
    };
  }
  return checked as HandlerMap;
}

/** Validates and runs one call. Unknown methods and bad payloads are answered, never thrown. */
export async function dispatch(handlers: HandlerMap, method: unknown, payload: unknown, caller: Caller): Promise<ApiResult<unknown>> {
  if (!isApiMethod(method)) return { ok: false, error: { code: 'unknown-method', message: 'No such call.' } };
  const parsed = await parseRequest(method, payload ?? {});
  if (!parsed.ok) return parsed;
  try {
    const handler = handlers[method] as (req: unknown, caller: Caller) => unknown;
    return { ok: true, value: await handler(parsed.value, caller) };
  } catch (error) {
    return { ok: false, error: toApiError(error) };
  }
}
